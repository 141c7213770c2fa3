import type { ReactNode } from 'react';
import { Paper, Select, Stack, Table, type MantineSpacing } from '@mantine/core';
import type { Paged } from '@flagship/api-client';
import { AsyncView } from './states';
import { Empty, ListPagination } from '@flagship/ui';
import type { AsyncResult } from '@flagship/ui';

export interface ListViewProps<T> {
  state: AsyncResult<Paged<T>>;
  /** Accessible name of the table. */
  label: string;
  /** What an empty page says, and what it offers. */
  empty: ReactNode;
  emptyAction?: ReactNode;
  /** The header cells. */
  head: ReactNode;
  /** One table row per item. */
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
  verticalSpacing?: MantineSpacing;
}

/** A paged list as a table: loading, error, empty and the pagination below. */
export function ListView<T>({ state, label, empty, emptyAction, head, row, onPage, verticalSpacing = 'sm' }: ListViewProps<T>) {
  return (
    <AsyncView state={state}>
      {(data) =>
        data.list.length === 0 ? (
          <Paper withBorder className="fc-panel">
            <Empty action={emptyAction}>{empty}</Empty>
          </Paper>
        ) : (
          <Stack gap={0}>
            <Paper withBorder className="fc-panel" style={{ overflow: 'hidden' }}>
              <Table className="fc-table" verticalSpacing={verticalSpacing} aria-label={label}>
                <Table.Thead>
                  <Table.Tr>{head}</Table.Tr>
                </Table.Thead>
                <Table.Tbody>{data.list.map(row)}</Table.Tbody>
              </Table>
            </Paper>
            <ListPagination page={data.page} pageSize={data.pageSize} total={data.total} onChange={onPage} alwaysShowTotal mt="md" size="sm" />
          </Stack>
        )
      }
    </AsyncView>
  );
}

/** The 「发布状态」 filter of the console's lists (`published=true|false` in the URL). */
export function PublishedFilter({ value, onChange, label = '发布状态', on = '已发布', off = '未发布' }: { value: 'true' | 'false' | undefined; onChange: (value: string | null) => void; label?: string; on?: string; off?: string }) {
  return (
    <Select
      label={label}
      placeholder="全部"
      clearable
      w={120}
      data={[
        { value: 'true', label: on },
        { value: 'false', label: off },
      ]}
      value={value ?? null}
      onChange={onChange}
    />
  );
}
