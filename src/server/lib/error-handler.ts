/**
 * The one error handler (ADR 004): every error a route, hook or service throws becomes the
 * spec's error body, in the reader's language (ADR 022). AppErrors keep their status and code,
 * validation failures are 400 with the fields, a value PostgreSQL cannot hold is the caller's
 * input (400), an unreachable database 503, and anything else a logged 500.
 */
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorBody } from '#shared/contracts/common.ts';
import { DEFAULT_LOCALE } from '#shared/i18n/locales.ts';
import { AppError, isDatabaseUnavailable, pgError } from './errors.ts';
import { localeOf, localize } from './i18n.ts';
import { rootPlugin } from './root-plugin.ts';

export const errorHandler = rootPlugin('error-handler', async (app) => {
  app.setErrorHandler((err, request, reply) => {
    // In the reader's language (ADR 022): English, byte for byte, unless they chose or asked otherwise.
    const send = (status: number, body: ErrorBody) => {
      const locale = localeOf(request);
      if (locale === DEFAULT_LOCALE) return reply.status(status).send(body);
      return reply.status(status).send({
        ...body,
        message: localize(locale, body.message),
        ...(body.errors ? { errors: body.errors.map((e) => ({ ...e, message: localize(locale, e.message) })) } : {}),
      });
    };
    if (err instanceof AppError) {
      const retryAfter = (err as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return send(err.statusCode, {
        message: err.message,
        code: err.code,
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path:
          (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
          (v.params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ||
          '',
        message: v.message ?? 'Invalid value',
      }));
      return send(400, { message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION', errors });
    }
    if (err instanceof ZodError) {
      const errors = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return send(400, { message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION', errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return send(500, { message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    // A data exception (SQLSTATE class 22: a value the column cannot hold) is the caller's input.
    if (pgError(err)?.code?.startsWith('22')) {
      return send(400, { message: 'Some of the values sent cannot be stored', code: 'VALIDATION' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return send(503, {
        message: 'The service is temporarily unavailable. Please try again shortly.',
        code: 'UNAVAILABLE',
      });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : status === 401
                  ? 'UNAUTHENTICATED'
                  : status === 403
                    ? 'FORBIDDEN'
                    : 'VALIDATION';
      const message =
        status === 429
          ? 'Too many attempts. Please wait a minute and try again.'
          : (err as Error).message || 'Bad request';
      return send(status, { message, code });
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, { message: 'Something went wrong on our side', code: 'INTERNAL' });
  });
});
