import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export interface BreadcrumbProps {
  /** Title of the current page. */
  title: string;
}

/** 首页 plus the current page title. */
export function Breadcrumb({ title }: BreadcrumbProps) {
  return (
    <nav aria-label="面包屑导航" className="fs-breadcrumb">
      <Breadcrumbs separator="/" separatorMargin={6}>
        <Anchor component={Link} to="/index" size="sm">
          首页
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {title}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
