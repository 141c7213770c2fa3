import { Group, Pagination, Text, type MantineSize, type MantineSpacing } from '@mantine/core';

const CONTROL_LABELS = { first: '第一页', previous: '上一页', next: '下一页', last: '最后一页' } as const;

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Show the count even when everything fits on one page (then without the pager). */
  alwaysShowTotal?: boolean;
  mt?: MantineSpacing;
  size?: MantineSize;
}

export function ListPagination({ page, pageSize, total, onChange, alwaysShowTotal = false, mt = 'xl', size }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const paged = total > pageSize;
  if (!paged && !alwaysShowTotal) return null;
  return (
    <Group justify="space-between" mt={mt} component="nav" aria-label="分页">
      <Text size="sm" c="dimmed">
        共 {total} 条
      </Text>
      {paged && (
        <Pagination
          size={size}
          total={pages}
          value={page}
          onChange={onChange}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          getItemProps={(item) => ({ 'aria-label': `第 ${item} 页` })}
        />
      )}
    </Group>
  );
}
