// The OpenAPI 3.1 document of the contract, built from the same declarations as the SDK and the
// server. A separate entry point (`@flagship/api-client/openapi`): front ends never load it.
import { z } from 'zod';
import { pathParamNames, type EndpointDeclaration } from './endpoint';
import { endpointList, type NamedEndpoint } from './endpoints';
import { ERRNO_MESSAGES, Errno, rateLimitErrorDataSchema, validationErrorDataSchema } from './envelope';

type JsonSchema = Record<string, unknown>;
/** An OpenAPI 3.1 document as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, JsonSchema>> };

export interface OpenApiOptions {
  /** The API's version (the server's). */
  version: string;
  title?: string;
  /** Where the API answers; by default the document's own origin. */
  servers?: { url: string; description?: string }[];
  /** Declarations to describe; every one of the contract by default. */
  endpoints?: readonly NamedEndpoint[];
}

const GROUPS: Record<string, string> = {
  auth: '登录、注册、验证码与站点访问密码',
  user: '申报人的个人信息',
  enterprise: '企业库与企业认证',
  project: '项目库与我的申报',
  apply: '填写、提交、导出申报书',
  content: '站点设置、通知公告、专家库、搜索',
  base: '地区、分类与健康检查',
  files: '上传与取回文件',
  console: '工作人员控制台（管理员、审核员、评审专家）',
};

const AUTH_TEXT: Record<EndpointDeclaration['auth'], string> = {
  public: '无需登录。',
  optional: '无需登录；登录的申报人可见更多内容。',
  user: '需申报人会话。',
  'user-or-staff': '需申报人或工作人员会话。',
  staff: '需工作人员会话。',
};

const ROLE_NAMES: Record<string, string> = { admin: '管理员', reviewer: '审核员', expert: '评审专家' };

const securitySchemes = {
  applicantSession: {
    type: 'apiKey', in: 'header', name: 'authKey',
    description: '申报人登录（`POST /api/login`）得到的 `token`。SDK 把它存在 Cookie 里，每次请求以 `authKey` 请求头发送。',
  },
  staffSession: {
    type: 'apiKey', in: 'header', name: 'authKey',
    description: '工作人员登录（`POST /api/console/login`）得到的 `token`（以 `stf_` 开头），同样以 `authKey` 请求头发送；所需角色见各接口。',
  },
  linkToken: {
    type: 'apiKey', in: 'query', name: 'authkey',
    description: '浏览器直接打开的文件链接（导出、下载）无法带请求头，会话 token 放在查询参数 `authkey` 中。',
  },
};

const errorErrnos = Object.values(Errno).filter((errno) => errno !== Errno.OK);
const errnoTable = errorErrnos.map((errno) => `- \`${errno}\` ${ERRNO_MESSAGES[errno]}`).join('\n');

function convert(schema: z.ZodType, io: 'input' | 'output', defs: Record<string, JsonSchema>, prefix: string): JsonSchema {
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' }) as JsonSchema;
  } catch (error) {
    throw new Error(`${prefix}: ${(error as Error).message}`, { cause: error });
  }
  const { $schema: _ignored, $defs, ...json } = converted;
  const selfReferring = JSON.stringify(json).includes('"$ref":"#"');
  if (!$defs && !selfReferring) return json;
  // Recursive schemas refer to their own `$defs` (or to themselves, `#`); in the document those
  // live under components.
  const target = (ref: string) => `#/components/schemas/${ref === '#' ? prefix : `${prefix}.${ref.slice('#/$defs/'.length)}`}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && (inner === '#' || inner.startsWith('#/$defs/')) ? [key, target(inner)] : [key, rewrite(inner)],
      ),
    );
  };
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) defs[`${prefix}.${name}`] = rewrite(def) as JsonSchema;
  if (!selfReferring) return rewrite(json) as JsonSchema;
  defs[prefix] = rewrite(json) as JsonSchema;
  return { $ref: target('#') };
}

function successEnvelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['errno', 'errmsg', 'data'],
    properties: { errno: { const: Errno.OK }, errmsg: { type: 'string' }, data },
  };
}

const fileContent = { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } };
const errorResponse = (name: string) => ({ $ref: `#/components/responses/${name}` });

function parameters(endpoint: NamedEndpoint, defs: Record<string, JsonSchema>): JsonSchema[] {
  const { declaration, id } = endpoint;
  const fromSchema = (schema: z.ZodType | undefined, place: 'path' | 'query') => {
    if (!schema) return [];
    const json = convert(schema, 'input', defs, `${id}.${place}`);
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
      name,
      in: place,
      required: place === 'path' || required.has(name),
      schema: property,
    }));
  };
  const path = fromSchema(declaration.params, 'path');
  // A placeholder without a params schema (e.g. `all` in a fixed segment's place) is still a parameter.
  for (const name of pathParamNames(declaration.path)) {
    if (!path.some((p) => p.name === name)) path.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return [...path, ...fromSchema(declaration.query, 'query')];
}

type Requirement = Record<string, string[]>;

function security(declaration: EndpointDeclaration): Requirement[] {
  const link = declaration.response === 'link' || declaration.response === 'json-or-link';
  const applicant: Requirement[] = link ? [{ applicantSession: [] }, { linkToken: [] }] : [{ applicantSession: [] }];
  switch (declaration.auth) {
    case 'public':
      return [];
    case 'optional':
      return [{}, ...applicant];
    case 'user':
      return applicant;
    case 'user-or-staff':
      return [...applicant, { staffSession: [] }];
    case 'staff': {
      const roles = [...(declaration.roles ?? ['admin'])];
      return link ? [{ staffSession: roles }, { linkToken: roles }] : [{ staffSession: roles }];
    }
  }
}

function describe(declaration: EndpointDeclaration): string {
  const lines = [AUTH_TEXT[declaration.auth]];
  if (declaration.auth === 'staff') lines.push(`角色：${(declaration.roles ?? ['admin']).map((r) => ROLE_NAMES[r] ?? r).join('、')}。`);
  if (declaration.rateLimited) lines.push('限制调用频率（超出时 errno 429）。');
  if (declaration.passesSiteGate) lines.push('站点关闭（访问密码）期间仍可调用。');
  if (declaration.etag) lines.push('应答带 ETag；请求头 If-None-Match 与之相同时答 304。');
  if (declaration.response === 'link') lines.push('应答是文件本身，供浏览器直接打开。');
  if (declaration.response === 'json-or-link') lines.push('任务未完成时答信封（任务状态），完成后答文件本身。');
  return lines.join('\n');
}

function operation(endpoint: NamedEndpoint, defs: Record<string, JsonSchema>): JsonSchema {
  const { declaration, id, group } = endpoint;
  const ok: JsonSchema = { description: '成功（errno 200）' };
  if (declaration.response === 'json' || declaration.response === 'json-or-link') {
    ok.content = { 'application/json': { schema: successEnvelope(convert(declaration.data, 'output', defs, `${id}.data`)) } };
    if (declaration.response === 'json-or-link') Object.assign(ok.content as JsonSchema, fileContent);
  } else {
    ok.content = fileContent;
  }
  if (declaration.etag) ok.headers = { ETag: { schema: { type: 'string' } } };

  const responses: JsonSchema = { 200: ok };
  if (declaration.etag) responses[304] = { description: '未修改（If-None-Match 与 ETag 相同）' };
  if (declaration.params || declaration.query || declaration.body || declaration.multipart) responses[400] = errorResponse('InvalidInput');
  if (declaration.rateLimited) responses[429] = errorResponse('TooManyRequests');
  responses.default = errorResponse('Error');

  const result: JsonSchema = {
    operationId: id,
    tags: [group],
    summary: declaration.summary,
    description: describe(declaration),
    security: security(declaration),
    responses,
  };
  if (declaration.roles) result['x-roles'] = [...declaration.roles];
  const params = parameters(endpoint, defs);
  if (params.length > 0) result.parameters = params;
  if (declaration.multipart) {
    result.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        },
      },
    };
  } else if (declaration.body) {
    result.requestBody = { required: true, content: { 'application/json': { schema: convert(declaration.body, 'input', defs, `${id}.body`) } } };
  }
  return result;
}

/** The OpenAPI 3.1 document of every declared endpoint (throws if a schema cannot be expressed in JSON Schema). */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const endpoints = options.endpoints ?? endpointList;
  const defs: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    const { method, path } = endpoint.declaration;
    (paths[path] ??= {})[method.toLowerCase()] = operation(endpoint, defs);
  }
  const errorEnvelope = (data: JsonSchema, errno: JsonSchema = { enum: errorErrnos }): JsonSchema => ({
    type: 'object',
    required: ['errno', 'errmsg', 'data'],
    properties: { errno, errmsg: { type: 'string', description: '给用户看的中文说明' }, data },
  });
  const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
  // Before the schemas are listed: converting these may add to `defs` too.
  const responses = {
    Error: {
      description: `失败：errno 不为 200，errmsg 是中文说明。\n\n${errnoTable}`,
      content: json({ $ref: '#/components/schemas/ErrorEnvelope' }),
    },
    InvalidInput: {
      description: '输入有误（errno 400）：`data.fields` 把每个出错的字段路径对应到它的中文说明。',
      content: json(errorEnvelope(convert(validationErrorDataSchema, 'output', defs, 'ValidationErrorData'), { const: Errno.INVALID_INPUT })),
    },
    TooManyRequests: {
      description: '调用过于频繁（errno 429）：`data.retryAfter` 秒后再试。',
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
      content: json(errorEnvelope(convert(rateLimitErrorDataSchema, 'output', defs, 'RateLimitErrorData'), { const: Errno.TOO_MANY_REQUESTS })),
    },
  };
  return {
    openapi: '3.1.1',
    info: {
      title: options.title ?? 'Flagship API',
      version: options.version,
      description:
        '每个应答都是信封 `{ errno, errmsg, data }`：`errno` 为 200 时成功，`data` 是结果；否则 `errmsg` 是中文说明，HTTP 状态与 errno 对应（1001 → 401，1002、1003 → 400，1004 → 403）。\n\n' +
        `errno：\n${errnoTable}\n\n` +
        'TypeScript 客户端：`@flagship/api-client`（由同一份声明生成）。',
    },
    ...(options.servers ? { servers: options.servers } : {}),
    tags: [...new Set(endpoints.map((e) => e.group))].map((name) => (GROUPS[name] ? { name, description: GROUPS[name] } : { name })),
    paths,
    components: {
      securitySchemes,
      schemas: {
        ...defs,
        ErrorEnvelope: errorEnvelope({}),
      },
      responses,
    },
  };
}
