export { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
export {
  EDITOR_HEIGHT,
  EDITOR_OPTIONS,
  EDITOR_PLUGINS,
  EDITOR_TOOLBAR,
  TINYMCE_BASE_PATH,
  tinymceBaseUrl,
  tinymceScriptSrc,
} from './config';
