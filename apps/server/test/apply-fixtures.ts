// Shared fixtures of the application, file and document tests: a call with a known form, small
// real files of each kind, applicants created straight in the database.
import { createHash } from 'node:crypto';
import { createApiClient, createMemorySessionStore, type ApiClient, type FormField } from '@flagship/api-client';
import { asc } from 'drizzle-orm';
import { hashToken, newToken } from '../src/auth/tokens';
import type { Executor } from '../src/db/client';
import { forms, projects, regions, sessions, users } from '../src/db/schema';

export const TEST_FIELDS: FormField[] = [
  { key: 'basics', kind: 'section', label: '基本信息' },
  { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
  { key: 'performances', kind: 'number', label: '演出场次', required: true, integer: true, min: 1, max: 200 },
  { key: 'amount', kind: 'money', label: '申请资助金额', required: true, min: 0, max: 500_000 },
  {
    key: 'genre',
    kind: 'select',
    label: '艺术门类',
    required: true,
    options: [
      { label: '戏剧', value: 'drama' },
      { label: '音乐', value: 'music' },
    ],
  },
  { key: 'region', kind: 'region', label: '所在地区' },
  { key: 'plan', kind: 'richText', label: '实施方案', required: true },
  {
    key: 'team',
    kind: 'table',
    label: '主创团队',
    columns: [
      { key: 'name', kind: 'text', label: '姓名', required: true },
      { key: 'role', kind: 'text', label: '担任职务' },
    ],
  },
  { key: 'materials', kind: 'section', label: '附件材料' },
  { key: 'proposal', kind: 'file', label: '申报书', required: true, accept: ['.pdf'] },
  { key: 'evidence', kind: 'files', label: '证明材料', maxItems: 3 },
  { key: 'poster', kind: 'image', label: '宣传海报' },
];

export type Window = 'open' | 'closed' | 'upcoming';

const DAY = 86_400_000;

/** A published call with `formCount` forms of TEST_FIELDS, its window placed around now. */
export async function createCall(db: Executor, window: Window = 'open', formCount = 1): Promise<{ projectId: number; formIds: number[] }> {
  const now = Date.now();
  const [start, end] =
    window === 'open' ? [now - DAY, now + 30 * DAY] : window === 'closed' ? [now - 60 * DAY, now - DAY] : [now + 10 * DAY, now + 40 * DAY];
  const [project] = await db
    .insert(projects)
    .values({
      title: `测试专项资助项目（${window}）`,
      summary: '契约测试用的资助项目',
      applyStart: new Date(start),
      applyEnd: new Date(end),
      year: new Date(start).getUTCFullYear(),
      published: true,
    })
    .returning({ id: projects.id });
  if (!project) throw new Error('no project');
  const formIds: number[] = [];
  for (let i = 0; i < formCount; i++) {
    const [form] = await db
      .insert(forms)
      .values({ projectId: project.id, title: `测试申报书 ${i + 1}`, description: '', fields: TEST_FIELDS, sort: i })
      .returning({ id: forms.id });
    if (!form) throw new Error('no form');
    formIds.push(form.id);
  }
  return { projectId: project.id, formIds };
}

/** A district and its full name (province city district). */
export async function someDistrict(db: Executor): Promise<{ id: number; path: string }> {
  const all = await db.select().from(regions).orderBy(asc(regions.id));
  const district = all.find((r) => r.level === 3);
  if (!district) throw new Error('no district seeded');
  const names: string[] = [];
  for (let r: (typeof all)[number] | undefined = district; r; r = all.find((x) => x.id === r?.parentId)) names.unshift(r.name);
  return { id: district.id, path: names.join(' ') };
}

/** Data that passes TEST_FIELDS on submit. */
export function validData(files: { proposal: number; evidence?: number[]; poster?: number }, regionId?: number): Record<string, unknown> {
  return {
    projectName: '原创越剧《钱塘潮》',
    performances: 12,
    amount: 180000.5,
    genre: 'drama',
    ...(regionId ? { region: regionId } : {}),
    plan: '<p>第一段<strong>加粗</strong><em>斜体</em></p><ul><li>排练</li><li>首演</li></ul>',
    team: [
      { name: '张三', role: '编剧' },
      { name: '李四', role: '导演' },
    ],
    proposal: files.proposal,
    evidence: files.evidence ?? [],
    ...(files.poster ? { poster: files.poster } : {}),
  };
}

/** SHA-256 of JSON with sorted keys, computed independently of the server's code. */
export function receiptHash(data: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256').update(JSON.stringify(sort(data))).digest('hex');
}

// --- Small real files ---

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function pdf(text = 'Flagship test'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** What a Windows executable starts with. */
export const EXE = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21', 'hex'),
  Buffer.from('This program cannot be run in DOS mode.\r\r\n$\0\0\0\0\0\0\0PE\0\0L\x01\x03\0', 'latin1'),
  Buffer.alloc(512),
]);

export const HTML = Buffer.from('<!doctype html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');

/** A compound file (old Office format) holding the given stream name. */
export function cfb(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  Buffer.from('Root Entry', 'utf16le').copy(directory, 0);
  Buffer.from(stream, 'utf16le').copy(directory, 128);
  return Buffer.concat([header, directory, Buffer.alloc(1024)]);
}

// --- Applicants without the cost of registration ---

let counter = 0;

/** An applicant and a live session written straight into the database. */
export async function directUser(db: Executor): Promise<{ userId: number; account: string; token: string }> {
  counter += 1;
  const account = `fixture-${process.pid}-${Date.now()}-${counter}@example.org`;
  const [user] = await db.insert(users).values({ account, passwordHash: 'not-a-login' }).returning({ id: users.id });
  if (!user) throw new Error('no user');
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 8 * 3600_000) });
  return { userId: user.id, account, token };
}

/** An SDK client over `baseUrl` holding a token. */
export function clientWithToken(baseUrl: string, user: { userId: number; account: string; token: string }): ApiClient {
  const session = createMemorySessionStore();
  session.set({ token: user.token, id: user.userId, account: user.account, enterprise_authentication_status: null });
  return createApiClient({ baseUrl, session, policy: { onError: () => {}, onTransportError: () => {}, reload: () => {} } });
}
