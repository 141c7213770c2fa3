import type { ConsoleAccountDeletion } from '@flagship/api-client';
import { forgetSessions } from '../../../auth/principal-repository';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { conflict, notFound } from '../../../http/errors';
import { iso } from '../../../lib/dates';
import {
  anonymiseApplicant,
  deletionRequestList,
  lockDeletionRequest,
  refuseDeletionRequest,
  type DeletionRequestRow,
} from '../../../shared/account-deletions-repository';
import { audit } from '../../../shared/audit-repository';
import { asSentence } from '../../../shared/notices';
import { noticeRecipient, sendNotice } from '../../../shared/notices-repository';
import { loadSiteTitle } from '../../../shared/settings-repository';

type AccountDeletionHandlers = Pick<Handlers['console'], 'accountDeletionList' | 'accountDeletionCarryOut' | 'accountDeletionRefuse'>;

const DECIDED: Record<Exclude<DeletionRequestRow['status'], 'pending'>, string> = {
  cancelled: '申请人已撤销该申请',
  refused: '该申请已被拒绝',
  done: '该账号已注销',
};

/** A request still waiting for its decision; a decided one is decided once only. */
function pending(row: DeletionRequestRow | undefined): DeletionRequestRow {
  if (!row) throw notFound('注销申请不存在');
  if (row.status !== 'pending') throw conflict(`${DECIDED[row.status]}，不能再处理`);
  return row;
}

export function accountDeletionHandlers({ db, storage, mailer, log }: AppContext): AccountDeletionHandlers {
  async function one(id: number): Promise<ConsoleAccountDeletion> {
    const { rows } = await deletionRequestList(db, { page: 1, pageSize: 1 }, id);
    const [row] = rows;
    if (!row) throw notFound('注销申请不存在');
    return toItem(row);
  }

  // The decision stands even when the notice cannot be sent.
  const notify = async (recipient: Awaited<ReturnType<typeof noticeRecipient>>, subject: string, text: string) => {
    if (!recipient) return;
    await sendNotice(mailer, log, recipient, subject, text).catch((error: unknown) => log.error({ err: error }, 'account deletion notice failed'));
  };

  return {
    accountDeletionList: async ({ query }) => {
      const { rows, total } = await deletionRequestList(db, query);
      return { list: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
    },

    accountDeletionCarryOut: async ({ params, principal, req }) => {
      const result = await db.transaction(async (tx) => {
        const request = pending(await lockDeletionRequest(tx, params.id));
        // Where to tell them, read before the address is gone.
        const recipient = await noticeRecipient(tx, request.userId);
        const done = await anonymiseApplicant(tx, request.id, request.userId, principal.staffId);
        await audit(tx, principal, req, 'user.anonymise', { type: 'account_deletion', id: request.id }, { userId: request.userId, drafts: done.drafts, uploads: done.uploads });
        return { ...done, recipient };
      });
      forgetSessions(db, result.endedSessions);
      // Files only once the rows are gone for good; an object left behind is only wasted space.
      for (const key of result.storageKeys) {
        await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'file of an anonymised account not deleted'));
      }
      log.info({ request: params.id, drafts: result.drafts.length, files: result.storageKeys.length }, 'account anonymised');
      const site = await loadSiteTitle(db);
      await notify(
        result.recipient,
        '账号已注销',
        `您在${site || '本平台'}的账号已按您的申请注销：个人信息已删除，未提交的草稿及其文件已删除；已提交的申报按项目档案管理要求保留，但不再显示您的姓名和联系方式。该手机号码或电子邮箱可以重新注册。`,
      );
      return one(params.id);
    },

    accountDeletionRefuse: async ({ params, body, principal, req }) => {
      const recipient = await db.transaction(async (tx) => {
        const request = pending(await lockDeletionRequest(tx, params.id));
        await refuseDeletionRequest(tx, request.id, principal.staffId, body.reason);
        await audit(tx, principal, req, 'user.deletion.refuse', { type: 'account_deletion', id: request.id }, { userId: request.userId, reason: body.reason });
        return noticeRecipient(tx, request.userId);
      });
      await notify(recipient, '注销账号申请未获同意', `您的注销账号申请未获同意。理由：${asSentence(body.reason)}如有疑问请联系项目工作人员；您可以在“个人中心”重新申请。`);
      return one(params.id);
    },
  };
}

function toItem(row: Awaited<ReturnType<typeof deletionRequestList>>['rows'][number]): ConsoleAccountDeletion {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    reason: row.reason,
    createdAt: iso(row.createdAt),
    decidedAt: iso(row.decidedAt),
    account: row.account,
    name: row.name,
    drafts: row.drafts,
    inReview: row.inReview,
    submitted: row.submitted,
    decidedByAccount: row.decidedByAccount,
  };
}
