import type { EnterpriseAuthStatus, User } from '@flagship/api-client';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { enterpriseAuthentications, uploads, users } from '../../db/schema';
import { assertOwner, type Handlers } from '../../http/endpoints';
import { badRequest, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';

/** The status of the user's latest enterprise authentication, null when none was submitted. */
export async function enterpriseStatusOf(db: Database, userId: number): Promise<EnterpriseAuthStatus | null> {
  const [row] = await db
    .select({ status: enterpriseAuthentications.status })
    .from(enterpriseAuthentications)
    .where(eq(enterpriseAuthentications.userId, userId))
    .orderBy(desc(enterpriseAuthentications.createdAt), desc(enterpriseAuthentications.id))
    .limit(1);
  return row ? (row.status as EnterpriseAuthStatus) : null;
}

async function loadUser(db: Database, id: number): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

export function userHandlers({ db }: AppContext): Handlers['user'] {
  return {
    get: async ({ params, principal }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      return loadUser(db, params.id);
    },
    update: async ({ params, body, principal }) => {
      assertOwner(principal.kind === 'user' && principal.userId === params.id);
      if (body.avatar != null) {
        const [upload] = await db
          .select({ mime: uploads.mime })
          .from(uploads)
          .where(and(eq(uploads.id, body.avatar), eq(uploads.ownerUserId, params.id)))
          .limit(1);
        if (!upload) throw badRequest('头像：请上传自己的图片', { avatar: '请上传自己的图片' });
        if (!upload.mime.startsWith('image/')) throw badRequest('头像：只能使用图片', { avatar: '只能使用图片' });
      }
      const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(patch).length > 0) {
        await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, params.id));
      }
      return loadUser(db, params.id);
    },
  };
}
