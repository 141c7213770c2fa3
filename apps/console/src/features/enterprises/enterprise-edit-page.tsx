import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Anchor, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { ENTERPRISE_TYPES, enterpriseBody, type ConsoleEnterprise } from '@flagship/api-client';
import { RegionSelect, RichTextField } from '@flagship/ui/form-fields';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { focusFirstError, showServerFieldErrors, toId, useAsync, zodValidate } from '@flagship/ui';
import { CALENDAR_LABELS } from '../../components/beijing-date-time-picker';
import { CategorySelect } from '../../components/category-select';
import { FormSection } from '../../components/form-section';
import { ImageInput } from '../../components/image-input';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';

interface Values {
  enterpriseName: string;
  creditCode: string;
  type: string;
  legalRepresentative: string;
  categoryId: number | null;
  regionId: number | null;
  address: string;
  introduction: string;
  logo: number | string | null;
  establishedOn: string | null;
  published: boolean;
}

function toValues(enterprise?: ConsoleEnterprise): Values {
  return {
    enterpriseName: enterprise?.name ?? '',
    creditCode: enterprise?.creditCode ?? '',
    type: enterprise?.type ?? '',
    legalRepresentative: enterprise?.legalRepresentative ?? '',
    categoryId: enterprise?.categoryId ?? null,
    regionId: enterprise?.regionId ?? null,
    address: enterprise?.address ?? '',
    introduction: enterprise?.introduction ?? '',
    logo: enterprise?.logo ?? null,
    establishedOn: enterprise?.establishedOn ?? null,
    published: enterprise?.published ?? true,
  };
}

type Body = Parameters<typeof api.console.enterpriseCreate>[0];

export default function EnterpriseEditPage() {
  const id = toId(useParams().id);
  const state = useAsync<ConsoleEnterprise | null>((signal) => (id ? api.console.enterpriseGet({ id }, { signal }) : Promise.resolve(null)), [id]);
  return (
    <Page title={id ? '编辑企业' : '录入企业'} crumbs={[{ label: '企业库', to: '/enterprises' }]}>
      <AsyncView state={state}>{(enterprise) => <EnterpriseEditor key={enterprise?.id ?? 'new'} enterprise={enterprise ?? undefined} />}</AsyncView>
    </Page>
  );
}

function EnterpriseEditor({ enterprise }: { enterprise?: ConsoleEnterprise }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ initialValues: toValues(enterprise), validate: zodValidate(enterpriseBody) });

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const body = values as Body;
      const saved = enterprise ? await api.console.enterpriseUpdate({ id: enterprise.id, ...body }) : await api.console.enterpriseCreate(body);
      showSuccess(enterprise ? '企业信息已保存' : '企业已录入');
      if (enterprise) {
        form.setValues(toValues(saved));
        form.resetDirty(toValues(saved));
      } else void navigate(`/enterprises/${saved.id}`, { replace: true });
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  return (
    <form onSubmit={save} noValidate aria-label="企业信息">
      <Stack gap="lg">
        {enterprise?.authenticationId && (
          <Text size="sm" c="dimmed">
            此条目来自企业认证（
            <Anchor component={Link} to={`/review/authentications/${enterprise.authenticationId}`} size="sm">
              查看认证材料
            </Anchor>
            ）。
          </Text>
        )}
        <FormSection title="企业信息">
          <TextInput label="企业名称" required maxLength={100} {...form.getInputProps('enterpriseName')} />
          <SimpleGrid cols={2}>
            <TextInput label="统一社会信用代码" required maxLength={18} classNames={{ input: 'fc-mono' }} {...form.getInputProps('creditCode')} onChange={(e) => form.setFieldValue('creditCode', e.currentTarget.value.trim().toUpperCase())} />
            <Select label="企业类型" required placeholder="请选择" data={[...ENTERPRISE_TYPES]} {...form.getInputProps('type')} />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <TextInput label="法定代表人" maxLength={50} {...form.getInputProps('legalRepresentative')} />
            <DateInput ariaLabels={CALENDAR_LABELS} label="成立日期" valueFormat="YYYY-MM-DD" placeholder="YYYY-MM-DD" clearable {...form.getInputProps('establishedOn')} />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <CategorySelect kind="enterprise" label="分类" value={form.values.categoryId} onChange={(value) => form.setFieldValue('categoryId', value)} error={form.errors.categoryId} />
            <RegionSelect label="所在地区" value={form.values.regionId} onChange={(value) => form.setFieldValue('regionId', value)} error={form.errors.regionId} />
          </SimpleGrid>
          <TextInput label="详细地址" maxLength={200} {...form.getInputProps('address')} />
          <ImageInput label="企业标志" value={form.values.logo} onChange={(value) => form.setFieldValue('logo', value)} error={form.errors.logo} width={120} height={120} />
        </FormSection>
        <FormSection title="企业简介">
          <RichTextField label="企业简介" value={form.values.introduction} onChange={(html) => form.setFieldValue('introduction', html)} error={form.errors.introduction} />
        </FormSection>
        <FormSection title="显示">
          <Switch label="在门户网站企业库中公开" {...form.getInputProps('published', { type: 'checkbox' })} />
        </FormSection>
        <Group justify="flex-end" p="sm" className="fc-sticky-bar">
          <Button variant="default" component={Link} to="/enterprises">
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
