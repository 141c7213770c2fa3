import { describe, expect, it } from 'vitest';
import { paragraphsToText, showUploadImages, storedUploadImages, textToParagraphs } from './rich-text-images';

describe('images of uploads in rich text', () => {
  const fileUrl = (id: number) => `/api/file/${id}?authkey=t&x=1`;

  it('shows uploads through the file link and stores them without it', () => {
    const stored = '<p>图<img src="/api/file/3" alt="a"><img src="/tinymce/x.png"></p>';
    const shown = showUploadImages(stored, fileUrl);
    expect(shown).toBe('<p>图<img src="/api/file/3?authkey=t&amp;x=1" alt="a"><img src="/tinymce/x.png"></p>');
    expect(storedUploadImages(shown)).toBe(stored);
    expect(storedUploadImages('<img src="http://127.0.0.1:3000/api/file/8?authkey=secret">')).toBe('<img src="/api/file/8">');
  });
});

describe('the plain-text fallback', () => {
  it('saves each line as an escaped paragraph', () => {
    expect(textToParagraphs('第一段 <b>粗</b> & 江\n\n  第二段  \r\n')).toBe('<p>第一段 &lt;b&gt;粗&lt;/b&gt; &amp; 江</p><p>第二段</p>');
    expect(textToParagraphs(' \n ')).toBe('');
  });

  it('reads rich text back as one line per paragraph', () => {
    expect(paragraphsToText('<p>第一段&lt;b&gt;</p><ul><li>甲</li><li>乙<br>丙</li></ul><p></p>')).toBe('第一段<b>\n甲\n乙\n丙');
    expect(paragraphsToText('纯文本')).toBe('纯文本');
    expect(paragraphsToText('')).toBe('');
  });
});
