import { createContext, useContext, type ReactNode } from 'react';
import type { RegionOption } from '../regions';

/** What an uploaded file is, as far as the field components show it. */
export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  mime: string;
}

/**
 * What the field components need from the app that renders them: the app's SDK client (upload,
 * file links), its region base data and whatever it knows about uploads. The portal and the
 * console each provide their own.
 */
export interface FormFieldServices {
  /** Send one file (POST /admin/upload) and report progress (0–1). */
  upload(file: File, onProgress: (fraction: number) => void): Promise<UploadedFile>;
  /** A link the browser can open for an upload (with the session token). */
  fileUrl(id: number): string;
  /** Name and size of an upload, when known. */
  fileMeta(id: number): Pick<UploadedFile, 'name' | 'size'> | undefined;
  /** Regions as one flat list with full names (「省 / 市 / 区」). */
  regionOptions: RegionOption[];
  /** Full name of a region. */
  regionName(id: number): string | undefined;
}

const FormFieldsContext = createContext<FormFieldServices | undefined>(undefined);

export function FormFieldsProvider({ value, children }: { value: FormFieldServices; children: ReactNode }) {
  return <FormFieldsContext value={value}>{children}</FormFieldsContext>;
}

/** The services where an app provides them (rich-text fields work without, but offer no images). */
export function useOptionalFormFieldServices(): FormFieldServices | undefined {
  return useContext(FormFieldsContext);
}

export function useFormFieldServices(): FormFieldServices {
  const value = useContext(FormFieldsContext);
  if (!value) throw new Error('Form field components need a <FormFieldsProvider>');
  return value;
}
