import { lazy, Suspense, useId, useMemo } from 'react';
import { Input, Skeleton } from '@mantine/core';
import { useOptionalFormFieldServices } from './context';

// TinyMCE's wrapper is its own chunk, loaded only when a rich-text field is on screen.
const RichTextEditor = lazy(() => import('../rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

export interface RichTextFieldProps {
  label: string;
  description?: React.ReactNode;
  required?: boolean;
  error?: React.ReactNode;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  /** Whether images may be uploaded into the text (where the app provides uploads); true by default. */
  images?: boolean;
}

const NOT_AN_IMAGE = '只能插入图片（JPG、PNG、GIF、WebP）';

export function RichTextField({ label, description, required, error, value, onChange, disabled, images = true }: RichTextFieldProps) {
  const id = useId();
  const services = useOptionalFormFieldServices();
  const editorImages = useMemo(
    () =>
      images && services
        ? {
            upload: async (file: File) => {
              const uploaded = await services.upload(file, () => {});
              if (!uploaded.mime.startsWith('image/')) throw new Error(NOT_AN_IMAGE);
              return uploaded.id;
            },
            fileUrl: services.fileUrl,
          }
        : undefined,
    [images, services],
  );
  return (
    <Input.Wrapper label={label} description={description} required={required} error={error} labelElement="div" id={id}>
      <div style={{ marginTop: 6 }} data-rich-text-field={label}>
        <Suspense fallback={<Skeleton height={600} radius="md" />}>
          <RichTextEditor value={value} onChange={onChange} label={label} disabled={disabled} required={required} images={editorImages} />
        </Suspense>
      </div>
    </Input.Wrapper>
  );
}
