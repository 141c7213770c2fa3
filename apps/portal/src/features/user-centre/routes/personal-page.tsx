import '@mantine/core/styles/Avatar.css';
import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateUserBody, type AuthenticationCode, type User } from '@flagship/api-client';
import { FileUpload } from '@flagship/ui/form-fields';
import { AuthStatusBadge, formatDate, showServerFieldErrors, zodValidate } from '@flagship/ui';
import { useAddEnterprise } from '../../../components/add-enterprise';
import { LoginPrompt } from '../../../components/login-prompt';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { api, session } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/user-centre';
import { PersonalDataSection } from '../components/personal-data-section';
import { AccountDeletionSection } from '../components/account-deletion-section';
import { TwoFactorSection } from '../components/two-factor-section';
import { UserCentreLayout } from '../../../components/user-centre-layout';
import { scrollToFirstError } from '../../../lib/form-errors';

const AUTH_TEXT: Record<AuthenticationCode, string> = {
  unauth: '您尚未提交企业认证。认证通过后，企业将进入企业库。',
  authing: '认证信息已提交，请等待审核。',
  success: '您的企业已通过认证。',
  fail: '您的企业认证未通过，请根据审核意见修改后重新提交。',
};

export default function PersonalPage() {
  const user = useSession();
  const profile = useProfile(user?.id);
  const latestStatus = profile.data?.authentication.status;
  // The header badge follows the latest status the server reported.
  useEffect(() => {
    if (latestStatus !== undefined) session.update({ enterprise_authentication_status: latestStatus });
  }, [latestStatus]);
  if (!user) {
    return (
      <Page>
        <LoginPrompt />
      </Page>
    );
  }
  return (
    <Page>
      <UserCentreLayout>
        <AsyncView state={profile}>
          {({ user: data, authentication }) => (
            <Stack gap="lg">
              <ProfileForm user={data} onSaved={profile.reload} />
              <Paper withBorder p="xl">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4" className="fs-section-title">
                    企业认证
                  </Title>
                  <AuthStatusBadge status={authentication.status} size="lg" />
                </Group>
                <Text size="sm" mb="sm">
                  {AUTH_TEXT[authentication.code]}
                </Text>
                {authentication.code === 'fail' && authentication.reason && (
                  <Alert color="red" variant="light" title="未通过原因" mb="sm">
                    {authentication.reason}
                  </Alert>
                )}
                <AddEnterpriseButton code={authentication.code} />
              </Paper>
              <TwoFactorSection userId={data.id} account={data.account} />
              <PersonalDataSection userId={data.id} />
              <AccountDeletionSection userId={data.id} />
            </Stack>
          )}
        </AsyncView>
      </UserCentreLayout>
    </Page>
  );
}

function AddEnterpriseButton({ code }: { code: AuthenticationCode }) {
  const action = useAddEnterprise();
  return (
    <Button variant={code === 'success' ? 'light' : 'filled'} loading={action.checking} onClick={() => void action.run()}>
      {code === 'fail' ? '重新提交认证' : '企业入库申请'}
    </Button>
  );
}

function ProfileForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { name: user.name, mobile: user.mobile, email: user.email, avatar: user.avatar },
    validateInputOnBlur: true,
    validate: zodValidate(updateUserBody),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.user.update({ id: user.id, ...values });
      notifications.show({ color: 'green', message: '个人信息已保存' });
      form.resetDirty();
      onSaved();
    } catch (error) {
      if (showServerFieldErrors(form, error)) scrollToFirstError();
    } finally {
      setSaving(false);
    }
  }, () => scrollToFirstError());

  return (
    <Paper withBorder p="xl" component="form" onSubmit={submit} noValidate>
      <Group justify="space-between" mb="lg">
        <Title order={2} size="h4" className="fs-section-title">
          基本信息
        </Title>
        <Text size="sm" c="dimmed">
          注册于 {formatDate(user.createdAt)}
        </Text>
      </Group>
      <Grid gap="md">
        <Grid.Col span={3}>
          <Stack align="center" gap="xs">
            <Avatar src={form.values.avatar ? api.urls.file({ id: form.values.avatar }) : null} alt="头像" size={96} radius={96} color="cinnabar">
              {(user.name || user.account).slice(0, 1)}
            </Avatar>
          </Stack>
        </Grid.Col>
        <Grid.Col span={9}>
          <Stack>
            <TextInput label="账号" value={user.account} readOnly disabled />
            <TextInput label="姓名" {...form.getInputProps('name')} />
            <Group grow>
              <TextInput label="手机号码" {...form.getInputProps('mobile')} />
              <TextInput label="电子邮箱" {...form.getInputProps('email')} />
            </Group>
            <FileUpload
              label="头像"
              images
              max={1}
              maxSize={2 * 1024 * 1024}
              value={form.values.avatar ? [form.values.avatar] : []}
              onChange={(ids) => form.setFieldValue('avatar', ids[0] ?? null)}
              error={form.errors.avatar}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={!form.isDirty()}>
                保存
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

