import { useState } from 'react';
import { Button, Group, Input, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { flattenIssues, policyBody, type ConsolePolicy } from '@flagship/api-client';
import { RichTextField } from '@flagship/ui/form-fields';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { focusFirstError, formatDateTime, showServerFieldErrors, TIME_ZONE_LABEL, toId, useAsync } from '@flagship/ui';
import { BeijingDateTimePicker } from '../../components/beijing-date-time-picker';
import { AttachmentsInput, type AttachmentValue } from '../../components/attachments-input';
import { CategorySelect } from '../../components/category-select';
import { FormSection } from '../../components/form-section';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { fromShanghaiWallTime, toShanghaiWallTime } from '../../lib/format';
import { PolicyStateBadge, policyState, type PolicyState } from './policy-state';

interface Values {
  title: string;
  categoryId: number | null;
  summary: string;
  content: string;
  attachments: AttachmentValue[];
  pinned: boolean;
  /** draft: no time; now: publish on save (or keep the time it was published at); scheduled: the time below. */
  publish: 'draft' | 'now' | 'scheduled';
  publishedAt: string | null;
}

function toValues(policy?: ConsolePolicy): Values {
  const state: PolicyState = policyState(policy?.publishedAt ?? null);
  return {
    title: policy?.title ?? '',
    categoryId: policy?.categoryId ?? null,
    summary: policy?.summary ?? '',
    content: policy?.content ?? '',
    attachments: policy?.attachments ?? [],
    pinned: policy?.pinned ?? false,
    publish: state === 'draft' ? 'draft' : state === 'scheduled' ? 'scheduled' : 'now',
    publishedAt: toShanghaiWallTime(policy?.publishedAt),
  };
}

function toBody(values: Values, policy?: ConsolePolicy) {
  const { publish, publishedAt, ...rest } = values;
  let at: string | null = null;
  if (publish === 'scheduled') at = fromShanghaiWallTime(publishedAt);
  // Already published: keep its date; newly published: now.
  if (publish === 'now') at = policy?.publishedAt && policyState(policy.publishedAt) === 'published' ? policy.publishedAt : new Date().toISOString();
  return { ...rest, publishedAt: at };
}

export default function PolicyEditPage() {
  const id = toId(useParams().id);
  const state = useAsync<ConsolePolicy | null>((signal) => (id ? api.console.policyGet({ id }, { signal }) : Promise.resolve(null)), [id]);
  return (
    <Page title={id ? '编辑公告' : '新建公告'} crumbs={[{ label: '通知公告', to: '/policies' }]}>
      <AsyncView state={state}>{(policy) => <PolicyEditor key={policy?.id ?? 'new'} policy={policy ?? undefined} onSaved={(next) => state.setData(() => next)} />}</AsyncView>
    </Page>
  );
}

function PolicyEditor({ policy, onSaved }: { policy?: ConsolePolicy; onSaved: (policy: ConsolePolicy) => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: toValues(policy),
    validate: (values) => {
      const result = policyBody.safeParse(toBody(values, policy));
      const errors = result.success ? {} : flattenIssues(result.error);
      if (values.publish === 'scheduled' && !values.publishedAt) errors.publishedAt = '请选择发布时间';
      return errors;
    },
  });

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const body = toBody(values, policy);
      const saved = policy ? await api.console.policyUpdate({ id: policy.id, ...body }) : await api.console.policyCreate(body);
      showSuccess(policy ? '公告已保存' : '公告已创建');
      if (policy) {
        onSaved(saved);
        form.setValues(toValues(saved));
        form.resetDirty(toValues(saved));
      } else void navigate(`/policies/${saved.id}`, { replace: true });
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  return (
    <form onSubmit={save} noValidate aria-label="公告内容">
      <Stack gap="lg">
        <FormSection title="公告内容" actions={policy && <PolicyStateBadge publishedAt={policy.publishedAt} />}>
          <TextInput label="标题" required maxLength={200} {...form.getInputProps('title')} />
          <SimpleGrid cols={2}>
            <CategorySelect kind="policy" label="分类" value={form.values.categoryId} onChange={(value) => form.setFieldValue('categoryId', value)} error={form.errors.categoryId} />
            <Switch mt={30} label="置顶（显示在列表最前）" {...form.getInputProps('pinned', { type: 'checkbox' })} />
          </SimpleGrid>
          <Textarea label="摘要" description="显示在列表中，最多 500 字" autosize minRows={2} maxRows={5} maxLength={500} {...form.getInputProps('summary')} />
          <RichTextField label="正文" value={form.values.content} onChange={(html) => form.setFieldValue('content', html)} error={form.errors.content} />
          <AttachmentsInput label="附件" value={form.values.attachments} onChange={(value) => form.setFieldValue('attachments', value)} error={form.errors.attachments} errors={form.errors} />
        </FormSection>

        <FormSection title="发布" description={`时间为${TIME_ZONE_LABEL}`}>
          <Input.Wrapper label="发布方式" labelElement="div">
            <div style={{ marginTop: 6 }}>
              <SegmentedControl
                aria-label="发布方式"
              data={[
                { value: 'draft', label: '存为草稿' },
                { value: 'now', label: policy && policyState(policy.publishedAt) === 'published' ? '已发布' : '立即发布' },
                { value: 'scheduled', label: '定时发布' },
              ]}
                {...form.getInputProps('publish')}
              />
            </div>
          </Input.Wrapper>
          {form.values.publish === 'scheduled' && (
            <BeijingDateTimePicker label="发布时间" required w={320} {...form.getInputProps('publishedAt')} />
          )}
          {form.values.publish === 'now' && policy?.publishedAt && policyState(policy.publishedAt) === 'published' && (
            <Text size="sm" c="dimmed">
              发布于 {formatDateTime(policy.publishedAt)}
            </Text>
          )}
        </FormSection>

        <Group justify="flex-end" p="sm" className="fc-sticky-bar">
          {policy && policyState(policy.publishedAt) === 'published' && (
            <Button variant="default" component="a" href={`/policyDetail?id=${policy.id}`} target="_blank" rel="noopener noreferrer">
              在门户查看
            </Button>
          )}
          <Button variant="default" component={Link} to="/policies">
            返回列表
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
