import { useMemo, type ReactNode } from 'react';
import type { Upload } from '@flagship/api-client';
import { FormFieldsProvider, type FormFieldServices } from '@flagship/ui/form-fields';
import { api } from './api';
import { useRegions } from './regions';

// Names of uploads this page has seen (uploaded here, or listed with an application), so that
// the field components can show them instead of bare ids.
const known = new Map<number, { name: string; size: number }>();

export function rememberUploads(uploads: Pick<Upload, 'id' | 'name' | 'size'>[]): void {
  for (const upload of uploads) known.set(upload.id, { name: upload.name, size: upload.size });
}

/** The shared field components (@flagship/ui/form-fields) on the console's SDK client and regions. */
export function ConsoleFormFieldsProvider({ children }: { children: ReactNode }) {
  const { options, nameOf } = useRegions();
  const services = useMemo<FormFieldServices>(
    () => ({
      upload: async (file, onProgress) => {
        const result = await api.files.upload({ file }, { onProgress });
        rememberUploads([result]);
        return result;
      },
      fileUrl: (id) => api.urls.file({ id }),
      fileMeta: (id) => known.get(id),
      regionOptions: options,
      regionName: nameOf,
    }),
    [options, nameOf],
  );
  return <FormFieldsProvider value={services}>{children}</FormFieldsProvider>;
}
