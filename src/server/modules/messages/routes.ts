/**
 * Customer messages (issue 35 items 6–7, ADR 046): the outbox (GET /messages), a retry, the
 * templates; the admins' (`messages`). And the gateways' calls back (no account): a delivery
 * report or a customer's reply, signed like what the webhook driver sends (`X-AquaDesk-Signature`),
 * limited per address.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { invalid, unauthenticated } from '#server/lib/errors.ts';
import { localeOf } from '#server/lib/i18n.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import {
  messageItem,
  messageListQuery,
  messageTemplateBody,
  messageTemplateItem,
  messageTemplateParams,
} from '#shared/contracts/messages.ts';
import type { MessageTemplateKey } from '#shared/domain/messages.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { SIGNATURE_HEADER, signBody } from './drivers.ts';

const tags = ['messages'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const service = services.messages;
  const guard = guards.guard('messages');

  app.get(
    '/messages',
    {
      preHandler: guard,
      schema: { tags, querystring: messageListQuery, response: { 200: z.array(messageItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await service.list(req.query, localeOf(req));
      sendTotal(reply, total, window);
      return items;
    },
  );

  app.post(
    '/messages/:id/retry',
    { preHandler: guard, schema: { tags, params: idParams, response: { 200: messageItem, ...errors } } },
    async (req) => service.retry(actorOf(req), req.params.id, req.ip, localeOf(req)),
  );

  app.get(
    '/message-templates',
    { preHandler: guard, schema: { tags, response: { 200: z.array(messageTemplateItem), ...errors } } },
    async () => service.templates(),
  );

  app.put(
    '/message-templates/:key/:language',
    {
      preHandler: guard,
      schema: {
        tags,
        params: messageTemplateParams,
        body: messageTemplateBody,
        response: { 200: messageTemplateItem, ...errors },
      },
    },
    async (req) =>
      service.saveTemplate(
        actorOf(req),
        req.params.key as MessageTemplateKey,
        req.params.language,
        req.body.text || null,
        req.ip,
      ),
  );
};

/** What a gateway may send back: a delivery report, or a customer's reply. */
const gatewayReport = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    providerMessageId: z.string().min(1).max(200),
    status: z.enum(['DELIVERED', 'FAILED']),
    error: z.string().max(500).nullish(),
  }),
  z.object({ type: z.literal('reply'), from: z.string().min(1).max(32), text: z.string().max(1000) }),
]);

/** The signature header against the raw body, in constant time; false without a secret. */
function signedBy(secret: string | undefined, body: Buffer, header: unknown): boolean {
  if (!secret || typeof header !== 'string') return false;
  const want = Buffer.from(signBody(secret, body));
  const got = Buffer.from(header);
  return want.length === got.length && timingSafeEqual(want, got);
}

export const messageWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app.deps;
  // The signature is over the bytes as sent: this plugin's JSON arrives unparsed (the parser is
  // replaced in this plugin's context only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/public/messages/webhook',
    {
      config: {
        rateLimit: {
          max: config.MESSAGE_WEBHOOK_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) => `message-webhook:${req.ip}`,
        },
      },
      schema: {
        tags,
        response: { 200: z.object({ updated: z.number() }), 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      if (!signedBy(config.MESSAGE_WEBHOOK_SECRET, raw, req.headers[SIGNATURE_HEADER])) {
        throw unauthenticated(ERR.webhookSignature);
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw invalid('body', ERR.webhookBody);
      }
      const parsed = gatewayReport.safeParse(json);
      if (!parsed.success) throw invalid('body', ERR.webhookBody);
      return services.messages.report(parsed.data);
    },
  );
};
