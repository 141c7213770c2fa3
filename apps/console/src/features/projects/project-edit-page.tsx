import { useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { DEFAULT_DECLARATION, flattenIssues, projectBody, type ConsoleProject, type EligibilityQuestion } from '@flagship/api-client';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BeijingDateTimePicker } from '../../components/beijing-date-time-picker';
import { AttachmentsInput, type AttachmentValue } from '../../components/attachments-input';
import { CategorySelect } from '../../components/category-select';
import { FormSection } from '../../components/form-section';
import { ImageInput } from '../../components/image-input';
import { Page } from '../../components/page';
import { RegionSelect } from '@flagship/ui/form-fields';
import { RichTextField } from '@flagship/ui/form-fields';
import { focusFirstError, formatDateTime, showServerFieldErrors, TIME_ZONE_LABEL, toId, useAsync } from '@flagship/ui';
import { AsyncView } from '../../components/states';
import { ProjectStatusBadge, PublishedBadge } from '../../components/status-badges';
import { api, showSuccess } from '../../lib/api';
import { fromShanghaiWallTime, toShanghaiWallTime } from '../../lib/format';
import { TONE } from '../../lib/tones';
import { EligibilityEditor } from './eligibility-editor';
import { ProjectForms } from './project-forms';
import { PublishControl } from './publish-control';

interface Values {
  title: string;
  categoryId: number | null;
  regionId: number | null;
  cover: number | string | null;
  summary: string;
  guide: string;
  attachments: AttachmentValue[];
  budget: number | string;
  budgetNote: string;
  declaration: string;
  /** Beijing wall time, `YYYY-MM-DD HH:mm:ss`. */
  applyStart: string | null;
  applyEnd: string | null;
  eligibility: EligibilityQuestion[];
}

function toValues(project?: ConsoleProject): Values {
  return {
    title: project?.title ?? '',
    categoryId: project?.categoryId ?? null,
    regionId: project?.regionId ?? null,
    cover: project?.cover ?? null,
    summary: project?.summary ?? '',
    guide: project?.guide ?? '',
    attachments: project?.attachments ?? [],
    budget: project?.budget ?? 0,
    budgetNote: project?.budgetNote ?? '',
    declaration: project?.declaration ?? '',
    applyStart: toShanghaiWallTime(project?.applyStart),
    applyEnd: toShanghaiWallTime(project?.applyEnd),
    eligibility: project?.eligibility ?? [],
  };
}

function toBody(values: Values) {
  return {
    ...values,
    budget: typeof values.budget === 'number' ? values.budget : 0,
    applyStart: fromShanghaiWallTime(values.applyStart) ?? '',
    applyEnd: fromShanghaiWallTime(values.applyEnd) ?? '',
  };
}

function validate(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = projectBody.safeParse(toBody(values));
  if (!result.success) Object.assign(errors, flattenIssues(result.error));
  if (!values.applyStart) errors.applyStart = '请选择申报开始时间';
  if (!values.applyEnd) errors.applyEnd = '请选择申报截止时间';
  return errors;
}

export default function ProjectEditPage() {
  const { id: idParam } = useParams();
  const id = toId(idParam);
  const state = useAsync<ConsoleProject | null>((signal) => (id ? api.console.projectGet({ id }, { signal }) : Promise.resolve(null)), [id]);
  const title = id ? '编辑项目' : '新建项目';

  return (
    <Page title={title} crumbs={[{ label: '项目管理', to: '/projects' }]}>
      <AsyncView state={state}>{(project) => <ProjectEditor key={project?.id ?? 'new'} project={project ?? undefined} onChange={(next) => state.setData(() => next)} />}</AsyncView>
    </Page>
  );
}

function ProjectEditor({ project, onChange }: { project?: ConsoleProject; onChange: (project: ConsoleProject) => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ initialValues: toValues(project), validate });

  useEffect(() => {
    if (project) document.title = `${project.title} · 编辑项目`;
  }, [project]);

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const body = toBody(values);
      const saved = project ? await api.console.projectUpdate({ id: project.id, ...body }) : await api.console.projectCreate(body);
      showSuccess(project ? '项目已保存' : '项目已创建（未发布），请继续添加申报表单');
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
      if (project) onChange(saved);
      else void navigate(`/projects/${saved.id}`, { replace: true });
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  return (
    <Stack gap="lg">
      {project && (
        <Alert color={project.published ? TONE.success : TONE.neutral} variant="light" title={
          <Group gap="xs">
            <span>当前状态</span>
            <PublishedBadge published={project.published} />
            <ProjectStatusBadge status={project.status} />
          </Group>
        }>
          <Group justify="space-between">
            <span>
              申报时间：{formatDateTime(project.applyStart)} 至 {formatDateTime(project.applyEnd)}（{TIME_ZONE_LABEL}） · 已收到申报 {project.applyCount} 份
            </span>
            <Group gap="xs">
              {project.published && (
                <Button component="a" href={`/projectDetail?id=${project.id}`} target="_blank" rel="noopener noreferrer" size="xs" variant="default">
                  在门户查看
                </Button>
              )}
              <Button component={Link} to={`/review/applications?projectId=${project.id}`} size="xs" variant="default">
                查看申报
              </Button>
              <Button component={Link} to={`/projects/${project.id}/review`} size="xs" variant="default">
                专家评审
              </Button>
              <Button component={Link} to={`/projects/${project.id}/results`} size="xs" variant="default">
                立项公示
              </Button>
              <PublishControl project={project} onChange={onChange} />
            </Group>
          </Group>
        </Alert>
      )}

      <form onSubmit={save} noValidate aria-label="项目信息">
        <Stack gap="lg">
          <FormSection title="基本信息">
            <TextInput label="项目标题" required maxLength={100} {...form.getInputProps('title')} />
            <SimpleGrid cols={2}>
              <CategorySelect kind="project" label="项目分类" value={form.values.categoryId} onChange={(value) => form.setFieldValue('categoryId', value)} error={form.errors.categoryId} />
              <RegionSelect label="所属地区" value={form.values.regionId} onChange={(value) => form.setFieldValue('regionId', value)} error={form.errors.regionId} />
            </SimpleGrid>
            <Textarea label="项目简介" description="显示在项目列表与详情页顶部，最多 500 字" autosize minRows={2} maxRows={6} maxLength={500} {...form.getInputProps('summary')} />
            <ImageInput label="封面图片" description="建议 16:9，显示在项目卡片与详情页" value={form.values.cover} onChange={(value) => form.setFieldValue('cover', value)} error={form.errors.cover} />
          </FormSection>

          <FormSection title="申报时间与预算" description={`时间均为${TIME_ZONE_LABEL}；项目状态（即将开始、申报中、已截止）由申报时间决定。`}>
            <SimpleGrid cols={2}>
              <BeijingDateTimePicker label="申报开始时间" required {...form.getInputProps('applyStart')} />
              <BeijingDateTimePicker label="申报截止时间" required minDate={form.values.applyStart ?? undefined} {...form.getInputProps('applyEnd')} />
            </SimpleGrid>
            <SimpleGrid cols={2}>
              <NumberInput label="资助预算总额" min={0} decimalScale={2} thousandSeparator="," leftSection="¥" rightSection="元" rightSectionWidth={36} {...form.getInputProps('budget')} />
              <TextInput label="预算说明" placeholder="例如：单个项目资助不超过 50 万元" maxLength={500} {...form.getInputProps('budgetNote')} />
            </SimpleGrid>
          </FormSection>

          <FormSection title="申报资格" description="申请人开始填写申报表前须回答这些问题；不符合条件的不能开始申报，提交时平台会再次核验。">
            <EligibilityEditor value={form.values.eligibility} onChange={(value) => form.setFieldValue('eligibility', value)} errors={form.errors as Record<string, string | undefined>} />
          </FormSection>

          <FormSection title="申报指南与附件">
            <RichTextField label="申报指南" value={form.values.guide} onChange={(html) => form.setFieldValue('guide', html)} error={form.errors.guide} />
            <AttachmentsInput label="附件" description="申报通知、模板等，申请人可在项目详情页下载" value={form.values.attachments} onChange={(value) => form.setFieldValue('attachments', value)} error={form.errors.attachments} errors={form.errors} />
          </FormSection>

          <FormSection title="申报声明" description="申请人提交前须勾选“我已阅读并同意”。留空时使用默认声明（信息真实、准确、完整）。">
            <Textarea label="申报声明" description="纯文本，最多 2000 字；换行保留" placeholder={DEFAULT_DECLARATION} autosize minRows={3} maxRows={10} maxLength={2000} {...form.getInputProps('declaration')} />
          </FormSection>

          <Group justify="flex-end" p="sm" className="fc-sticky-bar">
            <Button variant="default" component={Link} to="/projects">
              返回列表
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
              {project ? '保存项目' : '创建项目'}
            </Button>
          </Group>
        </Stack>
      </form>

      {project && <ProjectForms project={project} onChange={onChange} />}

    </Stack>
  );
}
