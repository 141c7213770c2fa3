import type { FastifyRequest } from 'fastify';

// Export, download and file links carry the session token as `?authkey=`: the request log must
// not keep it, or anyone who reads the log could act as the user.

/** Query parameters that carry credentials (matched case-insensitively, after percent-decoding). */
const SECRET_PARAM = /^(auth|authkey|key|apikey|api_key|sig|signature|code|captcha|password|passwd|pwd|secret|session|sessionid)$|token$/i;

const REDACTED = '[Redacted]';

/** The URL with the values of credential-like query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape stays as written.
      }
      return eq >= 0 && SECRET_PARAM.test(decoded.trim()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
