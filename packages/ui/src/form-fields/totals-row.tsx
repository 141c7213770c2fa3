import { Table, Text } from '@mantine/core';
import { formatTotal, tableTotals, type FormFieldOf } from '@flagship/api-client';

/** The 合计 line under a table whose numeric columns are totalled; nothing when none is. */
export function TotalsRow({ table, rows, trailing = 0 }: { table: FormFieldOf<'table'>; rows: unknown; trailing?: number }) {
  const totals = tableTotals(table, rows);
  if (totals.length === 0) return null;
  return (
    <Table.Tfoot>
      <Table.Tr data-testid={`totals-${table.key}`}>
        <Table.Th scope="row" className="fs-index-cell">
          合计
        </Table.Th>
        {table.columns.map((column) => {
          const total = totals.find((t) => t.column.key === column.key);
          return (
            <Table.Td key={column.key} aria-label={total ? `${column.label}合计` : undefined}>
              {total && (
                <Text size="sm" fw={600} aria-live="polite">
                  {formatTotal(total)}
                </Text>
              )}
            </Table.Td>
          );
        })}
        {trailing > 0 && <Table.Td colSpan={trailing} />}
      </Table.Tr>
    </Table.Tfoot>
  );
}
