// One published 立项公示 for the demo: the call with approved applications gets its announcement
// and notice, so that /funded and the home page's 立项公示 box have content on a fresh start. It
// goes through the same repository and notice HTML as staff publishing it in the console; nobody
// is messaged (the applicants count as told).
import { resultNoticeHtml } from '@flagship/api-client';
import { htmlToText, sanitizeRichText } from '../../lib/sanitize';
import {
  approvedSnapshot,
  claimUnnotified,
  insertAnnouncement,
  insertItems,
  itemsOf,
  resultsCategoryId,
  toAnnouncement,
  toResultItem,
  updateAnnouncement,
  writeNotice,
} from '../../shared/result-announcements-repository';
import { refreshPolicyVector } from '../../shared/search-repository';
import type { Executor } from '../client';
import { addDays } from './helpers';

/** The yuan granted to the demo's approved projects: what they asked, rounded down to ten thousand. */
const GRANTED = [40_000, 150_000, 300_000];

export async function seedResultAnnouncement(tx: Executor, call: { id: number; title: string }, options: { now: Date; staffId: number | null }): Promise<number> {
  const snapshot = await approvedSnapshot(tx, call.id);
  if (snapshot.length === 0) return 0;
  const publishedAt = addDays(options.now, -1);
  const created = await insertAnnouncement(tx, {
    projectId: call.id,
    title: `${call.title}拟立项项目公示`,
    introduction: sanitizeRichText(
      `<p>经形式审查、专家评审和主管部门审定，现将${call.title}拟立项项目予以公示。</p><p>公示期间，如对公示项目有异议，请以书面形式实名向项目办反映，并提供必要的证明材料。</p>`,
    ),
    objectionStartsAt: publishedAt,
    objectionEndsAt: addDays(publishedAt, 7),
    contact: '艺术基金项目办 0571-87050000（工作日 9:00—17:00）',
    createdBy: options.staffId,
    updatedBy: options.staffId,
  });
  await insertItems(tx, snapshot.map((s, position) => ({ ...s, announcementId: created.id, position, amountGranted: String(GRANTED[position % GRANTED.length]) })));
  const items = (await itemsOf(tx, [created.id])).map(toResultItem);
  const view = toAnnouncement({ ...created, status: 'published', publishedAt }, call.title, items);
  const policyId = await writeNotice(tx, null, {
    title: created.title,
    summary: htmlToText(created.introduction).slice(0, 200),
    content: sanitizeRichText(resultNoticeHtml(view)),
    categoryId: await resultsCategoryId(tx),
    publishedAt,
  });
  await refreshPolicyVector(tx, policyId);
  await updateAnnouncement(tx, created.id, { status: 'published', policyId, publishedAt });
  await claimUnnotified(tx, created.id);
  return 1;
}
