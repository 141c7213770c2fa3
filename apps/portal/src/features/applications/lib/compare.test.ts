import type { FormField } from '@flagship/api-client';
import { describe, expect, it } from 'vitest';
import { defaultSide, differences, merge, normalizeHtml, snapshot } from './compare';

const fields: FormField[] = [
  { key: 'basic', kind: 'section', label: '基本信息' },
  { key: 'name', kind: 'text', label: '项目名称' },
  { key: 'plan', kind: 'richText', label: '创作方案' },
  { key: 'team', kind: 'table', label: '主创团队', columns: [{ key: 'name', kind: 'text', label: '姓名' }, { key: 'role', kind: 'text', label: '职务' }] },
  { key: 'count', kind: 'number', label: '场次' },
] as FormField[];

describe('snapshot', () => {
  it('reads the editor rewriting loaded rich text as no change', () => {
    const loaded = { name: 'a', plan: '<p>创作背景。</p><p>第二段 <strong>加粗</strong>&nbsp;x</p>' };
    const rewritten = { name: 'a', plan: '<p>创作背景。</p>\n<p>第二段 <strong>加粗</strong>\u00a0x</p>' };
    expect(snapshot(fields, rewritten)).toBe(snapshot(fields, loaded));
    expect(normalizeHtml('<strong>a</strong> <em>b</em>')).toBe('<strong>a</strong> <em>b</em>');
  });

  it('ignores the order of keys and missing keys that hold their empty value', () => {
    const saved = { team: [{ role: '导演', name: '林书远' }], count: null };
    const shown = { name: '', plan: '', team: [{ name: '林书远', role: '导演' }], count: null };
    expect(snapshot(fields, shown)).toBe(snapshot(fields, saved));
  });

  it('sees a real change', () => {
    expect(snapshot(fields, { name: 'a' })).not.toBe(snapshot(fields, { name: 'b' }));
    expect(snapshot(fields, { plan: '<p>a</p>' })).not.toBe(snapshot(fields, { plan: '<p><strong>a</strong></p>' }));
  });
});

describe('differences between two saved copies', () => {
  const base = { name: '钱塘', plan: '<p>旧</p>', count: 20 };
  const mine = { name: '钱塘潮', plan: '<p>旧</p>', count: 21 };
  const theirs = { name: '钱塘', plan: '<p>新</p>', count: 22 };

  it('lists each differing field once, saying which side changed it', () => {
    const found = differences(fields, base, mine, theirs);
    expect(found.map((d) => [d.field.key, d.mine, d.theirs, d.changedHere])).toEqual([
      ['name', '钱塘潮', '钱塘', true],
      ['plan', '<p>旧</p>', '<p>新</p>', false],
      ['count', 21, 22, true],
    ]);
    expect(found.map(defaultSide)).toEqual(['mine', 'theirs', 'mine']);
  });

  it('keeps what is chosen per field', () => {
    expect(merge(fields, mine, mine, theirs, { name: 'mine', plan: 'theirs', count: 'theirs' })).toMatchObject({ name: '钱塘潮', plan: '<p>新</p>', count: 22 });
  });

  it('keeps this page’s value of a field edited after the differences were found', () => {
    const detected = { ...mine };
    // While the chooser was open: `plan` (shown taking the other copy) and `team` (the same on both
    // sides then, so not shown at all) were edited here.
    const now = { ...mine, plan: '<p>旧，又改</p>', team: [{ name: '林书远', role: '导演' }] };
    const merged = merge(fields, detected, now, { ...theirs, team: [] }, { name: 'theirs', plan: 'theirs', count: 'theirs' });
    expect(merged).toMatchObject({ name: '钱塘', plan: '<p>旧，又改</p>', team: [{ name: '林书远', role: '导演' }], count: 22 });
  });

  it('finds nothing when the copies hold the same content', () => {
    expect(differences(fields, base, mine, { ...mine, plan: '<p>旧</p>\n' })).toEqual([]);
  });
});
