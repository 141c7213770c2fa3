import { lazy, Suspense, useId } from 'react';
import { Input, Skeleton } from '@mantine/core';

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
}

export function RichTextField({ label, description, required, error, value, onChange, disabled }: RichTextFieldProps) {
  const id = useId();
  return (
    <Input.Wrapper label={label} description={description} required={required} error={error} labelElement="div" id={id}>
      <div style={{ marginTop: 6 }} data-rich-text-field={label}>
        <Suspense fallback={<Skeleton height={600} radius="md" />}>
          <RichTextEditor value={value} onChange={onChange} label={label} disabled={disabled} />
        </Suspense>
      </div>
    </Input.Wrapper>
  );
}
