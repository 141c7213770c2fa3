import { describe, expect, it } from 'vitest';
import { callAccounts, conflictOf, normaliseName, prepareApplication, prepareExpert } from './review-conflicts';

const expert = (over: Partial<Parameters<typeof prepareExpert>[0]> = {}) =>
  prepareExpert({ organisation: '省话剧院', declaredInterests: '', interestEnterpriseIds: [], account: 'expert@example.org', ...over });
const application = (names: string[], enterpriseIds: number[] = []) => prepareApplication({ names, enterpriseIds });
const none = new Set<string>();

describe('automatic conflicts of interest', () => {
  it('compares names trimmed, in any case and whitespace', () => {
    expect(normaliseName('  Hangzhou  Opera\tHouse ')).toBe('hangzhouoperahouse');
  });

  it("matches the expert's organisation against the applicant's enterprise, either containing the other", () => {
    expect(conflictOf(expert(), application(['浙江省话剧院有限公司']), none)).toMatch(/工作单位/);
    expect(conflictOf(expert({ organisation: '浙江省话剧院有限公司' }), application(['省话剧院']), none)).not.toBeNull();
    expect(conflictOf(expert(), application(['省越剧团']), none)).toBeNull();
  });

  it('matches each line of the declared interests, ignoring case and spaces', () => {
    const e = expert({ organisation: '', declaredInterests: '杭州 星光 文化\n  ACME Studio  ' });
    expect(conflictOf(e, application(['杭州星光文化传媒有限公司']), none)).not.toBeNull();
    expect(conflictOf(e, application(['acme studio']), none)).not.toBeNull();
    expect(conflictOf(e, application(['宁波歌舞团']), none)).toBeNull();
  });

  it('ignores names shorter than two characters, which would match everything', () => {
    const e = expert({ organisation: ' 省 ', declaredInterests: 'a\n\n  ' });
    expect(conflictOf(e, application(['浙江省艺术研究院', 'abc'], []), none)).toBeNull();
    expect(conflictOf(expert(), application(['院', ''], []), none)).toBeNull();
  });

  it("finds the applicant's enterprise among the expert's interest enterprises", () => {
    expect(conflictOf(expert({ organisation: '', interestEnterpriseIds: [7, 9] }), application([], [9]), none)).toMatch(/利益关联/);
    expect(conflictOf(expert({ organisation: '', interestEnterpriseIds: [7] }), application([], [9]), none)).toBeNull();
  });

  it("finds an expert whose account is the account, e-mail or mobile of an applicant to the same call", () => {
    const accounts = callAccounts([
      { account: '13900001111', email: 'Someone@Example.org', mobile: '' },
      { account: 'x@example.org', email: '', mobile: '13800002222' },
    ]);
    expect(accounts.has('')).toBe(false);
    for (const account of ['13900001111', 'someone@example.org', '13800002222']) {
      expect(conflictOf(expert({ organisation: '', account }), application([]), accounts)).toMatch(/申报人/);
    }
    expect(conflictOf(expert({ organisation: '', account: 'other@example.org' }), application([]), accounts)).toBeNull();
    expect(conflictOf(expert({ organisation: '', account: null }), application([]), accounts)).toBeNull();
  });
});
