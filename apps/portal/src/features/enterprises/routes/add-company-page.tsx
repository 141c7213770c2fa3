import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { ENTERPRISE_TYPES, flattenIssues, isValidCreditCode, submitAuthenticationBody, type EnterpriseAuthentication } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { FileUpload, RegionSelect, RichTextField } from '@flagship/ui/form-fields';
import { formatDateTime, showServerFieldErrors } from '@flagship/ui';
import { ALREADY_AUTHENTICATED_MESSAGE, AUTHING_MESSAGE } from '../../../components/add-enterprise';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { api, session } from '../../../lib/api';
import { useMyAuthentication } from '../api/enterprises';
import { scrollToFirstError } from '../../../lib/form-errors';

interface AuthValues {
  enterpriseName: string;
  creditCode: string;
  type: string;
  legalRepresentative: string;
  regionId: number | null;
  address: string;
  contactName: string;
  contactPhone: string;
  licenseFiles: number[];
  introduction: string;
}

const EMPTY: AuthValues = {
  enterpriseName: '',
  creditCode: '',
  type: '',
  legalRepresentative: '',
  regionId: null,
  address: '',
  contactName: '',
  contactPhone: '',
  licenseFiles: [],
  introduction: '',
};

function fromPrevious(info: EnterpriseAuthentication | null): AuthValues {
  if (!info) return EMPTY;
  return {
    enterpriseName: info.enterpriseName,
    creditCode: info.creditCode,
    type: info.type,
    legalRepresentative: info.legalRepresentative,
    regionId: info.regionId,
    address: info.address,
    contactName: info.contactName,
    contactPhone: info.contactPhone,
    licenseFiles: info.licenseFiles,
    introduction: info.introduction,
  };
}

export default function AddCompanyPage() {
  const state = useMyAuthentication();
  const [submitted, setSubmitted] = useState<EnterpriseAuthentication>();
  return (
    <Page>
      <AsyncView state={state}>
        {({ status, info }) => {
          if (submitted) return <Submitted info={submitted} />;
          if (status.code === 'authing' && info) return <Submitted info={info} />;
          if (status.code === 'success') {
            return (
              <Alert color="green" icon={<IconCircleCheck />} title={ALREADY_AUTHENTICATED_MESSAGE}>
                <Text size="sm">{info?.enterpriseName} 已进入企业库。</Text>
                <Button component={Link} to="/company" mt="sm" size="xs" variant="outline" color="green.9">
                  查看企业库
                </Button>
              </Alert>
            );
          }
          return <AuthenticationForm previous={status.code === 'fail' ? info : null} reason={status.reason} onDone={setSubmitted} />;
        }}
      </AsyncView>
    </Page>
  );
}

function Submitted({ info }: { info: EnterpriseAuthentication }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="yellow" variant="light">
          <IconClockHour4 size={32} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {AUTHING_MESSAGE}
        </Title>
        <Text c="dimmed" size="sm">
          {info.enterpriseName}（{info.creditCode}） · 提交于 {formatDateTime(info.createdAt)}
        </Text>
        <Button component={Link} to="/personal" variant="light">
          查看认证状态
        </Button>
      </Stack>
    </Paper>
  );
}

function AuthenticationForm({ previous, reason, onDone }: { previous: EnterpriseAuthentication | null; reason: string | null; onDone: (info: EnterpriseAuthentication) => void }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<AuthValues>({
    initialValues: fromPrevious(previous),
    validateInputOnBlur: true,
    validate: (values) => {
      const result = submitAuthenticationBody.safeParse({ ...values, regionId: values.regionId ?? undefined, type: values.type || undefined });
      if (result.success) return {};
      const errors = flattenIssues(result.error);
      if (!values.regionId) errors.regionId = '请选择所在地区';
      // One message per list, not per item.
      for (const key of Object.keys(errors)) if (key.startsWith('licenseFiles.')) delete errors[key];
      return errors;
    },
  });

  // Once, on arrival with a previous submission: show what the reviewer may have objected to.
  const checkPrevious = useRef(previous !== null);
  useEffect(() => {
    if (!checkPrevious.current) return;
    checkPrevious.current = false;
    form.validate();
  }, [form]);

  const code = form.values.creditCode.trim().toUpperCase();
  const codeHint = code.length === 18 ? (isValidCreditCode(code) ? '校验位正确' : undefined) : '18 位，含校验位（GB 32100-2015）';

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const info = await api.enterprise.submitAuthentication({
        ...values,
        regionId: values.regionId ?? 0,
        type: values.type as (typeof ENTERPRISE_TYPES)[number],
        creditCode: values.creditCode.trim().toUpperCase(),
      });
      session.update({ enterprise_authentication_status: info.status });
      notifications.show({ color: 'green', message: AUTHING_MESSAGE });
      onDone(info);
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
    } finally {
      setSaving(false);
    }
  }, () => scrollToFirstError());

  return (
    <Paper withBorder p="xl" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color="ink" variant="light" icon={<IconInfoCircle />}>
          提交企业认证信息，审核通过后企业将进入企业库，并可以企业身份申报项目。
        </Alert>
        {previous && (
          <Alert color="red" variant="light" title="上次认证未通过">
            {reason || previous.reason || '请核对信息后重新提交。'}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={12}>
            <TextInput label="企业名称" required {...form.getInputProps('enterpriseName')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput label="统一社会信用代码" required maxLength={18} description={codeHint} {...form.getInputProps('creditCode')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <Select label="企业类型" required placeholder="请选择" data={[...ENTERPRISE_TYPES]} {...form.getInputProps('type')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput label="法定代表人" required {...form.getInputProps('legalRepresentative')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <RegionSelect label="所在地区" required value={form.values.regionId} onChange={(id) => form.setFieldValue('regionId', id)} error={form.errors.regionId} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="详细地址" required {...form.getInputProps('address')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput label="联系人" required {...form.getInputProps('contactName')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput label="联系电话" required placeholder="手机号码或固定电话" {...form.getInputProps('contactPhone')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <FileUpload
              label="营业执照"
              description="上传营业执照或登记证书的扫描件或照片"
              required
              max={5}
              accept={['image/*', '.pdf']}
              value={form.values.licenseFiles}
              onChange={(ids) => form.setFieldValue('licenseFiles', ids)}
              error={form.errors.licenseFiles}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <RichTextField label="企业简介" images={false} value={form.values.introduction} onChange={(html) => form.setFieldValue('introduction', html)} error={form.errors.introduction} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving} size="md">
            提交认证
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
