/** Where the self-hosted TinyMCE lives on the site's own origin. */
export const TINYMCE_BASE_PATH = '/tinymce';

export function tinymceBaseUrl(origin: string = window.location.origin): string {
  return `${origin}${TINYMCE_BASE_PATH}`;
}

export function tinymceScriptSrc(origin: string = window.location.origin): string {
  return `${tinymceBaseUrl(origin)}/tinymce.min.js`;
}

/** The plugins copied to /tinymce and loaded by the editor. */
export const EDITOR_PLUGINS = [
  'advlist',
  'autolink',
  'lists',
  'link',
  'image',
  'table',
  'media',
  'code',
  'fullscreen',
  'nonbreaking',
  'charmap',
  'searchreplace',
  'preview',
  'wordcount',
] as const;

/** Fixed two-row toolbar. */
export const EDITOR_TOOLBAR = [
  'undo redo | blocks fontsize | bold italic underline strikethrough | forecolor backcolor | alignleft aligncenter alignright alignjustify',
  'bullist numlist outdent indent | link image media table | nonbreaking charmap | removeformat searchreplace | code preview fullscreen',
] as const;

export const EDITOR_HEIGHT = 600;

/** The editor's options; base_url and setup are added by the component. */
export const EDITOR_OPTIONS = {
  height: EDITOR_HEIGHT,
  language: 'zh-CN',
  language_url: `${TINYMCE_BASE_PATH}/langs/zh-CN.js`,
  menubar: false,
  plugins: [...EDITOR_PLUGINS],
  toolbar: [...EDITOR_TOOLBAR],
  // Two rows exactly; what does not fit slides out behind the "more" button.
  toolbar_mode: 'sliding',
  object_resizing: false,
  link_default_target: '_blank',
  link_title: false,
  advlist_bullet_styles: 'square',
  nonbreaking_force_tab: true,
  suffix: '.min',
  promotion: false,
  branding: false,
  resize: false,
  convert_urls: false,
  content_style:
    'body { font-family: -apple-system, "PingFang SC", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif; font-size: 15px; line-height: 1.7; color: #2f2c29; }',
} as const;
