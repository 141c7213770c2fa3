import { useEffect, useMemo, useRef, useState } from 'react';
import { Textarea } from '@mantine/core';
import { Editor } from '@tinymce/tinymce-react';
import { paragraphsToText, showUploadImages, storedUploadImages, textToParagraphs } from '../rich-text-images';
import { useHydrated } from '../use-hydrated';
import { EDITOR_HEIGHT, EDITOR_OPTIONS, tinymceBaseUrl, tinymceScriptSrc } from './config';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** HTML value. */
  value: string;
  /** Called with the new HTML after every change. */
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label?: string;
  id?: string;
  disabled?: boolean;
  /** Reports the editor's full-screen state. */
  onFullscreenChange?: (fullscreen: boolean) => void;
  /** Origin serving /tinymce; the page's own by default. */
  origin?: string;
  /** Marks the plain-text fallback as required. */
  required?: boolean;
  /**
   * Images uploaded inside the editor: `upload` stores a file (POST /admin/upload) and answers
   * its id, `fileUrl` shows an upload. Without them the editor offers no images.
   */
  images?: { upload: (file: File) => Promise<number>; fileUrl: (id: number) => string };
}

const IMAGE_TYPES = 'jpeg,jpg,jpe,png,gif,webp';

interface BlobInfo {
  blob(): Blob;
  filename(): string;
}

type LoadState = 'loading' | 'ready' | 'failed';

/**
 * TinyMCE, self-hosted at `{origin}/tinymce`. If its script cannot be loaded the failure is logged
 * (spec §8) and the editor is not shown, nor retried; a plain textarea takes its place so that a
 * required field can still be filled, its lines saved as paragraphs.
 */
export function RichTextEditor({ value, onChange, label, id, disabled, onFullscreenChange, origin, required, images }: RichTextEditorProps) {
  const [state, setState] = useState<LoadState>('loading');
  const [fullscreen, setFullscreen] = useState(false);
  // The editor exists only in the browser; a page rendered on the server shows the placeholder.
  const hydrated = useHydrated();
  const src = useMemo(() => (hydrated ? tinymceScriptSrc(origin) : ''), [origin, hydrated]);
  // TinyMCE reads init once, so the setup callback reaches the latest prop through a ref.
  const fullscreenListener = useRef(onFullscreenChange);
  useEffect(() => {
    fullscreenListener.current = onFullscreenChange;
  }, [onFullscreenChange]);
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  const withImages = images !== undefined;
  const init = useMemo(
    () => ({
      ...EDITOR_OPTIONS,
      plugins: [...EDITOR_OPTIONS.plugins],
      toolbar: [...EDITOR_OPTIONS.toolbar],
      base_url: hydrated ? tinymceBaseUrl(origin) : '',
      ...(label ? { iframe_aria_text: label } : {}),
      ...(withImages
        ? {
            // Pasted, dropped and picked images are uploaded as files and referred to by address:
            // never kept as base64 in the HTML (the server drops data: images as well).
            images_upload_handler: async (blobInfo: BlobInfo) => {
              const current = imagesRef.current;
              if (!current) throw { message: '当前位置不能插入图片', remove: true };
              const blob = blobInfo.blob();
              try {
                const id = await current.upload(new File([blob], blobInfo.filename(), { type: blob.type }));
                return current.fileUrl(id);
              } catch (error) {
                throw { message: error instanceof Error ? error.message : '图片上传失败', remove: true };
              }
            },
            automatic_uploads: true,
            images_file_types: IMAGE_TYPES,
            image_uploadtab: true,
          }
        : {
            plugins: EDITOR_OPTIONS.plugins.filter((plugin) => plugin !== 'image'),
            toolbar: EDITOR_OPTIONS.toolbar.map((row) => row.replace(/\bimage /, '')),
          }),
      setup: (editor: { on(name: string, callback: (event: { state: boolean }) => void): void }) => {
        editor.on('FullscreenStateChanged', (event) => {
          setFullscreen(event.state);
          fullscreenListener.current?.(event.state);
        });
      },
    }),
    [origin, label, hydrated, withImages],
  );
  const fileUrl = images?.fileUrl;
  const shown = useMemo(() => (fileUrl ? showUploadImages(value, fileUrl) : value), [value, fileUrl]);

  if (state === 'failed') return <PlainTextFallback value={value} onChange={onChange} label={label} id={id} disabled={disabled} required={required} />;

  return (
    <div className="fs-rte" data-state={state} data-fullscreen={fullscreen || undefined}>
      {state === 'loading' && <div className="fs-rte__placeholder" style={{ height: EDITOR_HEIGHT }} aria-hidden="true" />}
      {hydrated && (
        <Editor
          id={id}
          tinymceScriptSrc={src}
          licenseKey="gpl"
          value={shown}
          disabled={disabled}
          onEditorChange={(html) => onChange(storedUploadImages(html))}
          onInit={() => setState('ready')}
          onScriptsLoadError={() => {
            console.error('Failed to load', src);
            setState('failed');
          }}
          init={init}
        />
      )}
    </div>
  );
}

/** The field without its editor: lines of plain text, saved as escaped paragraphs. */
function PlainTextFallback({ value, onChange, label, id, disabled, required }: Pick<RichTextEditorProps, 'value' | 'onChange' | 'label' | 'id' | 'disabled' | 'required'>) {
  // The text as typed: converting it back from the HTML on every key would eat blank lines.
  const [text, setText] = useState(() => paragraphsToText(value));
  // Text with formatting, links, images or tables would lose them when saved back as plain
  // paragraphs: then it is shown, not editable, and nothing is thrown away.
  const [editable] = useState(() => !value || textToParagraphs(paragraphsToText(value)) === value.replace(/>\s+</g, '><').trim());
  return (
    <Textarea
      id={id}
      className="fs-rte__fallback"
      aria-label={label}
      required={required}
      disabled={disabled}
      readOnly={!editable}
      description={
        editable
          ? '编辑器未能加载，可在此输入纯文本，每行为一段'
          : '编辑器未能加载。此处内容含格式、链接或图片，以纯文本修改会丢失这些内容，已暂停修改；请刷新页面重试'
      }
      rows={12}
      resize="vertical"
      value={text}
      onChange={(event) => {
        if (!editable) return;
        setText(event.currentTarget.value);
        onChange(textToParagraphs(event.currentTarget.value));
      }}
    />
  );
}
