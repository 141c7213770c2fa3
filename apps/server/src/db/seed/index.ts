// Demo content for a new database: regions, categories, settings, calls with their forms,
// notices, experts, enterprises, one staff administrator, and review work (applicants with
// applications and pending enterprise authentications). Idempotent: a database that already has
// regions is left alone. Everything goes in one transaction, so a failed seed leaves no rows.
import { sql } from 'drizzle-orm';
import { beijingYear } from '../../lib/beijing-time';
import { rowsOf } from '../../lib/rows';
import type { Storage } from '../../lib/storage';
import type { Database, Executor } from '../client';
import { hashPassword } from '../password';
import { auditLogs, categories, enterprises, experts, forms, policies, projects, regions, settings, staff } from '../schema';
import type { CategoryKind } from '@flagship/api-client';
import { searchVectorSql } from '../search';
import { ABOUT_HTML, banners, CATEGORIES, copyrightLine, FRIENDLY_LINKS, SITE_TITLE, SUPPORT_CREDIT } from './data-base';
import { PROVINCE, type RegionSeed } from './data-regions';
import { DEMO_APPLICANT_PASSWORD } from './data-applicants';
import { ENTERPRISES } from './data-enterprises';
import { EXPERTS } from './data-experts';
import { DEMO_EXPERT_PASSWORD, DEMO_EXPERTS, seedExpertReview } from './expert-review';
import { policySeeds } from './data-policies';
import { projectSeeds } from './data-projects';
import { addDays, companyCreditCode } from './helpers';
import { seedResultAnnouncement } from './results';
import { seedReviewWork } from './review-work';

export { APPLICANTS, APPLICATIONS, AUTHENTICATIONS, DEMO_APPLICANT_PASSWORD } from './data-applicants';
export { DEMO_EXPERT_PASSWORD, DEMO_EXPERTS } from './expert-review';
export { companyCreditCode, creditCodeCheckChar, isValidCreditCode, orgCodeCheckChar } from './helpers';

/** Advisory lock held while seeding, so two processes starting together seed once. */
export const SEED_LOCK_KEY = 0x666c6168;

export const DEMO_ADMIN = { account: 'admin', password: 'Flagship@2026', name: '系统管理员' } as const;

export interface SeedOptions {
  /** The moment the demo content is placed around (default: now). */
  now?: Date;
  /** Where the demo applicants' uploads are written (the server's `storageFor(DATA_DIR)`). */
  storage: Storage;
}

export interface SeedResult {
  /** False when the database already had content and nothing was done. */
  seeded: boolean;
  counts: Record<'regions' | 'categories' | 'projects' | 'forms' | 'policies' | 'experts' | 'enterprises' | 'staff' | 'users' | 'applications' | 'authentications' | 'reviewAssignments', number>;
}

const NOTHING: SeedResult['counts'] = {
  regions: 0,
  categories: 0,
  projects: 0,
  forms: 0,
  policies: 0,
  experts: 0,
  enterprises: 0,
  staff: 0,
  users: 0,
  applications: 0,
  authentications: 0,
  reviewAssignments: 0,
};

async function hasContent(db: Executor): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 as found from ${regions} limit 1`)).length > 0;
}

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data refers to an unknown ${what}: ${key}`);
  return value;
}

async function seedRegions(tx: Executor): Promise<{ byName: Map<string, number>; codeByName: Map<string, string>; count: number }> {
  const byName = new Map<string, number>();
  const codeByName = new Map<string, string>();
  const [province] = await tx.insert(regions).values({ name: PROVINCE.name, level: 1, sort: 1 }).returning({ id: regions.id });
  if (!province) throw new Error('Seeding the province returned no row');
  byName.set(PROVINCE.name, province.id);
  codeByName.set(PROVINCE.name, PROVINCE.code);

  const cities: RegionSeed[] = PROVINCE.children ?? [];
  const cityRows = await tx
    .insert(regions)
    .values(cities.map((c, i) => ({ parentId: province.id, name: c.name, level: 2, sort: i + 1 })))
    .returning({ id: regions.id, name: regions.name });
  for (const row of cityRows) byName.set(row.name, row.id);

  const districts = cities.flatMap((city) =>
    (city.children ?? []).map((d, i) => ({ parentId: lookup(byName, city.name, 'city'), name: d.name, level: 3, sort: i + 1, code: d.code })),
  );
  const districtRows = await tx
    .insert(regions)
    .values(districts.map(({ code: _code, ...row }) => row))
    .returning({ id: regions.id, name: regions.name });
  for (const row of districtRows) byName.set(row.name, row.id);
  for (const c of cities) {
    codeByName.set(c.name, c.code);
    for (const d of c.children ?? []) codeByName.set(d.name, d.code);
  }
  return { byName, codeByName, count: 1 + cityRows.length + districtRows.length };
}

async function seedCategories(tx: Executor): Promise<Map<string, number>> {
  const values = (Object.entries(CATEGORIES) as [CategoryKind, string[]][]).flatMap(([kind, names]) =>
    names.map((name, i) => ({ kind, name, sort: i + 1 })),
  );
  const rows = await tx.insert(categories).values(values).returning({ id: categories.id, kind: categories.kind, name: categories.name });
  return new Map(rows.map((r) => [`${r.kind}:${r.name}`, r.id]));
}

/**
 * Fill an empty database with the demo content (see module comment). Returns what was inserted;
 * `seeded: false` when regions already existed.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const year = beijingYear(now);
  if (await hasContent(db)) return { seeded: false, counts: NOTHING };
  // Hash before the transaction: scrypt takes a moment and needs no lock.
  const [adminHash, applicantHash, expertHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_APPLICANT_PASSWORD),
    hashPassword(DEMO_EXPERT_PASSWORD),
  ]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // Another process may have seeded while this one hashed.
    if (await hasContent(tx)) return { seeded: false, counts: NOTHING };

    const region = await seedRegions(tx);
    const category = await seedCategories(tx);
    const categoryId = (kind: CategoryKind, name: string) => lookup(category, `${kind}:${name}`, `${kind} category`);
    const regionId = (name: string) => lookup(region.byName, name, 'region');
    const creditCode = (district: string, orgBody: string) => companyCreditCode(lookup(region.codeByName, district, 'district code'), orgBody);

    await tx
      .insert(settings)
      .values({
        id: 1,
        siteTitle: SITE_TITLE,
        about: ABOUT_HTML,
        friendlyLinks: FRIENDLY_LINKS,
        supportCredit: SUPPORT_CREDIT,
        copyright: copyrightLine(year),
        banners: banners(year),
        accessPasswordEnabled: false,
        accessPasswordHash: null,
      })
      .onConflictDoNothing();

    const staffRows = await tx
      .insert(staff)
      .values({ account: DEMO_ADMIN.account, passwordHash: adminHash, name: DEMO_ADMIN.name, role: 'admin' })
      .onConflictDoNothing()
      .returning({ id: staff.id });

    // Calls and their forms.
    const projectData = projectSeeds(now);
    const projectRows = await tx
      .insert(projects)
      .values(
        projectData.map((p) => ({
          title: p.title,
          categoryId: categoryId('project', p.category),
          regionId: regionId(p.region ?? PROVINCE.name),
          cover: null,
          summary: p.summary,
          guide: p.guide,
          attachments: p.attachments,
          budget: p.budget,
          budgetNote: p.budgetNote,
          applyStart: p.applyStart,
          applyEnd: p.applyEnd,
          year: p.year,
          published: true,
          searchVector: searchVectorSql(p.title, p.category, p.summary, p.budgetNote, p.guide),
          createdAt: addDays(p.applyStart, -3),
          updatedAt: addDays(p.applyStart, -3),
        })),
      )
      .returning({ id: projects.id, title: projects.title });
    const projectIdByTitle = new Map(projectRows.map((r) => [r.title, r.id]));
    const formValues = projectData.flatMap((p) =>
      p.forms.map((f, i) => ({
        projectId: lookup(projectIdByTitle, p.title, 'project'),
        title: f.title,
        description: f.description,
        fields: f.fields,
        sort: i + 1,
        createdAt: addDays(p.applyStart, -3),
        updatedAt: addDays(p.applyStart, -3),
      })),
    );
    const formRows = await tx.insert(forms).values(formValues).returning({ id: forms.id });

    // Notices.
    const policyData = policySeeds(now);
    await tx.insert(policies).values(
      policyData.map((p) => ({
        title: p.title,
        categoryId: categoryId('policy', p.category),
        summary: p.summary,
        content: p.content,
        attachments: p.attachments,
        publishedAt: p.publishedAt,
        pinned: p.pinned,
        views: p.views,
        searchVector: searchVectorSql(p.title, p.summary, p.content),
        createdAt: p.publishedAt ?? now,
        updatedAt: p.publishedAt ?? now,
      })),
    );

    // Experts.
    await tx.insert(experts).values(
      EXPERTS.map((e, i) => ({
        name: e.name,
        photo: null,
        title: e.title,
        organisation: e.organisation,
        specialities: e.specialities,
        categoryId: categoryId('expert', e.category),
        regionId: regionId(e.region),
        biography: e.biography,
        published: true,
        sort: i + 1,
        searchVector: searchVectorSql(e.name, e.title, e.organisation, e.specialities.join(' '), e.biography),
      })),
    );

    // Enterprises.
    await tx.insert(enterprises).values(
      ENTERPRISES.map((e) => {
        const code = creditCode(e.district, e.orgBody);
        return {
          name: e.name,
          creditCode: code,
          type: e.type,
          legalRepresentative: e.legalRepresentative,
          categoryId: categoryId('enterprise', e.category),
          regionId: regionId(e.district),
          address: e.address,
          introduction: e.introduction,
          logo: null,
          establishedOn: e.establishedOn,
          published: e.published,
          searchVector: searchVectorSql(e.name, e.type, e.category, e.address, code, e.introduction),
        };
      }),
    );

    const work = await seedReviewWork(tx, { now, storage: options.storage, passwordHash: applicantHash, reviewerId: staffRows[0]?.id ?? null, regionId, creditCode });
    const review = await seedExpertReview(tx, { now, passwordHash: expertHash, adminId: staffRows[0]?.id ?? null });
    // One published 立项公示, for the first call with approved applications.
    for (const call of projectRows) {
      if ((await seedResultAnnouncement(tx, call, { now, staffId: staffRows[0]?.id ?? null })) > 0) break;
    }

    const counts = {
      regions: region.count,
      categories: category.size,
      projects: projectRows.length,
      forms: formRows.length,
      policies: policyData.length,
      experts: EXPERTS.length,
      enterprises: ENTERPRISES.length,
      staff: staffRows.length + DEMO_EXPERTS.length,
      ...work,
      ...review,
    };
    await tx.insert(auditLogs).values({ actorKind: 'system', action: 'seed', objectType: 'database', detail: { counts } });
    return { seeded: true, counts };
  });
}
