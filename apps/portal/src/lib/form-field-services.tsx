import { useMemo, type ReactNode } from 'react';
import { useHydrated } from '@flagship/ui';
import { FormFieldsProvider, type FormFieldServices } from '@flagship/ui/form-fields';
import { api } from './api';
import { useRegions } from './regions';
import { rememberUpload, uploadMeta } from './upload-names';

/** The shared field components (@flagship/ui/form-fields) on the portal's SDK client, regions and upload names. */
export function PortalFormFieldsProvider({ children }: { children: ReactNode }) {
  const { options, nameOf } = useRegions();
  // Names are in this browser's storage: not known to a page rendered on the server.
  const hydrated = useHydrated();
  const services = useMemo<FormFieldServices>(
    () => ({
      upload: async (file, onProgress) => {
        const result = await api.files.upload({ file }, { onProgress });
        rememberUpload(result.id, { name: result.name, size: result.size, mime: result.mime });
        return result;
      },
      fileUrl: (id) => api.urls.file({ id }),
      fileMeta: hydrated ? uploadMeta : () => undefined,
      regionOptions: options,
      regionName: nameOf,
    }),
    [options, nameOf, hydrated],
  );
  return <FormFieldsProvider value={services}>{children}</FormFieldsProvider>;
}
