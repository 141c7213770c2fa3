import { creditCodeCheckChar, Errno, type FormField, type ProjectInput } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, forms, settings, uploads } from '../src/db/schema';
import { PNG, someDistrict } from './apply-fixtures';
import { auditOf, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

const DAY = 86_400_000;

const FIELDS: FormField[] = [
  { key: 'intro', kind: 'section', label: '基本情况' },
  { key: 'workTitle', kind: 'text', label: '作品名称', required: true, maxLength: 50 },
  { key: 'shows', kind: 'number', label: '演出场次', integer: true },
  {
    key: 'crew',
    kind: 'table',
    label: '主创人员',
    columns: [
      { key: 'name', kind: 'text', label: '姓名' },
      { key: 'role', kind: 'text', label: '职务' },
    ],
  },
];

describe.each(drivers)('console publishing on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let projectCategory: number;
  let policyCategory: number;
  let district: number;

  const call = (patch: Partial<ProjectInput> = {}): ProjectInput => ({
    title: '控制台测试·青年编导扶持计划',
    categoryId: projectCategory,
    regionId: district,
    summary: '扶持青年编导的原创作品',
    guide: '<p>申报指南<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    budget: 1_200_000,
    budgetNote: '每项最高 20 万元',
    applyStart: new Date(Date.now() - DAY).toISOString(),
    applyEnd: new Date(Date.now() + 30 * DAY).toISOString().replace('Z', '+00:00'),
    ...patch,
  });

  beforeAll(async () => {
    server = await startTestServer(driver);
    admin = await staffLogin(server);
    reviewer = await newReviewer(server);
    const all = await server.handle.db.select().from(categories);
    projectCategory = all.find((c) => c.kind === 'project')!.id;
    policyCategory = all.find((c) => c.kind === 'policy')!.id;
    district = (await someDistrict(server.handle.db)).id;
  });
  afterAll(() => server?.close());

  it('refuses bad calls with errno 400 and the field named', async () => {
    const cases: [Partial<ProjectInput>, RegExp][] = [
      [{ title: '' }, /^标题：/],
      [{ applyEnd: new Date(Date.now() - 2 * DAY).toISOString() }, /^申报截止时间：截止时间不能早于开始时间/],
      [{ applyStart: '2026-03-01 09:00' }, /^申报开始时间：/],
      [{ budget: -1 }, /^预算：/],
      [{ cover: 'javascript:alert(1)' }, /^封面：/],
      [{ cover: 'https://evil.example/c.png' }, /^封面：只能使用本站上传的图片/],
      [{ categoryId: policyCategory }, /^分类：分类不存在/],
      [{ regionId: 987_654 }, /^地区：/],
    ];
    for (const [patch, message] of cases) {
      const error = await apiError(admin.api.console.projectCreate(call(patch), { silent: true }));
      expect(error.errno, JSON.stringify(patch)).toBe(Errno.INVALID_INPUT);
      expect(error.errmsg).toMatch(message);
    }
  });

  it('creates a call unpublished, publishes it with a form, and the portal finds it', async () => {
    const project = await admin.api.console.projectCreate(call());
    expect(project).toMatchObject({ published: false, status: 'open', forms: [], formCount: 0, applyCount: 0 });
    expect(project.guide).not.toMatch(/script|onerror/);
    expect((await apiError(server.client().api.project.detail({ id: project.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await apiError(admin.api.console.projectPublish({ id: project.id, published: true }, { silent: true }))).errno).toBe(Errno.CONFLICT);

    const badForm = await apiError(admin.api.console.formCreate({ projectId: project.id, title: '申报书', fields: [{ key: '1bad', kind: 'text', label: 'x' }] }, { silent: true }));
    expect(badForm.errno).toBe(Errno.INVALID_INPUT);
    expect(badForm.errmsg).toMatch(/^表单字段：字段标识须以字母开头/);

    const form = await admin.api.console.formCreate({ projectId: project.id, title: '申报书', fields: FIELDS });
    expect(form).toMatchObject({ version: 1, submittedCount: 0, sort: 1 });
    const published = await admin.api.console.projectPublish({ id: project.id, published: true });
    expect(published.published).toBe(true);

    const visitor = server.client();
    expect((await visitor.api.project.detail({ id: project.id })).forms.map((f) => f.id)).toEqual([form.id]);
    const found = await visitor.api.content.search({ keyword: '扶持计划' });
    expect(found.list.some((h) => h.kind === 'project' && h.id === project.id)).toBe(true);

    // The search vector follows an update.
    await admin.api.console.projectUpdate({ id: project.id, ...call({ title: '控制台测试·非遗传承人资助' }) });
    expect((await visitor.api.content.search({ keyword: '扶持计划', type: 'project' })).list.some((h) => h.id === project.id)).toBe(false);
    expect((await visitor.api.content.search({ keyword: '非遗传承人资助', type: 'project' })).list.some((h) => h.id === project.id)).toBe(true);

    const list = await admin.api.console.projectList({ keyword: '非遗传承人资助' });
    expect(list.list.map((p) => p.id)).toContain(project.id);
    expect((await admin.api.console.projectList({ published: 'false', pageSize: 100 })).list.every((p) => !p.published)).toBe(true);

    await admin.api.console.projectPublish({ id: project.id, published: false });
    expect((await apiError(visitor.api.project.detail({ id: project.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await auditOf(server, 'project.unpublish'))[0]?.objectId).toBe(String(project.id));
    expect((await auditOf(server, 'project.create'))[0]).toMatchObject({ actorKind: 'staff', actorId: admin.staffId });
  });

  it('takes a staff upload as the cover and makes it public, but never an applicant file', async () => {
    const project = await admin.api.console.projectCreate(call({ title: '封面测试项目' }));
    const image = await admin.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'cover.png' });
    const updated = await admin.api.console.projectUpdate({ id: project.id, ...call({ title: '封面测试项目', cover: image.id }) });
    expect(updated.cover).toBe(`/api/file/${image.id}`);
    const [row] = await server.handle.db.select().from(uploads).where(eq(uploads.id, image.id));
    expect(row?.public).toBe(true);

    const applicant = await server.newUser();
    const theirs = await applicant.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'mine.png' });
    const refused = await apiError(admin.api.console.projectUpdate({ id: project.id, ...call({ cover: theirs.id }) }, { silent: true }));
    expect(refused.errno).toBe(Errno.INVALID_INPUT);
    expect(refused.errmsg).toMatch(/^封面：/);
    const [still] = await server.handle.db.select().from(uploads).where(eq(uploads.id, theirs.id));
    expect(still?.public).toBe(false);
  });

  it('refuses form changes that would lose submitted data (409), and versions every change', async () => {
    const project = await admin.api.console.projectCreate(call({ title: '表单变更测试' }));
    const form = await admin.api.console.formCreate({ projectId: project.id, title: '申报书', fields: FIELDS });
    const second = await admin.api.console.formCreate({ projectId: project.id, title: '附表', fields: [] });
    await admin.api.console.projectPublish({ id: project.id, published: true });

    // Before any submission, fields may go.
    const trimmed = await admin.api.console.formUpdate({ projectId: project.id, formId: second.id, title: '附表', fields: [{ key: 'note', kind: 'textarea', label: '备注' }] });
    expect(trimmed.version).toBe(2);

    const applicant = await server.newUser();
    await applicant.api.apply.save({ projectId: project.id, formId: form.id, version: 0, submit: true, data: { workTitle: '新作', shows: 3, crew: [{ name: '甲', role: '编导' }] } });

    const dropped = await apiError(admin.api.console.formUpdate({ projectId: project.id, formId: form.id, title: '申报书', fields: FIELDS.filter((f) => f.key !== 'shows') }, { silent: true }));
    expect(dropped.errno).toBe(Errno.CONFLICT);
    expect(dropped.errmsg).toContain('「演出场次」（shows）被删除');

    const retyped = FIELDS.map((f) => (f.key === 'shows' ? ({ key: 'shows', kind: 'text', label: '演出场次' } as FormField) : f));
    expect((await apiError(admin.api.console.formUpdate({ projectId: project.id, formId: form.id, title: '申报书', fields: retyped }, { silent: true }))).errmsg).toContain('类型改变');

    const noColumn = FIELDS.map((f) => (f.kind === 'table' ? { ...f, columns: f.columns.slice(0, 1) } : f));
    expect((await apiError(admin.api.console.formUpdate({ projectId: project.id, formId: form.id, title: '申报书', fields: noColumn }, { silent: true }))).errmsg).toContain('「主创人员」的列「职务」');

    const [unchanged] = await server.handle.db.select().from(forms).where(eq(forms.id, form.id));
    expect(unchanged?.version).toBe(1);
    expect(unchanged?.fields).toHaveLength(FIELDS.length);

    // Adding and relabelling are fine, and bump the version; a stale version is refused.
    const grown = await admin.api.console.formUpdate({
      projectId: project.id,
      formId: form.id,
      title: '申报书（修订）',
      version: 1,
      fields: [...FIELDS.map((f) => (f.key === 'workTitle' ? { ...f, label: '作品全称' } : f)), { key: 'remark', kind: 'textarea', label: '其他说明' }],
    });
    expect(grown).toMatchObject({ version: 2, title: '申报书（修订）', submittedCount: 1 });
    expect((await apiError(admin.api.console.formUpdate({ projectId: project.id, formId: form.id, title: 'x', version: 1, fields: grown.fields }, { silent: true }))).errno).toBe(Errno.CONFLICT);

    // A form with applications cannot be deleted; an empty one can; order follows formIds.
    expect((await apiError(admin.api.console.formDelete({ projectId: project.id, formId: form.id }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    const reordered = await admin.api.console.formReorder({ projectId: project.id, formIds: [second.id, form.id] });
    expect(reordered.map((f) => f.id)).toEqual([second.id, form.id]);
    expect((await apiError(admin.api.console.formReorder({ projectId: project.id, formIds: [form.id] }, { silent: true }))).errmsg).toMatch(/^表单顺序：/);
    await admin.api.console.formDelete({ projectId: project.id, formId: second.id });
    expect((await admin.api.console.projectGet({ id: project.id })).forms.map((f) => f.id)).toEqual([form.id]);
    expect((await auditOf(server, 'form.update'))[0]?.detail).toMatchObject({ added: ['remark'], removed: [] });
    expect((await apiError(reviewer.api.console.formUpdate({ projectId: project.id, formId: form.id, title: 'x', fields: [] }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
  });

  it('refuses removing or re-valuing a choice option that submissions chose (409), allows relabelling', async () => {
    const opts = (...values: string[]) => values.map((value) => ({ label: `选项${value}`, value }));
    const choices: FormField[] = [
      { key: 'genre', kind: 'select', label: '艺术门类', options: opts('drama', 'music', 'dance') },
      { key: 'partners', kind: 'multiSelect', label: '合作方', options: opts('troupe', 'venue') },
      { key: 'applyType', kind: 'radio', label: '申报类型', options: opts('new', 'revival') },
      { key: 'promises', kind: 'checkbox', label: '承诺事项', options: opts('truthful', 'ip') },
      { key: 'crew', kind: 'table', label: '主创人员', columns: [{ key: 'name', kind: 'text', label: '姓名' }, { key: 'title', kind: 'select', label: '职称', options: opts('senior', 'junior') }] },
    ];
    const project = await admin.api.console.projectCreate(call({ title: '选项变更测试' }));
    const form = await admin.api.console.formCreate({ projectId: project.id, title: '申报书', fields: choices });
    await admin.api.console.projectPublish({ id: project.id, published: true });
    const applicant = await server.newUser();
    await applicant.api.apply.save({
      projectId: project.id,
      formId: form.id,
      version: 0,
      submit: true,
      data: { genre: 'drama', partners: ['venue'], applyType: 'new', promises: ['truthful', 'ip'], crew: [{ name: '甲', title: 'senior' }] },
    });

    type Options = { label: string; value: string }[];
    const edit = (key: string, change: (options: Options) => Options, fields = choices) =>
      fields.map((f) => {
        if (f.key !== key) return f;
        if (f.kind === 'table') return { ...f, columns: f.columns.map((c) => (c.kind === 'select' ? { ...c, options: change(c.options) } : c)) };
        return 'options' in f ? { ...f, options: change(f.options) } : f;
      }) as FormField[];
    const refused = async (fields: FormField[]) => {
      const error = await apiError(admin.api.console.formUpdate({ projectId: project.id, formId: form.id, title: '申报书', fields }, { silent: true }));
      expect(error.errno).toBe(Errno.CONFLICT);
      return error.errmsg;
    };

    const without = (value: string) => (options: Options) => options.filter((o) => o.value !== value);
    expect(await refused(edit('genre', without('drama')))).toContain('「艺术门类」（genre）的选项「选项drama」（drama）被删除');
    expect(await refused(edit('partners', without('venue')))).toContain('「合作方」（partners）的选项「选项venue」（venue）被删除');
    expect(await refused(edit('applyType', (o) => o.map((x) => (x.value === 'new' ? { ...x, value: 'fresh' } : x))))).toContain('「申报类型」（applyType）的选项「选项new」的值由 new 改为 fresh');
    expect(await refused(edit('promises', without('ip')))).toContain('「承诺事项」（promises）的选项「选项ip」（ip）被删除');
    expect(await refused(edit('crew', without('senior')))).toContain('「主创人员」的列「职称」（crew.title）的选项「选项senior」（senior）被删除');
    expect((await server.handle.db.select().from(forms).where(eq(forms.id, form.id)))[0]?.version).toBe(1);

    // Options nobody chose may go; relabelling keeps the value and is fine.
    const relabelled = edit('genre', (o) => without('dance')(o).map((x) => (x.value === 'drama' ? { ...x, label: '戏剧' } : x)));
    const saved = await admin.api.console.formUpdate({ projectId: project.id, formId: form.id, title: '申报书', fields: edit('crew', without('junior'), relabelled) });
    expect(saved.version).toBe(2);
    expect(saved.fields[0]).toMatchObject({ options: [{ label: '戏剧', value: 'drama' }, { label: '选项music', value: 'music' }] });
  });

  it('counts the submissions and names every loss of one save in order, judging options by submitted data only', async () => {
    const opts = (...values: string[]) => values.map((value) => ({ label: `选项${value}`, value }));
    const fields: FormField[] = [
      { key: 'genre', kind: 'select', label: '艺术门类', options: opts('drama', 'music', 'dance') },
      { key: 'note', kind: 'textarea', label: '备注' },
      {
        key: 'crew',
        kind: 'table',
        label: '主创人员',
        columns: [
          { key: 'name', kind: 'text', label: '姓名' },
          { key: 'title', kind: 'select', label: '职称', options: opts('senior', 'junior') },
          { key: 'level', kind: 'select', label: '级别', options: opts('a', 'b') },
        ],
      },
      { key: 'partners', kind: 'multiSelect', label: '合作方', options: opts('troupe', 'venue') },
    ];
    const project = await admin.api.console.projectCreate(call({ title: '多项变更测试' }));
    const form = await admin.api.console.formCreate({ projectId: project.id, title: '申报书', fields });
    await admin.api.console.projectPublish({ id: project.id, published: true });
    const save = async (data: Record<string, unknown>, submit: boolean) =>
      (await server.newUser()).api.apply.save({ projectId: project.id, formId: form.id, version: 0, submit, data });
    await save({ genre: 'drama', note: '甲', crew: [{ name: '甲', title: 'senior', level: 'a' }], partners: ['troupe'] }, true);
    await save({ genre: 'music' }, true);
    // A draft's choices do not hold options.
    await save({ genre: 'dance', crew: [{ name: '丙', title: 'junior', level: 'b' }], partners: ['venue'] }, false);

    const update = (next: FormField[]) => admin.api.console.formUpdate({ projectId: project.id, formId: form.id, title: '申报书', fields: next }, { silent: true });
    const keep = <T extends object>(field: T, ...values: string[]): T =>
      'options' in field ? { ...field, options: (field.options as { value: string }[]).filter((o) => values.includes(o.value)) } : field;
    const [genre, note, crew, partners] = fields as [FormField, FormField, Extract<FormField, { kind: 'table' }>, FormField];
    const [name, title, level] = crew.columns as [(typeof crew.columns)[number], (typeof crew.columns)[number], (typeof crew.columns)[number]];
    const everything: FormField[] = [keep(genre, 'music'), { ...crew, columns: [name, keep(title, 'junior'), keep(level, 'b')] }, keep(partners, 'venue')];
    const refused = await apiError(update(everything));
    expect(refused.errno).toBe(Errno.CONFLICT);
    expect(refused.errmsg).toBe(
      '该表单已有 2 份提交的申报，以下更改会使已提交的数据失效：' +
        [
          '「艺术门类」（genre）的选项「选项drama」（drama）被删除',
          '「备注」（note）被删除',
          '「主创人员」的列「职称」（crew.title）的选项「选项senior」（senior）被删除',
          '「主创人员」的列「级别」（crew.level）的选项「选项a」（a）被删除',
          '「合作方」（partners）的选项「选项troupe」（troupe）被删除',
        ].join('；'),
    );
    expect((await apiError(update([genre, crew, partners]))).errmsg).toBe('该表单已有 2 份提交的申报，以下更改会使已提交的数据失效：「备注」（note）被删除');

    const onlyDrafts: FormField[] = [keep(genre, 'drama', 'music'), note, { ...crew, columns: [name, keep(title, 'senior'), level] }, keep(partners, 'troupe')];
    expect((await update(onlyDrafts)).version).toBe(2);
  });

  it('publishes notices as drafts, scheduled or live, sanitised', async () => {
    const draft = await admin.api.console.policyCreate({
      title: '控制台测试公告',
      categoryId: policyCategory,
      summary: '摘要',
      content: '<p onclick="x()">正文<script>bad()</script></p>',
      attachments: [{ name: '附件.pdf', url: 'https://example.org/a.pdf', size: 10 }],
    });
    expect(draft).toMatchObject({ publishedAt: null, pinned: false });
    expect(draft.content).toBe('<p>正文</p>');
    const visitor = server.client();
    expect((await apiError(visitor.api.content.policyDetail({ id: draft.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await admin.api.console.policyList({ state: 'draft', keyword: '控制台测试公告' })).list.map((p) => p.id)).toContain(draft.id);

    const live = await admin.api.console.policyUpdate({ id: draft.id, title: '控制台测试公告（正式）', content: '<p>正式</p>', pinned: true, publishedAt: new Date(Date.now() - 1000).toISOString() });
    expect(live.pinned).toBe(true);
    expect((await visitor.api.content.policyDetail({ id: draft.id })).title).toBe('控制台测试公告（正式）');
    expect((await visitor.api.content.policyList({})).list[0]?.pinned).toBe(true);

    const bad = await apiError(admin.api.console.policyCreate({ title: 'x', attachments: [{ name: 'a', url: 'ftp://x' }] }, { silent: true }));
    expect(bad.errmsg).toMatch(/^附件：/);
    await admin.api.console.policyDelete({ id: draft.id });
    expect((await apiError(admin.api.console.policyGet({ id: draft.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await auditOf(server, 'policy.delete'))[0]?.objectId).toBe(String(draft.id));
  });

  it('manages experts and the enterprise library', async () => {
    const expert = await admin.api.console.expertCreate({ name: '测试专家甲乙', title: '国家一级编剧', specialities: ['编剧', '戏曲'], biography: '<p>简介</p>', regionId: district });
    expect((await server.client().api.content.expertDetail({ id: expert.id })).name).toBe('测试专家甲乙');
    const hidden = await admin.api.console.expertUpdate({ id: expert.id, name: '测试专家甲乙', published: false });
    expect(hidden.published).toBe(false);
    expect((await apiError(server.client().api.content.expertDetail({ id: expert.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await admin.api.console.expertList({ published: 'false' })).list.map((e) => e.id)).toContain(expert.id);
    expect((await apiError(admin.api.console.expertCreate({ name: '' }, { silent: true }))).errmsg).toMatch(/^名称：/);
    await admin.api.console.expertDelete({ id: expert.id });

    const body = '91330106MA2CD5E6F';
    const creditCode = body + creditCodeCheckChar(body);
    const entry = await admin.api.console.enterpriseCreate({ enterpriseName: '控制台测试文化有限公司', creditCode, type: '有限责任公司', regionId: district, introduction: '<p>介绍</p>' });
    const library = await server.client().api.enterprise.list({ keyword: '控制台测试文化' });
    expect(library.list.map((e) => e.id)).toContain(entry.id);
    expect((await apiError(admin.api.console.enterpriseCreate({ enterpriseName: '重复', creditCode, type: '有限责任公司' }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    const wrong = await apiError(admin.api.console.enterpriseCreate({ enterpriseName: '错', creditCode: body + (creditCodeCheckChar(body) === '1' ? '2' : '1'), type: '有限责任公司' }, { silent: true }));
    expect(wrong.errmsg).toMatch(/^统一社会信用代码：/);
    await admin.api.console.enterpriseUpdate({ id: entry.id, enterpriseName: '控制台改名艺术有限公司', creditCode, type: '有限责任公司' });
    expect((await server.client().api.enterprise.list({ keyword: '改名艺术' })).list.map((e) => e.id)).toContain(entry.id);
    await admin.api.console.enterpriseDelete({ id: entry.id });
    expect((await auditOf(server, 'enterprise.delete'))[0]?.detail).toMatchObject({ creditCode });
  });

  it('edits categories and the region tree', async () => {
    const category = await admin.api.console.categoryCreate({ kind: 'expert', name: '测试门类', sort: 99 });
    expect((await apiError(admin.api.console.categoryCreate({ kind: 'expert', name: '测试门类' }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    expect((await admin.api.console.categoryUpdate({ id: category.id, name: '测试门类二' })).name).toBe('测试门类二');
    expect((await server.client().api.base.categories({ kind: 'expert' })).map((c) => c.name)).toContain('测试门类二');
    await admin.api.console.categoryDelete({ id: category.id });
    expect((await apiError(admin.api.console.categoryCreate({ kind: 'nope' as 'expert', name: 'x' }, { silent: true }))).errmsg).toMatch(/^分类类型：/);

    const regions = await server.client().api.base.regions();
    const province = regions.find((r) => r.level === 1)!;
    const cities = regions.filter((r) => r.parentId === province.id);
    const city = await admin.api.console.regionCreate({ parentId: province.id, name: '测试市' });
    expect(city.level).toBe(2);
    const town = await admin.api.console.regionCreate({ parentId: city.id, name: '测试区' });
    expect(town.level).toBe(3);
    expect((await apiError(admin.api.console.regionCreate({ parentId: town.id, name: '太深' }, { silent: true }))).errmsg).toMatch(/^上级地区：/);
    expect((await admin.api.console.regionUpdate({ id: town.id, name: '测试新区' })).name).toBe('测试新区');
    const moved = await admin.api.console.regionUpdate({ id: town.id, parentId: cities[0]!.id });
    expect(moved).toMatchObject({ parentId: cities[0]!.id, level: 3 });
    const tooDeep = await apiError(admin.api.console.regionUpdate({ id: cities[0]!.id, parentId: cities[1]!.id }, { silent: true }));
    expect(tooDeep.errmsg).toMatch(/^上级地区：移动后层级超过/);
    expect((await apiError(admin.api.console.regionUpdate({ id: city.id, parentId: city.id }, { silent: true }))).errmsg).toMatch(/^上级地区：不能移到自己/);
    expect((await apiError(admin.api.console.regionDelete({ id: province.id }, { silent: true }))).errno).toBe(Errno.CONFLICT);
    await admin.api.console.regionDelete({ id: town.id });
    await admin.api.console.regionDelete({ id: city.id });
    const after = await server.client().api.base.regions();
    expect(after.some((r) => r.id === town.id || r.id === city.id)).toBe(false);
    expect((await auditOf(server, 'region.update'))[0]?.detail).toMatchObject({ after: { name: '测试新区' } });
  });

  it('edits site settings and the access-password gate, storing only a hash', async () => {
    const before = await admin.api.console.settingsGet();
    expect(before).toMatchObject({ accessPasswordEnabled: false, accessPasswordSet: false });
    const input = {
      siteTitle: before.siteTitle,
      about: '<h2>关于</h2><script>x</script>',
      friendlyLinks: before.friendlyLinks,
      supportCredit: before.supportCredit,
      copyright: before.copyright,
      banners: [{ title: '横幅', link: 'https://example.org', image: '' }],
    };
    const noPassword = await apiError(admin.api.console.settingsUpdate({ ...input, accessPasswordEnabled: true }, { silent: true }));
    expect(noPassword.errno).toBe(Errno.INVALID_INPUT);
    expect(noPassword.errmsg).toMatch(/^访问密码：/);
    expect((await apiError(admin.api.console.settingsUpdate({ ...input, friendlyLinks: [{ name: '', url: 'x' }], accessPasswordEnabled: false }, { silent: true }))).errmsg).toMatch(/^友情链接：/);

    const closed = await admin.api.console.settingsUpdate({ ...input, accessPasswordEnabled: true, accessPassword: 'Preview-2026' });
    expect(closed).toMatchObject({ accessPasswordEnabled: true, accessPasswordSet: true, about: '<h2>关于</h2>' });
    const [row] = await server.handle.db.select().from(settings);
    expect(row?.accessPasswordHash).toMatch(/^scrypt\$/);
    expect(row?.accessPasswordHash).not.toContain('Preview-2026');
    expect(JSON.stringify((await auditOf(server, 'settings.update'))[0]?.detail)).not.toContain('Preview-2026');

    // The gate caches for a few seconds; a fresh visitor is stopped once it notices.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const visitor = server.client();
    expect((await apiError(visitor.api.project.list({}, { silent: true }))).errno).toBe(Errno.ACCESS_PASSWORD_REQUIRED);
    await visitor.api.auth.checkAccessPassword({ password: 'Preview-2026' });
    expect((await visitor.api.project.list({})).total).toBeGreaterThan(0);
    // Staff are never gated.
    expect((await admin.api.console.settingsGet()).accessPasswordEnabled).toBe(true);

    const open = await admin.api.console.settingsUpdate({ ...input, accessPasswordEnabled: false });
    expect(open).toMatchObject({ accessPasswordEnabled: false, accessPasswordSet: true });
    expect((await apiError(reviewer.api.console.settingsUpdate({ ...input, accessPasswordEnabled: false }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
  });
});
