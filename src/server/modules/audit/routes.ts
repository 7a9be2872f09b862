/** GET /api/audit-log: the append-only trail, newest first, for the admins (capability auditRead). */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { cappedWindow, containsPattern, sendTotal } from '#server/lib/paging.ts';
import { auditEntry, auditQuery } from '#shared/contracts/audit.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.get(
    '/audit-log',
    {
      preHandler: guards.guard('auditRead'),
      schema: { tags: ['audit'], querystring: auditQuery, response: { 200: z.array(auditEntry) } },
    },
    async (req, reply) => {
      const { action, outcome, search } = req.query;
      const where = and(
        action ? eq(auditLog.action, action) : undefined,
        outcome ? eq(auditLog.outcome, outcome) : undefined,
        search
          ? or(ilike(auditLog.actorEmail, containsPattern(search)), ilike(auditLog.action, containsPattern(search)))
          : undefined,
      );
      const window = cappedWindow(req.query);
      const { limit, offset } = window;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            actorId: auditLog.actorId,
            actorName: users.name,
            actorEmail: sql<string | null>`coalesce(${auditLog.actorEmail}, ${users.email})`,
            action: auditLog.action,
            entityType: auditLog.entityType,
            entityId: auditLog.entityId,
            ip: auditLog.ip,
            outcome: auditLog.outcome,
            details: auditLog.details,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
      ]);
      sendTotal(reply, total?.n ?? 0, window);
      return rows;
    },
  );
};
