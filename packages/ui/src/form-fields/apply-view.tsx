// Imported where its classes are used: a bundler drops a side-effect import of this barrel's index.
import './form-fields.css';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { fieldValueToText, type FormField, type TextLookups } from '@flagship/api-client';
import { RichHtml } from '../rich-html';
import { useFormFieldServices } from './context';
import { TotalsRow } from './totals-row';

/** Region and file names for `fieldValueToText`, from the app's services. */
export function useTextLookups(): TextLookups {
  const { regionName, fileMeta } = useFormFieldServices();
  return { region: regionName, file: (id) => fileMeta(id)?.name ?? `附件 #${id}` };
}

const fileIds = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : typeof value === 'number' ? [value] : []);

/** An application read-only: every field with its value, in the form's order. */
export function ApplyView({ fields, data, print }: { fields: FormField[]; data: Record<string, unknown>; print?: boolean }) {
  const lookups = useTextLookups();
  const { fileUrl } = useFormFieldServices();
  return (
    <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing="sm" className="fs-apply-view">
      <colgroup>
        <col style={{ width: 200 }} />
        <col />
      </colgroup>
      <Table.Tbody>
        {fields.map((field) => {
          if (field.kind === 'section') {
            return (
              <Table.Tr key={field.key}>
                <Table.Td colSpan={2} bg="var(--mantine-color-cinnabar-0)">
                  <Title order={3} size="h5">
                    {field.label}
                  </Title>
                </Table.Td>
              </Table.Tr>
            );
          }
          const value = data[field.key];
          let content;
          if (field.kind === 'richText' && typeof value === 'string' && value && !print) {
            content = <RichHtml html={value} fileUrl={fileUrl} />;
          } else if ((field.kind === 'file' || field.kind === 'files' || field.kind === 'image') && !print) {
            const ids = fileIds(value);
            content = ids.length ? (
              <Stack gap={2}>
                {ids.map((id) => (
                  <Anchor key={id} href={fileUrl(id)} target="_blank" rel="noopener noreferrer" size="sm">
                    {lookups.file?.(id)}
                  </Anchor>
                ))}
              </Stack>
            ) : null;
          } else if (field.kind === 'table' && Array.isArray(value) && value.length > 0) {
            content = (
              <Table withTableBorder withColumnBorders fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={56} className="fs-index-cell">
                      序号
                    </Table.Th>
                    {field.columns.map((column) => (
                      <Table.Th key={column.key}>{column.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(value as Record<string, unknown>[]).map((row, index) => (
                    <Table.Tr key={index}>
                      <Table.Td className="fs-index-cell">{index + 1}</Table.Td>
                      {field.columns.map((column) => (
                        <Table.Td key={column.key}>{fieldValueToText(column, row?.[column.key], lookups) || '—'}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <TotalsRow table={field} rows={value} />
              </Table>
            );
          } else {
            const text = fieldValueToText(field, value, lookups);
            content = text ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{text}</Text> : null;
          }
          return (
            <Table.Tr key={field.key}>
              <Table.Th w={180} style={{ verticalAlign: 'top' }}>
                <Group gap={2}>{field.label}</Group>
              </Table.Th>
              <Table.Td>{content ?? <Text size="sm" c="dimmed">未填写</Text>}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
