/**
 * Backups (issue 32 item 4, ADR 033): the System page (GET, the Super Admin's "Back up now") and
 * the local route `npm run backup` asks a running server for. Each route parses, guards, calls one
 * service method and shapes the reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#server/lib/auth.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import {
  backupItem,
  backupNowBody,
  backupOverview,
  LOCAL_TOKEN_HEADER,
  localBackupBody,
  localBackupResult,
  MANUAL_BACKUPS,
} from '#shared/contracts/backups.ts';
import { errorBody } from '#shared/contracts/common.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { isLocalCaller, tokenMatches } from './local-access.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 500: errorBody };
const tags = ['system'];

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.backups;

  app.get(
    '/system/backups',
    { preHandler: guards.guard('system'), schema: { tags, response: { 200: backupOverview, ...errors } } },
    async () => service.overview(),
  );

  app.post(
    '/system/backups',
    {
      preHandler: guards.guard('system'),
      // Per Super Admin, counted after sign-in (the guard runs first).
      config: {
        rateLimit: {
          ...MANUAL_BACKUPS,
          hook: 'preHandler',
          keyGenerator: (req) => `backup:${req.actor?.id ?? req.ip}`,
        },
      },
      schema: { tags, body: backupNowBody, response: { 201: backupItem, ...errors, 429: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await service.backUpNow(actorOf(req), req.ip)),
  );

  app.post(
    '/system/backups/local',
    {
      // Before the body is read: only a caller on this machine, straight in, with this start's token.
      onRequest: async (req) => {
        if (!isLocalCaller(req)) throw notFound(ERR.notFound);
        if (!tokenMatches(service.localToken, req.headers[LOCAL_TOKEN_HEADER])) {
          throw new AppError('UNAUTHENTICATED', ERR.backupLocalToken);
        }
      },
      schema: { tags, hide: true, body: localBackupBody, response: { 200: localBackupResult, ...errors } },
    },
    async (req) => service.forCli(req.body.out),
  );
};
