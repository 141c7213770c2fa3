import { Errno, httpStatusForErrno } from '@flagship/api-client';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, invalidFields } from './errors';

export function sendEnvelope(reply: FastifyReply, errno: number, errmsg: string, data: unknown = null) {
  return reply.code(httpStatusForErrno(errno)).type('application/json; charset=utf-8').send({ errno, errmsg, data });
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
    return sendEnvelope(reply, Errno.INTERNAL, `服务器内部错误，请稍后再试（请求编号 ${request.id}）`);
  });
}
