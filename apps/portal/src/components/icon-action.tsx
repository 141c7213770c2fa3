import type { ReactNode } from 'react';
import { ActionIcon, Tooltip, type MantineColor } from '@mantine/core';
import { Link } from 'react-router-dom';

export interface IconActionProps {
  /** Tooltip and accessible name. */
  label: string;
  icon: ReactNode;
  /** A link when given, otherwise a button. */
  to?: string;
  onClick?: () => void;
  loading?: boolean;
  color?: MantineColor;
  variant?: 'filled' | 'light' | 'outline';
}

/** An icon-only action for table rows, named by its tooltip. */
export function IconAction({ label, icon, to, onClick, loading, color, variant = 'light' }: IconActionProps) {
  const common = { 'aria-label': label, variant, color, size: 'md', loading } as const;
  return (
    <Tooltip label={label} withArrow>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
