// Calls set up through the API from outside the page: staff publish a call of their own, an
// applicant sends an application without going through the form.

type Envelope<T> = { errno: number; errmsg: string; data: T };

export async function apiCall<T>(apiUrl: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authKey: init.token } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json()) as Envelope<T>;
  if (body.errno !== 200) throw new Error(`${path}: ${body.errmsg}`);
  return body.data;
}

/** The demo administrator's token, logged in from outside the page. */
export async function staffToken(apiUrl: string): Promise<string> {
  const captcha = await fetch(`${apiUrl}/api/verify`);
  const response = await fetch(`${apiUrl}/api/console/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: captcha.headers.get('set-cookie')?.split(';')[0] ?? '' },
    body: JSON.stringify({ account: 'admin', password: 'Flagship@2026', captcha: captcha.headers.get('x-captcha-answer') ?? '' }),
  });
  const body = (await response.json()) as Envelope<{ token: string }>;
  if (body.errno !== 200) throw new Error(`staff login: ${body.errmsg}`);
  return body.data.token;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A published call with one small form (项目名称 required, 项目简介), open since yesterday until `applyEnd`. */
export async function publishCall(apiUrl: string, token: string, title: string, applyEnd: number) {
  const project = { title, applyStart: iso(Date.now() - 86_400_000), applyEnd: iso(applyEnd) };
  const created = await apiCall<{ id: number }>(apiUrl, '/api/console/project', { method: 'POST', token, body: project });
  const form = await apiCall<{ id: number }>(apiUrl, `/api/console/project/${created.id}/form`, {
    method: 'POST',
    token,
    body: {
      title: '申报书',
      fields: [
        { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
        { key: 'summary', kind: 'textarea', label: '项目简介', maxLength: 800 },
      ],
    },
  });
  await apiCall(apiUrl, `/api/console/project/${created.id}/publish`, { method: 'POST', token, body: { published: true } });
  const moveDeadline = (to: number) => apiCall(apiUrl, `/api/console/project/${created.id}`, { method: 'PUT', token, body: { ...project, applyEnd: iso(to) } });
  return { projectId: created.id, formId: form.id, moveDeadline };
}
