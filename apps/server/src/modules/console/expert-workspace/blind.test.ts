import { describe, expect, it } from 'vitest';
import { blindApplication, HIDDEN, isIdentityField, neutralFileName, redactor } from './blind';

describe('blind review', () => {
  it('takes contact kinds and fields about who applies for identity, not the project', () => {
    for (const field of [
      { key: 'phone', kind: 'mobile', label: '电话' },
      { key: 'x', kind: 'email', label: '邮件' },
      { key: 'y', kind: 'idCard', label: '证件' },
      { key: 'z', kind: 'creditCode', label: '代码' },
      { key: 'unit', kind: 'text', label: '申报单位' },
      { key: 'who', kind: 'text', label: '项目负责人' },
      { key: 'addr', kind: 'textarea', label: '通讯地址' },
      { key: 'applicantName', kind: 'text', label: '名' },
      { key: 'contact_person', kind: 'text', label: '人' },
      { key: 'name', kind: 'text', label: '姓名' },
    ]) {
      expect(isIdentityField(field), field.label).toBe(true);
    }
    for (const field of [
      { key: 'projectName', kind: 'text', label: '项目名称' },
      { key: 'plan', kind: 'richText', label: '实施方案' },
      { key: 'region', kind: 'region', label: '所在地区' },
      { key: 'amount', kind: 'money', label: '申请资助金额' },
    ]) {
      expect(isIdentityField(field), field.label).toBe(false);
    }
  });

  it('hides every occurrence, in any case and HTML-escaped, the longest term whole', () => {
    const redact = redactor(['A&B 剧团', 'Zhou@Example.org', '剧团', ' ', '周']);
    expect(redact('<p>A&amp;B 剧团与zhou@example.org、A&B 剧团</p>')).toBe(`<p>${HIDDEN}与${HIDDEN}、${HIDDEN}</p>`);
    // A one-character term would hide ordinary words: ignored.
    expect(redact('周末演出')).toBe('周末演出');
    expect(redactor([])('不变')).toBe('不变');
  });

  it('drops identity fields and table columns from the form and the answers', () => {
    const form = {
      id: 1,
      projectId: 1,
      title: '申报书',
      description: '',
      version: 1,
      fields: [
        { key: 'projectName', kind: 'text' as const, label: '项目名称' },
        { key: 'phone', kind: 'mobile' as const, label: '联系电话' },
        { key: 'team', kind: 'table' as const, label: '团队', columns: [{ key: 'name', kind: 'text' as const, label: '姓名' }, { key: 'role', kind: 'text' as const, label: '职务' }] },
        { key: 'contacts', kind: 'table' as const, label: '联系人', columns: [{ key: 'tel', kind: 'mobile' as const, label: '电话' }] },
      ],
    };
    const data = { projectName: '甲剧团新戏', phone: '13900001111', team: [{ name: '张三', role: '甲剧团导演' }], contacts: [{ tel: '1' }], leftover: '甲剧团' };
    const shown = blindApplication(form, data, redactor(['甲剧团']));
    expect(shown.form.fields.map((f) => f.key)).toEqual(['projectName', 'team']);
    expect(shown.data).toEqual({ projectName: `${HIDDEN}新戏`, team: [{ role: `${HIDDEN}导演` }] });
  });

  it('names files by their place, keeping a plain extension', () => {
    expect(neutralFileName(1, '张三的申报书.PDF')).toBe('附件1.pdf');
    expect(neutralFileName(2, '无扩展名')).toBe('附件2');
    expect(neutralFileName(3, '报告.张三')).toBe('附件3');
  });
});
