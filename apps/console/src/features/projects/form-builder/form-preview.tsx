import { useMemo, useRef, useState } from 'react';
import { Alert, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { buildApplicationSchema, emptyValue, flattenIssues, type FormField } from '@flagship/api-client';
import { FieldInput, FormFieldsProvider, useFormFieldServices, type Errors, type FormFieldServices } from '@flagship/ui/form-fields';
import { TONE } from '../../../lib/tones';

/**
 * The form as applicants will see it, with the portal's own field components. Files chosen here
 * stay in this browser (nothing is uploaded), and the data is checked by the same schema builder
 * the portal and the server use.
 */
export function FormPreview({ title, description, fields, valid }: { title: string; description: string; fields: FormField[]; valid: boolean }) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [checkAll, setCheckAll] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const services = usePreviewServices();

  const schema = useMemo(() => {
    if (!valid) return undefined;
    try {
      return buildApplicationSchema(fields, { mode: 'submit', files: services.lookup });
    } catch {
      return undefined;
    }
  }, [fields, valid, services.lookup]);

  const valueOf = (field: FormField) => (Object.hasOwn(values, field.key) ? values[field.key] : emptyValue(field));
  const data = Object.fromEntries(fields.filter((f) => f.kind !== 'section').map((f) => [f.key, valueOf(f)]));
  const result = schema?.safeParse(data);
  const allErrors: Errors = result && !result.success ? flattenIssues(result.error) : {};
  const errors: Errors = Object.fromEntries(Object.entries(allErrors).filter(([path]) => checkAll || touched.has(path.split('.')[0] ?? path)));

  return (
    <Paper withBorder p="lg" radius="md" className="fc-panel" component="section" aria-label="表单预览">
      <Group justify="space-between" mb="sm">
        <Group gap={6}>
          <IconEye size={18} color="var(--mantine-color-cinnabar-7)" aria-hidden="true" />
          <Title order={2} size="h5">
            实时预览
          </Title>
        </Group>
        <Switch size="sm" label="检查全部必填与规则" checked={checkAll} onChange={(e) => setCheckAll(e.currentTarget.checked)} disabled={!schema} />
      </Group>
      <Text size="xs" c="dimmed" mb="md">
        与申请人在门户网站看到的一致；在此填写的内容和选择的文件不会保存或上传。
      </Text>
      {!valid && (
        <Alert color={TONE.warning} variant="light" mb="md" p="xs">
          表单设置还有问题，修正后预览才会校验填写内容。
        </Alert>
      )}
      <Title order={3} size="h4" ta="center" mb={4}>
        {title || '（未命名表单）'}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" ta="center" mb="md" style={{ whiteSpace: 'pre-wrap' }}>
          {description}
        </Text>
      )}
      {fields.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          还没有字段，请在左侧添加。
        </Text>
      ) : (
        <FormFieldsProvider value={services.value}>
          <Stack gap="lg">
            {fields.map((field, index) => (
              <PreviewField
                key={`${index}-${field.kind}-${field.key}`}
                field={field}
                value={valueOf(field)}
                errors={errors}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [field.key]: value }));
                  setTouched((current) => (current.has(field.key) ? current : new Set(current).add(field.key)));
                }}
              />
            ))}
          </Stack>
        </FormFieldsProvider>
      )}
    </Paper>
  );
}

function PreviewField({ field, value, errors, onChange }: { field: FormField; value: unknown; errors: Errors; onChange: (value: unknown) => void }) {
  if (field.kind === 'section') return <FieldInput field={field} value={undefined} onChange={() => {}} path={field.key || 'section'} />;
  return <FieldInput field={field} value={value} onChange={onChange} error={errors[field.key]} errors={errors} path={field.key} />;
}

/** The app's services, but files stay in the browser as object URLs under made-up ids. */
function usePreviewServices() {
  const parent = useFormFieldServices();
  const files = useRef(new Map<number, { name: string; size: number; mime: string; url: string }>());
  const nextId = useRef(1);
  return useMemo(() => {
    const lookup = (id: number) => files.current.get(id);
    const value: FormFieldServices = {
      ...parent,
      upload: async (file, onProgress) => {
        const id = nextId.current++;
        files.current.set(id, { name: file.name, size: file.size, mime: file.type || 'application/octet-stream', url: URL.createObjectURL(file) });
        onProgress(1);
        return { id, name: file.name, size: file.size, mime: file.type || 'application/octet-stream' };
      },
      fileUrl: (id) => files.current.get(id)?.url ?? '#',
      fileMeta: (id) => files.current.get(id),
    };
    return { value, lookup };
  }, [parent]);
}
