import { describe, expect, it } from 'vitest';
import { htmlToText, RICH_TEXT_MAX_DEPTH, sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('drops scripts, event handlers and javascript: URLs', () => {
    const dirty = `<p onclick="steal()">你好<script>alert(1)</script></p><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><svg><script>1</script></svg>`;
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|svg/i);
    expect(clean).toContain('<p>你好</p>');
  });

  it('keeps the formatting the editor produces', () => {
    const html = '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下划线</u></p><ul style="list-style-type: square;"><li>一</li></ul><table><tbody><tr><td colspan="2">格</td></tr></tbody></table><p style="color: #c00; text-align: center;">红</p>';
    // Styles come back normalised (no spaces, no trailing semicolon).
    expect(sanitizeRichText(html)).toBe(html.replaceAll(': ', ':').replaceAll('; ', ';').replaceAll(';"', '"'));
  });

  it('makes new-tab links safe for the opener', () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_blank">站</a>')).toBe('<a href="https://example.org" target="_blank" rel="noopener noreferrer">站</a>');
  });

  it('drops elements nested deeper than the limit, keeping their text', () => {
    const clean = sanitizeRichText(`${'<span>'.repeat(20_000)}深处${'</span>'.repeat(20_000)}`);
    expect(clean).toBe(`${'<span>'.repeat(RICH_TEXT_MAX_DEPTH)}深处${'</span>'.repeat(RICH_TEXT_MAX_DEPTH)}`);
  });

  it('strips styles it does not know', () => {
    expect(sanitizeRichText('<p style="position: fixed; background-image: url(javascript:x)">x</p>')).toBe('<p>x</p>');
  });
});

describe('htmlToText', () => {
  it('returns the text without tags', () => {
    expect(htmlToText('<p>第一段</p>\n<p>第二 <b>段</b></p>')).toBe('第一段 第二 段');
  });
});
