// Issue 16.7 and 13.11: images in rich text come only from the platform's own uploads, are seen
// by exactly those who may read the text, and the CSP loads images from nowhere else.
import { Errno } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall, PNG, pdf, validData } from './apply-fixtures';
import { newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { assign, createRound, newExpert } from './review-fixtures';

type User = Awaited<ReturnType<TestServer['newUser']>>;

const PIXEL = '<img src="https://evil.example/p.gif" width="1" height="1">';

describe.each(drivers)('images in rich text on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let call: { projectId: number; formIds: number[] };
  let proposal: number;
  let photo: number;
  let bobsPhoto: number;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    [admin, reviewer] = [await staffLogin(server), await newReviewer(server)];
    call = await createCall(server.handle.db, 'open', 3);
    proposal = (await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
    photo = (await alice.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '剧照.png' })).id;
    bobsPhoto = (await bob.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'bob.png' })).id;
  });
  afterAll(() => server?.close());

  const form = (i: number) => ({ projectId: call.projectId, formId: call.formIds[i]! });
  const fileStatus = async (id: number, token?: string) => (await fetch(`${server.baseUrl}/api/file/${id}`, { headers: token ? { authKey: token } : {} })).status;

  it('drops a tracking pixel an applicant stored: the reviewer reads the text without it, and sees her own image', async () => {
    const plan = `<p>方案${PIXEL}<img src="data:image/png;base64,iVBORw0KGgo="><img src="/api/file/${photo}?authkey=${alice.api.session.getToken()}" alt="剧照"></p>`;
    const saved = await alice.api.apply.save({ ...form(0), data: { ...validData({ proposal }), plan }, version: 0, submit: true });
    expect(saved.data.plan).toBe(`<p>方案<img src="/api/file/${photo}" alt="剧照" /></p>`);

    const read = await reviewer.api.console.applyGet({ applyId: saved.id });
    expect(JSON.stringify(read)).not.toMatch(/evil\.example|data:image|authkey/);
    expect(read.apply.data.plan).toContain(`<img src="/api/file/${photo}"`);

    // The image is the applicant's private upload: she and staff reading the submission see it, nobody else.
    expect(await fileStatus(photo, alice.api.session.getToken()!)).toBe(200);
    expect(await fileStatus(photo, reviewer.api.session.getToken()!)).toBe(200);
    expect(await fileStatus(photo, bob.api.session.getToken()!)).toBe(404);
    expect(await fileStatus(photo)).toBe(401);
  });

  it("refuses someone else's upload or a file that is not an image, naming the field, in drafts too", async () => {
    for (const [id, submit] of [[bobsPhoto, false], [bobsPhoto, true], [proposal, false]] as const) {
      const error = await apiError(alice.api.apply.save({ ...form(1), data: { ...validData({ proposal }), plan: `<p><img src="/api/file/${id}"></p>` }, version: 0, submit }, { silent: true }));
      expect(error.errno).toBe(Errno.INVALID_INPUT);
      expect(error.errmsg).toBe('「实施方案」中的图片只能是本人上传的图片');
      expect(error.data).toMatchObject({ fields: { plan: '图片不存在或不是本人上传的图片' } });
    }
  });

  it('keeps an image that only a draft shows from staff', async () => {
    const draftPhoto = (await alice.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '草稿.png' })).id;
    await alice.api.apply.save({ ...form(2), data: { plan: `<p><img src="/api/file/${draftPhoto}"></p>` }, version: 0 });
    expect(await fileStatus(draftPhoto, alice.api.session.getToken()!)).toBe(200);
    expect(await fileStatus(draftPhoto, reviewer.api.session.getToken()!)).toBe(404);
  });

  it("sanitises a value sent again as the first time, and refuses Bob the same value, which names Alice's image", async () => {
    // An autosave sends the unchanged rich text again: what the sanitiser gave is kept per applicant.
    const plan = `<p>方案${PIXEL}<img src="/api/file/${photo}"></p>`;
    const clean = `<p>方案<img src="/api/file/${photo}" /></p>`;
    let version = (await alice.api.project.form(form(2))).apply?.version ?? 0;
    for (let save = 0; save < 2; save++) {
      const saved = await alice.api.apply.save({ ...form(2), data: { plan }, version });
      expect(saved.data.plan).toBe(clean);
      version = saved.version;
    }
    // The same value from Bob names Alice's image: refused, as it would be the first time.
    const error = await apiError(bob.api.apply.save({ ...form(2), data: { plan }, version: 0 }, { silent: true }));
    expect(error.errmsg).toBe('「实施方案」中的图片只能是本人上传的图片');
  });

  it('lets an expert assigned to the application see its images, through the review file link only', async () => {
    const applicationId = (await alice.api.project.form(form(0))).apply!.id;
    const expert = await newExpert(server);
    const round = await createRound(server.handle.db, call.projectId);
    const assignment = await assign(server.handle.db, { roundId: round.id, applicationId, expertId: expert.expertId });
    await expert.api.console.myReviewDeclare({ id: assignment.id, conflict: false });
    const review = await expert.api.console.myReviewGet({ id: assignment.id });
    expect(review.application?.data.plan).toContain(`/api/file/${photo}`);
    expect(review.application?.files.map((f) => f.id)).toContain(photo);
    const link = await fetch(`${server.baseUrl}/api/console/my/reviews/${assignment.id}/files/${photo}?authkey=${expert.api.session.getToken()}`);
    expect(link.status).toBe(200);
    expect(link.headers.get('content-type')).toBe('image/png');
    expect(await fileStatus(photo, expert.api.session.getToken()!)).toBe(404);
  });

  it("makes staff's images in a notice public, and refuses other sources", async () => {
    const image = await admin.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '公告配图.png' });
    expect(await fileStatus(image.id)).toBe(401);
    const notice = await admin.api.console.policyCreate({
      title: '配图公告',
      summary: '摘要',
      content: `<p>正文${PIXEL}<img src="${image.url}" alt="配图"></p>`,
      publishedAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(notice.content).toBe(`<p>正文<img src="/api/file/${image.id}" alt="配图" /></p>`);
    expect((await server.client().api.content.policyDetail({ id: notice.id })).content).toBe(notice.content);
    expect(await fileStatus(image.id)).toBe(200);

    // An applicant's private upload never becomes public through staff content.
    const leak = await apiError(admin.api.console.policyCreate({ title: '泄露', content: `<p><img src="/api/file/${photo}"></p>` }, { silent: true }));
    expect(leak.errno).toBe(Errno.INVALID_INPUT);
    expect(leak.errmsg).toMatch(/^正文：文件 \d+ 不存在或不是工作人员上传的/);
    expect(await fileStatus(photo)).toBe(401);
  });

  it('sends a CSP that loads images and media only from this site', async () => {
    const csp = (await fetch(`${server.baseUrl}/api/health`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
    expect(directive('media-src')).toBe("media-src 'self' blob:");
    expect(csp).not.toMatch(/https:(?!\/)/);
  });
});
