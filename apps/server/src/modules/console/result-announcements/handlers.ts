import { resultNoticeHtml, type ResultAnnouncement } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { conflict, invalidFields, notFound } from '../../../http/errors';
import { beijingTime } from '../../../lib/beijing-time';
import { htmlToText, sanitizeRichText } from '../../../lib/sanitize';
import { publicRichText } from '../../../shared/staff-uploads-repository';
import { audit } from '../../../shared/audit-repository';
import { notifyUser } from '../../../shared/notices-repository';
import { refreshPolicyVector } from '../../../shared/search-repository';
import {
  announcementsOfCall,
  approvedSnapshot,
  claimUnnotified,
  deleteItems,
  findAnnouncement,
  findCall,
  insertAnnouncement,
  insertItems,
  itemsOf,
  resultsCategoryId,
  toAnnouncement,
  toResultItem,
  updateAnnouncement,
  writeNotice,
  type AnnouncementRow,
} from '../../../shared/result-announcements-repository';

type ResultAnnouncementHandlers = Pick<
  Handlers['console'],
  'resultAnnouncementList' | 'resultAnnouncementCreate' | 'resultAnnouncementUpdate' | 'resultAnnouncementPublish' | 'resultAnnouncementWithdraw'
>;

export function resultAnnouncementHandlers(ctx: AppContext): ResultAnnouncementHandlers {
  const { db, mailer, log } = ctx;

  async function call(projectId: number) {
    const row = await findCall(db, projectId);
    if (!row) throw notFound('项目不存在');
    return row;
  }

  async function present(row: AnnouncementRow, projectTitle?: string): Promise<ResultAnnouncement> {
    const title = projectTitle ?? (await call(row.projectId)).title;
    return toAnnouncement(row, title, (await itemsOf(db, [row.id])).map(toResultItem));
  }

  async function announcement(id: number) {
    const row = await findAnnouncement(db, id);
    if (!row) throw notFound('立项公示不存在');
    return row;
  }

  return {
    resultAnnouncementList: async ({ params }) => {
      const project = await call(params.projectId);
      const rows = await announcementsOfCall(db, params.projectId);
      const items = await itemsOf(db, rows.map((r) => r.id));
      return rows.map((r) => toAnnouncement(r, project.title, items.filter((i) => i.announcementId === r.id).map(toResultItem)));
    },

    resultAnnouncementCreate: async ({ params, body, principal, req }) => {
      const project = await call(params.projectId);
      const row = await db.transaction(async (tx) => {
        const snapshot = await approvedSnapshot(tx, params.projectId);
        if (snapshot.length === 0) throw conflict('该项目还没有审核通过的申报，无法编制立项公示');
        const created = await insertAnnouncement(tx, {
          projectId: params.projectId,
          title: body.title,
          introduction: await publicRichText(tx, body.introduction, 'introduction', '公示说明'),
          objectionStartsAt: new Date(body.objectionStartsAt),
          objectionEndsAt: new Date(body.objectionEndsAt),
          contact: body.contact,
          createdBy: principal.staffId,
          updatedBy: principal.staffId,
        });
        await insertItems(tx, snapshot.map((s, position) => ({ ...s, announcementId: created.id, position })));
        await audit(tx, principal, req, 'results.create', { type: 'project', id: params.projectId }, { announcementId: created.id, items: snapshot.length });
        return created;
      });
      return present(row, project.title);
    },

    resultAnnouncementUpdate: async ({ params, body, principal, req }) => {
      const row = await db.transaction(async (tx) => {
        const found = await findAnnouncement(tx, params.id, { lock: true });
        if (!found) throw notFound('立项公示不存在');
        if (found.status === 'published') throw conflict('立项公示已发布，请先撤回再修改');
        const current = await itemsOf(tx, [found.id]);
        const byId = new Map(current.map((i) => [i.applicationId, i]));
        const seen = new Set<number>();
        body.items.forEach((item, i) => {
          if (!byId.has(item.applicationId)) throw invalidFields({ [`items.${i}.applicationId`]: `申报 ${item.applicationId} 不在本公示中（只能调整顺序、金额或移除）` });
          if (seen.has(item.applicationId)) throw invalidFields({ [`items.${i}.applicationId`]: `申报 ${item.applicationId} 重复出现` });
          seen.add(item.applicationId);
        });
        await deleteItems(tx, found.id);
        await insertItems(
          tx,
          body.items.map((item, position) => {
            const { serialNumber: _serial, ...kept } = byId.get(item.applicationId)!;
            return { ...kept, position, amountGranted: item.amountGranted === null ? null : item.amountGranted.toFixed(2) };
          }),
        );
        await updateAnnouncement(tx, found.id, {
          title: body.title,
          introduction: await publicRichText(tx, body.introduction, 'introduction', '公示说明'),
          objectionStartsAt: new Date(body.objectionStartsAt),
          objectionEndsAt: new Date(body.objectionEndsAt),
          contact: body.contact,
          updatedBy: principal.staffId,
        });
        await audit(tx, principal, req, 'results.update', { type: 'project', id: found.projectId }, { announcementId: found.id, items: body.items.length, removed: current.length - body.items.length });
        return (await findAnnouncement(tx, found.id))!;
      });
      return present(row);
    },

    resultAnnouncementPublish: async ({ params, principal, req }) => {
      const { published, told } = await db.transaction(async (tx) => {
        const found = await findAnnouncement(tx, params.id, { lock: true });
        if (!found) throw notFound('立项公示不存在');
        if (found.status === 'published') throw conflict('立项公示已发布');
        const items = (await itemsOf(tx, [found.id])).map(toResultItem);
        if (items.length === 0) throw invalidFields({ items: '公示中没有项目，请重新编制' });
        const missing = items.findIndex((i) => i.amountGranted === null);
        if (missing >= 0) throw invalidFields({ [`items.${missing}.amountGranted`]: `请填写「${items[missing]!.title}」的资助金额（元）后再发布` });
        const project = await findCall(tx, found.projectId);
        const now = new Date();
        const view = toAnnouncement({ ...found, status: 'published', publishedAt: now, withdrawnAt: null, withdrawalReason: null }, project?.title ?? '', items);
        const content = sanitizeRichText(resultNoticeHtml(view));
        const policyId = await writeNotice(tx, found.policyId, {
          title: found.title,
          summary: htmlToText(found.introduction).slice(0, 200),
          content,
          categoryId: await resultsCategoryId(tx),
          publishedAt: now,
        });
        await refreshPolicyVector(tx, policyId);
        await updateAnnouncement(tx, found.id, { status: 'published', policyId, publishedAt: now, withdrawnAt: null, withdrawalReason: null, updatedBy: principal.staffId });
        const told = await claimUnnotified(tx, found.id);
        await audit(tx, principal, req, 'results.publish', { type: 'project', id: found.projectId }, { announcementId: found.id, policyId, items: items.length, notified: told.length });
        return { published: { ...view, policyId }, told };
      });
      const subject = `立项公示：${published.projectTitle}`;
      for (const { userId, title } of told) {
        const text = [
          `您的项目「${title}」已列入「${published.title}」。`,
          `异议期：${beijingTime(new Date(published.objectionStartsAt))} 至 ${beijingTime(new Date(published.objectionEndsAt))}（北京时间）。`,
          '请登录平台在通知公告中查看公示详情。',
        ].join('\n');
        // The announcement stands even when a message cannot be queued; the applicant also sees the notice.
        await notifyUser(db, mailer, log, userId, subject, text).catch((error: unknown) => log.error({ err: error, userId }, 'results notice failed'));
      }
      return present(await announcement(published.id), published.projectTitle);
    },

    resultAnnouncementWithdraw: async ({ params, body, principal, req }) => {
      const row = await db.transaction(async (tx) => {
        const found = await findAnnouncement(tx, params.id, { lock: true });
        if (!found) throw notFound('立项公示不存在');
        if (found.status !== 'published') throw conflict('只能撤回已发布的立项公示');
        const now = new Date();
        await updateAnnouncement(tx, found.id, { status: 'withdrawn', withdrawnAt: now, withdrawalReason: body.reason, updatedBy: principal.staffId });
        const project = await findCall(tx, found.projectId);
        const view = toAnnouncement({ ...found, status: 'withdrawn', withdrawnAt: now, withdrawalReason: body.reason }, project?.title ?? '', []);
        // The notice stays, marked withdrawn with the reason, so visitors who saw the list learn why it is gone.
        if (found.policyId !== null) {
          const policyId = await writeNotice(tx, found.policyId, {
            title: `【已撤回】${found.title}`,
            summary: `本公示已撤回：${body.reason}`.slice(0, 200),
            content: sanitizeRichText(resultNoticeHtml(view)),
            categoryId: await resultsCategoryId(tx),
            publishedAt: found.publishedAt ?? now,
          });
          await refreshPolicyVector(tx, policyId);
          if (policyId !== found.policyId) await updateAnnouncement(tx, found.id, { policyId });
        }
        await audit(tx, principal, req, 'results.withdraw', { type: 'project', id: found.projectId }, { announcementId: found.id, reason: body.reason });
        return (await findAnnouncement(tx, found.id))!;
      });
      return present(row);
    },
  };
}
