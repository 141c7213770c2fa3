import type { User } from '@flagship/api-client';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { assertOwner, type Handlers } from '../../http/endpoints';
import { badRequest, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { enterpriseStatusOf } from '../../shared/enterprise-authentication-repository';
import { ownUploads } from '../../shared/uploads-repository';
import { sendStream } from '../../http/send-file';
import { personalDataZip } from './personal-data';
import { updateUser, userById } from './repository';

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

export function userHandlers({ db, storage }: AppContext): Handlers['user'] {
  return {
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
