// Rendering of form-definition fields (packages/api-client/src/forms), shared by the portal
// (applicants fill them in) and the console (the form builder's preview, the review view).
// The app provides its SDK-backed services through <FormFieldsProvider>.

export { FormFieldsProvider, useFormFieldServices, type FormFieldServices, type UploadedFile } from './context';
export type { RegionOption } from '../regions';
export { FieldInput, type Errors, type FieldInputProps } from './field-input';
export { ApplyView, useTextLookups } from './apply-view';
export { EligibilityView } from './eligibility-view';
export { FileUpload, type FileUploadProps } from './file-upload';
export { RegionSelect, type RegionSelectProps } from './region-select';
export { RichTextField, type RichTextFieldProps } from './rich-text-field';
