import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notifications } from '#server/db/schema/activity.ts';
import { audit } from '#server/lib/audit.ts';
import { actorOf, loadActor } from '#server/lib/auth.ts';
import { AppError, invalid, notFound, unauthenticated } from '#server/lib/errors.ts';
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
import { NOT_A_COLLEAGUE, worksWith } from './colleagues.ts';
import { publish } from './events.ts';
import { type PushSource, pgliteSource, postgresSource } from './push.ts';
import * as repo from './repository.ts';

const HEARTBEAT_MS = 25_000;
/** Free-text messages one user may send in a minute (POST /notifications). */
export const MESSAGES_PER_MINUTE = 30;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database, tokens, guards, pushHub: hub } = app.deps;
  const guard = guards.guard('notifications');

  // Each process listens for the users it holds streams for.
  const source: PushSource = database.url
    ? postgresSource(database.url, (msg, err) => app.log.warn({ err }, msg))
    : pgliteSource(database);
  const onUsers = async (userIds: string[]) => {
    for (const userId of userIds) {
      if (!hub.has(userId)) continue;
      try {
        const [count, latest] = await Promise.all([repo.unreadCount(db, userId), repo.latestForUser(db, userId)]);
        hub.send(userId, 'notification', { count, latest });
      } catch (err) {
        app.log.warn({ err }, 'could not push a notification');
      }
    }
  };
  await source.start((msg) => {
    if ('revoked' in msg) hub.revoke(msg.revoked);
    else void onUsers(msg.users);
  });
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
      const [items, total] = await Promise.all([
        repo.listForUser(db, actor.id, window.limit, window.offset),
        repo.countForUser(db, actor.id),
      ]);
      sendTotal(reply, total, window);
      return items;
    },
  );

  app.get(
    '/notifications/unread-count',
    { preHandler: guard, schema: { tags: ['notifications'], response: { 200: unreadCount } } },
    async (req) => ({ count: await repo.unreadCount(db, actorOf(req).id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: guard,
      schema: { tags: ['notifications'], params: idParams, response: { 200: markedRead, 404: errorBody } },
    },
    async (req) => {
      const actor = actorOf(req);
      if (!(await repo.findOwned(db, req.params.id, actor.id))) throw notFound('Notification');
      await repo.markRead(db, actor.id, [req.params.id]);
      const [item, count] = await Promise.all([
        repo.findItemForUser(db, req.params.id, actor.id),
        repo.unreadCount(db, actor.id),
      ]);
      if (!item) throw notFound('Notification');
      return { ...item, unreadCount: count };
    },
  );

  app.post(
    '/notifications/:id/delivered',
    {
      preHandler: guard,
      schema: { tags: ['notifications'], params: idParams, response: { 200: okBody, 404: errorBody } },
    },
    async (req) => {
      if (!(await repo.markDelivered(db, actorOf(req).id, req.params.id))) throw notFound('Notification');
      return { message: 'Delivered' };
    },
  );

  app.patch(
    '/notifications/mark-multiple-read',
    {
      preHandler: guard,
      schema: { tags: ['notifications'], body: markMultipleBody, response: { 200: markResult, 404: errorBody } },
    },
    async (req) => {
      const actor = actorOf(req);
      const ids = [...new Set(req.body.notificationIds)];
      // All or nothing: an id that is not the caller's (someone else's, or none at all) answers
      // 404 like a single read, and nothing is marked.
      const updated = await db.transaction(async (tx) => {
        if ((await repo.countOwned(tx, actor.id, ids)) !== ids.length) throw notFound('Notification');
        return repo.markRead(tx, actor.id, ids);
      });
      return { updated, count: await repo.unreadCount(db, actor.id) };
    },
  );

  app.post(
    '/notifications/mark-all-read',
    { preHandler: guard, schema: { tags: ['notifications'], response: { 200: markResult } } },
    async (req) => {
      const actor = actorOf(req);
      const updated = await repo.markAllRead(db, actor.id);
      return { updated, count: await repo.unreadCount(db, actor.id) };
    },
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
      const actor = actorOf(req);
      const { toUserId, message } = req.body;
      if (toUserId === actor.id) throw invalid('toUserId', 'You cannot send a notification to yourself');
      // Only the people the sender works with; anyone else, an inactive user or an unknown id:
      // the same 404, so the answer does not tell which ids are active accounts.
      if (!(await worksWith(db, actor, toUserId))) throw new AppError('NOT_FOUND', NOT_A_COLLEAGUE);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notifications)
          .values({ toUserId, senderId: actor.id, message })
          .returning({ id: notifications.id });
        await publish(tx, [toUserId]);
        await audit(tx, {
          actorId: actor.id,
          action: 'notification.send',
          entityType: 'notification',
          entityId: row?.id,
          ip: req.ip,
        });
        return row?.id as string;
      });
      const item = (await repo.listForUser(db, toUserId, 1, 0)).find((n) => n.id === id);
      if (!item) throw new AppError('INTERNAL', 'The notification was not saved');
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
      'cache-control': 'no-cache, no-transform',
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
    hub.send(actor.id, 'notification', { count: await repo.unreadCount(db, actor.id), latest: null });
  });
};

/** Milliseconds until a verified access token's `exp` (0 when past; capped below setTimeout's limit). */
function msUntilExpiry(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  return Math.min(Math.max(0, payload.exp * 1000 - Date.now()), 2 ** 31 - 1);
}
