/**
 * Imports (issue 34 item 2, ADR 040), the admins' (`customerImport`):
 *   POST /imports/customers, /imports/units                 multipart `file` (+ dryRun, onDuplicate,
 *                                                            duplicateChoices, mapping) → the report
 *   POST /imports/customers/errors, /imports/units/errors   the file back with an Errors column
 *   GET  /imports/customers/template, /imports/units/template   ?format=csv|xlsx
 * The multipart body is read here, at most IMPORT_MAX_BYTES for the file (413 past it); the file
 * is judged by its bytes (415 when it is neither CSV nor xlsx).
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#server/lib/auth.ts';
import { AppError } from '#server/lib/errors.ts';
import { localeOf } from '#server/lib/i18n.ts';
import { errorBody } from '#shared/contracts/common.ts';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  type ImportFields,
  type ImportKind,
  importFields,
  importRefused,
  importResult,
  templateQuery,
} from '#shared/contracts/imports.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import type { FileAnswer } from './report.ts';
import { ImportRefusal } from './service.ts';
import { importText } from './text.ts';

const said = (text: string) => ({ key: '', text, params: {} });
const FIELD_NAMES = new Set(['dryRun', 'onDuplicate', 'mapping', 'duplicateChoices']);

interface Upload {
  bytes: Buffer;
  fileName: string;
  fields: ImportFields;
}

/** The multipart body: the one `file` and the fields; a 4xx in the reader's language when it is not one. */
async function readUpload(req: FastifyRequest, locale: Locale): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('VALIDATION', said(importText(locale, 'noFile')));
  let bytes: Buffer | undefined;
  let fileName = '';
  const raw: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && bytes === undefined) {
          bytes = await part.toBuffer();
          fileName = part.filename ?? '';
        } else await part.toBuffer();
      } else if (FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        raw[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        said(importText(locale, 'tooLarge', { max: IMPORT_MAX_BYTES / 1048576 })),
      );
    }
    // A body that is not well-formed multipart (a cut-off upload, a wrong boundary): the caller's.
    throw new AppError('VALIDATION', said(importText(locale, 'badUpload')));
  }
  if (!bytes || bytes.length === 0) throw new AppError('VALIDATION', said(importText(locale, 'noFile')));
  const fields = importFields.safeParse(raw);
  if (!fields.success) {
    const key = fields.error.issues[0]?.path[0] === 'dryRun' ? 'badDryRun' : 'badChoices';
    throw new AppError('VALIDATION', said(importText(locale, key)));
  }
  return { bytes, fileName, fields: fields.data };
}

function sendFile(reply: FastifyReply, file: FileAnswer) {
  return (
    reply
      .header('content-type', file.contentType)
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('x-content-type-options', 'nosniff')
      // Customer data: never kept by a browser or a proxy.
      .header('cache-control', 'no-store')
      .send(file.body)
  );
}

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const imports = services.imports;
  // Here, not on the whole app (as uploads): only these routes read a multipart body.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 8, fieldSize: 256 * 1024, parts: 10 },
  });
  const guard = guards.guard('customerImport');
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 413: errorBody, 415: errorBody };

  for (const kind of IMPORT_KINDS) {
    app.post(
      `/imports/${kind}`,
      {
        preHandler: guard,
        schema: {
          tags: ['imports'],
          consumes: ['multipart/form-data'],
          response: { 200: importResult, 422: importRefused, ...errors },
        },
      },
      async (req, reply) => {
        const locale = localeOf(req);
        const upload = await readUpload(req, locale);
        try {
          return await imports.run(actorOf(req), kind as ImportKind, { ...upload, locale, ip: req.ip });
        } catch (err) {
          if (err instanceof ImportRefusal) return reply.status(422).send({ ...err.result, code: 'VALIDATION' });
          throw err;
        }
      },
    );

    app.post(
      `/imports/${kind}/errors`,
      {
        preHandler: guard,
        schema: { tags: ['imports'], consumes: ['multipart/form-data'], response: errors },
      },
      async (req, reply) => {
        const locale = localeOf(req);
        const upload = await readUpload(req, locale);
        return sendFile(reply, await imports.errorsCopy(kind, { ...upload, locale }));
      },
    );

    app.get(
      `/imports/${kind}/template`,
      { preHandler: guard, schema: { tags: ['imports'], querystring: templateQuery, response: errors } },
      async (req, reply) => sendFile(reply, await imports.template(kind, req.query.format, localeOf(req))),
    );
  }
};
