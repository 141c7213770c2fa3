import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ACTOR_KINDS, type AuditEntry } from '@flagship/api-client';
import { formatDateTime, TIME_ZONE_LABEL, useAsync, useQueryParams } from '@flagship/ui';
import { CALENDAR_LABELS } from '../../components/beijing-date-time-picker';
import { FilterBar } from '../../components/filter-bar';
import { ListView } from '../../components/list-view';
import { Page } from '../../components/page';
import { api } from '../../lib/api';
import { fromShanghaiWallTime } from '../../lib/format';
import { LIST_QUERY } from '../../lib/list';
import { TONE } from '../../lib/tones';
import { ACTION_FAMILIES, ACTION_LABELS, ACTOR_KIND_LABELS, OBJECT_LABELS } from './audit-labels';

const PAGE_SIZE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export default function AuditPage() {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  const actor = query.get('actor');
  const actorKind = query.oneOf('actorKind', ACTOR_KINDS);
  const action = query.get('action');
  const objectType = query.get('objectType');
  const from = DATE.test(query.get('from')) ? query.get('from') : '';
  const to = DATE.test(query.get('to')) ? query.get('to') : '';
  const [actorText, setActorText] = useState(actor);
  const [detail, setDetail] = useState<AuditEntry>();

  const list = useAsync(
    (signal) =>
      api.console.auditList(
        {
          page: query.page,
          pageSize: PAGE_SIZE,
          keyword: keyword || undefined,
          actor: actor || undefined,
          actorKind,
          action: action || undefined,
          objectType: objectType || undefined,
          // Whole days in Beijing time.
          from: fromShanghaiWallTime(from && `${from} 00:00:00`) ?? undefined,
          to: fromShanghaiWallTime(to && `${to} 23:59:59`) ?? undefined,
        },
        { signal },
      ),
    [query.page, keyword, actor, actorKind, action, objectType, from, to],
  );

  return (
    <Page title="操作日志" description={`工作人员和申请人的重要操作记录（时间为${TIME_ZONE_LABEL}）。`}>
      <FilterBar
        keyword={keyword}
        onKeyword={(value) => query.set({ keyword: value, actor: actorText.trim() })}
        placeholder="操作、对象编号或详情"
        onReset={() => {
          setActorText('');
          query.set({ keyword: null, actor: null, actorKind: null, action: null, objectType: null, from: null, to: null });
        }}
      >
        <TextInput label="操作人账号" placeholder="例如 admin" w={150} value={actorText} onChange={(e) => setActorText(e.currentTarget.value)} />
        <Select label="操作人类型" placeholder="全部" clearable w={120} data={Object.entries(ACTOR_KIND_LABELS).map(([value, label]) => ({ value, label }))} value={actorKind ?? null} onChange={(value) => query.set({ actorKind: value })} />
        <Select label="操作类别" placeholder="全部" clearable w={150} data={ACTION_FAMILIES} value={action || null} onChange={(value) => query.set({ action: value })} />
        <Select label="对象类型" placeholder="全部" clearable w={130} data={Object.entries(OBJECT_LABELS).map(([value, label]) => ({ value, label }))} value={objectType || null} onChange={(value) => query.set({ objectType: value })} />
        <DatePickerInput
          ariaLabels={CALENDAR_LABELS}
          type="range"
          label="日期"
          placeholder="选择日期范围"
          valueFormat="YYYY-MM-DD"
          clearable
          allowSingleDateInRange
          w={240}
          value={[from || null, to || null]}
          onChange={([start, end]) => {
            if ((start && end) || (!start && !end)) query.set({ from: start ?? null, to: end ?? null });
          }}
        />
      </FilterBar>
      <ListView
        state={list}
        label="操作日志"
        empty="没有符合条件的记录"
        verticalSpacing="xs"
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th w={150}>时间</Table.Th>
            <Table.Th>操作人</Table.Th>
            <Table.Th>操作</Table.Th>
            <Table.Th>对象</Table.Th>
            <Table.Th>摘要</Table.Th>
            <Table.Th>IP</Table.Th>
            <Table.Th w={70}>详情</Table.Th>
          </>
        }
        row={(entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>
              <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Badge size="xs" radius="sm" variant="light" color={entry.actorKind === 'staff' ? TONE.accent : entry.actorKind === 'user' ? TONE.info : TONE.neutral}>
                  {ACTOR_KIND_LABELS[entry.actorKind]}
                </Badge>
                <Text size="sm">{entry.actorAccount ?? '—'}</Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{ACTION_LABELS[entry.action] ?? entry.action}</Text>
              <Text size="xs" c="dimmed" className="fc-mono">
                {entry.action}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {OBJECT_LABELS[entry.objectType] ?? entry.objectType}
                {entry.objectId ? ` #${entry.objectId}` : ''}
              </Text>
            </Table.Td>
            <Table.Td maw={320}>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {summary(entry.detail)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" className="fc-mono">
                {entry.ip ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Button size="compact-xs" variant="subtle" onClick={() => setDetail(entry)} aria-label={`查看第 ${entry.id} 条记录的详情`}>
                查看
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Modal opened={Boolean(detail)} onClose={() => setDetail(undefined)} title="操作详情" size="lg" centered>
        {detail && (
          <Stack gap="xs">
            <Text size="sm">
              {formatDateTime(detail.createdAt)} · {ACTOR_KIND_LABELS[detail.actorKind]} {detail.actorAccount ?? ''} · {ACTION_LABELS[detail.action] ?? detail.action}
            </Text>
            <Code block style={{ maxHeight: 420, overflow: 'auto' }}>
              {JSON.stringify(detail.detail, null, 2)}
            </Code>
          </Stack>
        )}
      </Modal>
    </Page>
  );
}

/** The detail's simple values as `key: value` pairs. */
function summary(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('；');
}
