/**
 * The audit trail's SQL: one page of entries, newest first, and how many match. The page is cut
 * first (the index on `at`), then each of its rows is joined by primary key to what it names, so
 * the screen can say "Assigned SR-000007 to Suresh" (issue 33): the request's ticket number, the
 * technician a request went to, and the name of the user, customer, region, role, product or unit.
 */
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { products, units } from '#server/db/schema/units.ts';
import { streamRows } from '#server/db/stream.ts';
import { containsPattern, type Window } from '#server/lib/paging.ts';

export interface AuditFilter {
  action?: string;
  outcome?: 'ok' | 'denied' | 'failed';
  search?: string;
}

const whereOf = (f: AuditFilter) =>
  and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.outcome ? eq(auditLog.outcome, f.outcome) : undefined,
    f.search
      ? or(ilike(auditLog.actorEmail, containsPattern(f.search)), ilike(auditLog.action, containsPattern(f.search)))
      : undefined,
  );

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** A text as a uuid, or null when it is none (old or odd rows never break the page). */
const asUuid = (text: SQL) => sql`case when ${text} ~ ${UUID} then (${text})::uuid end`;
/** The row's entity id as a uuid when the row names an entity of this type. */
const entityOfType = (type: string) =>
  asUuid(sql`case when ${auditLog.entityType} = ${type} then ${auditLog.entityId} end`);

/** A request's own rows, and a photo's (its request in the details). */
const requestKey = sql<
  string | null
>`coalesce(${entityOfType('service_request')}, case when ${auditLog.entityType} = 'work_media' then ${asUuid(sql`${auditLog.details}->>'requestId'`)} end)`;

const target = alias(users, 'audit_target_user');
const technician = alias(users, 'audit_technician');

/**
 * The entries of `where` newest first, cut first (the index on `at`: `cut` adds the page's LIMIT
 * and OFFSET, or the export's keyset and batch), then each row joined by primary key to what it
 * names, with the actor's name and, for old rows, e-mail.
 */
function entries(db: Db, where: SQL | undefined, cut: (q: PgSelect) => PgSelect) {
  const page = cut(
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        ip: auditLog.ip,
        outcome: auditLog.outcome,
        details: auditLog.details,
        requestKey: requestKey.as('request_key'),
        technicianKey: sql<string | null>`${asUuid(sql`${auditLog.details}->>'technicianId'`)}`.as('technician_key'),
        userKey: sql<string | null>`${entityOfType('user')}`.as('user_key'),
        customerKey: sql<string | null>`${entityOfType('customer')}`.as('customer_key'),
        regionKey: sql<string | null>`${entityOfType('region')}`.as('region_key'),
        roleKey: sql<string | null>`${entityOfType('role')}`.as('role_key'),
        productKey: sql<string | null>`${entityOfType('product')}`.as('product_key'),
        unitKey: sql<string | null>`${entityOfType('unit')}`.as('unit_key'),
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .$dynamic(),
  ).as('page');

  return db
    .select({
      id: page.id,
      at: page.at,
      actorId: page.actorId,
      actorName: users.name,
      actorEmail: sql<string | null>`coalesce(${page.actorEmail}, ${users.email})`,
      action: page.action,
      entityType: page.entityType,
      entityId: page.entityId,
      ip: page.ip,
      outcome: page.outcome,
      details: page.details,
      requestId: serviceRequests.id,
      ticketNo: serviceRequests.ticketNo,
      technicianName: technician.name,
      recordName: sql<
        string | null
      >`coalesce(${target.name}, ${customers.name}, ${regions.name}, ${roles.name}, ${products.name})`,
      unitSerial: units.serialNumber,
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.actorId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, page.requestKey))
    .leftJoin(technician, eq(technician.id, page.technicianKey))
    .leftJoin(target, eq(target.id, page.userKey))
    .leftJoin(customers, eq(customers.id, page.customerKey))
    .leftJoin(regions, eq(regions.id, page.regionKey))
    .leftJoin(roles, eq(roles.id, page.roleKey))
    .leftJoin(products, eq(products.id, page.productKey))
    .leftJoin(units, eq(units.id, page.unitKey))
    .orderBy(desc(page.at), desc(page.id));
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

/** One page of entries and the total, in parallel. */
export async function listAudit(db: Db, filter: AuditFilter, window: Window) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    entries(db, where, (q) => q.limit(window.limit).offset(window.offset)),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Every entry of the filter, newest first as the list, read as they are used: the export's rows
 * (db/stream.ts, ADR 037). A keyset batch starts after the last row's exact `at`, read by key.
 */
export function streamAudit(db: Db, filter: AuditFilter): AsyncGenerator<AuditRow> {
  return streamRows<AuditRow>(db, {
    statement(page) {
      const last = page?.after?.id;
      const after =
        last === undefined
          ? undefined
          : sql`(${auditLog.at}, ${auditLog.id}) < ((select a2.at from audit_log a2 where a2.id = ${last}), ${last})`;
      return {
        select: entries(db, and(whereOf(filter), after), (q) => (page ? q.limit(page.limit) : q)),
      };
    },
  });
}
