import { useMemo, type ReactNode } from 'react';
import { FormFieldsProvider, type FormFieldServices } from '@flagship/ui/form-fields';
import { api } from './api';
import { useRegions } from './regions';
import { rememberUpload, uploadMeta } from './upload-names';

/** The shared field components (@flagship/ui/form-fields) on the portal's SDK client, regions and upload names. */
export function PortalFormFieldsProvider({ children }: { children: ReactNode }) {
  const { options, nameOf } = useRegions();
  const services = useMemo<FormFieldServices>(
    () => ({
      upload: async (file, onProgress) => {
        const result = await api.files.upload({ file }, { onProgress });
        rememberUpload(result.id, { name: result.name, size: result.size, mime: result.mime });
        return result;
      },
      fileUrl: (id) => api.urls.file({ id }),
      fileMeta: uploadMeta,
      regionOptions: options,
      regionName: nameOf,
    }),
    [options, nameOf],
  );
  return <FormFieldsProvider value={services}>{children}</FormFieldsProvider>;
}
