import { useEffect, useMemo, useRef, useState } from 'react';
import { Editor } from '@tinymce/tinymce-react';
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
}

type LoadState = 'loading' | 'ready' | 'failed';

/**
 * TinyMCE, self-hosted at `{origin}/tinymce`. If its script cannot be loaded the failure is logged
 * and nothing is shown; the script loader remembers the failure, so there is no retry.
 */
export function RichTextEditor({ value, onChange, label, id, disabled, onFullscreenChange, origin }: RichTextEditorProps) {
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
  const init = useMemo(
    () => ({
      ...EDITOR_OPTIONS,
      plugins: [...EDITOR_OPTIONS.plugins],
      toolbar: [...EDITOR_OPTIONS.toolbar],
      base_url: hydrated ? tinymceBaseUrl(origin) : '',
      ...(label ? { iframe_aria_text: label } : {}),
      setup: (editor: { on(name: string, callback: (event: { state: boolean }) => void): void }) => {
        editor.on('FullscreenStateChanged', (event) => {
          setFullscreen(event.state);
          fullscreenListener.current?.(event.state);
        });
      },
    }),
    [origin, label, hydrated],
  );

  if (state === 'failed') return null;

  return (
    <div className="fs-rte" data-state={state} data-fullscreen={fullscreen || undefined}>
      {state === 'loading' && <div className="fs-rte__placeholder" style={{ height: EDITOR_HEIGHT }} aria-hidden="true" />}
      {hydrated && (
        <Editor
          id={id}
          tinymceScriptSrc={src}
          licenseKey="gpl"
          value={value}
          disabled={disabled}
          onEditorChange={(html) => onChange(html)}
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
