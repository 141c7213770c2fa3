import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { RESULT_ANNOUNCEMENT_STATUS_LABELS, RESULTS_NOTICE_CATEGORY, resultNoticeHtml, type ResultAnnouncement } from '@flagship/api-client';
import { NoticeArticle, RichHtml, toId, useAsync } from '@flagship/ui';
import { RichTextField } from '@flagship/ui/form-fields';
import { useParams } from 'react-router-dom';
import { BeijingDateTimePicker } from '../../components/beijing-date-time-picker';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { fromShanghaiWallTime, toShanghaiWallTime } from '../../lib/format';
import { move } from '../../lib/list';
import { canCall } from '../../lib/navigation';
import { useStaff } from '../../lib/session';
import { TONE } from '../../lib/tones';

const yuan = (n: number | null) => (n === null ? '未填写' : n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** A call's results announcements (立项公示): prepare from approved applications, edit, preview, publish, withdraw. */
export default function ResultsPage() {
  const projectId = toId(useParams().id) ?? 0;
  const projects = useAsync((signal) => api.console.projectOptions(undefined, { signal }), []);
  const list = useAsync((signal) => api.console.resultAnnouncementList({ projectId }, { signal }), [projectId]);
  const project = projects.data?.find((p) => p.id === projectId);
  return (
    <Page title="立项公示" description={project ? `${project.title}（${project.year} 年度）` : undefined} crumbs={[{ label: '项目管理', to: '/projects' }, ...(project ? [{ label: project.title, to: `/projects/${projectId}` }] : [])]}>
      <AsyncView state={list}>
        {(announcements) => (
          <Stack>
            <NewAnnouncement projectId={projectId} title={project ? `${project.title}立项公示` : '立项公示'} onCreated={(a) => list.setData((old) => [a, ...(old ?? [])])} />
            {announcements.map((a) => (
              <AnnouncementEditor key={a.id} announcement={a} onChange={(next) => list.setData((old) => (old ?? []).map((x) => (x.id === next.id ? next : x)))} />
            ))}
          </Stack>
        )}
      </AsyncView>
    </Page>
  );
}

function defaultPeriod() {
  const start = new Date();
  return { objectionStartsAt: start.toISOString(), objectionEndsAt: new Date(start.getTime() + 5 * 86_400_000).toISOString() };
}

function NewAnnouncement({ projectId, title, onCreated }: { projectId: number; title: string; onCreated: (a: ResultAnnouncement) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group>
      <Button
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            onCreated(await api.console.resultAnnouncementCreate({ projectId, title, introduction: '', contact: '', ...defaultPeriod() }));
            showSuccess('已从审核通过的申报编制公示草稿');
          } finally {
            setBusy(false);
          }
        }}
      >
        从审核通过的申报编制公示
      </Button>
    </Group>
  );
}

function AnnouncementEditor({ announcement: a, onChange }: { announcement: ResultAnnouncement; onChange: (a: ResultAnnouncement) => void }) {
  const staff = useStaff();
  const mayPublish = canCall(staff.role, 'resultAnnouncementPublish');
  const editable = a.status !== 'published';
  const [title, setTitle] = useState(a.title);
  const [introduction, setIntroduction] = useState(a.introduction);
  const [contact, setContact] = useState(a.contact);
  const [starts, setStarts] = useState(toShanghaiWallTime(a.objectionStartsAt));
  const [ends, setEnds] = useState(toShanghaiWallTime(a.objectionEndsAt));
  const [items, setItems] = useState(a.items);
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState(false);

  const save = async () => {
    const next = await api.console.resultAnnouncementUpdate({
      id: a.id,
      title,
      introduction,
      contact,
      objectionStartsAt: fromShanghaiWallTime(starts) ?? '',
      objectionEndsAt: fromShanghaiWallTime(ends) ?? '',
      items: items.map((i) => ({ applicationId: i.applicationId, amountGranted: i.amountGranted })),
    });
    onChange(next);
    return next;
  };

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {a.title}
        </Title>
        <Badge variant="light">{RESULT_ANNOUNCEMENT_STATUS_LABELS[a.status]}</Badge>
      </Group>
      {a.status === 'withdrawn' && (
        <Alert color={TONE.warning} variant="light" mb="md" title="已撤回">
          撤回原因：{a.withdrawalReason}
        </Alert>
      )}
      {a.policyId !== null && (
        <Text size="sm" mb="sm">
          门户公告：<a href={`/policyDetail?id=${a.policyId}`} target="_blank" rel="noopener noreferrer">查看</a>
        </Text>
      )}
      <Stack>
        <TextInput label="公示标题" required disabled={!editable} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        {editable ? <RichTextField label="公示说明" value={introduction} onChange={setIntroduction} /> : <RichHtml html={a.introduction} />}
        <Group grow>
          <BeijingDateTimePicker label="异议期开始（北京时间）" required disabled={!editable} value={starts} onChange={(v) => setStarts(v)} />
          <BeijingDateTimePicker label="异议期结束（北京时间）" required disabled={!editable} value={ends} onChange={(v) => setEnds(v)} />
        </Group>
        <TextInput label="联系方式" disabled={!editable} value={contact} onChange={(e) => setContact(e.currentTarget.value)} />
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>序号</Table.Th>
              <Table.Th>项目名称</Table.Th>
              <Table.Th>申报单位</Table.Th>
              <Table.Th>地区</Table.Th>
              <Table.Th>分类</Table.Th>
              <Table.Th>资助金额（元）</Table.Th>
              {editable && <Table.Th>操作</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={item.applicationId}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{item.title}</Table.Td>
                <Table.Td>{item.organisation}</Table.Td>
                <Table.Td>{item.region}</Table.Td>
                <Table.Td>{item.category}</Table.Td>
                <Table.Td>
                  {editable ? (
                    <NumberInput
                      aria-label={`「${item.title}」的资助金额（元）`}
                      min={0}
                      decimalScale={2}
                      thousandSeparator=","
                      value={item.amountGranted ?? ''}
                      error={item.amountGranted === null ? '发布前须填写' : undefined}
                      onChange={(v) => setItems((old) => old.map((x) => (x.applicationId === item.applicationId ? { ...x, amountGranted: typeof v === 'number' ? v : null } : x)))}
                      w={160}
                    />
                  ) : (
                    yuan(item.amountGranted)
                  )}
                </Table.Td>
                {editable && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`上移「${item.title}」`} disabled={index === 0} onClick={() => setItems((old) => move(old, index, -1))}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`下移「${item.title}」`} disabled={index === items.length - 1} onClick={() => setItems((old) => move(old, index, 1))}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`移除「${item.title}」`} onClick={() => setItems((old) => old.filter((x) => x.applicationId !== item.applicationId))}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          {editable && (
            <Button variant="default" onClick={async () => (await save(), showSuccess('已保存'))}>
              保存草稿
            </Button>
          )}
          <Button variant="default" onClick={() => setPreview((p) => !p)}>
            {preview ? '收起预览' : '预览'}
          </Button>
          {editable && mayPublish && (
            <Button
              onClick={async () => {
                await save();
                onChange(await api.console.resultAnnouncementPublish({ id: a.id }));
                showSuccess('已发布，并已通知列入公示的申报人');
              }}
            >
              发布
            </Button>
          )}
        </Group>
        {preview && (
          <section aria-label="公示预览：门户通知公告中的样子">
            <NoticeArticle
              titleOrder={3}
              title={title}
              categoryName={RESULTS_NOTICE_CATEGORY}
              publishedAt={a.publishedAt ?? new Date().toISOString()}
              content={resultNoticeHtml({
                status: a.status,
                withdrawalReason: a.withdrawalReason,
                introduction,
                contact,
                objectionStartsAt: fromShanghaiWallTime(starts) ?? a.objectionStartsAt,
                objectionEndsAt: fromShanghaiWallTime(ends) ?? a.objectionEndsAt,
                items,
              })}
            />
          </section>
        )}
        {a.status === 'published' && mayPublish && (
          <Group align="flex-end">
            <Textarea label="撤回原因" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} w={400} autosize minRows={1} />
            <Button
              color="red"
              variant="light"
              onClick={async () => {
                onChange(await api.console.resultAnnouncementWithdraw({ id: a.id, reason }));
                showSuccess('已撤回，公告显示为已撤回及原因');
              }}
            >
              撤回公示
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
