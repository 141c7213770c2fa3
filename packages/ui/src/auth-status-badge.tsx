import { Badge, type BadgeProps } from '@mantine/core';
import { ENTERPRISE_AUTH_STATUS_LABELS, type EnterpriseAuthStatus } from '@flagship/api-client';

export interface AuthStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: EnterpriseAuthStatus | null | undefined;
}

/** 0 认证中 (red), 1 已认证 (green), 2 未通过 (red); none → 未认证 (grey). */
export function AuthStatusBadge({ status, ...props }: AuthStatusBadgeProps) {
  if (status == null) {
    return (
      <Badge color="ink.6" variant="filled" {...props}>
        未认证
      </Badge>
    );
  }
  const label = ENTERPRISE_AUTH_STATUS_LABELS[status];
  // Dark shades keep white text above 4.5:1.
  const color = label.tone === 'success' ? '#23703a' : 'red.9';
  return (
    <Badge color={color} variant="filled" data-status={status} {...props}>
      {label.text}
    </Badge>
  );
}
