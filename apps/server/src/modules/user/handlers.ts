import type { AccountDeletion, User } from '@flagship/api-client';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { assertOwner, type Handlers } from '../../http/endpoints';
import { badRequest, conflict, notFound } from '../../http/errors';
import { checkPasswordAgain } from '../../auth/login-brake';
import { verifyPassword } from '../../db/password';
import { writeAudit } from '../../shared/audit-repository';
import { cancelDeletionRequest, insertDeletionRequest, latestDeletionRequest, type DeletionRequestRow } from '../../shared/account-deletions-repository';
import { iso } from '../../lib/dates';
import { enterpriseStatusOf } from '../../shared/enterprise-authentication-repository';
import { ownUploads } from '../../shared/uploads-repository';
import { sendStream } from '../../http/send-file';
import { personalDataZip } from './personal-data';
import { userTwoFactorHandlers } from './two-factor-handlers';
import { passwordHashOf, updateUser, userById } from './repository';

async function loadUser(db: Database, id: number): Promise<User> {
  const row = await userById(db, id);
  if (!row) throw notFound('用户不存在');
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    avatar: row.avatar,
    enterprise_authentication_status: await enterpriseStatusOf(db, row.id),
    createdAt: iso(row.createdAt),
  };
}

function deletionOf(row: DeletionRequestRow): AccountDeletion {
  return { id: row.id, status: row.status, reason: row.reason, createdAt: iso(row.createdAt), decidedAt: iso(row.decidedAt) };
}

export function userHandlers(ctx: AppContext): Handlers['user'] {
  const { db, storage } = ctx;
  return {
    ...userTwoFactorHandlers(ctx),
    deletionRequest: async ({ params, principal }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      const row = await latestDeletionRequest(db, params.id);
      return row ? deletionOf(row) : null;
    },
    requestDeletion: async ({ params, body, principal, req, reply }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      // The password again: a session left open on a shared computer must not be enough.
      const owner = { id: principal.userId, account: principal.account };
      if (!(await checkPasswordAgain(ctx, req, reply, owner, async () => verifyPassword(body.password, await passwordHashOf(db, params.id))))) {
        throw badRequest('登录密码：密码不正确', { password: '密码不正确' });
      }
      const row = await db.transaction(async (tx) => {
        const created = await insertDeletionRequest(tx, params.id);
        if (!created) throw conflict('您已提交注销申请，正在等待处理');
        await writeAudit(tx, { actorKind: 'user', actorId: params.id, action: 'user.deletion.request', objectType: 'account_deletion', objectId: String(created.id), ip: req.ip });
        return created;
      });
      return deletionOf(row);
    },
    cancelDeletion: async ({ params, principal, req }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      const row = await db.transaction(async (tx) => {
        const cancelled = await cancelDeletionRequest(tx, params.id);
        if (!cancelled) throw conflict('没有待处理的注销申请（可能已被处理），请刷新后查看');
        await writeAudit(tx, { actorKind: 'user', actorId: params.id, action: 'user.deletion.cancel', objectType: 'account_deletion', objectId: String(cancelled.id), ip: req.ip });
        return cancelled;
      });
      return deletionOf(row);
    },
    get: async ({ params, principal }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      return loadUser(db, params.id);
    },
    personalData: async ({ params, principal, reply }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      const zip = await personalDataZip(db, storage, params.id);
      if (!zip) throw notFound('用户不存在');
      return sendStream(reply, zip, 'application/zip', `个人数据-${new Date().toISOString().slice(0, 10)}.zip`);
    },
    update: async ({ params, body, principal }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      if (body.avatar != null) {
        const upload = (await ownUploads(db, params.id, [body.avatar])).get(body.avatar);
        if (!upload) throw badRequest('头像：请上传自己的图片', { avatar: '请上传自己的图片' });
        if (!upload.mime.startsWith('image/')) throw badRequest('头像：只能使用图片', { avatar: '只能使用图片' });
      }
      const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(patch).length > 0) await updateUser(db, params.id, patch);
      return loadUser(db, params.id);
    },
  };
}
