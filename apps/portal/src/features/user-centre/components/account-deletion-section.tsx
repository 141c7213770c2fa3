import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { accountDeletionRequestBody, type AccountDeletion } from '@flagship/api-client';
import { formatDateTime, showServerFieldErrors, useAsync, zodValidate } from '@flagship/ui';
import { AsyncView } from '../../../components/states';
import { api } from '../../../lib/api';

/** What deletion does, said the same way before the request and in the confirmation. */
function Consequences() {
  return (
    <List size="sm" spacing={4}>
      <List.Item>
        <b>删除：</b>您的姓名、手机号码、电子邮箱、头像和密码，企业认证中的法定代表人、联系人、联系电话、地址和营业执照图片，尚未提交的申报草稿及其上传的文件。您将无法再登录，所有已登录的设备会退出。
      </List.Item>
      <List.Item>
        <b>保留：</b>已经提交的申报（含每次提交的回执和附件）作为项目档案保留，这是《个人信息保护法》允许的、资助项目依法履行档案管理义务所必需的；申报人将显示为“已注销用户”，不再显示您的姓名和联系方式。
      </List.Item>
      <List.Item>注销后，您的手机号码或电子邮箱可以重新注册，但新账号看不到原来的申报。</List.Item>
    </List>
  );
}

/** The applicant asks for their account to be deleted (PIPL); staff carry it out. Cancellable while pending. */
export function AccountDeletionSection({ userId }: { userId: number }) {
  const request = useAsync((signal) => api.user.deletionRequest({ id: userId }, { signal }), [userId]);
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const cancel = async () => {
    setCancelling(true);
    try {
      await api.user.cancelDeletion({ id: userId });
      notifications.show({ color: 'green', message: '注销申请已撤销，您的账号照常使用' });
      request.reload();
    } catch {
      // The error policy has shown the message.
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Paper component="section" withBorder p="xl" aria-labelledby="account-deletion-title">
      <Title order={2} size="h4" className="fs-section-title" mb="sm" id="account-deletion-title">
        注销账号
      </Title>
      <AsyncView state={request}>
        {(latest) =>
          latest?.status === 'pending' ? (
            <Stack>
              <Alert color="#8a4500" variant="light" title="注销申请处理中">
                您于北京时间 {formatDateTime(latest.createdAt)} 申请注销账号，工作人员处理后会通知您。处理前您可以撤销申请。
              </Alert>
              <Group>
                <Button variant="default" loading={cancelling} onClick={() => void cancel()}>
                  撤销注销申请
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack>
              {latest?.status === 'refused' && (
                <Alert color="#b02525" variant="light" title="上次的注销申请未获同意">
                  {latest.reason}
                </Alert>
              )}
              <Text size="sm">申请注销后，由工作人员核对并办理。注销后：</Text>
              <Consequences />
              <Group>
                <Button color="red.9" variant="outline" onClick={() => setAsking(true)}>
                  申请注销账号
                </Button>
              </Group>
            </Stack>
          )
        }
      </AsyncView>
      <RequestDialog
        userId={userId}
        opened={asking}
        onClose={() => setAsking(false)}
        onDone={() => {
          setAsking(false);
          request.reload();
        }}
      />
    </Paper>
  );
}

function RequestDialog({ userId, opened, onClose, onDone }: { userId: number; opened: boolean; onClose: () => void; onDone: (request: AccountDeletion) => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: zodValidate(accountDeletionRequestBody) });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const request = await api.user.requestDeletion({ id: userId, ...values }, { silent: true });
      notifications.show({ color: 'green', message: '注销申请已提交，工作人员处理后会通知您' });
      form.reset();
      onDone(request);
    } catch (error) {
      if (!showServerFieldErrors(form, error)) notifications.show({ color: 'red', message: error instanceof Error ? error.message : '提交失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="确认申请注销账号" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
        <Alert color="#b02525" variant="light" icon={<IconAlertTriangle />} title="注销后无法恢复">
          工作人员办理后，账号不能恢复。请先下载您的个人数据留存。
        </Alert>
        <Consequences />
        <PasswordInput label="登录密码" description="为确认是您本人操作，请输入登录密码" autoComplete="current-password" data-autofocus {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            取消
          </Button>
          <Button type="submit" color="red.9" loading={busy}>
            确认申请注销
          </Button>
        </Group>
        </Stack>
      </form>
    </Modal>
  );
}
