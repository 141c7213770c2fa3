import { describe, expect, it } from 'vitest';
import { htmlToText, RICH_TEXT_MAX_DEPTH, richTextMemo, richTextUploads, sanitizeRichText } from './sanitize';

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

describe('images and media in rich text', () => {
  it('keeps images from the platform\'s own uploads', () => {
    expect(sanitizeRichText('<p><img src="/api/file/12" alt="剧照" width="300"></p>')).toBe('<p><img src="/api/file/12" alt="剧照" width="300" /></p>');
  });

  it('drops images from anywhere else: other sites, data: and blob: URLs, other paths here', () => {
    const dirty = [
      '<img src="https://evil.example/p.gif">',
      '<img src="http://evil.example/p.gif">',
      '<img src="//evil.example/p.gif">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="blob:https://site/1">',
      '<img src="/api/file/12/../../x">',
      '<img src="/api/user/1">',
      '<img src="https://evil.example/api/file/12">',
      '<img alt="无来源">',
    ].join('');
    expect(sanitizeRichText(`<p>前${dirty}后</p>`)).toBe('<p>前后</p>');
  });

  it('stores an own image without the token or anything else in its query', () => {
    expect(sanitizeRichText('<img src="/api/file/7?authkey=secret-token#x">')).toBe('<img src="/api/file/7" />');
  });

  it('drops audio and video, from anywhere, keeping their fallback text (uploads take no media)', () => {
    expect(sanitizeRichText('<video src="https://evil.example/v.mp4" poster="/api/file/2" controls>视频</video>')).toBe('视频');
    expect(sanitizeRichText('<p>乐</p><audio controls><source src="/api/file/3" type="audio/mpeg">音频</audio>')).toBe('<p>乐</p>音频');
  });

  it('drops every image and medium where a value takes none', () => {
    expect(sanitizeRichText('<p>简介<img src="/api/file/3"></p><video controls><source src="/api/file/4">视频</video>', { images: false })).toBe('<p>简介</p>视频');
  });

  it('lists the uploads a value shows', () => {
    const clean = sanitizeRichText('<p><img src="/api/file/3"><img src="https://evil.example/p.gif"><img src="/api/file/5?authkey=t"><img src="/api/file/3"></p><a href="/api/file/9">附件</a>');
    expect(richTextUploads(clean)).toEqual([3, 5]);
  });

  it('counts an address only as an image\'s source, not written as text or in another attribute', () => {
    const clean = sanitizeRichText('<p>示例 src="/api/file/7" 文本</p><p title=\' src="/api/file/8"\'>段</p><img alt=\' src="/api/file/9"\' src="/api/file/4">');
    expect(richTextUploads(clean)).toEqual([4]);
  });
});

describe('htmlToText', () => {
  it('returns the text without tags', () => {
    expect(htmlToText('<p>第一段</p>\n<p>第二 <b>段</b></p>')).toBe('第一段 第二 段');
  });
});

describe('richTextMemo', () => {
  it('sanitises a value an owner sends again only once, and gives the sanitised value each time', () => {
    const sent: string[] = [];
    const sanitized = richTextMemo({ sanitize: (html) => (sent.push(html), sanitizeRichText(html)) });
    const html = '<p>方案<script>alert(1)</script></p>';
    expect(sanitized(1, html)).toBe('<p>方案</p>');
    expect(sanitized(1, html)).toBe('<p>方案</p>');
    expect(sent).toEqual([html]);
    // Another value of the same owner is sanitised afresh.
    expect(sanitized(1, '<p>修改后<img src="x" onerror="alert(1)"></p>')).toBe('<p>修改后</p>');
    expect(sent).toHaveLength(2);
  });

  it('keeps results per owner: the same value from another owner is sanitised again', () => {
    let runs = 0;
    const sanitized = richTextMemo({ sanitize: (html) => (runs++, html.toUpperCase()) });
    sanitized(1, '<p>a</p>');
    sanitized(2, '<p>a</p>');
    sanitized(1, '<p>a</p>');
    expect(runs).toBe(2);
  });

  it('keeps at most maxChars characters, the least recently used going first', () => {
    let runs = 0;
    // Each entry is its key (owner, newline, value: 12 characters) and its result (10).
    const sanitized = richTextMemo({ maxChars: 50, sanitize: (html) => (runs++, html) });
    const value = (n: number) => `<p>${String(n).padStart(3, '0')}</p>`;
    sanitized(1, value(1));
    sanitized(1, value(2));
    sanitized(1, value(1)); // value 2 is now the least recently used
    sanitized(1, value(3)); // 66 characters would be over: value 2 goes
    expect(runs).toBe(3);
    sanitized(1, value(1));
    sanitized(1, value(3));
    expect(runs).toBe(3);
    sanitized(1, value(2));
    expect(runs).toBe(4);
  });
});
