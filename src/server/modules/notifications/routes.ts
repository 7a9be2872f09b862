import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changesOf } from '#server/lib/actor-cache.ts';
import { actorOf, loadActor } from '#server/lib/auth.ts';
import { unauthenticated } from '#server/lib/errors.ts';
import { localeOf } from '#server/lib/i18n.ts';
import { cappedWindow, sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody, pageQuery } from '#shared/contracts/common.ts';
import {
  markedRead,
  markMultipleBody,
  markResult,
  notificationItem,
  sendNotificationBody,
  unreadCount,
} from '#shared/contracts/notifications.ts';
import { type PushSource, pgliteSource, postgresSource } from './push.ts';

const HEARTBEAT_MS = 25_000;
/** Free-text messages one user may send in a minute (POST /notifications). */
export const MESSAGES_PER_MINUTE = 30;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database, tokens, guards, pushHub: hub, actorCache } = app.deps;
  const guard = guards.guard('notifications');
  const service = app.deps.services.notifications;

  // Each process listens for the users it holds streams for.
  const source: PushSource = database.url
    ? postgresSource(database.url, (msg, err) => app.log.warn({ err }, msg))
    : pgliteSource(database);
  const onUsers = async (userIds: string[]) => {
    for (const userId of userIds) {
      if (!hub.has(userId)) continue;
      try {
        hub.send(userId, 'notification', await service.pushState(userId));
      } catch (err) {
        app.log.warn({ err }, 'could not push a notification');
      }
    }
  };
  // The same connection carries the actor cache's invalidations (ADR 021): revoked sessions and
  // changed users and roles drop their entries; while it is down the cache is off.
  await source.start(
    (msg) => {
      if ('auth' in msg) actorCache.received(msg.auth);
      else if ('revoked' in msg) {
        for (const change of changesOf(msg)) actorCache.received(change);
        hub.revoke(msg.revoked);
      } else void onUsers(msg.users);
    },
    (up) => actorCache.setLive(up),
  );
  app.addHook('preClose', async () => {
    hub.closeAll();
    await source.stop();
  });

  app.get(
    '/notifications',
    {
      preHandler: guard,
      schema: { tags: ['notifications'], querystring: pageQuery, response: { 200: z.array(notificationItem) } },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      // Without paging: the newest UNPAGED_CAP (ADR 017).
      const window = cappedWindow(req.query);
      const { items, total } = await service.list(actor.id, window, localeOf(req));
      sendTotal(reply, total, window);
      return items;
    },
  );

  app.get(
    '/notifications/unread-count',
    { preHandler: guard, schema: { tags: ['notifications'], response: { 200: unreadCount } } },
    async (req) => ({ count: await service.unreadCount(actorOf(req).id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: guard,
      schema: { tags: ['notifications'], params: idParams, response: { 200: markedRead, 404: errorBody } },
    },
    async (req) => service.markRead(actorOf(req).id, req.params.id, localeOf(req)),
  );

  app.post(
    '/notifications/:id/delivered',
    {
      preHandler: guard,
      schema: { tags: ['notifications'], params: idParams, response: { 200: okBody, 404: errorBody } },
    },
    async (req) => {
      await service.markDelivered(actorOf(req).id, req.params.id);
      return { message: 'Delivered' };
    },
  );

  app.patch(
    '/notifications/mark-multiple-read',
    {
      preHandler: guard,
      schema: { tags: ['notifications'], body: markMultipleBody, response: { 200: markResult, 404: errorBody } },
    },
    async (req) => service.markManyRead(actorOf(req).id, req.body.notificationIds),
  );

  app.post(
    '/notifications/mark-all-read',
    { preHandler: guard, schema: { tags: ['notifications'], response: { 200: markResult } } },
    async (req) => service.markAllRead(actorOf(req).id),
  );

  app.post(
    '/notifications',
    {
      // A copy: the rate limiter appends its preHandler to this route's array, and the shared
      // `guard` array would carry it to every notification route (the unread count included).
      preHandler: [...guard],
      // Per sender, counted after sign-in (the guard runs first): one account cannot spam, and
      // colleagues behind one office address do not share a budget.
      config: {
        rateLimit: {
          max: MESSAGES_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `message:${req.actor?.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['notifications'],
        body: sendNotificationBody,
        response: { 201: notificationItem, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const item = await service.send(actorOf(req), req.body.toUserId, req.body.message, req.ip);
      reply.status(201);
      return item;
    },
  );

  /**
   * Server-Sent Events: the new unread count and the newest notification, as soon as one is
   * written by any process. Authenticated with the same bearer token as every call (the web
   * client reads it with fetch, so the token never goes in a URL). A stream lives no longer
   * than its token (it ends at the token's expiry; the client reconnects with a fresh one) nor
   * its session (a revocation, from any process, ends it at once).
   */
  app.get('/notifications/stream', { schema: { tags: ['notifications'], hide: true } }, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7) : '';
    const actor = token ? await loadActor(db, tokens, token) : null;
    if (!actor) throw unauthenticated();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      // Headers the hooks set on the reply (CORS for a listed origin, the request id) would be
      // lost with the hijack: a client on another origin could not read the stream.
      ...(Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined),
      ) as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      // no-store, like every API answer (issue 15, item 11): the stream carries message texts.
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const remove = hub.add(actor.id, actor.sessionId, res);
    const expiry = setTimeout(() => res.end(), msUntilExpiry(token));
    expiry.unref();
    const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    beat.unref();
    const cleanup = () => {
      clearTimeout(expiry);
      clearInterval(beat);
      remove();
    };
    // Whichever end closes it: the client going away, or the server ending the stream.
    req.raw.on('close', cleanup);
    res.on('close', cleanup);
    // A session revoked between the check above and joining the hub was announced to no one.
    if (!(await loadActor(db, tokens, token))) {
      res.end();
      return;
    }
    hub.send(actor.id, 'notification', { count: await service.unreadCount(actor.id), latest: null });
  });
};

/** Milliseconds until a verified access token's `exp` (0 when past; capped below setTimeout's limit). */
function msUntilExpiry(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  return Math.min(Math.max(0, payload.exp * 1000 - Date.now()), 2 ** 31 - 1);
}
