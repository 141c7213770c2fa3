import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** Label / value rows of a read-only record. */
export function InfoTable({ rows, labelWidth = 160 }: { rows: [string, ReactNode][]; labelWidth?: number }) {
  return (
    <Table withTableBorder withColumnBorders verticalSpacing="sm" layout="fixed" className="fc-info-table">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth} bg="var(--mantine-color-ink-0)" style={{ verticalAlign: 'top' }}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value === '' || value === null || value === undefined ? '—' : value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
