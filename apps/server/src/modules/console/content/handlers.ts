import type { ConsoleEnterprise, ConsoleExpert, ConsolePolicy } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { conflict, notFound } from '../../../http/errors';
import { audit } from '../../../shared/audit-repository';
import { refreshEnterpriseVector, refreshExpertVector, refreshPolicyVector } from '../../../shared/search-repository';
import { checkAttachments, publicRichText, resolveImage } from '../../../shared/staff-uploads-repository';
import { checkCategory, checkRegion } from '../../../shared/taxonomy-repository';
import { checkInterestEnterprises, expertTies, lockExpert } from '../../../shared/experts-repository';
import {
  creditCodeTaken,
  deleteEnterprise,
  deleteExpert,
  deletePolicy,
  findEnterprise,
  findExpert,
  findPolicy,
  insertEnterprise,
  insertExpert,
  insertPolicy,
  listEnterprises,
  listExperts,
  listPolicies,
  updateEnterprise,
  updateExpert,
  updatePolicy,
} from './repository';

type ContentHandlers = Pick<
  Handlers['console'],
  | 'policyList' | 'policyGet' | 'policyCreate' | 'policyUpdate' | 'policyDelete'
  | 'expertList' | 'expertGet' | 'expertCreate' | 'expertUpdate' | 'expertDelete'
  | 'enterpriseList' | 'enterpriseGet' | 'enterpriseCreate' | 'enterpriseUpdate' | 'enterpriseDelete'
>;

/** Notices, experts and the enterprise library as staff edit them. */
export function consoleContentHandlers({ db }: AppContext): ContentHandlers {
  const loadPolicy = async (id: number): Promise<ConsolePolicy> => {
    const policy = await findPolicy(db, id);
    if (!policy) throw notFound('公告不存在');
    return policy;
  };
  const loadExpert = async (id: number): Promise<ConsoleExpert> => {
    const expert = await findExpert(db, id);
    if (!expert) throw notFound('专家不存在');
    return expert;
  };
  const loadEnterprise = async (id: number): Promise<ConsoleEnterprise> => {
    const enterprise = await findEnterprise(db, id);
    if (!enterprise) throw notFound('企业不存在');
    return enterprise;
  };

  return {
    // --- Notices. ---

    policyList: async ({ query }) => ({ ...(await listPolicies(db, query)), page: query.page, pageSize: query.pageSize }),

    policyGet: ({ params }) => loadPolicy(params.id),

    policyCreate: async ({ body, principal, req }) => {
      const id = await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'policy');
        await checkAttachments(tx, body.attachments);
        const id = await insertPolicy(tx, { ...body, content: await publicRichText(tx, body.content, 'content', '正文'), publishedAt: body.publishedAt ? new Date(body.publishedAt) : null });
        await refreshPolicyVector(tx, id);
        await audit(tx, principal, req, 'policy.create', { type: 'policy', id }, { title: body.title, publishedAt: body.publishedAt });
        return id;
      });
      return loadPolicy(id);
    },

    policyUpdate: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'policy');
        await checkAttachments(tx, body.attachments);
        const found = await updatePolicy(tx, params.id, { ...body, content: await publicRichText(tx, body.content, 'content', '正文'), publishedAt: body.publishedAt ? new Date(body.publishedAt) : null });
        if (!found) throw notFound('公告不存在');
        await refreshPolicyVector(tx, params.id);
        await audit(tx, principal, req, 'policy.update', { type: 'policy', id: params.id }, { title: body.title, publishedAt: body.publishedAt, pinned: body.pinned });
      });
      return loadPolicy(params.id);
    },

    policyDelete: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        const row = await deletePolicy(tx, params.id);
        if (!row) throw notFound('公告不存在');
        await audit(tx, principal, req, 'policy.delete', { type: 'policy', id: row.id }, { title: row.title });
      });
      return null;
    },

    // --- Experts. ---

    expertList: async ({ query }) => ({ ...(await listExperts(db, query)), page: query.page, pageSize: query.pageSize }),

    expertGet: ({ params }) => loadExpert(params.id),

    expertCreate: async ({ body, principal, req }) => {
      const id = await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'expert');
        await checkRegion(tx, body.regionId);
        const photo = await resolveImage(tx, body.photo, 'photo', '照片');
        const interestEnterpriseIds = await checkInterestEnterprises(tx, body.interestEnterpriseIds);
        const id = await insertExpert(tx, { ...body, photo, interestEnterpriseIds, biography: await publicRichText(tx, body.biography, 'biography', '专家简介') });
        await refreshExpertVector(tx, id);
        await audit(tx, principal, req, 'expert.create', { type: 'expert', id }, { name: body.name });
        return id;
      });
      return loadExpert(id);
    },

    expertUpdate: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'expert');
        await checkRegion(tx, body.regionId);
        const photo = await resolveImage(tx, body.photo, 'photo', '照片');
        const interestEnterpriseIds = await checkInterestEnterprises(tx, body.interestEnterpriseIds);
        const found = await updateExpert(tx, params.id, { ...body, photo, interestEnterpriseIds, biography: await publicRichText(tx, body.biography, 'biography', '专家简介') });
        if (!found) throw notFound('专家不存在');
        await refreshExpertVector(tx, params.id);
        await audit(tx, principal, req, 'expert.update', { type: 'expert', id: params.id }, { name: body.name, published: body.published });
      });
      return loadExpert(params.id);
    },

    expertDelete: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        // Held first, so that an invitation or an assignment made meanwhile is seen here, not by the foreign key.
        if (!(await lockExpert(tx, params.id))) throw notFound('专家不存在');
        const ties = await expertTies(tx, params.id);
        if (ties.account) throw conflict('该专家已开通评审账号，不能删除；如不再邀请其评审，请停用其账号');
        if (ties.assignments > 0) throw conflict(`该专家有 ${ties.assignments} 项评审任务，不能删除`);
        const row = await deleteExpert(tx, params.id);
        if (!row) throw notFound('专家不存在');
        await audit(tx, principal, req, 'expert.delete', { type: 'expert', id: row.id }, { name: row.name });
      });
      return null;
    },

    // --- Enterprise library. ---

    enterpriseList: async ({ query }) => ({ ...(await listEnterprises(db, query)), page: query.page, pageSize: query.pageSize }),

    enterpriseGet: ({ params }) => loadEnterprise(params.id),

    enterpriseCreate: async ({ body, principal, req }) => {
      const id = await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'enterprise');
        await checkRegion(tx, body.regionId);
        const { enterpriseName, ...rest } = body;
        const logo = await resolveImage(tx, body.logo, 'logo', '标志');
        const id = await insertEnterprise(tx, { ...rest, name: enterpriseName, logo, introduction: await publicRichText(tx, body.introduction, 'introduction', '企业简介') });
        if (id === undefined) throw conflict(`统一社会信用代码 ${body.creditCode} 已在企业库中`);
        await refreshEnterpriseVector(tx, id);
        await audit(tx, principal, req, 'enterprise.create', { type: 'enterprise', id }, { name: enterpriseName, creditCode: body.creditCode });
        return id;
      });
      return loadEnterprise(id);
    },

    enterpriseUpdate: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'enterprise');
        await checkRegion(tx, body.regionId);
        if (await creditCodeTaken(tx, body.creditCode, params.id)) throw conflict(`统一社会信用代码 ${body.creditCode} 已在企业库中`);
        const { enterpriseName, ...rest } = body;
        const logo = await resolveImage(tx, body.logo, 'logo', '标志');
        const found = await updateEnterprise(tx, params.id, { ...rest, name: enterpriseName, logo, introduction: await publicRichText(tx, body.introduction, 'introduction', '企业简介') });
        if (!found) throw notFound('企业不存在');
        await refreshEnterpriseVector(tx, params.id);
        await audit(tx, principal, req, 'enterprise.update', { type: 'enterprise', id: params.id }, { name: enterpriseName, creditCode: body.creditCode, published: body.published });
      });
      return loadEnterprise(params.id);
    },

    enterpriseDelete: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        const row = await deleteEnterprise(tx, params.id);
        if (!row) throw notFound('企业不存在');
        await audit(tx, principal, req, 'enterprise.delete', { type: 'enterprise', id: row.id }, { name: row.name, creditCode: row.creditCode });
      });
      return null;
    },
  };
}
