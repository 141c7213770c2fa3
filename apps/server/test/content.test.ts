import { createApiClient, createMemorySessionStore, Errno } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

describe.each(drivers)('content and base data on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('serves site settings with two friendly links', async () => {
    const settings = await server.client().api.content.settings();
    expect(settings.siteTitle).toMatch(/申报/);
    expect(settings.friendlyLinks).toHaveLength(2);
    expect(settings.friendlyLinks.every((l) => l.url.startsWith('https://'))).toBe(true);
    expect(settings.copyright).not.toBe('');
    expect(settings.accessPasswordEnabled).toBe(false);
  });

  it('lists categories, by kind', async () => {
    const { api } = server.client();
    const all = await api.base.categories();
    expect(new Set(all.map((c) => c.kind))).toEqual(new Set(['project', 'policy', 'expert', 'enterprise']));
    const project = await api.base.categories({ kind: 'project' });
    expect(project.length).toBeGreaterThan(2);
    expect(project.every((c) => c.kind === 'project')).toBe(true);
    expect((await apiError(api.base.categories({ kind: 'nope' as 'project' }))).errno).toBe(Errno.INVALID_INPUT);
  });

  it('serves the region tree', async () => {
    const regions = await server.client().api.base.regions();
    expect(regions.some((r) => r.parentId === null)).toBe(true);
    expect(regions.some((r) => r.level === 3)).toBe(true);
  });

  // Loaded on every page: answered with an ETag, and 304 to a client that already has the answer.
  const revalidated: [string, string, string][] = [
    ['regions', 'POST', '/admin/regions'],
    ['settings', 'GET', '/api/setting/index'],
    ['categories', 'GET', '/api/category'],
    ['categories of a kind', 'GET', '/api/category?kind=project'],
  ];
  it.each(revalidated)('answers %s with an ETag and 304 while it is unchanged', async (_name, method, path) => {
    const first = await fetch(`${server.baseUrl}${path}`, { method });
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${server.baseUrl}${path}`, { method, headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(`${server.baseUrl}${path}`, { method, headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it('the SDK revalidates settings and categories and reuses its copy on 304', async () => {
    const seen: { url: string; status: number; ifNoneMatch: string | null }[] = [];
    const c = server.client();
    const api = createApiClient({
      baseUrl: server.baseUrl,
      session: createMemorySessionStore(),
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await c.fetch(request);
        seen.push({ url: request.url, status: response.status, ifNoneMatch: request.headers.get('if-none-match') });
        return response;
      },
    });
    const settings = await api.content.settings();
    expect(await api.content.settings()).toEqual(settings);
    const categories = await api.base.categories({ kind: 'policy' });
    expect(await api.base.categories({ kind: 'policy' })).toEqual(categories);
    expect(seen.map((s) => s.status)).toEqual([200, 304, 200, 304]);
    expect(seen[1]?.ifNoneMatch).toBeTruthy();
  });

  it('pages through calls with filters, open ones first', async () => {
    const { api } = server.client();
    const page1 = await api.project.list({ page: 1, pageSize: 5 });
    expect(page1.total).toBeGreaterThanOrEqual(12);
    expect(page1.list).toHaveLength(5);
    expect(page1.list[0]?.status).toBe('open');
    const page2 = await api.project.list({ page: 2, pageSize: 5 });
    expect(page2.list.map((p) => p.id)).not.toContain(page1.list[0]?.id);

    for (const status of ['open', 'upcoming', 'closed'] as const) {
      const filtered = await api.project.list({ status, pageSize: 100 });
      expect(filtered.total, status).toBeGreaterThan(0);
      expect(filtered.list.every((p) => p.status === status)).toBe(true);
    }
    const active = await api.project.list({ status: 'active', pageSize: 100 });
    expect(active.list.every((p) => p.status !== 'closed')).toBe(true);

    const categoryId = page1.list[0]?.categoryId as number;
    const byCategory = await api.project.list({ categoryId, pageSize: 100 });
    expect(byCategory.list.every((p) => p.categoryId === categoryId)).toBe(true);
    const year = page1.list[0]?.year as number;
    expect((await api.project.list({ year, pageSize: 100 })).list.every((p) => p.year === year)).toBe(true);
  });

  it('finds calls by a Chinese keyword', async () => {
    const { api } = server.client();
    const any = (await api.project.list({ pageSize: 1 })).list[0];
    const word = any?.title.slice(0, 2) as string;
    const found = await api.project.list({ keyword: word, pageSize: 100 });
    expect(found.list.map((p) => p.id)).toContain(any?.id);
    expect(found.list.every((p) => p.title.includes(word) || p.summary.includes(word))).toBe(true);
    expect((await api.project.list({ keyword: '不存在的关键词组合喵' })).total).toBe(0);
  });

  it('rejects a bad page size by name', async () => {
    const error = await apiError(server.client().api.project.list({ pageSize: 1000 }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toMatch(/^每页条数：/);
    expect(error.fields).toHaveProperty('pageSize');
  });

  it('shows a call with its forms; 404 for one that does not exist', async () => {
    const { api } = server.client();
    const id = (await api.project.list({ status: 'open', pageSize: 1 })).list[0]?.id as number;
    const project = await api.project.detail({ id });
    expect(project.guide).toContain('<');
    expect(project.forms.length).toBeGreaterThan(0);
    expect(project.forms.every((f) => f.myApply === null)).toBe(true);
    expect((await apiError(api.project.detail({ id: 999_999 }))).errno).toBe(Errno.NOT_FOUND);
  });

  it('lists notices with pinned ones first and opens one', async () => {
    const { api } = server.client();
    const list = await api.content.policyList({ pageSize: 50 });
    expect(list.total).toBeGreaterThanOrEqual(20);
    const firstUnpinned = list.list.findIndex((p) => !p.pinned);
    expect(list.list.slice(firstUnpinned).every((p) => !p.pinned)).toBe(true);
    const detail = await api.content.policyDetail({ id: list.list[0]?.id as number });
    expect(detail.content.length).toBeGreaterThan(20);
    const again = await api.content.policyDetail({ id: detail.id });
    expect(again.views).toBe(detail.views + 1);
  });

  it('lists experts and enterprises and opens each', async () => {
    const { api } = server.client();
    const experts = await api.content.expertList({ pageSize: 50 });
    expect(experts.total).toBeGreaterThanOrEqual(15);
    const expert = await api.content.expertDetail({ id: experts.list[0]?.id as number });
    expect(expert.biography).not.toBe('');
    const enterprises = await api.enterprise.list({ pageSize: 50 });
    expect(enterprises.total).toBeGreaterThanOrEqual(15);
    const enterprise = await api.enterprise.detail({ id: enterprises.list[0]?.id as number });
    expect(enterprise.creditCode).toHaveLength(18);
    expect(enterprise).not.toHaveProperty('userId');
  });

  it('searches across kinds with Chinese keywords and counts per kind', async () => {
    const { api } = server.client();
    const expert = (await api.content.expertList({ pageSize: 1 })).list[0];
    const result = await api.content.search({ keyword: expert?.name as string });
    expect(result.list.some((h) => h.kind === 'expert' && h.id === expert?.id)).toBe(true);
    expect(result.counts.expert).toBeGreaterThan(0);

    const notice = (await api.content.policyList({ pageSize: 1 })).list[0];
    const word = notice?.title.slice(0, 4) as string;
    const onlyPolicies = await api.content.search({ keyword: word, type: 'policy' });
    expect(onlyPolicies.list.every((h) => h.kind === 'policy')).toBe(true);
    expect(onlyPolicies.total).toBe(onlyPolicies.counts.policy);

    expect((await apiError(api.content.search({ keyword: '' }))).errno).toBe(Errno.INVALID_INPUT);
  });

  it('answers the first hits of every kind at once with perKind', async () => {
    const { api } = server.client();
    const keyword = '艺术';
    const grouped = await api.content.search({ keyword, perKind: 2 });
    const kinds = ['project', 'policy', 'expert', 'enterprise'] as const;
    for (const kind of kinds) {
      const alone = await api.content.search({ keyword, type: kind, pageSize: 2 });
      expect(grouped.list.filter((h) => h.kind === kind)).toEqual(alone.list);
      expect(grouped.counts[kind]).toBe(alone.counts[kind]);
    }
    expect(kinds.filter((kind) => grouped.counts[kind] > 2).length).toBeGreaterThan(0);
    const error = await apiError(api.content.search({ keyword, perKind: 50 }));
    expect(error.errno).toBe(Errno.INVALID_INPUT);
    expect(error.errmsg).toBe('每类条数：不能大于 20');
  });

  it('reports health', async () => {
    const health = await server.client().api.base.health();
    expect(health).toMatchObject({ status: 'ok', database: 'ok', driver });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await fetch(`${server.baseUrl}/api/no/such/thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errno: 404 });
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.baseUrl}/api/setting/index`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a body that is too large or not JSON with an envelope', async () => {
    const big = await fetch(`${server.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'x'.repeat(3 * 1024 * 1024) }) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ errno: 413 });
    const broken = await fetch(`${server.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"account":' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ errno: 400 });
  });
});

describe('micro-cache of public answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { publicCacheMs: 60_000 });
  });
  afterAll(() => server?.close());

  it('reuses anonymous answers and never serves them to a session', async () => {
    const { projects } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const anonymous = server.client().api;
    const first = (await anonymous.project.list({ status: 'open', pageSize: 1 })).list[0];
    await server.handle.db.update(projects).set({ title: '已改名的项目' }).where(eq(projects.id, first?.id as number));
    expect((await anonymous.project.list({ status: 'open', pageSize: 1 })).list[0]?.title).toBe(first?.title);
    expect((await anonymous.project.detail({ id: first?.id as number })).title).toBe('已改名的项目');
    const user = await server.newUser();
    expect((await user.api.project.detail({ id: first?.id as number })).title).toBe('已改名的项目');
    // A different query is a different answer.
    expect((await anonymous.project.list({ status: 'open', pageSize: 2 })).list[0]?.title).toBe('已改名的项目');
  });
});
