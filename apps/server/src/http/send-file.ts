import type { FastifyReply } from 'fastify';
import { SENT } from './endpoints';

/** `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266 / RFC 5987). */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Send bytes as a download the browser must not reinterpret. */
export function sendFile(reply: FastifyReply, body: Buffer, mime: string, name: string, disposition: 'attachment' | 'inline' = 'attachment'): typeof SENT {
  reply
    .header('content-type', mime)
    .header('content-length', String(body.length))
    .header('content-disposition', contentDisposition(disposition, name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(body);
  return SENT;
}
