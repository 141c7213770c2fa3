import type { EnterpriseAuthentication, EnterpriseAuthStatus } from '@flagship/api-client';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { auditLogs, enterpriseAuthentications, regions, users } from '../../db/schema';
import type { Handlers } from '../../http/endpoints';
import { badRequest, conflict } from '../../http/errors';
import { iso } from '../../lib/dates';
import { sanitizeRichText } from '../../lib/sanitize';
import { ownUploads } from '../files/handlers';

const CODES = { 0: 'authing', 1: 'success', 2: 'fail' } as const;

async function latestAuthentication(db: Executor, userId: number): Promise<EnterpriseAuthentication | null> {
  const [row] = await db
    .select({ authentication: enterpriseAuthentications, regionName: regions.name })
    .from(enterpriseAuthentications)
    .leftJoin(regions, eq(regions.id, enterpriseAuthentications.regionId))
    .where(eq(enterpriseAuthentications.userId, userId))
    .orderBy(desc(enterpriseAuthentications.createdAt), desc(enterpriseAuthentications.id))
    .limit(1);
  if (!row) return null;
  const a = row.authentication;
  return {
    id: a.id,
    enterpriseName: a.enterpriseName,
    creditCode: a.creditCode,
    type: a.type,
    legalRepresentative: a.legalRepresentative,
    regionId: a.regionId,
    regionName: row.regionName ?? null,
    address: a.address,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    licenseFiles: a.licenseFiles,
    introduction: a.introduction,
    status: a.status as EnterpriseAuthStatus,
    reason: a.reason,
    createdAt: iso(a.createdAt),
    reviewedAt: iso(a.reviewedAt),
  };
}

export function enterpriseAuthHandlers({ db }: AppContext): Pick<Handlers['enterprise'], 'checkAuthenticationStatus' | 'getEnterpriseInfo' | 'submitAuthentication'> {
  return {
    checkAuthenticationStatus: async ({ principal }) => {
      const latest = await latestAuthentication(db, principal.userId);
      if (!latest) return { code: 'unauth', status: null, reason: null };
      return { code: CODES[latest.status], status: latest.status, reason: latest.status === 2 ? latest.reason : null };
    },

    getEnterpriseInfo: ({ principal }) => latestAuthentication(db, principal.userId),

    submitAuthentication: async ({ body, principal, req }) => {
      const files = await ownUploads(db, principal.userId, body.licenseFiles);
      body.licenseFiles.forEach((id, index) => {
        const upload = files.get(id);
        if (!upload) throw badRequest('营业执照：请上传自己的文件', { [`licenseFiles.${index}`]: '文件不存在或不属于当前账号' });
        if (!upload.mime.startsWith('image/') && upload.mime !== 'application/pdf') {
          throw badRequest('营业执照：只能上传图片或 PDF 文件', { [`licenseFiles.${index}`]: '只能上传图片或 PDF 文件' });
        }
      });
      const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, body.regionId)).limit(1);
      if (!region) throw badRequest('地区：地区不存在', { regionId: '地区不存在' });

      await db.transaction(async (tx) => {
        // One submission at a time per applicant: two tabs must not both pass the status check.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, principal.userId)).for('update');
        const latest = await latestAuthentication(tx, principal.userId);
        if (latest?.status === 0) throw conflict('企业认证信息已提交，请等待审核');
        if (latest?.status === 1) throw conflict('您已通过企业认证，不能重复认证');
        const [row] = await tx
          .insert(enterpriseAuthentications)
          .values({
            userId: principal.userId,
            enterpriseName: body.enterpriseName,
            creditCode: body.creditCode,
            type: body.type,
            legalRepresentative: body.legalRepresentative,
            regionId: body.regionId,
            address: body.address,
            contactName: body.contactName,
            contactPhone: body.contactPhone,
            licenseFiles: [...new Set(body.licenseFiles)],
            introduction: sanitizeRichText(body.introduction),
            status: 0,
          })
          .returning({ id: enterpriseAuthentications.id });
        await tx.insert(auditLogs).values({
          actorKind: 'user',
          actorId: principal.userId,
          action: 'enterprise.submitAuthentication',
          objectType: 'enterprise_authentication',
          objectId: String(row?.id),
          detail: { enterpriseName: body.enterpriseName, creditCode: body.creditCode },
          ip: req.ip,
        });
      });
      const created = await latestAuthentication(db, principal.userId);
      if (!created) throw new Error('Enterprise authentication was not written');
      return created;
    },
  };
}
