import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { STAFF_ROLE_LABELS } from '@flagship/api-client';
import { canCall } from '../lib/navigation';
import { useStaff } from '../lib/session';
import { TONE } from '../lib/tones';

/** Screens a role may not use say so instead of failing request by request. */
export function RequireEndpoint({ endpoint, children }: { endpoint: string; children: ReactNode }) {
  const staff = useStaff();
  if (!canCall(staff.role, endpoint)) {
    return (
      <Alert color={TONE.warning} icon={<IconLock size={18} />} title="没有权限" mt="lg">
        您的账号（{STAFF_ROLE_LABELS[staff.role]}）不能使用此功能，请联系管理员。
      </Alert>
    );
  }
  return <>{children}</>;
}
