import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApplicationSchema, emptyValue, fieldValueToText, flattenIssues, formatTotal, tableTotals } from './builder';
import type { BuildOptions } from './builder';
import { FORM_FIELD_KINDS, formFieldsSchema } from './definition';
import type { FormField, FormFieldKind, FormFieldOf } from './definition';
import { applicationForm, creditCode, findUpload, goodData, idCard } from './fixtures';

const submit: BuildOptions = { mode: 'submit' };
const draft: BuildOptions = { mode: 'draft' };

/** Field errors (path → message) of parsing `data`; `{}` when it passes. */
function errors(fields: FormField[], data: unknown, options: BuildOptions = submit): Record<string, string> {
  const result = buildApplicationSchema(fields, options).safeParse(data);
  return result.success ? {} : flattenIssues(result.error);
}

function parse(fields: FormField[], data: unknown, options: BuildOptions = submit) {
  return buildApplicationSchema(fields, options).parse(data);
}

const options = [
  { label: '戏剧', value: 'drama' },
  { label: '音乐', value: 'music' },
  { label: '舞蹈', value: 'dance' },
];

interface KindCase {
  field: FormField;
  /** Pass in both modes. */
  good: unknown[];
  /** The right shape but breaking a rule: saved as a draft, refused on submit with this message. */
  bad: [value: unknown, message: string][];
  /** Not even the right shape: refused in both modes with 「label」格式不正确. */
  wrongShape: unknown[];
  /** Other values that count as not filled in, besides undefined, null and ''. */
  empties?: unknown[];
}

const validId = idCard('44030419851201123');
const validCode = creditCode('91440300MA5FXYW12');

const cases: Record<Exclude<FormFieldKind, 'section'>, KindCase> = {
  text: {
    field: { key: 'title', kind: 'text', label: '项目名称', minLength: 2, maxLength: 5 },
    good: ['春江', '春江花月夜', '𠀀𠀀'],
    bad: [
      ['春', '「项目名称」不能少于 2 个字'],
      ['春江花月夜啊', '「项目名称」不能超过 5 个字'],
    ],
    wrongShape: [12, true, ['春江'], { text: '春江' }],
    empties: ['   '],
  },
  textarea: {
    field: { key: 'summary', kind: 'textarea', label: '项目简介', maxLength: 10 },
    good: ['一行\n两行', '一二三四五六七八九十'],
    bad: [['一二三四五六七八九十一', '「项目简介」不能超过 10 个字']],
    wrongShape: [3.5, ['x']],
  },
  number: {
    field: { key: 'count', kind: 'number', label: '演出场次', min: 1, max: 100, integer: true },
    good: [1, 50, 100],
    bad: [
      [0, '「演出场次」不能小于 1'],
      [101, '「演出场次」不能大于 100'],
      [2.5, '「演出场次」应为整数'],
    ],
    wrongShape: ['12', Number.NaN, Number.POSITIVE_INFINITY, true, [1]],
  },
  money: {
    field: { key: 'amount', kind: 'money', label: '申请金额', min: 0, max: 500000 },
    good: [0, 0.01, 12.3, 0.1 + 0.2, 500000],
    bad: [
      [1.234, '「申请金额」最多保留两位小数'],
      [-1, '「申请金额」不能小于 0 元'],
      [500000.01, '「申请金额」不能大于 500000 元'],
    ],
    wrongShape: ['100.00', Number.NaN],
  },
  date: {
    field: { key: 'premiere', kind: 'date', label: '首演日期', min: '2024-01-01', max: '2030-12-31' },
    good: ['2024-01-01', '2028-02-29', '2030-12-31'],
    bad: [
      ['2023-12-31', '「首演日期」不能早于 2024-01-01'],
      ['2031-01-01', '「首演日期」不能晚于 2030-12-31'],
      ['2025-02-29', '「首演日期」不是有效的日期'],
      ['2025/01/01', '「首演日期」不是有效的日期'],
      ['2025-0', '「首演日期」不是有效的日期'],
    ],
    wrongShape: [20250101, ['2025-01-01']],
  },
  dateRange: {
    field: { key: 'period', kind: 'dateRange', label: '实施周期', min: '2024-01-01', max: '2030-12-31' },
    good: [
      ['2024-03-01', '2024-06-30'],
      ['2025-01-01', '2025-01-01'],
    ],
    bad: [
      [['2024-06-30', '2024-03-01'], '「实施周期」的开始日期不能晚于结束日期'],
      [['2024-03-01', ''], '「实施周期」需要填写开始和结束日期'],
      [[null, '2024-03-01'], '「实施周期」需要填写开始和结束日期'],
      [['2024-03-01'], '「实施周期」需要填写开始和结束日期'],
      [['2023-12-01', '2024-03-01'], '「实施周期」不能早于 2024-01-01'],
      [['2030-12-01', '2031-01-01'], '「实施周期」不能晚于 2030-12-31'],
      [['2024-13-01', '2024-12-01'], '「实施周期」不是有效的日期'],
    ],
    wrongShape: ['2024-03-01', [20240301, 20240630], ['2024-01-01', '2024-02-01', '2024-03-01']],
    empties: [[], ['', ''], [null, null]],
  },
  select: {
    field: { key: 'genre', kind: 'select', label: '艺术门类', options },
    good: ['drama', 'dance'],
    bad: [
      ['opera', '「艺术门类」的选项无效'],
      ['戏剧', '「艺术门类」的选项无效'],
    ],
    wrongShape: [1, ['drama']],
  },
  multiSelect: {
    field: { key: 'genres', kind: 'multiSelect', label: '涉及门类', options, maxItems: 2 },
    good: [['drama'], ['drama', 'music']],
    bad: [
      [['drama', 'music', 'dance'], '「涉及门类」最多选择 2 项'],
      [['opera'], '「涉及门类」包含无效的选项'],
      [['drama', 'drama'], '「涉及门类」包含重复的选项'],
    ],
    wrongShape: ['drama', [1, 2]],
    empties: [[]],
  },
  radio: {
    field: { key: 'applicantType', kind: 'radio', label: '申报主体', options },
    good: ['music'],
    bad: [['person', '「申报主体」的选项无效']],
    wrongShape: [false],
  },
  checkbox: {
    field: { key: 'channels', kind: 'checkbox', label: '宣传渠道', options, minItems: 2 },
    good: [
      ['drama', 'music'],
      ['drama', 'music', 'dance'],
    ],
    bad: [
      [['drama'], '「宣传渠道」至少选择 2 项'],
      [['drama', 'tv'], '「宣传渠道」包含无效的选项'],
    ],
    wrongShape: ['drama,music', [true]],
    empties: [[]],
  },
  region: {
    field: { key: 'region', kind: 'region', label: '所在地区' },
    good: [110101, 1],
    bad: [],
    wrongShape: ['110101', 0, -5, 1.5, [110101]],
  },
  mobile: {
    field: { key: 'phone', kind: 'mobile', label: '联系电话' },
    good: ['13800138000', '19912345678'],
    bad: [
      ['12345678901', '「联系电话」不是有效的手机号码'],
      ['1380013800', '「联系电话」不是有效的手机号码'],
      ['010-12345678', '「联系电话」不是有效的手机号码'],
    ],
    wrongShape: [13800138000],
  },
  email: {
    field: { key: 'email', kind: 'email', label: '电子邮箱' },
    good: ['a@example.com'],
    bad: [
      ['a@', '「电子邮箱」不是有效的电子邮箱地址'],
      ['zhang san@example.com', '「电子邮箱」不是有效的电子邮箱地址'],
    ],
    wrongShape: [{ email: 'a@example.com' }],
  },
  idCard: {
    field: { key: 'idNumber', kind: 'idCard', label: '身份证号码' },
    good: [validId, '11010519491231002X', '11010519491231002x'],
    bad: [
      [`${validId.slice(0, 17)}${validId.endsWith('0') ? '1' : '0'}`, '「身份证号码」不是有效的身份证号码'],
      ['110105194912310', '「身份证号码」不是有效的身份证号码'],
    ],
    wrongShape: [11010519491231],
  },
  creditCode: {
    field: { key: 'creditCode', kind: 'creditCode', label: '统一社会信用代码' },
    good: [validCode, '91110108551385082Q', '91110108551385082q'],
    bad: [
      ['91110108551385082A', '「统一社会信用代码」不是有效的统一社会信用代码'],
      ['9111010855138508', '「统一社会信用代码」不是有效的统一社会信用代码'],
    ],
    wrongShape: [91110108551385],
  },
  richText: {
    field: { key: 'plan', kind: 'richText', label: '实施方案', maxLength: 10 },
    good: ['<p>一二三四五</p><p><strong>六七八九十</strong></p>', '<p>A&amp;B&nbsp;C</p>', '<p><img src="/a.png"></p>'],
    bad: [['<p>一二三四五六七八九十一</p>', '「实施方案」不能超过 10 个字']],
    wrongShape: [42],
    empties: ['<p></p>', '<p>&nbsp;</p>', '<p><br></p>'],
  },
  file: {
    field: { key: 'proposal', kind: 'file', label: '申报书', accept: ['.pdf'] },
    good: [1, 4],
    bad: [],
    wrongShape: ['1', 0, 1.5, [1]],
  },
  files: {
    field: { key: 'attachments', kind: 'files', label: '证明材料', minItems: 2, maxItems: 3 },
    good: [
      [1, 2],
      [1, 2, 3],
    ],
    bad: [
      [[1], '「证明材料」至少上传 2 个文件'],
      [[1, 2, 3, 4], '「证明材料」最多上传 3 个文件'],
      [[1, 1], '「证明材料」包含重复的文件'],
    ],
    wrongShape: [1, ['1', '2'], [1, 0]],
    empties: [[]],
  },
  image: {
    field: { key: 'poster', kind: 'image', label: '宣传海报' },
    good: [3],
    bad: [],
    wrongShape: ['poster.png', -1],
  },
  table: {
    field: {
      key: 'team',
      kind: 'table',
      label: '主创团队',
      maxRows: 2,
      columns: [{ key: 'name', kind: 'text', label: '姓名' }],
    },
    good: [[{ name: '张三' }], [{ name: '张三' }, {}]],
    bad: [[[{ name: '甲' }, { name: '乙' }, { name: '丙' }], '「主创团队」最多填写 2 行']],
    wrongShape: ['张三', { name: '张三' }],
    empties: [[]],
  },
};

describe('every kind', () => {
  it('has a case for every kind that holds a value', () => {
    expect(Object.keys(cases).sort()).toEqual(FORM_FIELD_KINDS.filter((k) => k !== 'section').sort());
  });

  describe.each(Object.entries(cases))('%s', (_kind, { field, good, bad, wrongShape, empties = [] }) => {
    const key = field.key;
    const required = { ...field, required: true } as FormField;

    it('accepts good values in both modes, unchanged', () => {
      for (const value of good) {
        expect(parse([field], { [key]: value }, submit)).toEqual({ [key]: value });
        expect(parse([field], { [key]: value }, draft)).toEqual({ [key]: value });
        expect(parse([required], { [key]: value }, submit)).toEqual({ [key]: value });
      }
    });

    it('refuses values that break a rule on submit, naming the field', () => {
      for (const [value, message] of bad) {
        expect(errors([field], { [key]: value }, submit)).toEqual({ [key]: message });
      }
    });

    it('saves values that break a rule as a draft, as typed', () => {
      for (const [value] of bad) {
        expect(parse([field], { [key]: value }, draft)).toEqual({ [key]: value });
      }
    });

    it('refuses values of the wrong shape in both modes', () => {
      const message = `「${field.label}」格式不正确`;
      for (const value of wrongShape) {
        expect(errors([field], { [key]: value }, submit)).toEqual({ [key]: message });
        expect(errors([field], { [key]: value }, draft)).toEqual({ [key]: message });
      }
    });

    it('requires a value on submit when required; empty values count as missing', () => {
      const message = `「${field.label}」为必填项`;
      expect(errors([required], {}, submit)).toEqual({ [key]: message });
      for (const value of [undefined, null, '', ...empties]) {
        expect(errors([required], { [key]: value }, submit)).toEqual({ [key]: message });
        expect(errors([required], { [key]: value }, draft)).toEqual({});
        expect(errors([field], { [key]: value }, submit)).toEqual({});
      }
      expect(errors([required], {}, draft)).toEqual({});
    });

    it('starts with an empty value that a draft accepts and a submit treats as missing', () => {
      const value = emptyValue(field);
      expect(errors([required], { [key]: value }, draft)).toEqual({});
      expect(errors([required], { [key]: value }, submit)).toEqual({ [key]: `「${field.label}」为必填项` });
    });
  });
});

describe('text patterns', () => {
  const postcode: FormField = { key: 'postcode', kind: 'text', label: '邮政编码', pattern: '\\d{6}', patternMessage: '应为 6 位数字' };

  it('matches the whole value, like the HTML pattern attribute', () => {
    expect(errors([postcode], { postcode: '310000' })).toEqual({});
    expect(errors([postcode], { postcode: '31000' })).toEqual({ postcode: '「邮政编码」应为 6 位数字' });
    expect(errors([postcode], { postcode: '3100001' })).toEqual({ postcode: '「邮政编码」应为 6 位数字' });
    expect(errors([postcode], { postcode: 'a310000' })).toEqual({ postcode: '「邮政编码」应为 6 位数字' });
  });

  it('falls back to a generic message and still saves drafts', () => {
    const code: FormField = { key: 'code', kind: 'text', label: '项目编号', pattern: '^[A-Z]{2}-\\d+$' };
    expect(errors([code], { code: 'AB-12' })).toEqual({});
    expect(errors([code], { code: 'ab-12' })).toEqual({ code: '「项目编号」格式不正确' });
    expect(parse([code], { code: 'A' }, draft)).toEqual({ code: 'A' });
  });

  it('checks length before the pattern', () => {
    const field: FormField = { ...postcode, maxLength: 6 };
    expect(errors([field], { postcode: '12345678' })).toEqual({ postcode: '「邮政编码」不能超过 6 个字' });
  });
});

describe('tables', () => {
  const team: FormField = {
    key: 'team',
    kind: 'table',
    label: '主创团队',
    required: true,
    minRows: 2,
    maxRows: 4,
    columns: [
      { key: 'name', kind: 'text', label: '姓名', required: true, maxLength: 10 },
      { key: 'role', kind: 'select', label: '职务', options: [{ label: '导演', value: 'director' }] },
      { key: 'phone', kind: 'mobile', label: '联系电话' },
      { key: 'fee', kind: 'money', label: '劳务费', max: 10000 },
      { key: 'idNumber', kind: 'idCard', label: '身份证号' },
    ],
  };

  it('checks every cell with its column rules, naming the row and column', () => {
    const data = {
      team: [
        { name: '张三', role: 'director', phone: '13800138000', fee: 8000, idNumber: validId },
        { name: '', phone: '123', fee: 12000.5 },
        { name: '王五', role: 'actor', idNumber: '123456789012345678' },
      ],
    };
    expect(errors([team], data)).toEqual({
      'team.1.name': '「主创团队」第 2 行「姓名」为必填项',
      'team.1.phone': '「主创团队」第 2 行「联系电话」不是有效的手机号码',
      'team.1.fee': '「主创团队」第 2 行「劳务费」不能大于 10000 元',
      'team.2.role': '「主创团队」第 3 行「职务」的选项无效',
      'team.2.idNumber': '「主创团队」第 3 行「身份证号」不是有效的身份证号码',
    });
  });

  it('puts the row index and column key in the issue path', () => {
    const result = buildApplicationSchema([team], submit).safeParse({ team: [{ name: '张三' }, { name: '' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([['team', 1, 'name']]);
  });

  it('counts rows', () => {
    expect(errors([team], { team: [{ name: '甲' }] })).toEqual({ team: '「主创团队」至少填写 2 行' });
    const rows = ['甲', '乙', '丙', '丁', '戊'].map((name) => ({ name }));
    expect(errors([team], { team: rows })).toEqual({ team: '「主创团队」最多填写 4 行' });
    expect(errors([team], { team: [] })).toEqual({ team: '「主创团队」为必填项' });
  });

  it('refuses rows that are not objects in both modes', () => {
    for (const options of [submit, draft]) {
      expect(errors([team], { team: [{ name: '甲' }, 'row', null] }, options)).toEqual({
        'team.1': '「主创团队」第 2 行格式不正确',
        'team.2': '「主创团队」第 3 行格式不正确',
      });
    }
  });

  it('saves half-filled rows as a draft but checks the shape of each cell', () => {
    const data = { team: [{ name: '', phone: '138' }, { fee: 1.234 }] };
    expect(parse([team], data, draft)).toEqual(data);
    expect(errors([team], { team: [{ name: 5, fee: '100' }] }, draft)).toEqual({
      'team.0.name': '「主创团队」第 1 行「姓名」格式不正确',
      'team.0.fee': '「主创团队」第 1 行「劳务费」格式不正确',
    });
  });

  it('drops cells that are not columns, in both modes', () => {
    const data = { team: [{ name: '张三', secret: 'x' }, { name: '李四', role: 'director', __proto__x: 1 }] };
    const expected = { team: [{ name: '张三' }, { name: '李四', role: 'director' }] };
    expect(parse([team], data, submit)).toEqual(expected);
    expect(parse([team], data, draft)).toEqual(expected);
  });
});

describe('uploads', () => {
  const MB = 1024 * 1024;
  const fields: FormField[] = [
    { key: 'proposal', kind: 'file', label: '申报书', accept: ['.pdf', '.docx'], maxSize: 10 * MB },
    { key: 'scan', kind: 'file', label: '扫描件', accept: ['application/pdf', 'image/*'] },
    { key: 'photos', kind: 'files', label: '剧照', accept: ['image/*'], maxSize: 5 * MB },
    { key: 'poster', kind: 'image', label: '宣传海报', maxSize: 2 * MB },
  ];
  const withFiles: BuildOptions = { mode: 'submit', files: findUpload };

  it('accepts uploads that exist and match type and size', () => {
    const data = { proposal: 6, scan: 2, photos: [2, 3], poster: 3 };
    expect(errors(fields, data, withFiles)).toEqual({});
    expect(errors(fields, { proposal: 1, scan: 1 }, withFiles)).toEqual({});
  });

  it('refuses missing uploads, wrong types and oversized files', () => {
    expect(errors(fields, { proposal: 99, scan: 4, photos: [3, 1, 98], poster: 1 }, withFiles)).toEqual({
      proposal: '「申报书」的文件不存在或已被删除',
      scan: '「扫描件」的文件「setup.exe」格式不符，仅支持 application/pdf、image/*',
      'photos.1': '「剧照」的文件「申报书.pdf」格式不符，仅支持 image/*',
      'photos.2': '「剧照」的文件不存在或已被删除',
      poster: '「宣传海报」只能上传图片，「申报书.pdf」不是图片',
    });
    expect(errors(fields, { proposal: 5, poster: 2 }, withFiles)).toEqual({
      proposal: '「申报书」的文件「超大文件.pdf」不能超过 10 MB',
      poster: '「宣传海报」的文件「获奖证书.jpg」不能超过 2 MB',
    });
    expect(errors(fields, { proposal: 2 }, withFiles)).toEqual({
      proposal: '「申报书」的文件「获奖证书.jpg」格式不符，仅支持 .pdf、.docx',
    });
  });

  it('checks only the ids without a lookup', () => {
    expect(errors(fields, { proposal: 99, scan: 4, photos: [1, 98], poster: 1 }, submit)).toEqual({});
    expect(errors(fields, { proposal: 'a.pdf' }, submit)).toEqual({ proposal: '「申报书」格式不正确' });
  });

  it('checks only the ids in a draft, even with a lookup', () => {
    expect(errors(fields, { proposal: 99, poster: 1 }, { mode: 'draft', files: findUpload })).toEqual({});
  });
});

describe('unknown keys and sections', () => {
  const fields: FormField[] = [
    { key: 'intro', kind: 'section', label: '基本信息' },
    { key: 'name', kind: 'text', label: '姓名', required: true },
  ];

  it('strips keys that are not value fields, in both modes', () => {
    const data = { name: '张三', intro: '标题', isAdmin: true, status: 'approved' };
    expect(parse(fields, data, submit)).toEqual({ name: '张三' });
    expect(parse(fields, data, draft)).toEqual({ name: '张三' });
  });

  it('gives sections no value', () => {
    expect(emptyValue(fields[0] as FormField)).toBeUndefined();
    expect(fieldValueToText(fields[0] as FormField, 'x')).toBe('');
  });
});

describe('a realistic form', () => {
  const fieldKeys = applicationForm.filter((f) => f.kind !== 'section').map((f) => f.key);

  it('passes with good data, keeping every value', () => {
    const options: BuildOptions = { mode: 'submit', files: findUpload };
    expect(parse(applicationForm, goodData, options)).toEqual(goodData);
    expect(parse(applicationForm, goodData, draft)).toEqual(goodData);
  });

  it('saves the empty form as a draft and reports every required field on submit', () => {
    const empty = Object.fromEntries(applicationForm.map((f) => [f.key, emptyValue(f)]));
    expect(errors(applicationForm, empty, draft)).toEqual({});
    const required = applicationForm.filter((f) => f.kind !== 'section' && f.required);
    expect(errors(applicationForm, empty)).toEqual(Object.fromEntries(required.map((f) => [f.key, `「${f.label}」为必填项`])));
  });

  it('reports every failing field with bad data, each message naming its label', () => {
    const bad = {
      projectName: '名'.repeat(51),
      postcode: '31000',
      summary: '太短',
      performances: 0.5,
      amount: 100.001,
      premiere: '2024-12-31',
      period: ['2026-01-01', '2025-01-01'],
      genre: 'opera',
      venues: ['theatre', 'hall', 'square'],
      applicantType: 'group',
      channels: ['tv'],
      region: 'Hangzhou',
      phone: '1380013800',
      email: 'contact@',
      idNumber: '330106198001011230',
      creditCode: '91330100MA2ABCDE10',
      plan: `<p>${'字'.repeat(5001)}</p>`,
      proposal: 4,
      attachments: [1, 4, 5],
      poster: 1,
      team: [{ name: '', role: 'director', phone: '12' }],
    };
    const result = buildApplicationSchema(applicationForm, { mode: 'submit', files: findUpload }).safeParse(bad);
    expect(result.success).toBe(false);
    const found = flattenIssues(result.error as z.ZodError);
    expect(new Set(Object.keys(found).map((path) => path.split('.')[0]))).toEqual(new Set(fieldKeys));
    expect(found).toMatchObject({
      projectName: '「项目名称」不能超过 50 个字',
      postcode: '「邮政编码」应为 6 位数字',
      summary: '「项目简介」不能少于 10 个字',
      performances: '「演出场次」应为整数',
      amount: '「申请资助金额」最多保留两位小数',
      premiere: '「首演日期」不能早于 2025-01-01',
      period: '「实施周期」的开始日期不能晚于结束日期',
      region: '「所在地区」格式不正确',
      phone: '「联系电话」不是有效的手机号码',
      'attachments.1': '「证明材料」的文件「setup.exe」格式不符，仅支持 .pdf、image/*',
      'attachments.2': '「证明材料」的文件「超大文件.pdf」不能超过 20 MB',
      'team.0.name': '「主创团队」第 1 行「姓名」为必填项',
      'team.0.phone': '「主创团队」第 1 行「联系电话」不是有效的手机号码',
    });
    for (const field of applicationForm) {
      const message = Object.entries(found).find(([path]) => path.split('.')[0] === field.key)?.[1];
      if (field.kind !== 'section') expect(message).toContain(`「${field.label}」`);
    }
  });

  it('validates one field through the shape, for checking while typing', () => {
    const schema = buildApplicationSchema(applicationForm, submit);
    const phone = schema.shape.phone?.safeParse('123');
    expect(phone?.error?.issues[0]?.message).toBe('「联系电话」不是有效的手机号码');
    expect(phone?.error?.issues[0]?.path).toEqual([]);
    expect(schema.shape.phone?.safeParse('13800138000').success).toBe(true);
  });
});

describe('flattenIssues', () => {
  it('keeps the first message per dotted path', () => {
    const schema = buildApplicationSchema(
      [{ key: 'files', kind: 'files', label: '附件', minItems: 3 }],
      { mode: 'submit', files: () => undefined },
    );
    const result = schema.safeParse({ files: [1, 1] });
    expect(result.success).toBe(false);
    expect(flattenIssues(result.error as z.ZodError)).toEqual({
      files: '「附件」至少上传 3 个文件',
      'files.0': '「附件」的文件不存在或已被删除',
      'files.1': '「附件」的文件不存在或已被删除',
    });
  });

  it('uses an empty path for issues on the whole object', () => {
    const result = buildApplicationSchema([], submit).safeParse('not an object');
    expect(flattenIssues(result.error as z.ZodError)).toEqual({ '': '申报数据格式不正确' });
  });
});

describe('emptyValue', () => {
  it('gives each kind an empty value of its shape', () => {
    const byKind = Object.fromEntries(applicationForm.map((f) => [f.kind, emptyValue(f)]));
    expect(byKind).toEqual({
      section: undefined,
      text: '',
      textarea: '',
      number: null,
      money: null,
      date: '',
      dateRange: ['', ''],
      select: '',
      multiSelect: [],
      radio: '',
      checkbox: [],
      region: null,
      mobile: '',
      email: '',
      idCard: '',
      creditCode: '',
      richText: '',
      file: null,
      files: [],
      image: null,
      table: [],
    });
  });
});

describe('fieldValueToText', () => {
  const field = (key: string) => applicationForm.find((f) => f.key === key) as FormField;
  const lookups = {
    region: (id: number) => (id === 330106 ? '浙江省杭州市西湖区' : undefined),
    file: (id: number) => findUpload(id)?.name,
  };

  it('renders values as readable Chinese text', () => {
    expect(fieldValueToText(field('projectName'), '春江花月夜')).toBe('春江花月夜');
    expect(fieldValueToText(field('performances'), 20)).toBe('20');
    expect(fieldValueToText(field('amount'), 1234567.5)).toBe('1,234,567.50 元');
    expect(fieldValueToText(field('amount'), 0)).toBe('0.00 元');
    expect(fieldValueToText(field('premiere'), '2025-10-01')).toBe('2025-10-01');
    expect(fieldValueToText(field('period'), ['2025-03-01', '2026-06-30'])).toBe('2025-03-01 至 2026-06-30');
    expect(fieldValueToText(field('genre'), 'dance')).toBe('舞蹈');
    expect(fieldValueToText(field('venues'), ['theatre', 'square'])).toBe('大剧院、户外广场');
    expect(fieldValueToText(field('applicantType'), 'company')).toBe('单位');
    expect(fieldValueToText(field('channels'), ['paper', 'web'])).toBe('报纸、网络');
    expect(fieldValueToText(field('region'), 330106, lookups)).toBe('浙江省杭州市西湖区');
    expect(fieldValueToText(field('proposal'), 1, lookups)).toBe('申报书.pdf');
    expect(fieldValueToText(field('attachments'), [1, 2], lookups)).toBe('申报书.pdf、获奖证书.jpg');
    expect(fieldValueToText(field('poster'), 3, lookups)).toBe('海报.png');
    expect(fieldValueToText(field('plan'), '<h2>总体安排</h2><p>分三步&hellip;</p><p>A&amp;B&nbsp;C<br>第二行</p>')).toBe(
      '总体安排\n分三步…\nA&B C\n第二行',
    );
  });

  it('renders table rows with column labels', () => {
    const text = fieldValueToText(field('team'), goodData.team, lookups);
    expect(text.split('\n')).toEqual([
      '第 1 行：姓名：张三；职务：导演；简介：国家一级导演；年龄：45；劳务费：50,000.00 元；加入日期：2024-05-01；联系电话：13900139000；电子邮箱：—；身份证号：—',
      `第 2 行：姓名：李四；职务：编剧；简介：—；年龄：—；劳务费：—；加入日期：—；联系电话：—；电子邮箱：lisi@example.com；身份证号：${goodData.team[1]?.idNumber}`,
    ]);
  });

  it('falls back without lookups and for unknown values', () => {
    expect(fieldValueToText(field('region'), 330106)).toBe('330106');
    expect(fieldValueToText(field('proposal'), 7)).toBe('文件 7');
    expect(fieldValueToText(field('genre'), 'opera')).toBe('opera');
    expect(fieldValueToText(field('projectName'), true)).toBe('是');
    expect(fieldValueToText(field('projectName'), false)).toBe('否');
  });

  it('renders empty values as empty text', () => {
    for (const f of applicationForm) {
      expect(fieldValueToText(f, emptyValue(f))).toBe('');
      expect(fieldValueToText(f, undefined)).toBe('');
    }
  });
});

describe('table totals and their rules', () => {
  const budget: FormField[] = [
    { kind: 'money', key: 'amount', label: '申请资助金额', required: true },
    {
      kind: 'table',
      key: 'budget',
      label: '预算明细',
      columns: [
        { kind: 'text', key: 'item', label: '支出项目' },
        { kind: 'money', key: 'cost', label: '金额' },
        { kind: 'number', key: 'days', label: '天数' },
      ],
      totals: [{ column: 'cost', rule: { op: 'eq', field: 'amount' } }, { column: 'days' }],
    },
  ];
  const table = budget[1] as FormFieldOf<'table'>;
  const rows = [
    { item: '场租', cost: 0.1, days: 1.5 },
    { item: '道具', cost: 0.2, days: 2 },
  ];

  it('adds large numbers with their decimals exactly, without float noise', () => {
    const totals = tableTotals(table, [
      { item: '甲', cost: 1_234_567.1, days: 793_108.511 },
      { item: '乙', cost: 0.02, days: 119.981 },
    ]);
    expect(totals.map((t) => t.total)).toEqual([1_234_567.12, 793_228.492]);
    expect(formatTotal(totals[1]!)).toBe('793228.492');
  });

  it('adds up each totalled column, counting empty cells and empty rows as 0, in cents', () => {
    const totals = tableTotals(table, [...rows, { item: '', cost: null, days: null }, {}]);
    expect(totals.map((t) => [t.column.key, t.total])).toEqual([
      ['cost', 0.3],
      ['days', 3.5],
    ]);
    expect(tableTotals(table, []).map((t) => t.total)).toEqual([0, 0]);
    expect(tableTotals(table, undefined).map((t) => t.total)).toEqual([0, 0]);
  });

  it('formats money totals with separators and two decimals, numbers as they are', () => {
    const [cost, days] = tableTotals(table, [{ cost: 1234567.5, days: 3 }, { cost: 0.1 }]);
    expect(formatTotal(cost!)).toBe('1,234,567.60 元');
    expect(formatTotal(days!)).toBe('3');
  });

  it('passes when the total equals the field', () => {
    expect(errors(budget, { amount: 0.3, budget: rows })).toEqual({});
  });

  it('refuses on submit when it does not, naming both fields, and saves the draft', () => {
    expect(errors(budget, { amount: 50000, budget: rows })).toEqual({
      budget: '「预算明细」的「金额」合计（0.30 元）应等于「申请资助金额」（50,000.00 元）',
    });
    expect(errors(budget, { amount: 50000, budget: rows }, draft)).toEqual({});
  });

  it('compares an empty table as 0 and leaves an empty target to its own rule', () => {
    expect(errors(budget, { amount: 10, budget: [] })).toEqual({
      budget: '「预算明细」的「金额」合计（0.00 元）应等于「申请资助金额」（10.00 元）',
    });
    expect(errors(budget, { amount: null, budget: rows })).toEqual({ amount: '「申请资助金额」为必填项' });
  });

  it('checks «not more than» rules', () => {
    const lte = budget.map((f) => (f.kind === 'table' ? { ...f, totals: [{ column: 'cost', rule: { op: 'lte' as const, field: 'amount' } }] } : f));
    expect(errors(lte, { amount: 1, budget: rows })).toEqual({});
    expect(errors(lte, { amount: 0.29, budget: rows })).toEqual({
      budget: '「预算明细」的「金额」合计（0.30 元）应不大于「申请资助金额」（0.29 元）',
    });
  });

  it('shows the totals after the rows in text', () => {
    expect(fieldValueToText(table, rows)).toBe(
      '第 1 行：支出项目：场租；金额：0.10 元；天数：1.5\n第 2 行：支出项目：道具；金额：0.20 元；天数：2\n合计：金额 0.30 元；天数 3.5',
    );
  });

  it('refuses definitions whose totals name a column that is not numeric or a field that is not a number', () => {
    const bad = formFieldsSchema.safeParse([
      budget[0],
      { ...table, totals: [{ column: 'item' }, { column: 'cost', rule: { op: 'eq', field: 'budget' } }] },
    ]);
    expect(bad.success).toBe(false);
    expect(flattenIssues(bad.error!)).toEqual({
      '1.totals.0.column': '合计的列须是本表格的数字或金额列',
      '1.totals.1.rule.field': '合计要比较的字段须是本表单的数字或金额字段',
    });
    expect(formFieldsSchema.safeParse(budget).success).toBe(true);
  });
});
