import { describe, expect, it } from 'vitest';
import {
  FORM_FIELD_KIND_LABELS,
  FORM_FIELD_KINDS,
  TABLE_COLUMN_KINDS,
  formFieldSchema,
  formFieldsSchema,
  tableColumnSchema,
} from './definition';
import { applicationForm } from './fixtures';

function firstIssue(input: unknown) {
  const result = formFieldsSchema.safeParse(input);
  if (result.success) throw new Error('expected the definition to be rejected');
  return result.error.issues[0];
}

describe('form definitions', () => {
  it('reads a form with every kind unchanged, also after a trip through JSON', () => {
    expect(new Set(applicationForm.map((f) => f.kind))).toEqual(new Set(FORM_FIELD_KINDS));
    expect(formFieldsSchema.parse(applicationForm)).toEqual(applicationForm);
    expect(formFieldsSchema.parse(JSON.parse(JSON.stringify(applicationForm)))).toEqual(applicationForm);
  });

  it('lists every kind once, with a Chinese label', () => {
    const schemaKinds = formFieldSchema.options.map((o) => o.shape.kind.value);
    expect([...FORM_FIELD_KINDS].sort()).toEqual([...schemaKinds].sort());
    expect(Object.keys(FORM_FIELD_KIND_LABELS).sort()).toEqual([...FORM_FIELD_KINDS].sort());
    expect(FORM_FIELD_KIND_LABELS.text).toBe('单行文本');
    const columnKinds = tableColumnSchema.options.map((o) => o.shape.kind.value);
    expect([...TABLE_COLUMN_KINDS].sort()).toEqual([...columnKinds].sort());
  });

  it('rejects duplicate keys with a Chinese message at the duplicate', () => {
    const issue = firstIssue([
      { key: 'name', kind: 'text', label: '姓名' },
      { key: 'name', kind: 'mobile', label: '电话' },
    ]);
    expect(issue?.message).toBe('字段标识「name」重复');
    expect(issue?.path).toEqual([1, 'key']);
  });

  it('rejects duplicate column keys of a table', () => {
    const issue = firstIssue([
      {
        key: 'team',
        kind: 'table',
        label: '团队',
        columns: [
          { key: 'name', kind: 'text', label: '姓名' },
          { key: 'name', kind: 'text', label: '名字' },
        ],
      },
    ]);
    expect(issue?.message).toBe('列标识「name」重复');
    expect(issue?.path).toEqual([0, 'columns', 1, 'key']);
  });

  it.each([
    ['a key starting with a digit', { key: '1name', kind: 'text', label: '姓名' }],
    ['a key with a dash', { key: 'first-name', kind: 'text', label: '姓名' }],
    ['a key over 64 characters', { key: `a${'b'.repeat(64)}`, kind: 'text', label: '姓名' }],
    ['a key that names an inherited member', { key: 'constructor', kind: 'text', label: '构造' }],
    ['an empty label', { key: 'name', kind: 'text', label: '' }],
    ['a label over 100 characters', { key: 'name', kind: 'text', label: '名'.repeat(101) }],
    ['an unknown kind', { key: 'name', kind: 'color', label: '颜色' }],
    ['a pattern that is not a regular expression', { key: 'code', kind: 'text', label: '编码', pattern: '([a-z' }],
    ['minLength above maxLength', { key: 'name', kind: 'text', label: '姓名', minLength: 10, maxLength: 5 }],
    ['a negative maxLength', { key: 'name', kind: 'textarea', label: '简介', maxLength: -1 }],
    ['min above max', { key: 'n', kind: 'number', label: '数量', min: 10, max: 1 }],
    ['a date bound that is not YYYY-MM-DD', { key: 'd', kind: 'date', label: '日期', min: '2024/01/01' }],
    ['a select without options', { key: 's', kind: 'select', label: '类别', options: [] }],
    [
      'duplicate option values',
      {
        key: 's',
        kind: 'radio',
        label: '类别',
        options: [
          { label: '甲', value: 'a' },
          { label: '乙', value: 'a' },
        ],
      },
    ],
    ['an empty option value', { key: 's', kind: 'select', label: '类别', options: [{ label: '甲', value: '' }] }],
    ['an accept entry that is neither extension nor MIME type', { key: 'f', kind: 'file', label: '附件', accept: ['pdf'] }],
    ['a zero maxSize', { key: 'f', kind: 'files', label: '附件', maxSize: 0 }],
    ['a table without columns', { key: 't', kind: 'table', label: '表格', columns: [] }],
    ['a file column in a table', { key: 't', kind: 'table', label: '表格', columns: [{ key: 'f', kind: 'file', label: '附件' }] }],
    ['a table inside a table', { key: 't', kind: 'table', label: '表格', columns: [{ key: 'u', kind: 'table', label: '子表', columns: [] }] }],
  ])('rejects %s', (_name, field) => {
    expect(formFieldsSchema.safeParse([field]).success).toBe(false);
  });

  it('accepts MIME types and wildcards in accept', () => {
    const field = { key: 'f', kind: 'files', label: '附件', accept: ['.pdf', '.docx', 'image/*', 'application/pdf'] };
    expect(formFieldsSchema.safeParse([field]).success).toBe(true);
  });

  it('explains problems in Chinese', () => {
    expect(firstIssue([{ key: 'n', kind: 'number', label: '数量', min: 10, max: 1 }])?.message).toBe('最小值不能大于最大值');
    expect(firstIssue([{ key: 's', kind: 'select', label: '类别', options: [] }])?.message).toBe('至少需要一个选项');
  });
});
