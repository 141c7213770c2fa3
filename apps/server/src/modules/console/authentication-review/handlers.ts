import { ENTERPRISE_AUTH_STATUS } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { conflict, notFound } from '../../../http/errors';
import { audit } from '../../../shared/audit-repository';
import { asSentence } from '../../../shared/notices';
import { notifyUser } from '../../../shared/notices-repository';
import { checkCategory } from '../../../shared/taxonomy-repository';
import {
  findAuthentication,
  listAuthentications,
  lockAuthentication,
  lockLibraryEntry,
  saveDecision,
  saveLibraryEntry,
  type AuthenticationRecord,
} from './repository';

type AuthenticationReviewHandlers = Pick<
  Handlers['console'],
  'authenticationList' | 'authenticationGet' | 'authenticationApprove' | 'authenticationReject'
>;

/** An authentication still waiting for its decision; a decided one is decided once only. */
function pending(a: AuthenticationRecord | undefined): AuthenticationRecord {
  if (!a) throw notFound('企业认证不存在');
  if (a.status !== ENTERPRISE_AUTH_STATUS.AUTHING) throw conflict(`该认证已${a.status === ENTERPRISE_AUTH_STATUS.SUCCESS ? '通过' : '不通过'}，不能重复审核`);
  return a;
}

export function authenticationReviewHandlers({ db, mailer, log }: AppContext): AuthenticationReviewHandlers {
  async function authentication(id: number) {
    const found = await findAuthentication(db, id);
    if (!found) throw notFound('企业认证不存在');
    return found;
  }

  // The decision stands even when the notice cannot be sent.
  const notify = (userId: number, subject: string, text: string) =>
    notifyUser(db, mailer, log, userId, subject, text).catch((error: unknown) => log.error({ err: error }, 'authentication notice failed'));

  return {
    authenticationList: async ({ query }) => {
      const { list, total } = await listAuthentications(db, query);
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    authenticationGet: ({ params }) => authentication(params.id),

    authenticationApprove: async ({ params, body, principal, req }) => {
      const decided = await db.transaction(async (tx) => {
        const a = pending(await lockAuthentication(tx, params.id));
        await checkCategory(tx, body.categoryId, 'enterprise');
        await saveDecision(tx, a.id, { status: ENTERPRISE_AUTH_STATUS.SUCCESS, reason: null, reviewedBy: principal.staffId });
        // The company enters the public library; an entry with the same credit code (entered by
        // staff or an earlier approval) now follows this authentication.
        const existing = await lockLibraryEntry(tx, a.creditCode);
        const categoryId = body.categoryId !== undefined ? body.categoryId : (existing?.categoryId ?? null);
        const enterpriseId = await saveLibraryEntry(tx, existing?.id, a, categoryId);
        await audit(tx, principal, req, 'authentication.approve', { type: 'enterprise_authentication', id: a.id }, {
          enterpriseName: a.enterpriseName,
          creditCode: a.creditCode,
          enterpriseId,
          userId: a.userId,
        });
        return a;
      });
      await notify(decided.userId, '企业认证已通过', `您提交的企业认证「${decided.enterpriseName}」已通过审核，企业已进入企业库。`);
      return authentication(params.id);
    },

    authenticationReject: async ({ params, body, principal, req }) => {
      const decided = await db.transaction(async (tx) => {
        const a = pending(await lockAuthentication(tx, params.id));
        await saveDecision(tx, a.id, { status: ENTERPRISE_AUTH_STATUS.FAIL, reason: body.reason, reviewedBy: principal.staffId });
        await audit(tx, principal, req, 'authentication.reject', { type: 'enterprise_authentication', id: a.id }, {
          enterpriseName: a.enterpriseName,
          creditCode: a.creditCode,
          reason: body.reason,
          userId: a.userId,
        });
        return a;
      });
      await notify(decided.userId, '企业认证未通过', `您提交的企业认证「${decided.enterpriseName}」未通过审核。原因：${asSentence(body.reason)}您可以修改后重新提交。`);
      return authentication(params.id);
    },
  };
}
