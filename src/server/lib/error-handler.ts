/**
 * The one error handler (ADR 004): every error a route, hook or service throws becomes the
 * spec's error body, in the reader's language (ADR 022). AppErrors keep their status and code,
 * validation failures are 400 with the fields, a value PostgreSQL cannot hold is the caller's
 * input (400), an unreachable database 503, and anything else a logged 500.
 *
 * In English the body is the English the API always sent, byte for byte. In another language an
 * AppError's text (and each field error's) is rendered from its catalogue key and parameters, as
 * are the handler's own texts (`ERR.…`). Only the zod contracts' validation messages, plain
 * English texts that the web's form checks share, are found by reverse lookup (`localize`,
 * shared/i18n/messages.ts). A library's own message (a 4xx from Fastify) is sent as it is.
 */
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorBody } from '#shared/contracts/common.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';
import { type CatalogueText, ERR } from '#shared/i18n/server-messages.ts';
import { AppError, type FieldError, isDatabaseUnavailable, pgError } from './errors.ts';
import { localeOf, localize, serverText, translate } from './i18n.ts';
import { rootPlugin } from './root-plugin.ts';

/** A text an AppError carries in `locale`: from its key, or as written when it has none. */
const said = (locale: Locale, e: Pick<FieldError, 'message' | 'key' | 'params'>) =>
  e.key && locale !== DEFAULT_LOCALE ? serverText(locale, e.key, e.params ?? {}) : e.message;

export const errorHandler = rootPlugin('error-handler', async (app) => {
  app.setErrorHandler((err, request, reply) => {
    // Each answer is in the reader's language (ADR 022): English, byte for byte, unless they chose
    // or asked otherwise. A zod issue's English text is found by reverse lookup (see above).
    const sendValidation = (body: ErrorBody) => {
      const locale = localeOf(request);
      if (locale === DEFAULT_LOCALE) return reply.status(400).send(body);
      return reply.status(400).send({
        ...body,
        message: localize(locale, body.message),
        ...(body.errors ? { errors: body.errors.map((e) => ({ ...e, message: localize(locale, e.message) })) } : {}),
      });
    };
    // One of the handler's own texts, or a library's message (sent as it is).
    const send = (status: number, text: CatalogueText | string, code: ErrorBody['code']) =>
      reply.status(status).send({
        message: typeof text === 'string' ? text : translate(localeOf(request), text),
        code,
      } satisfies ErrorBody);
    if (err instanceof AppError) {
      const retryAfter = (err as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      const locale = localeOf(request);
      return reply.status(err.statusCode).send({
        message: said(locale, err),
        code: err.code,
        ...(err.errors ? { errors: err.errors.map((e) => ({ path: e.path, message: said(locale, e) })) } : {}),
      } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path:
          (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
          (v.params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ||
          '',
        message: v.message ?? 'Invalid value',
      }));
      return sendValidation({ message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION', errors });
    }
    if (err instanceof ZodError) {
      const errors = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return sendValidation({ message: errors[0]?.message ?? 'Invalid request', code: 'VALIDATION', errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return send(500, ERR.internal, 'INTERNAL');
    }
    // A data exception (SQLSTATE class 22: a value the column cannot hold) is the caller's input.
    if (pgError(err)?.code?.startsWith('22')) {
      return send(400, ERR.cannotStore, 'VALIDATION');
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return send(503, ERR.unavailable, 'UNAVAILABLE');
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
      return send(status, status === 429 ? ERR.tooManyAttempts : (err as Error).message || ERR.badRequest, code);
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, ERR.internal, 'INTERNAL');
  });
});
