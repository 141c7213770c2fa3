import { Errno, httpStatusForErrno } from '@flagship/api-client';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, badRequest, invalidFields } from './errors';

// Busboy's words for a multipart body that ends before its closing boundary, and Node's for a
// request the client stopped sending: the client's doing, not the server's.
const CUT_SHORT = /^(Part|Preamble) terminated early due to unexpected end of multipart data$|^Unexpected end of (multipart data|form)$/;

function isCutShort(error: FastifyError): boolean {
  return CUT_SHORT.test(error.message) || error.code === 'FST_MP_PREMATURE_CLOSE' || (error.code === 'ECONNRESET' && error.message === 'aborted');
}

/** An envelope's JSON: the routes' answers and the in-process reads' (`http/endpoints.ts`) are the same text. */
export function envelopeJson(errno: number, errmsg: string, data: unknown = null): string {
  return JSON.stringify({ errno, errmsg, data });
}

/** The answer to a failure the error handler does not know: the request id finds it in the log. */
export const internalErrorMessage = (requestId: string) => `服务器内部错误，请稍后再试（请求编号 ${requestId}）`;

export function sendEnvelope(reply: FastifyReply, errno: number, errmsg: string, data: unknown = null) {
  return reply.code(httpStatusForErrno(errno)).type('application/json; charset=utf-8').send(envelopeJson(errno, errmsg, data));
}

/** Every failure becomes an envelope; 5xx details stay in the log with the request id. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return sendEnvelope(reply, error.errno, error.message, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key = path || (error.validationContext === 'body' ? 'body' : String(error.validationContext ?? 'request'));
        fields[key] ??= issue.message ?? '输入有误';
      }
      const invalid = invalidFields(fields);
      return sendEnvelope(reply, invalid.errno, invalid.message, invalid.data);
    }
    if (isCutShort(error)) {
      request.log.info({ err: error }, 'request body cut short');
      const cut = badRequest('上传未完成：请求内容在结束前中断，请重新上传', { file: '上传未完成，请重新上传' });
      return sendEnvelope(reply, cut.errno, cut.message, cut.data);
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendEnvelope(reply, Errno.TOO_LARGE, '上传内容超过大小限制');
    }
    if (status === 429) {
      const retryAfter = Number((error as { retryAfter?: number }).retryAfter) || 60;
      reply.header('retry-after', String(retryAfter));
      return sendEnvelope(reply, Errno.TOO_MANY_REQUESTS, `操作过于频繁，请 ${retryAfter} 秒后再试`, { retryAfter });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? '不支持的请求内容类型'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? '请求内容不能为空'
            : error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
              ? '请求内容不是有效的 JSON'
              : '请求有误';
      request.log.info({ err: error }, 'client error');
      return sendEnvelope(reply, Errno.INVALID_INPUT, message, { fields: {} });
    }
    request.log.error({ err: error }, 'internal error');
    return sendEnvelope(reply, Errno.INTERNAL, internalErrorMessage(request.id));
  });
}

/**
 * Requests Node refuses before Fastify sees them (a URL or headers past the 16 KB limit, a malformed
 * request line, a client too slow to send): answered on the socket, in the envelope too.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  const code = error.code;
  // A reset connection has nobody left to answer.
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const [status, errno, errmsg] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, Errno.TOO_LARGE, '请求地址或请求头过长']
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, Errno.INVALID_INPUT, '请求超时，请重试']
        : [400, Errno.INVALID_INPUT, '请求格式不正确'];
  // Mostly network noise, as Fastify's own handler judges it.
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ errno, errmsg, data: errno === Errno.INVALID_INPUT ? { fields: {} } : null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
