import { Badge, Table, Text } from '@mantine/core';
import type { EligibilityCheck } from '@flagship/api-client';

/** The eligibility answers kept with an application: each question, the answer, and whether it qualified. */
export function EligibilityView({ check }: { check: EligibilityCheck | null }) {
  if (!check || check.results.length === 0) return null;
  return (
    <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing="sm" aria-label="申报资格">
      <colgroup>
        <col style={{ width: 200 }} />
        <col />
      </colgroup>
      <Table.Tbody>
        {check.results.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Th style={{ verticalAlign: 'top' }}>{r.label}</Table.Th>
            <Table.Td>
              <Text size="sm" span>
                {r.answer}
                {r.automatic ? '（平台核验）' : ''}
              </Text>{' '}
              {r.qualified ? (
                <Badge color="green.9" variant="light" size="sm">
                  符合
                </Badge>
              ) : (
                <Text size="sm" c="red.9" span>
                  不符合：{r.reason}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
