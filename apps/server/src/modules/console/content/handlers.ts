import type { ConsoleEnterprise, ConsoleExpert, ConsolePolicy, Region } from '@flagship/api-client';
import { and, asc, count, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { asStaff, audit } from '../../../auth/staff';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { hashPassword } from '../../../db/password';
import { categories, enterprises, experts, policies, projects, regions, settings } from '../../../db/schema';
import { searchQuery, searchVectorSql } from '../../../db/search';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { isCommonPassword } from '../../../lib/common-passwords';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { sanitizeRichText } from '../../../lib/sanitize';
import { loadSettings } from '../../content/handlers';
import { refreshProjectVector } from '../publishing/handlers';
import { checkAttachments, checkCategory, checkRegion, resolveImage } from '../../../shared/console';

type ContentHandlers = Omit<
  Handlers['console'],
  | 'login' | 'logout' | 'me' | 'auditList'
  | 'projectList' | 'projectGet' | 'projectCreate' | 'projectUpdate' | 'projectPublish' | 'projectOptions'
  | 'formCreate' | 'formUpdate' | 'formDelete' | 'formReorder'
  | 'authenticationList' | 'authenticationGet' | 'authenticationApprove' | 'authenticationReject'
  | 'applyList' | 'applyGet' | 'applyReview' | 'applyExport' | 'applyDownload' | 'applyBatchPrint'
>;

/** The condition of a keyword on a search vector; matches nothing when the keyword has no words. */
function keywordWhere(vector: AnyPgColumn, keyword: string | undefined) {
  if (!keyword) return undefined;
  const query = searchQuery(keyword);
  return query ? sql`${vector} @@ ${query}` : sql`false`;
}

// --- Search vectors, recomputed from the stored row so every writer agrees. ---

async function refreshPolicyVector(tx: Executor, id: number) {
  const [row] = await tx.select({ title: policies.title, summary: policies.summary, content: policies.content }).from(policies).where(eq(policies.id, id));
  if (row) await tx.update(policies).set({ searchVector: searchVectorSql(row.title, row.summary, row.content) }).where(eq(policies.id, id));
}

async function refreshExpertVector(tx: Executor, id: number) {
  const [row] = await tx.select().from(experts).where(eq(experts.id, id));
  if (row) {
    await tx
      .update(experts)
      .set({ searchVector: searchVectorSql(row.name, row.title, row.organisation, row.specialities.join(' '), row.biography) })
      .where(eq(experts.id, id));
  }
}

export async function refreshEnterpriseVector(tx: Executor, id: number) {
  const [row] = await tx
    .select({ e: enterprises, category: categories.name })
    .from(enterprises)
    .leftJoin(categories, eq(categories.id, enterprises.categoryId))
    .where(eq(enterprises.id, id));
  if (row) {
    const e = row.e;
    await tx
      .update(enterprises)
      .set({ searchVector: searchVectorSql(e.name, e.type, row.category, e.address, e.creditCode, e.introduction) })
      .where(eq(enterprises.id, id));
  }
}

// --- Loaders. ---

async function loadPolicy(db: Executor, id: number): Promise<ConsolePolicy> {
  const [row] = await db
    .select({ p: policies, categoryName: categories.name })
    .from(policies)
    .leftJoin(categories, eq(categories.id, policies.categoryId))
    .where(eq(policies.id, id))
    .limit(1);
  if (!row) throw notFound('公告不存在');
  const p = row.p;
  return {
    id: p.id,
    title: p.title,
    categoryId: p.categoryId,
    categoryName: row.categoryName,
    summary: p.summary,
    publishedAt: iso(p.publishedAt),
    pinned: p.pinned,
    content: p.content,
    attachments: p.attachments,
    views: p.views,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

const expertSelect = (db: Executor) =>
  db
    .select({ e: experts, categoryName: categories.name, regionName: regions.name })
    .from(experts)
    .leftJoin(categories, eq(categories.id, experts.categoryId))
    .leftJoin(regions, eq(regions.id, experts.regionId));

function toExpert({ e, categoryName, regionName }: { e: typeof experts.$inferSelect; categoryName: string | null; regionName: string | null }): ConsoleExpert {
  return {
    id: e.id,
    name: e.name,
    photo: e.photo,
    title: e.title,
    organisation: e.organisation,
    specialities: e.specialities,
    categoryId: e.categoryId,
    categoryName,
    regionId: e.regionId,
    regionName,
    biography: e.biography,
    published: e.published,
    sort: e.sort,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

async function loadExpert(db: Executor, id: number): Promise<ConsoleExpert> {
  const [row] = await expertSelect(db).where(eq(experts.id, id)).limit(1);
  if (!row) throw notFound('专家不存在');
  return toExpert(row);
}

const enterpriseSelect = (db: Executor) =>
  db
    .select({ e: enterprises, categoryName: categories.name, regionName: regions.name })
    .from(enterprises)
    .leftJoin(categories, eq(categories.id, enterprises.categoryId))
    .leftJoin(regions, eq(regions.id, enterprises.regionId));

function toEnterprise({ e, categoryName, regionName }: { e: typeof enterprises.$inferSelect; categoryName: string | null; regionName: string | null }): ConsoleEnterprise {
  return {
    id: e.id,
    name: e.name,
    creditCode: e.creditCode,
    type: e.type,
    categoryId: e.categoryId,
    categoryName,
    regionId: e.regionId,
    regionName,
    logo: e.logo,
    legalRepresentative: e.legalRepresentative,
    address: e.address,
    introduction: e.introduction,
    establishedOn: e.establishedOn,
    published: e.published,
    authenticationId: e.authenticationId,
    userId: e.userId,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

export async function loadEnterprise(db: Executor, id: number): Promise<ConsoleEnterprise> {
  const [row] = await enterpriseSelect(db).where(eq(enterprises.id, id)).limit(1);
  if (!row) throw notFound('企业不存在');
  return toEnterprise(row);
}

function toRegion(r: typeof regions.$inferSelect): Region {
  return { id: r.id, parentId: r.parentId, name: r.name, level: r.level, sort: r.sort };
}

export function consoleContentHandlers({ db }: AppContext): ContentHandlers {
  const now = sql`now()`;

  return {
    // --- Notices. ---

    policyList: async ({ query }) => {
      const state =
        query.state === 'draft'
          ? isNull(policies.publishedAt)
          : query.state === 'scheduled'
            ? gt(policies.publishedAt, now)
            : query.state === 'published'
              ? lte(policies.publishedAt, now)
              : undefined;
      const where = and(state, query.categoryId ? eq(policies.categoryId, query.categoryId) : undefined, keywordWhere(policies.searchVector, query.keyword));
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        db
          .select({ p: policies, categoryName: categories.name })
          .from(policies)
          .leftJoin(categories, eq(categories.id, policies.categoryId))
          .where(where)
          .orderBy(desc(policies.pinned), sql`${policies.publishedAt} desc nulls first`, desc(policies.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(policies).where(where),
      ]);
      return {
        list: rows.map(({ p, categoryName }) => ({
          id: p.id,
          title: p.title,
          categoryId: p.categoryId,
          categoryName,
          summary: p.summary,
          publishedAt: iso(p.publishedAt),
          pinned: p.pinned,
          views: p.views,
          createdAt: iso(p.createdAt),
          updatedAt: iso(p.updatedAt),
        })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    policyGet: ({ params }) => loadPolicy(db, params.id),

    policyCreate: async ({ body, principal, req }) => {
      const who = asStaff(principal);
      const id = await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'policy');
        await checkAttachments(tx, body.attachments);
        const [row] = await tx
          .insert(policies)
          .values({ ...body, content: sanitizeRichText(body.content), publishedAt: body.publishedAt ? new Date(body.publishedAt) : null })
          .returning({ id: policies.id });
        if (!row) throw new Error('Policy was not written');
        await refreshPolicyVector(tx, row.id);
        await audit(tx, who, req, 'policy.create', { type: 'policy', id: row.id }, { title: body.title, publishedAt: body.publishedAt });
        return row.id;
      });
      return loadPolicy(db, id);
    },

    policyUpdate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'policy');
        await checkAttachments(tx, body.attachments);
        const [row] = await tx
          .update(policies)
          .set({ ...body, content: sanitizeRichText(body.content), publishedAt: body.publishedAt ? new Date(body.publishedAt) : null })
          .where(eq(policies.id, params.id))
          .returning({ id: policies.id });
        if (!row) throw notFound('公告不存在');
        await refreshPolicyVector(tx, row.id);
        await audit(tx, who, req, 'policy.update', { type: 'policy', id: row.id }, { title: body.title, publishedAt: body.publishedAt, pinned: body.pinned });
      });
      return loadPolicy(db, params.id);
    },

    policyDelete: async ({ params, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(policies).where(eq(policies.id, params.id)).returning({ id: policies.id, title: policies.title });
        if (!row) throw notFound('公告不存在');
        await audit(tx, who, req, 'policy.delete', { type: 'policy', id: row.id }, { title: row.title });
      });
      return null;
    },

    // --- Experts. ---

    expertList: async ({ query }) => {
      const where = and(
        query.published === undefined ? undefined : eq(experts.published, query.published),
        query.categoryId ? eq(experts.categoryId, query.categoryId) : undefined,
        query.regionId ? eq(experts.regionId, query.regionId) : undefined,
        keywordWhere(experts.searchVector, query.keyword),
      );
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        expertSelect(db).where(where).orderBy(asc(experts.sort), asc(experts.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(experts).where(where),
      ]);
      return {
        list: rows.map((r) => {
          const { biography: _biography, ...summary } = toExpert(r);
          return summary;
        }),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    expertGet: ({ params }) => loadExpert(db, params.id),

    expertCreate: async ({ body, principal, req }) => {
      const who = asStaff(principal);
      const id = await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'expert');
        await checkRegion(tx, body.regionId);
        const photo = await resolveImage(tx, body.photo, 'photo', '照片');
        const [row] = await tx
          .insert(experts)
          .values({ ...body, photo, biography: sanitizeRichText(body.biography) })
          .returning({ id: experts.id });
        if (!row) throw new Error('Expert was not written');
        await refreshExpertVector(tx, row.id);
        await audit(tx, who, req, 'expert.create', { type: 'expert', id: row.id }, { name: body.name });
        return row.id;
      });
      return loadExpert(db, id);
    },

    expertUpdate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'expert');
        await checkRegion(tx, body.regionId);
        const photo = await resolveImage(tx, body.photo, 'photo', '照片');
        const [row] = await tx
          .update(experts)
          .set({ ...body, photo, biography: sanitizeRichText(body.biography) })
          .where(eq(experts.id, params.id))
          .returning({ id: experts.id });
        if (!row) throw notFound('专家不存在');
        await refreshExpertVector(tx, row.id);
        await audit(tx, who, req, 'expert.update', { type: 'expert', id: row.id }, { name: body.name, published: body.published });
      });
      return loadExpert(db, params.id);
    },

    expertDelete: async ({ params, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(experts).where(eq(experts.id, params.id)).returning({ id: experts.id, name: experts.name });
        if (!row) throw notFound('专家不存在');
        await audit(tx, who, req, 'expert.delete', { type: 'expert', id: row.id }, { name: row.name });
      });
      return null;
    },

    // --- Enterprise library. ---

    enterpriseList: async ({ query }) => {
      const where = and(
        query.published === undefined ? undefined : eq(enterprises.published, query.published),
        query.categoryId ? eq(enterprises.categoryId, query.categoryId) : undefined,
        query.regionId ? eq(enterprises.regionId, query.regionId) : undefined,
        keywordWhere(enterprises.searchVector, query.keyword),
      );
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        enterpriseSelect(db).where(where).orderBy(desc(enterprises.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(enterprises).where(where),
      ]);
      return {
        list: rows.map((r) => {
          const { introduction: _introduction, ...summary } = toEnterprise(r);
          return summary;
        }),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    enterpriseGet: ({ params }) => loadEnterprise(db, params.id),

    enterpriseCreate: async ({ body, principal, req }) => {
      const who = asStaff(principal);
      const id = await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'enterprise');
        await checkRegion(tx, body.regionId);
        const { enterpriseName, ...rest } = body;
        const logo = await resolveImage(tx, body.logo, 'logo', '标志');
        const [row] = await tx
          .insert(enterprises)
          .values({ ...rest, name: enterpriseName, logo, introduction: sanitizeRichText(body.introduction) })
          .onConflictDoNothing({ target: enterprises.creditCode })
          .returning({ id: enterprises.id });
        if (!row) throw conflict(`统一社会信用代码 ${body.creditCode} 已在企业库中`);
        await refreshEnterpriseVector(tx, row.id);
        await audit(tx, who, req, 'enterprise.create', { type: 'enterprise', id: row.id }, { name: enterpriseName, creditCode: body.creditCode });
        return row.id;
      });
      return loadEnterprise(db, id);
    },

    enterpriseUpdate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        await checkCategory(tx, body.categoryId, 'enterprise');
        await checkRegion(tx, body.regionId);
        const [taken] = await tx
          .select({ id: enterprises.id })
          .from(enterprises)
          .where(and(eq(enterprises.creditCode, body.creditCode), ne(enterprises.id, params.id)))
          .limit(1);
        if (taken) throw conflict(`统一社会信用代码 ${body.creditCode} 已在企业库中`);
        const { enterpriseName, ...rest } = body;
        const logo = await resolveImage(tx, body.logo, 'logo', '标志');
        const [row] = await tx
          .update(enterprises)
          .set({ ...rest, name: enterpriseName, logo, introduction: sanitizeRichText(body.introduction) })
          .where(eq(enterprises.id, params.id))
          .returning({ id: enterprises.id });
        if (!row) throw notFound('企业不存在');
        await refreshEnterpriseVector(tx, row.id);
        await audit(tx, who, req, 'enterprise.update', { type: 'enterprise', id: row.id }, { name: enterpriseName, creditCode: body.creditCode, published: body.published });
      });
      return loadEnterprise(db, params.id);
    },

    enterpriseDelete: async ({ params, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(enterprises).where(eq(enterprises.id, params.id)).returning({ id: enterprises.id, name: enterprises.name, creditCode: enterprises.creditCode });
        if (!row) throw notFound('企业不存在');
        await audit(tx, who, req, 'enterprise.delete', { type: 'enterprise', id: row.id }, { name: row.name, creditCode: row.creditCode });
      });
      return null;
    },

    // --- Categories. ---

    categoryList: ({ query }) =>
      db
        .select({ id: categories.id, kind: categories.kind, name: categories.name, sort: categories.sort })
        .from(categories)
        .where(query.kind ? eq(categories.kind, query.kind) : undefined)
        .orderBy(asc(categories.kind), asc(categories.sort), asc(categories.id)),

    categoryCreate: async ({ body, principal, req }) => {
      const who = asStaff(principal);
      return db.transaction(async (tx) => {
        const [same] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.kind, body.kind), eq(categories.name, body.name))).limit(1);
        if (same) throw conflict(`分类「${body.name}」已存在`);
        const [row] = await tx.insert(categories).values(body).returning({ id: categories.id, kind: categories.kind, name: categories.name, sort: categories.sort });
        if (!row) throw new Error('Category was not written');
        await audit(tx, who, req, 'category.create', { type: 'category', id: row.id }, { kind: row.kind, name: row.name });
        return row;
      });
    },

    categoryUpdate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(categories).where(eq(categories.id, params.id)).limit(1);
        if (!current) throw notFound('分类不存在');
        const [same] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.kind, current.kind), eq(categories.name, body.name), ne(categories.id, params.id)))
          .limit(1);
        if (same) throw conflict(`分类「${body.name}」已存在`);
        const [row] = await tx
          .update(categories)
          .set(body)
          .where(eq(categories.id, params.id))
          .returning({ id: categories.id, kind: categories.kind, name: categories.name, sort: categories.sort });
        if (!row) throw notFound('分类不存在');
        // Calls and enterprises are found by their category's name too.
        if (current.name !== row.name) {
          const inCategory = async (ids: Promise<{ id: number }[]>, refresh: (tx: Executor, id: number) => Promise<void>) => {
            for (const { id } of await ids) await refresh(tx, id);
          };
          if (row.kind === 'project') await inCategory(tx.select({ id: projects.id }).from(projects).where(eq(projects.categoryId, row.id)), refreshProjectVector);
          if (row.kind === 'enterprise') await inCategory(tx.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.categoryId, row.id)), refreshEnterpriseVector);
        }
        await audit(tx, who, req, 'category.update', { type: 'category', id: row.id }, { from: current.name, to: row.name, sort: row.sort });
        return row;
      });
    },

    categoryDelete: async ({ params, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(categories).where(eq(categories.id, params.id)).limit(1);
        if (!current) throw notFound('分类不存在');
        // References become "no category" (ON DELETE SET NULL); search vectors follow.
        const projectIds = current.kind === 'project' ? await tx.select({ id: projects.id }).from(projects).where(eq(projects.categoryId, current.id)) : [];
        const enterpriseIds = current.kind === 'enterprise' ? await tx.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.categoryId, current.id)) : [];
        await tx.delete(categories).where(eq(categories.id, current.id));
        for (const { id } of projectIds) await refreshProjectVector(tx, id);
        for (const { id } of enterpriseIds) await refreshEnterpriseVector(tx, id);
        await audit(tx, who, req, 'category.delete', { type: 'category', id: current.id }, { kind: current.kind, name: current.name });
      });
      return null;
    },

    // --- Regions. ---

    regionCreate: async ({ body, principal, req }) => {
      const who = asStaff(principal);
      return db.transaction(async (tx) => {
        let level = 1;
        if (body.parentId !== null) {
          const [parent] = await tx.select().from(regions).where(eq(regions.id, body.parentId)).limit(1);
          if (!parent) throw badRequest('上级地区：地区不存在', { parentId: '地区不存在' });
          if (parent.level >= 3) throw badRequest('上级地区：区县下不能再建下级地区', { parentId: '区县下不能再建下级地区' });
          level = parent.level + 1;
        }
        const [row] = await tx.insert(regions).values({ parentId: body.parentId, name: body.name, sort: body.sort, level }).returning();
        if (!row) throw new Error('Region was not written');
        await audit(tx, who, req, 'region.create', { type: 'region', id: row.id }, { name: row.name, parentId: row.parentId });
        return toRegion(row);
      });
    },

    regionUpdate: async ({ params, body, principal, req }) => {
      const who = asStaff(principal);
      return db.transaction(async (tx) => {
        const all = await tx.select().from(regions);
        const current = all.find((r) => r.id === params.id);
        if (!current) throw notFound('地区不存在');
        const patch: Partial<typeof regions.$inferInsert> = {};
        if (body.name !== undefined) patch.name = body.name;
        if (body.sort !== undefined) patch.sort = body.sort;
        if (body.parentId !== undefined && body.parentId !== current.parentId) {
          // The moved node's subtree: its depth below the node must still fit in three levels.
          const descendants: (typeof all)[number][] = [];
          const collect = (id: number) => {
            for (const child of all.filter((r) => r.parentId === id)) {
              descendants.push(child);
              collect(child.id);
            }
          };
          collect(current.id);
          let level = 1;
          if (body.parentId !== null) {
            const parent = all.find((r) => r.id === body.parentId);
            if (!parent) throw badRequest('上级地区：地区不存在', { parentId: '地区不存在' });
            if (parent.id === current.id || descendants.some((d) => d.id === parent.id)) {
              throw badRequest('上级地区：不能移到自己或自己的下级地区之下', { parentId: '不能移到自己或自己的下级地区之下' });
            }
            level = parent.level + 1;
          }
          const delta = level - current.level;
          const deepest = Math.max(current.level, ...descendants.map((d) => d.level)) + delta;
          if (deepest > 3) throw badRequest('上级地区：移动后层级超过省、市、区县三级', { parentId: '移动后层级超过三级' });
          patch.parentId = body.parentId;
          patch.level = level;
          for (const d of descendants) await tx.update(regions).set({ level: d.level + delta }).where(eq(regions.id, d.id));
        }
        const [row] = Object.keys(patch).length > 0 ? await tx.update(regions).set(patch).where(eq(regions.id, current.id)).returning() : [current];
        if (!row) throw notFound('地区不存在');
        await audit(tx, who, req, 'region.update', { type: 'region', id: row.id }, { before: toRegion(current), after: toRegion(row) });
        return toRegion(row);
      });
    },

    regionDelete: async ({ params, principal, req }) => {
      const who = asStaff(principal);
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(regions).where(eq(regions.id, params.id)).limit(1);
        if (!current) throw notFound('地区不存在');
        const [children] = await tx.select({ n: count() }).from(regions).where(eq(regions.parentId, current.id));
        if (children?.n) throw conflict(`「${current.name}」下还有 ${children.n} 个下级地区，只能删除末级地区`);
        await tx.delete(regions).where(eq(regions.id, current.id));
        await audit(tx, who, req, 'region.delete', { type: 'region', id: current.id }, { name: current.name, parentId: current.parentId });
      });
      return null;
    },

    // --- Settings. ---

    settingsGet: async () => {
      const [row] = await db.select({ hash: settings.accessPasswordHash }).from(settings).limit(1);
      return { ...(await loadSettings(db)), accessPasswordSet: Boolean(row?.hash) };
    },

    settingsUpdate: async ({ body, principal, req }) => {
      const who = asStaff(principal);
      if (body.accessPassword !== undefined && isCommonPassword(body.accessPassword)) {
        throw badRequest('访问密码：过于常见，请换一个更难猜的密码', { accessPassword: '过于常见，请换一个更难猜的密码' });
      }
      const newHash = body.accessPassword !== undefined ? await hashPassword(body.accessPassword) : undefined;
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ hash: settings.accessPasswordHash }).from(settings).for('update').limit(1);
        if (body.accessPasswordEnabled && !newHash && !current?.hash) {
          throw badRequest('访问密码：开启访问密码前请先设置密码', { accessPassword: '开启访问密码前请先设置密码' });
        }
        const banners = [];
        for (const [index, banner] of body.banners.entries()) {
          banners.push({ ...banner, image: (await resolveImage(tx, banner.image, `banners.${index}.image`, '横幅')) ?? '' });
        }
        const { accessPassword: _password, ...rest } = body;
        await tx
          .update(settings)
          .set({ ...rest, about: sanitizeRichText(body.about), banners, ...(newHash ? { accessPasswordHash: newHash } : {}) })
          .where(eq(settings.id, 1));
        // The password is never written to the log, only that it changed.
        await audit(tx, who, req, 'settings.update', { type: 'settings', id: 1 }, {
          siteTitle: body.siteTitle,
          accessPasswordEnabled: body.accessPasswordEnabled,
          accessPasswordChanged: Boolean(newHash),
        });
      });
      const [row] = await db.select({ hash: settings.accessPasswordHash }).from(settings).limit(1);
      return { ...(await loadSettings(db)), accessPasswordSet: Boolean(row?.hash) };
    },
  };
}
