import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_OPTIONS, tinymceScriptSrc } from './config';
import { RichTextEditor } from './rich-text-editor';

describe('RichTextEditor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads TinyMCE from {origin}/tinymce and, when that fails, logs it and offers a plain textarea saved as paragraphs', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const origin = 'http://127.0.0.1:9';
    const onChange = vi.fn();
    const { container } = render(
      <MantineProvider env="test">
        <RichTextEditor value="<p>第一段</p><p>第二段</p>" onChange={onChange} origin={origin} label="实施方案" required />
      </MantineProvider>,
    );
    const script = document.head.querySelector<HTMLScriptElement>('script[src$="tinymce.min.js"]');
    expect(script?.src).toBe('http://127.0.0.1:9/tinymce/tinymce.min.js');
    // happy-dom does not fetch scripts of type application/javascript: fail it as a browser would.
    act(() => void script?.dispatchEvent(new Event('error')));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to load', 'http://127.0.0.1:9/tinymce/tinymce.min.js'));
    const textarea = await waitFor(() => screen.getByRole('textbox', { name: '实施方案' }));
    expect(container.querySelector('.fs-rte')).toBeNull();
    expect(textarea).toHaveProperty('value', '第一段\n第二段');
    expect(textarea).toHaveProperty('required', true);
    fireEvent.change(textarea, { target: { value: '第一段 <i>\n第三段' } });
    expect(onChange).toHaveBeenLastCalledWith('<p>第一段 &lt;i&gt;</p><p>第三段</p>');
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('keeps formatted text as it is when the editor fails: shown read-only, never saved back as plain paragraphs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onChange = vi.fn();
    render(
      <MantineProvider env="test">
        <RichTextEditor value={'<p>第一段 <strong>重点</strong></p>\n<p><img src="/api/file/7"></p>'} onChange={onChange} origin="http://127.0.0.1:9" label="实施方案" />
      </MantineProvider>,
    );
    const script = document.head.querySelector<HTMLScriptElement>('script[src$="tinymce.min.js"]');
    act(() => void script?.dispatchEvent(new Event('error')));
    const textarea = await waitFor(() => screen.getByRole('textbox', { name: '实施方案' }));
    expect(textarea).toHaveProperty('readOnly', true);
    expect(screen.getByText(/以纯文本修改会丢失这些内容/)).toBeTruthy();
    fireEvent.change(textarea, { target: { value: '全部替换' } });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is configured with the toolbar, plugins, language and sizes the portal uses', () => {
    expect(tinymceScriptSrc('https://apply.example.org')).toBe('https://apply.example.org/tinymce/tinymce.min.js');
    expect(EDITOR_OPTIONS).toMatchObject({
      height: 600,
      language: 'zh-CN',
      language_url: '/tinymce/langs/zh-CN.js',
      menubar: false,
      object_resizing: false,
      link_default_target: '_blank',
      link_title: false,
      advlist_bullet_styles: 'square',
      nonbreaking_force_tab: true,
    });
    expect(EDITOR_OPTIONS.toolbar).toHaveLength(2);
    for (const tool of ['bold', 'italic', 'underline', 'bullist', 'numlist', 'link', 'image', 'table', 'media', 'code', 'forecolor', 'backcolor', 'fullscreen']) {
      expect(EDITOR_OPTIONS.toolbar.join(' ').split(/\s+/)).toContain(tool);
    }
  });
});
