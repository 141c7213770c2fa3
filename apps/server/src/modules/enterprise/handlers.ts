import { ENTERPRISE_AUTH_STATUS, type AuthenticationCode, type EnterpriseAuthStatus } from '@flagship/api-client';
import type { AppContext } from '../../context';
import type { Handlers } from '../../http/endpoints';
import { badRequest, conflict, notFound } from '../../http/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { writeAudit } from '../../shared/audit-repository';
import { latestAuthentication } from '../../shared/enterprise-authentication-repository';
import { checkRegion } from '../../shared/taxonomy-repository';
import { holdUploads, ownUploads, SWEPT_UPLOAD } from '../../shared/uploads-repository';
import { insertAuthentication, lockUser, publishedEnterprise, publishedEnterprisePage } from './repository';

const CODES: Record<EnterpriseAuthStatus, AuthenticationCode> = {
  [ENTERPRISE_AUTH_STATUS.AUTHING]: 'authing',
  [ENTERPRISE_AUTH_STATUS.SUCCESS]: 'success',
  [ENTERPRISE_AUTH_STATUS.FAIL]: 'fail',
};

/** The public enterprise library (published entries, public fields only) and the applicant's enterprise authentication. */
export function enterpriseHandlers({ db }: AppContext): Handlers['enterprise'] {
  return {
    list: async ({ query }) => {
      const { rows, total } = await publishedEnterprisePage(db, query);
      return { list: rows, total, page: query.page, pageSize: query.pageSize };
    },

    detail: async ({ params }) => {
      const row = await publishedEnterprise(db, params.id);
      if (!row) throw notFound('企业不存在或未公开');
      return row;
    },

    checkAuthenticationStatus: async ({ principal }) => {
      const latest = await latestAuthentication(db, principal.userId);
      if (!latest) return { code: 'unauth', status: null, reason: null };
      return { code: CODES[latest.status], status: latest.status, reason: latest.status === ENTERPRISE_AUTH_STATUS.FAIL ? latest.reason : null };
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
      await checkRegion(db, body.regionId);

      await db.transaction(async (tx) => {
        // One submission at a time per applicant: two tabs must not both pass the status check.
        await lockUser(tx, principal.userId);
        const swept = await holdUploads(tx, body.licenseFiles);
        if (swept.length > 0) throw badRequest(`营业执照：${SWEPT_UPLOAD}`, { [`licenseFiles.${body.licenseFiles.indexOf(swept[0]!)}`]: SWEPT_UPLOAD });
        const latest = await latestAuthentication(tx, principal.userId);
        if (latest?.status === ENTERPRISE_AUTH_STATUS.AUTHING) throw conflict('企业认证信息已提交，请等待审核');
        if (latest?.status === ENTERPRISE_AUTH_STATUS.SUCCESS) throw conflict('您已通过企业认证，不能重复认证');
        const id = await insertAuthentication(tx, {
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
          // Uploads of an applicant are private, and this text goes public with the library entry: no images.
          introduction: sanitizeRichText(body.introduction, { images: false }),
          status: ENTERPRISE_AUTH_STATUS.AUTHING,
        });
        await writeAudit(tx, {
          actorKind: 'user',
          actorId: principal.userId,
          action: 'enterprise.submitAuthentication',
          objectType: 'enterprise_authentication',
          objectId: String(id),
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
