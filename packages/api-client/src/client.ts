import ky, { isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { z } from 'zod';
import {
  buildPath,
  buildQuery,
  type EndpointData,
  type EndpointDeclaration,
  type EndpointInput,
  type MultipartInput,
} from './endpoint';
import { endpoints, type Endpoints } from './endpoints';
import { envelopeSchema, Errno } from './envelope';
import { ApiError, ContractError, SessionInvalidError, TransportError } from './errors';
import { defaultPolicy, REQUEST_TIMEOUT_MS, type ErrorPolicy } from './policy';
import { createSessionStore, type SessionStore } from './session';
import type { Upload } from './schemas/files';

export interface ApiClientOptions {
  /** Origin (and optional path) the API lives under; '' for the page's own origin. */
  baseUrl?: string;
  /**
   * What the links of `urls` start with; `baseUrl` by default: for a client whose calls go to an
   * address of their own while the browser's links stay relative to the page ('').
   */
  linkBaseUrl?: string;
  policy?: Partial<ErrorPolicy>;
  session?: SessionStore;
  /** A fetch of your own (tests pass one that keeps cookies). */
  fetch?: typeof fetch;
  /**
   * Answers the calls in place of fetch: a server rendering pages answers its own API in-process,
   * without a Request and a Response made for each call. The time-out holds as for fetch; there
   * is no retry. Uploads (multipart) still go through fetch, to `baseUrl`, which must then be absolute in Node.
   */
  transport?: Transport;
  /** Per request, in ms (REQUEST_TIMEOUT_MS by default); false for none (a caller that aborts by its own signal). */
  timeout?: number | false;
}

/** A call as a transport is given it: the token is in `authkey`, a JSON body already a string. */
export interface TransportRequest {
  method: string;
  /** `baseUrl`, path and query. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** A transport's answer. */
export interface TransportAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  body: Uint8Array;
}

export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;

/** What `call` reads of an answer, whichever way it came. */
interface Answer {
  status: number;
  header(name: string): string | null;
  text(): Promise<string>;
  blob(): Promise<Blob>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Skip the policy's toast for this call; the promise still rejects. */
  silent?: boolean;
}

export interface UploadOptions extends CallOptions {
  /** 0–1, where the platform can report upload progress (XMLHttpRequest in browsers). */
  onProgress?: (fraction: number) => void;
}

type HasRequired<T> = object extends T ? false : true;
type EndpointFunction<E extends EndpointDeclaration> =
  HasRequired<EndpointInput<E>> extends true
    ? (input: EndpointInput<E>, options?: CallOptions) => Promise<EndpointData<E>>
    : (input?: EndpointInput<E>, options?: CallOptions) => Promise<EndpointData<E>>;
type GroupFunctions<G> = { [K in keyof G]: G[K] extends EndpointDeclaration ? EndpointFunction<G[K]> : never };

type ClientGroups = { [G in keyof Endpoints]: GroupFunctions<Endpoints[G]> };

export type UploadInput = MultipartInput;

export type ApiClient = Omit<ClientGroups, 'files'> & {
  files: Omit<GroupFunctions<Endpoints['files']>, 'upload'> & {
    upload(input: UploadInput, options?: UploadOptions): Promise<Upload>;
  };
  /** Links the browser opens itself; they carry the token as `authkey`. */
  urls: {
    export(input: { projectId: number; formId: number }): string;
    download(input: { projectId: number; formId: number; name: string }): string;
    downloadStatus(input: { projectId: number; formId: number; name: string }): string;
    batchPrint(input: { projectId: number | 'all'; ids: number[] }): string;
    file(input: { id: number }): string;
    /** The applicant's own personal data (.zip). */
    personalData(input: { id: number }): string;
  };
  session: SessionStore;
  /** Call any declaration directly. */
  call<E extends EndpointDeclaration>(endpoint: E, input?: EndpointInput<E>, options?: CallOptions): Promise<EndpointData<E>>;
};

/** A multipart body: the file as the field `file`. */
function formOf(input: MultipartInput): FormData {
  const form = new FormData();
  form.append('file', input.file, input.name ?? (input.file as File).name ?? 'file');
  return form;
}

function shapeKeys(schema: z.ZodType | undefined): Set<string> {
  return schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : new Set();
}

const utf8 = new TextDecoder();

/** The promise, or its signal's reason once aborted, as fetch rejects: a transport need not watch the signal. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Split one input object into path params, query and body by the declaration's schemas. */
function splitInput(endpoint: EndpointDeclaration, input: Record<string, unknown>) {
  const paramKeys = shapeKeys(endpoint.params);
  const queryKeys = shapeKeys(endpoint.query);
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (paramKeys.has(key)) params[key] = value;
    else if (queryKeys.has(key)) query[key] = value;
    else if (endpoint.body) body[key] = value;
  }
  return { params, query, body };
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const linkBaseUrl = (options.linkBaseUrl ?? baseUrl).replace(/\/+$/, '');
  const policy: ErrorPolicy = { ...defaultPolicy, ...options.policy };
  const session = options.session ?? createSessionStore();
  const http: KyInstance = ky.create({
    credentials: 'include',
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    throwHttpErrors: false,
    // Only reads are retried, once, and only when no answer came at all.
    retry: { limit: 1, methods: ['get'], statusCodes: [] },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = session.getToken();
          if (token) request.headers.set('authKey', token);
        },
      ],
    },
  });
  const etagCache = new Map<string, { etag: string; data: unknown }>();
  let sessionReset: ReturnType<typeof setTimeout> | undefined;

  const fail = (error: ApiError | TransportError | ContractError, silent?: boolean): never => {
    if (error instanceof ApiError) {
      if (!silent) policy.onError(error.errmsg || 'Error', error);
      if (error.errno === Errno.SESSION_INVALID && !sessionReset) {
        sessionReset = setTimeout(() => {
          sessionReset = undefined;
          session.clear();
          policy.reload();
        }, policy.sessionResetDelayMs);
      }
      if (error.errno === Errno.ACCESS_PASSWORD_REQUIRED) policy.onAccessPasswordRequired(error);
    } else if (error instanceof TransportError) {
      if (!silent) policy.onTransportError(error.message, error);
    } else {
      policy.onContractError(error);
    }
    throw error;
  };

  /** Read an envelope out of a body, or fail with the error the policy expects (ApiError, SessionInvalidError, TransportError). */
  const readEnvelope = (endpoint: EndpointDeclaration, id: string, status: number, text: string, silent?: boolean) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fail(new TransportError(`服务器返回了无法识别的内容（HTTP ${status}）`, 'invalid-response', status), silent);
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      return fail(new TransportError(`服务器返回了无法识别的内容（HTTP ${status}）`, 'invalid-response', status), silent);
    }
    const { errno, errmsg, data } = envelope.data;
    if (errno !== Errno.OK) {
      const error = errno === Errno.SESSION_INVALID ? new SessionInvalidError(errmsg, data, status) : new ApiError(errno, errmsg, data, status);
      return fail(error, silent);
    }
    const parsed = endpoint.data.safeParse(data);
    if (!parsed.success) return fail(new ContractError(id, parsed.error.issues), silent);
    return parsed.data;
  };

  const transportFailure = (error: unknown, silent?: boolean): never => {
    if (error instanceof ApiError || error instanceof TransportError || error instanceof ContractError) throw error;
    if (isTimeoutError(error) || (error instanceof DOMException && error.name === 'TimeoutError')) {
      return fail(new TransportError('请求超时，请稍后重试', 'timeout', undefined, { cause: error }), silent);
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = isNetworkError(error) || error instanceof TypeError ? '网络连接失败，请检查网络后重试' : String((error as Error)?.message ?? error);
    return fail(new TransportError(message, 'network', undefined, { cause: error }), silent);
  };

  const idOf = new Map<EndpointDeclaration, string>();
  for (const [group, members] of Object.entries(endpoints)) {
    for (const [name, declaration] of Object.entries(members)) idOf.set(declaration, `${group}.${name}`);
  }

  interface Sending {
    endpoint: EndpointDeclaration;
    url: string;
    input: unknown;
    body: Record<string, unknown>;
    etag: string | undefined;
    signal: AbortSignal | undefined;
  }

  /** Sends a call through the transport when there is one (multipart bodies through fetch), else through ky. */
  async function send({ endpoint, url, input, body, etag, signal }: Sending): Promise<Answer> {
    const { transport } = options;
    if (transport && !endpoint.multipart) {
      signal?.throwIfAborted();
      const headers: Record<string, string> = {};
      const token = session.getToken();
      if (token) headers.authkey = token;
      if (etag) headers['if-none-match'] = etag;
      if (endpoint.body) headers['content-type'] = 'application/json';
      // The client's time-out holds here too: it rejects with a TimeoutError (a TransportError below).
      const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
      const stop = timeout === false ? signal : signal ? AbortSignal.any([signal, AbortSignal.timeout(timeout)]) : AbortSignal.timeout(timeout);
      const sent = transport({ method: endpoint.method, url, headers, ...(endpoint.body ? { body: JSON.stringify(body) } : {}), ...(stop ? { signal: stop } : {}) });
      const answer = await (stop ? untilAborted(sent, stop) : sent);
      const answerHeaders = new Map(Object.entries(answer.headers).map(([name, value]) => [name.toLowerCase(), value]));
      return {
        status: answer.status,
        header: (name) => answerHeaders.get(name.toLowerCase()) ?? null,
        text: async () => utf8.decode(answer.body),
        blob: async () => new Blob([answer.body as Uint8Array<ArrayBuffer>], { type: answerHeaders.get('content-type') ?? '' }),
      };
    }
    const response = await http(url, {
      method: endpoint.method,
      ...(endpoint.multipart ? { body: formOf(input as MultipartInput) } : endpoint.body ? { json: body } : {}),
      ...(etag ? { headers: { 'If-None-Match': etag } } : {}),
      ...(signal ? { signal } : {}),
    });
    return { status: response.status, header: (name) => response.headers.get(name), text: () => response.text(), blob: () => response.blob() };
  }

  async function call<E extends EndpointDeclaration>(endpoint: E, input?: EndpointInput<E>, callOptions: CallOptions = {}): Promise<EndpointData<E>> {
    const id = idOf.get(endpoint) ?? `${endpoint.method} ${endpoint.path}`;
    const { params, query, body } = splitInput(endpoint, (input ?? {}) as Record<string, unknown>);
    const url = `${baseUrl}${buildPath(endpoint.path, params)}${buildQuery(query)}`;
    const cacheKey = `${endpoint.method} ${url}`;
    const cached = endpoint.etag ? etagCache.get(cacheKey) : undefined;
    try {
      const response = await send({ endpoint, url, input, body, etag: cached?.etag, signal: callOptions.signal });
      if (response.status === 304 && cached) return cached.data as EndpointData<E>;
      if (endpoint.response === 'blob' || endpoint.response === 'link') {
        const type = response.header('content-type') ?? '';
        if (!type.includes('application/json')) {
          if (response.status < 200 || response.status > 299) return fail(new TransportError(`请求失败（HTTP ${response.status}）`, 'invalid-response', response.status), callOptions.silent);
          return (await response.blob()) as EndpointData<E>;
        }
      }
      const data = readEnvelope(endpoint, id, response.status, await response.text(), callOptions.silent);
      const etag = response.header('etag');
      if (etag && endpoint.etag) etagCache.set(cacheKey, { etag, data });
      return data as EndpointData<E>;
    } catch (error) {
      return transportFailure(error, callOptions.silent);
    }
  }

  async function upload(input: UploadInput, uploadOptions: UploadOptions = {}): Promise<Upload> {
    const endpoint = endpoints.files.upload;
    const form = formOf(input);
    const url = `${baseUrl}${endpoint.path}`;
    const token = session.getToken();
    if (uploadOptions.onProgress && typeof XMLHttpRequest !== 'undefined') {
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        // Set before open(): some implementations (happy-dom) read it there.
        xhr.withCredentials = true;
        xhr.open('POST', url);
        xhr.timeout = options.timeout === false ? 0 : (options.timeout ?? REQUEST_TIMEOUT_MS);
        if (token) xhr.setRequestHeader('authKey', token);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) uploadOptions.onProgress?.(event.loaded / event.total);
        };
        xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
        xhr.onerror = () => reject(new TransportError('网络连接失败，请检查网络后重试', 'network'));
        xhr.ontimeout = () => reject(new TransportError('请求超时，请稍后重试', 'timeout'));
        xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
        uploadOptions.signal?.addEventListener('abort', () => xhr.abort());
        xhr.send(form);
      }).catch((error: unknown) => transportFailure(error, uploadOptions.silent));
      return readEnvelope(endpoint, 'files.upload', status, text, uploadOptions.silent) as Upload;
    }
    try {
      const response = await http(url, {
        method: 'POST',
        body: form,
        ...(uploadOptions.signal ? { signal: uploadOptions.signal } : {}),
      });
      return readEnvelope(endpoint, 'files.upload', response.status, await response.text(), uploadOptions.silent) as Upload;
    } catch (error) {
      return transportFailure(error, uploadOptions.silent);
    }
  }

  const link = (endpoint: EndpointDeclaration, input: Record<string, unknown>, withToken = true) => {
    const { params, query } = splitInput(endpoint, input);
    const token = session.getToken();
    if (withToken && token) query.authkey = token;
    return `${linkBaseUrl}${buildPath(endpoint.path, params)}${buildQuery(query)}`;
  };

  const groups = Object.fromEntries(
    Object.entries(endpoints).map(([group, members]) => [
      group,
      Object.fromEntries(
        Object.entries(members).map(([name, declaration]) => [
          name,
          (input?: Record<string, unknown>, callOptions?: CallOptions) => call(declaration as EndpointDeclaration, input as never, callOptions),
        ]),
      ),
    ]),
  ) as unknown as ClientGroups;

  return {
    ...groups,
    files: { ...groups.files, upload },
    urls: {
      export: (input) => link(endpoints.apply.export, input),
      download: (input) => link(endpoints.apply.download, input),
      downloadStatus: (input) => link(endpoints.apply.downloadStatus, input, false),
      batchPrint: (input) => link(endpoints.apply.batchPrint, input, false),
      file: (input) => link(endpoints.files.get, input),
      personalData: (input) => link(endpoints.user.personalData, input),
    },
    session,
    call,
  };
}
