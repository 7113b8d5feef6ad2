import { type ErrorCode, type ErrorResponse, UI_TEXT } from '@smart/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isServiceUnreachable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../lib/errors.js';
import { StorageUnavailableError } from '../storage/index.js';

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  error: string,
  details?: ErrorResponse['details'],
  scope?: string,
) {
  const body: ErrorResponse = {
    success: false,
    error,
    code,
    ...(details ? { details } : {}),
    ...(scope ? { scope } : {}),
  };
  return reply.status(status).type('application/json').send(body);
}

/** Fastify's own client errors, by code, and what the user is told. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', UI_TEXT.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', UI_TEXT.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', UI_TEXT.payloadTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', UI_TEXT.fileTooLarge],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', UI_TEXT.payloadTooLarge],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', UI_TEXT.payloadTooLarge],
  FST_FIELDS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', UI_TEXT.payloadTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'BAD_REQUEST', UI_TEXT.fileRequired],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', UI_TEXT.unsupportedContentType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', UI_TEXT.invalidInput],
};

/**
 * One error handler: the envelope, the UI_TEXT message, and never internal text in a 5xx.
 * Invalid route params (an id that is not an id) answer 404: nothing can exist there.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.statusCode, error.code, error.message, error.details, error.scope);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') return send(reply, 404, 'NOT_FOUND', UI_TEXT.notFound);
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? UI_TEXT.invalidInput,
      }));
      return send(reply, 400, 'BAD_REQUEST', details[0]?.message ?? UI_TEXT.invalidInput, details);
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, ...known);

    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(
        reply,
        error.statusCode,
        error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        UI_TEXT.invalidInput,
      );
    }

    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: error }, 'file storage unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(reply, 503, 'UNAVAILABLE', UI_TEXT.fileStorageUnavailable);
    }

    if (isServiceUnreachable(error)) {
      request.log.warn({ err: error }, 'database or Redis unreachable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(reply, 503, 'UNAVAILABLE', UI_TEXT.serviceUnavailable);
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL', UI_TEXT.internalError);
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`),
  );
});
