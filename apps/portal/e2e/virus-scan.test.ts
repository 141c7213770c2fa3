import { clamavWanted, EICAR, EICAR_SIGNATURE } from '@flagship/testing/clamav';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiCall, staffToken } from './calls';
import { checkScreen, field, login, newAccount, openPortal, register, type Portal } from './support';

// Issue 16: the journeys' server scans uploads with ClamAV (a clamd of its own whose one signature
// is EICAR's): an applicant's infected file is refused where they chose it, saying why.
describe.runIf(clamavWanted())('an infected upload', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await openPortal(57);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('is refused in the application form with the finding named', async () => {
    const { page, url, apiUrl } = portal;
    const staff = await staffToken(apiUrl);
    const day = 86_400_000;
    const project = await apiCall<{ id: number }>(apiUrl, '/api/console/project', {
      method: 'POST',
      token: staff,
      body: { title: `病毒扫描测试项目 ${Date.now().toString(36)}`, applyStart: new Date(Date.now() - day).toISOString(), applyEnd: new Date(Date.now() + 3 * day).toISOString() },
    });
    const form = await apiCall<{ id: number }>(apiUrl, `/api/console/project/${project.id}/form`, {
      method: 'POST',
      token: staff,
      body: { title: '申报书', fields: [{ key: 'projectName', kind: 'text', label: '项目名称', required: true }, { key: 'scan', kind: 'file', label: '申报书扫描件', accept: ['.pdf'] }] },
    });
    await apiCall(apiUrl, `/api/console/project/${project.id}/publish`, { method: 'POST', token: staff, body: { published: true } });

    const account = newAccount('virus');
    await register(page, url, account, 'Qingshan#2026');
    await login(page, url, account, 'Qingshan#2026');
    await page.goto(`${url}/application?projectId=${project.id}&formId=${form.id}`);
    await field(page, '项目名称').fill('原创越剧《钱塘潮》');
    // A real PDF header, with the EICAR test string inside: what a scanner must catch.
    const infected = Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 68 >>\nstream\n', 'latin1'), EICAR, Buffer.from('\nendstream\nendobj\n%%EOF\n')]);
    await page.locator('[aria-label="上传申报书扫描件"] input[type=file]').setInputFiles({ name: '申报书扫描件.pdf', mimeType: 'application/pdf', buffer: infected });
    await page.getByText(`「申报书扫描件.pdf」未能上传（检测到病毒或恶意代码（${EICAR_SIGNATURE}），已拒绝上传该文件）`).waitFor();
    await checkScreen(page, 'upload-infected');
  });
});
