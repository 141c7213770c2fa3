import type { ResultAnnouncement } from './schemas/results';

// The notice a results announcement becomes under 通知公告: built here, in the contract, so that the
// server writes it at publish and the console previews the very same HTML before it is published.

/** The notice category (通知公告) results announcements are published under. */
export const RESULTS_NOTICE_CATEGORY = '立项公示';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
/** Beijing wall time (UTC+8 all year), e.g. `2026-03-01 09:00`. */
const beijingTime = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const yuan = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export type ResultNoticeSource = Pick<ResultAnnouncement, 'status' | 'introduction' | 'objectionStartsAt' | 'objectionEndsAt' | 'contact' | 'withdrawalReason' | 'items'>;

/**
 * The notice's HTML: the introduction (rich text, sanitised by the server when it stores the
 * notice), the objection period, the contact and the table; or, once withdrawn, the reason.
 */
export function resultNoticeHtml(a: ResultNoticeSource): string {
  const contact = a.contact ? `<p><strong>联系方式：</strong>${escapeHtml(a.contact)}</p>` : '';
  if (a.status === 'withdrawn') {
    return `<p><strong>本公示已撤回。</strong></p><p><strong>撤回原因：</strong>${escapeHtml(a.withdrawalReason ?? '')}</p>${contact}`;
  }
  const period = `<p><strong>异议期：</strong>${beijingTime(a.objectionStartsAt)} 至 ${beijingTime(a.objectionEndsAt)}（北京时间）</p>`;
  const rows = a.items
    .map(
      (item, i) =>
        `<tr><td>${i + 1}</td><td>${escapeHtml(item.title)}</td><td>${escapeHtml(item.organisation)}</td><td>${escapeHtml(item.region)}</td><td>${escapeHtml(item.category)}</td><td>${yuan(item.amountGranted ?? 0)}</td></tr>`,
    )
    .join('');
  const table = `<table><thead><tr><th>序号</th><th>项目名称</th><th>申报单位</th><th>地区</th><th>分类</th><th>资助金额（元）</th></tr></thead><tbody>${rows}</tbody></table>`;
  return `${a.introduction}${period}${contact}${table}`;
}
