import { useMemo } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { MyReview } from '@flagship/api-client';
import { ApplyView, FormFieldsProvider, useFormFieldServices, type FormFieldServices } from '@flagship/ui/form-fields';
import { formatSize } from '@flagship/ui';
import { FormSection } from '../../components/form-section';
import { reviewFileUrl } from './review-badges';

type Application = NonNullable<MyReview['application']>;

/**
 * The assigned application read-only: the shared view of the form's answers, its uploads opened
 * through the expert's own file endpoint (in a blind round their names are neutral).
 */
export function ApplicationView({ reviewId, application, blind }: { reviewId: number; application: Application; blind: boolean }) {
  const parent = useFormFieldServices();
  const services = useMemo<FormFieldServices>(() => {
    const byId = new Map(application.files.map((file) => [file.id, file]));
    return { ...parent, fileUrl: (fileId) => reviewFileUrl(reviewId, fileId), fileMeta: (fileId) => byId.get(fileId) };
  }, [parent, application.files, reviewId]);

  return (
    <Stack gap="lg">
      <FormSection title="申报内容" description={blind ? '匿名评审：申请人身份信息与附件原文件名已隐去（只读）' : '申请人填写的全部内容（只读）'}>
        <FormFieldsProvider value={services}>
          <ApplyView fields={application.form.fields} data={application.data} />
        </FormFieldsProvider>
      </FormSection>
      <FormSection title="附件" description={`共 ${application.files.length} 个文件`}>
        {application.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            没有附件
          </Text>
        ) : (
          <Stack gap={8}>
            {application.files.map((file) => (
              <Group key={file.id} gap="sm" wrap="nowrap">
                <IconDownload size={16} aria-hidden="true" color="var(--mantine-color-ink-6)" />
                <Anchor href={reviewFileUrl(reviewId, file.id)} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatSize(file.size)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </FormSection>
    </Stack>
  );
}
