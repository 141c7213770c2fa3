import { FORM_FIELD_KINDS, formFieldsSchema, TABLE_COLUMN_KINDS, type FormField } from '@flagship/api-client';
import { describe, expect, it } from 'vitest';
import { move } from '../../../lib/list';
import { changeKind, clean, errorsUnder, newColumn, newField, nextKey, splitServerErrors, validateFields } from './fields';

describe('form builder fields', () => {
  it('makes a valid new field of every kind, with keys that do not clash', () => {
    const fields: FormField[] = [];
    for (const kind of FORM_FIELD_KINDS) fields.push(newField(kind, fields.map((f) => f.key)));
    expect(formFieldsSchema.safeParse(fields.map(clean)).success).toBe(true);
    expect(new Set(fields.map((f) => f.key)).size).toBe(FORM_FIELD_KINDS.length);
    expect(validateFields(fields)).toEqual({});
  });

  it('makes a valid new column of every table column kind', () => {
    const table = newField('table', []);
    if (table.kind !== 'table') throw new Error('not a table');
    const columns = TABLE_COLUMN_KINDS.reduce((list, kind) => [...list, newColumn(kind, list.map((c) => c.key))], table.columns);
    expect(validateFields([{ ...table, columns }])).toEqual({});
  });

  it('changes a field kind keeping its key, label, help and options', () => {
    const select = { ...newField('select', []), label: '门类', help: '选一个', required: true } as FormField;
    const radio = changeKind(select, 'radio');
    expect(radio).toMatchObject({ kind: 'radio', key: select.key, label: '门类', help: '选一个', required: true });
    expect('options' in radio && radio.options).toEqual('options' in select && select.options);
    const text = changeKind(radio, 'text');
    expect(text).toEqual({ kind: 'text', key: select.key, label: '门类', help: '选一个', required: true });
    const section = changeKind(text, 'section');
    expect(section).not.toHaveProperty('required');
    expect(validateFields([section])).toEqual({});
  });

  it('reports the contract’s problems by path', () => {
    const errors = validateFields([
      { kind: 'text', key: 'name', label: '名称', minLength: 10, maxLength: 2 },
      { kind: 'select', key: 'kind', label: '', options: [] },
      { kind: 'text', key: '1bad', label: '坏', pattern: '(' },
    ]);
    expect(errors['0.maxLength']).toBe('最少字数不能大于最多字数');
    expect(errors['1.label']).toBe('字段名称不能为空');
    expect(errors['1.options']).toBe('至少需要一个选项');
    expect(errors['2.key']).toContain('字母开头');
    expect(errors['2.pattern']).toBe('不是有效的正则表达式');
    expect(errorsUnder(errors, '1')).toEqual({ label: '字段名称不能为空', options: '至少需要一个选项' });
    // Duplicate keys, once every field is valid on its own.
    expect(validateFields([newField('text', []), newField('number', [])])['1.key']).toBe('字段标识「field1」重复');
  });

  it('drops empty optional rules before validation and saving', () => {
    expect(clean({ kind: 'text', key: 'a', label: 'A', required: false, minLength: undefined, placeholder: '' })).toEqual({ kind: 'text', key: 'a', label: 'A' });
  });

  it('splits the server’s field errors between the form and its fields', () => {
    expect(splitServerErrors({ title: '请输入标题', 'fields.2.label': '字段名称不能为空', fields: '字段标识「a」重复' })).toEqual({
      form: { title: '请输入标题' },
      fields: { '2.label': '字段名称不能为空', '': '字段标识「a」重复' },
    });
  });

  it('moves and finds free keys', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(nextKey(['field1', 'field2'])).toBe('field3');
  });
});
