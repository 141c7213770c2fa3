import { useEffect, type ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export const CONSOLE_TITLE = '管理后台';

export interface Crumb {
  label: string;
  to?: string;
}

export interface PageProps {
  title: string;
  description?: ReactNode;
  /** Earlier levels, e.g. 项目管理 › 编辑项目. */
  crumbs?: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
}

/** A console screen: breadcrumb, heading with actions, content; sets the document title. */
export function Page({ title, description, crumbs, actions, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · ${CONSOLE_TITLE}`;
  }, [title]);
  return (
    <Stack gap="lg" className="fc-page">
      <div>
        {crumbs && crumbs.length > 0 && (
          <Breadcrumbs separator="›" mb={6} fz="sm" aria-label="面包屑导航">
            {crumbs.map((crumb) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.label} size="sm" c="dimmed">
                  {crumb.label}
                </Text>
              ),
            )}
            <Text size="sm" c="dimmed" aria-current="page">
              {title}
            </Text>
          </Breadcrumbs>
        )}
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <div>
            <Title order={1} className="fc-page__title">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
      </div>
      {children}
    </Stack>
  );
}
