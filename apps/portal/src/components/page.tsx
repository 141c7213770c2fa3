import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { Breadcrumb } from '@flagship/ui';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '../routes';

export interface PageProps {
  /** The page's heading; the route title by default. */
  heading?: ReactNode;
  /** Shown at the right of the heading. */
  actions?: ReactNode;
  /** Hide the heading (the page shows its own). */
  hideHeading?: boolean;
  children: ReactNode;
  narrow?: boolean;
}

/** The main area of a page inside the layout: breadcrumb (首页 + title), heading, content. */
export function Page({ heading, actions, hideHeading, children, narrow }: PageProps) {
  const { pathname } = useLocation();
  const title = pageTitle(pathname);
  return (
    <div className="fs-container fs-page" data-narrow={narrow || undefined}>
      {title && <Breadcrumb title={title} />}
      {!hideHeading && (
        <Group justify="space-between" align="flex-end" mb="lg" wrap="nowrap" className="fs-page__head">
          <Title order={1} className="fs-page__title">
            {heading ?? title}
          </Title>
          {actions}
        </Group>
      )}
      {children}
    </div>
  );
}
