/**
 * POST /uploads/work-media/{id}: one image per call in the multipart field 'file'.
 * GET /media/*: the photo bytes behind a signed, expiring URL (no bearer header needed).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { AppError, invalid } from '#server/lib/errors.ts';
import { checkMediaLink } from '#server/lib/media-links.ts';
import { isValidKey, type Storage } from '#server/lib/storage.ts';
import { clientTime, errorBody, idParams } from '#shared/contracts/common.ts';
import { workMediaItem } from '#shared/contracts/service-requests.ts';
import { MEDIA_KINDS } from '#shared/domain/media.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

const mediaKind = z.enum(MEDIA_KINDS, { error: 'Kind must be BEFORE, AFTER or OTHER' });

export const NO_IMAGE = ERR.noImage.text;
export const BAD_LINK = ERR.photoLinkInvalid.text;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokens, guards, config, services } = app.deps;
  // Here, not on the whole app: the plugin adds two async hooks and a 'close' listener to every
  // request of the context it is registered in (issue 20), and only the upload reads a multipart body.
  await app.register(multipart, { limits: { fileSize: config.MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  const storage: Storage = app.deps.storage;
  const uploads = services.uploads;
  const maxMb = Math.round((config.MAX_UPLOAD_BYTES / (1024 * 1024)) * 10) / 10;

  app.post(
    '/uploads/work-media/:id',
    {
      preHandler: guards.guard('requestRead'),
      // Per technician, counted after sign-in (the guard runs first).
      config: {
        rateLimit: {
          max: config.UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `upload:${req.actor?.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        params: idParams,
        // When the photo was taken, by the phone (ADR 027): a queued upload's refusal is explained.
        // `kind` (issue 35 item 2): what the photo shows, here or as a form field before the file.
        querystring: z.object({ clientTime, kind: mediaKind.optional() }),
        response: {
          201: workMediaItem,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      // Refuse before reading a byte of the body.
      await uploads.assertCanUpload(actor, req.params.id, req.ip, req.query.clientTime);
      // A full queue refuses before the body is read.
      uploads.assertNotBusy();
      if (!req.isMultipart()) throw invalid('file', ERR.noImage);
      let bytes: Buffer | undefined;
      let kind = req.query.kind;
      try {
        const part = await req.file();
        if (part && part.fieldname === 'file') bytes = await part.toBuffer();
        // A `kind` form field sent before the file (the order a form writes them in).
        const field = part?.fields.kind;
        const value = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
        if (value !== undefined) {
          const parsed = mediaKind.safeParse(value);
          if (!parsed.success) throw invalid('kind', ERR.mediaKind);
          kind = parsed.data;
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', ERR.imageTooLarge({ max: maxMb }));
        }
        throw err;
      }
      if (!bytes || bytes.length === 0) throw invalid('file', ERR.noImage);
      const media = await uploads.store(actor, req.params.id, bytes, req.ip, req.query.clientTime, kind);
      return reply.status(201).send(media);
    },
  );

  app.get(
    '/media/*',
    {
      schema: {
        tags: ['uploads'],
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!isValidKey(key) || checkMediaLink(tokens, key, req.query.exp, req.query.sig) !== 'ok') {
        throw new AppError('FORBIDDEN', ERR.photoLinkInvalid);
      }
      const object = await storage.get(key);
      if (!object) throw new AppError('NOT_FOUND', ERR.photoNotFound);
      const maxAge = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000));
      return (
        reply
          .header('content-type', object.contentType)
          .header('cache-control', `private, max-age=${maxAge}, immutable`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          // The signature is the permission; let the spec's client on another origin show it.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(object.data)
      );
    },
  );
};
