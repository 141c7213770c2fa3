import { describe, expect, it } from 'vitest';
import { CRITERIA, myReview } from './my-review.fixture';
import { bandOf, draftOf, keepTyped, missingBeforeSubmit, sameContent, saveBodyOf } from './review-draft';

describe('the review draft', () => {
  it('leaves empty scores out of a save, and the applicant comment where the round has none', () => {
    const draft = { ...draftOf(myReview({}, { scores: { artistry: 8 } })), commentToApplicant: '写给申报人' };
    expect(draft.scores).toEqual({ artistry: 8, impact: '' });
    expect(saveBodyOf(draft, true)).toEqual({ scores: { artistry: 8 }, recommendation: null, commentToStaff: '', commentToApplicant: '写给申报人' });
    expect(saveBodyOf(draft, false).commentToApplicant).toBe('');
    expect(sameContent(draft, { ...draft, commentToApplicant: '别的' }, false)).toBe(true);
    expect(sameContent(draft, { ...draft, commentToApplicant: '别的' }, true)).toBe(false);
  });

  it('keeps what was typed here over what another window saved, and fills the rest from it', () => {
    const mine = { scores: { artistry: 9 as const, impact: '' as const }, recommendation: null, commentToStaff: '本页意见', commentToApplicant: '' };
    const theirs = { scores: { artistry: 5, impact: 70 }, recommendation: 'fund' as const, commentToStaff: '另一窗口', commentToApplicant: '给申报人' };
    expect(keepTyped(mine, theirs)).toEqual({ scores: { artistry: 9, impact: 70 }, recommendation: 'fund', commentToStaff: '本页意见', commentToApplicant: '给申报人' });
  });

  it('lists what is missing before submitting, naming each criterion', () => {
    const draft = draftOf(myReview({}, { scores: { artistry: 8 } }));
    expect(missingBeforeSubmit(CRITERIA, draft)).toEqual(['社会效益：请评分', '推荐意见：请选择']);
    expect(missingBeforeSubmit(CRITERIA, { ...draft, scores: { artistry: 8, impact: 60 }, recommendation: 'fund' })).toEqual([]);
  });

  it('finds the band a score falls in', () => {
    expect(bandOf(CRITERIA[0]!, 9)?.label).toBe('优秀');
    expect(bandOf(CRITERIA[0]!, 5)).toBeUndefined();
    expect(bandOf(CRITERIA[0]!, '')).toBeUndefined();
  });
});
