import { ApiError, type MyReview } from '@flagship/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { click, getButton, getInput, render, settle, type } from '../../test/render';
import { myReview } from './my-review.fixture';
import { AUTOSAVE_MS, ScoreForm } from './score-form';

afterEach(() => vi.restoreAllMocks());

/** Wait (real time: autosave is debounced) until `check` holds. */
async function until(check: () => boolean, what: string, timeoutMs = AUTOSAVE_MS + 3000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (check()) return;
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never happened; the page reads: ${document.body.textContent}`);
}

const saved = (review: MyReview, patch: Partial<MyReview['review']>): MyReview => ({ ...review, savedAt: '2026-11-23T08:00:00.000Z', review: { ...review.review, ...patch } });

describe('the expert score form', () => {
  it('autosaves a draft after typing pauses, with the version last read, and shows the live weighted total', async () => {
    const review = myReview({}, { version: 3 });
    const save = vi.spyOn(api.console, 'myReviewSave').mockImplementation(async (input) => saved(review, { scores: input.scores, version: input.version + 1 }));
    render(<ScoreForm review={review} onReplace={() => {}} />);

    type(getInput('艺术价值') as HTMLInputElement, '8');
    expect(document.querySelector('[data-testid="live-total"]')?.textContent).toBe('—');
    type(getInput('社会效益') as HTMLInputElement, '50');
    // 60 × 8/10 + 40 × 50/100 over 100 weights.
    expect(document.querySelector('[data-testid="live-total"]')?.textContent).toBe('68.00');
    expect(save).not.toHaveBeenCalled();

    await until(() => save.mock.calls.length === 1, 'the autosave');
    expect(save.mock.calls[0]?.[0]).toMatchObject({ id: 7, scores: { artistry: 8, impact: 50 }, version: 3, submit: false });
    await until(() => document.body.textContent?.includes('草稿已保存') ?? false, 'the saved state');

    // The next save carries the version the server answered with.
    type(getInput('给项目办公室的意见'), '结构完整');
    await until(() => save.mock.calls.length === 2, 'the second autosave');
    expect(save.mock.calls[1]?.[0]).toMatchObject({ commentToStaff: '结构完整', version: 4 });
  });

  it('after another window saved (409), pauses and reloads that version keeping what was typed here', async () => {
    const review = myReview({}, { version: 1 });
    const save = vi.spyOn(api.console, 'myReviewSave').mockRejectedValueOnce(new ApiError(409, '评审已在其他窗口保存，请重新载入'));
    const get = vi.spyOn(api.console, 'myReviewGet').mockResolvedValue(saved(review, { scores: { artistry: 5, impact: 90 }, commentToStaff: '另一窗口的意见', version: 2 }));
    render(<ScoreForm review={review} onReplace={() => {}} />);

    type(getInput('艺术价值') as HTMLInputElement, '9');
    await until(() => document.body.textContent?.includes('另一个窗口已保存了这份评审') ?? false, 'the conflict notice');
    expect(getButton('提交评审').disabled).toBe(true);

    save.mockImplementation(async (input) => saved(review, { scores: input.scores, version: input.version + 1 }));
    click(getButton('重新载入（保留本页填写的内容）'));
    await until(() => get.mock.calls.length === 1, 'the reload');
    await settle();
    expect((getInput('艺术价值') as HTMLInputElement).value).toBe('9');
    expect((getInput('社会效益') as HTMLInputElement).value).toBe('90');
    expect(getInput('给项目办公室的意见').value).toBe('另一窗口的意见');
    await until(() => save.mock.calls.length === 2, 'the save after the reload');
    expect(save.mock.calls[1]?.[0]).toMatchObject({ scores: { artistry: 9, impact: 90 }, version: 2 });
  });

  it('lists what is missing before submitting, then submits with a confirmation', async () => {
    const review = myReview({}, { scores: { artistry: 8 }, version: 2 });
    const onReplace = vi.fn();
    const save = vi.spyOn(api.console, 'myReviewSave').mockImplementation(async (input) => ({ ...saved(review, { scores: input.scores, version: 3 }), status: input.submit ? 'submitted' : 'declared' }));
    render(<ScoreForm review={review} onReplace={onReplace} />);

    click(getButton('提交评审'));
    expect(document.body.textContent).toContain('社会效益：请评分');
    expect(document.body.textContent).toContain('推荐意见：请选择');
    expect(() => getButton('确认提交')).toThrow();
    click(getButton('返回继续评分'));

    type(getInput('社会效益') as HTMLInputElement, '70');
    click(document.querySelector<HTMLInputElement>('input[type="radio"][value="fund"]')!);
    click(getButton('提交评审'));
    click(getButton('确认提交'));
    await until(() => onReplace.mock.calls.length === 1, 'the submission');
    expect(save.mock.calls.at(-1)?.[0]).toMatchObject({ scores: { artistry: 8, impact: 70 }, recommendation: 'fund', submit: true });
  });

  it('says why scoring is closed and neither saves nor offers to submit', async () => {
    const save = vi.spyOn(api.console, 'myReviewSave');
    render(<ScoreForm review={myReview({ phase: 'closed' })} onReplace={() => {}} closedReason="评审阶段已结束，评分已关闭。" />);
    expect(document.body.textContent).toContain('评审阶段已结束，评分已关闭。');
    expect((getInput('艺术价值') as HTMLInputElement).disabled).toBe(true);
    expect(() => getButton('提交评审')).toThrow();
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_MS + 200));
    expect(save).not.toHaveBeenCalled();
  });
});
