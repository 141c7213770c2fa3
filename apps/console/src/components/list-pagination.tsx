import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = { first: '第一页', previous: '上一页', next: '下一页', last: '最后一页' } as const;

export function ListPagination({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="md" component="nav" aria-label="分页">
      <Text size="sm" c="dimmed">
        共 {total} 条
      </Text>
      {total > pageSize && (
        <Pagination
          size="sm"
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
