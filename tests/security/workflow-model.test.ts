/**
 * R3: the workflow as a model.
 * 1. Every (status × action × role) triple through the API: the shared table's canAct says
 *    legal or not; legal succeeds and the database shows the new state, illegal answers 403/409
 *    and changes nothing.
 * 2. fast-check command sequences against a small, independent state machine of the spec's
 *    workflow: after every command the database equals the model.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { approvalHistory, serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import { findRow } from '#server/modules/service-requests/repository.ts';
import { SYSTEM_ROLES, type SystemRole } from '#shared/domain/roles.ts';
import { canAct, type RequestStatus, statusAfter, type WorkflowAction } from '#shared/domain/workflow.ts';
import { createTestApp, login, makeRequest, ROLE, type TestContext } from '#tests/harness/app.ts';
import { buildWorld, call, is2xx, type Method, type Persona, requestFor, type World } from './fixtures.ts';

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildWorld(ctx);
}, 120_000);
afterAll(() => ctx.close());

interface ActionCall {
  action: WorkflowAction;
  method: Method;
  url: (id: string) => string;
  body: (id: string) => unknown;
}

const ACTIONS: Record<string, ActionCall> = {
  salesApprove: {
    action: 'salesApprove',
    method: 'POST',
    url: (id) => `/api/service-requests/${id}/sales-approve`,
    body: () => ({}),
  },
  serviceApprove: {
    action: 'serviceApprove',
    method: 'POST',
    url: (id) => `/api/service-requests/${id}/service-approve`,
    body: () => ({ comments: 'Looks right' }),
  },
  reject: {
    action: 'reject',
    method: 'POST',
    url: (id) => `/api/service-requests/${id}/reject`,
    body: () => ({ comments: 'Not our product' }),
  },
  autoAssign: {
    action: 'assign',
    method: 'POST',
    url: (id) => `/api/service-requests/${id}/auto-assign`,
    body: () => ({}),
  },
  start: {
    action: 'start',
    method: 'POST',
    url: () => '/api/technician-workflow/start',
    body: (id) => ({ requestId: id }),
  },
  complete: {
    action: 'complete',
    method: 'POST',
    url: () => '/api/technician-workflow/stop',
    body: (id) => ({ requestId: id, notes: 'Done' }),
  },
  acknowledge: {
    action: 'acknowledge',
    method: 'PATCH',
    url: (id) => `/api/service-requests/${id}/acknowledge`,
    body: () => ({}),
  },
  edit: {
    action: 'edit',
    method: 'PATCH',
    url: (id) => `/api/service-requests/${id}`,
    body: () => ({ description: 'Edited while the model watched' }),
  },
};

const historyCount = async (id: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalHistory)
      .where(eq(approvalHistory.requestId, id))
  )[0]?.n ?? 0;

describe('R3: every status × action × role through the API', () => {
  it('legal succeeds with the database in the new state; illegal answers 403/409 and changes nothing', async () => {
    const variants: { status: RequestStatus; needsSalesApproval?: boolean; salesApproved?: boolean; label: string }[] =
      [
        { status: 'DRAFT', label: 'DRAFT' },
        { status: 'PENDING_APPROVAL', needsSalesApproval: true, salesApproved: false, label: 'PENDING (sales stage)' },
        { status: 'PENDING_APPROVAL', needsSalesApproval: true, salesApproved: true, label: 'PENDING (service stage)' },
        { status: 'PENDING_APPROVAL', label: 'PENDING (service only)' },
        { status: 'APPROVED', label: 'APPROVED' },
        { status: 'ASSIGNED', label: 'ASSIGNED' },
        { status: 'IN_PROGRESS', label: 'IN_PROGRESS' },
        { status: 'WORK_COMPLETED', label: 'WORK_COMPLETED' },
        { status: 'COMPLETED', label: 'COMPLETED' },
        { status: 'REJECTED', label: 'REJECTED' },
      ];
    let triples = 0;
    let legal = 0;
    let illegal = 0;
    const wrong: string[] = [];
    for (const v of variants) {
      for (const [name, a] of Object.entries(ACTIONS)) {
        for (const p of w.personas) {
          const { row, facts } = await requestFor(ctx, w, p, 'own', 'own', v.status, v);
          const historyBefore = await historyCount(row.id);
          const res = await call(ctx, p, a.method, a.url(row.id), a.body(row.id));
          const after = await findRow(ctx.db, row.id);
          triples++;
          const where = `${v.label} × ${name} × ${p.key}`;
          if (canAct(a.action, { id: p.id, policyRole: p.role as SystemRole }, facts)) {
            legal++;
            const expectedStatus = statusAfter(a.action, v.status);
            const ok =
              is2xx(res.statusCode) &&
              after?.status === expectedStatus &&
              after.version === row.version + 1 &&
              res.json().status === expectedStatus &&
              (a.action !== 'salesApprove' || after.salesApproved) &&
              (a.action !== 'assign' || after.assignedToId !== null) &&
              (!['salesApprove', 'serviceApprove', 'reject', 'acknowledge'].includes(a.action) ||
                (await historyCount(row.id)) === historyBefore + 1);
            if (!ok) wrong.push(`${where}: legal, got ${res.statusCode} ${res.body.slice(0, 120)}`);
          } else {
            illegal++;
            const unchanged =
              after?.status === row.status &&
              after.version === row.version &&
              after.salesApproved === row.salesApproved;
            if (![403, 409].includes(res.statusCode) || !unchanged) {
              wrong.push(`${where}: illegal, got ${res.statusCode} (changed: ${!unchanged})`);
            }
          }
        }
      }
    }
    console.info(`R3 triples: ${triples} (${legal} legal, ${illegal} illegal): ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  }, 300_000);
});

// ---------------------------------------------------------------- the model

/** The spec's workflow as a plain state machine, written apart from the shared table. */
interface Model {
  status: RequestStatus;
  needsSales: boolean;
  salesApproved: boolean;
  requestedById: string;
  assignedToId: string | null;
  version: number;
  history: number;
  workLogs: number;
  audits: number;
}

const SALES_APPROVERS: SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN];
const SERVICE_APPROVERS: SystemRole[] = [
  ROLE.SUPER_ADMIN,
  ROLE.SERVICE_ADMIN,
  ROLE.SERVICE_MANAGER,
  ROLE.SERVICE_TEAM_LEAD,
];
const DISPATCHERS: SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER];
const EDITORS: SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SALES_ADMIN];

/** The model's next state, or null when the command must be refused. */
function step(m: Model, cmd: string, actor: { id: string; role: SystemRole }): Partial<Model> | null {
  const salesStage = m.needsSales && !m.salesApproved;
  // Spec section 6: a request raised by a sales role is approved and rejected, at both stages, by
  // Sales Admin and Super Admin only (docs/product-rules.md R-17).
  const approvers = m.needsSales ? SALES_APPROVERS : SERVICE_APPROVERS;
  switch (cmd) {
    case 'salesApprove':
      return m.status === 'PENDING_APPROVAL' && salesStage && SALES_APPROVERS.includes(actor.role)
        ? { salesApproved: true, history: m.history + 1 }
        : null;
    case 'serviceApprove':
      return m.status === 'PENDING_APPROVAL' && !salesStage && approvers.includes(actor.role)
        ? { status: 'APPROVED', history: m.history + 1 }
        : null;
    case 'reject':
      return m.status === 'PENDING_APPROVAL' && approvers.includes(actor.role)
        ? { status: 'REJECTED', history: m.history + 1 }
        : null;
    case 'autoAssign':
      return (m.status === 'APPROVED' || m.status === 'ASSIGNED') && DISPATCHERS.includes(actor.role)
        ? { status: 'ASSIGNED' }
        : null;
    case 'start':
      return m.status === 'ASSIGNED' && m.assignedToId === actor.id
        ? { status: 'IN_PROGRESS', workLogs: m.workLogs + 1 }
        : null;
    case 'complete':
      return m.status === 'IN_PROGRESS' && m.assignedToId === actor.id ? { status: 'WORK_COMPLETED' } : null;
    case 'acknowledge':
      return m.status === 'WORK_COMPLETED' && DISPATCHERS.includes(actor.role)
        ? { status: 'COMPLETED', history: m.history + 1 }
        : null;
    case 'edit':
      return (m.status === 'DRAFT' || m.status === 'PENDING_APPROVAL') &&
        (m.requestedById === actor.id || EDITORS.includes(actor.role))
        ? {}
        : null;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

describe('R3: fast-check command sequences against the model', () => {
  it('after every command the database equals the model', async () => {
    const actors: { id: string; role: SystemRole; headers: Record<string, string> }[] = w.personas
      .filter((p) => p.role !== ROLE.SALESMAN)
      .map((p) => ({ id: p.id, role: p.role as SystemRole, headers: p.headers }));
    const salesman = w.personas.find((p) => p.role === ROLE.SALESMAN) as Persona;
    const otherTech = await login(ctx.app, w.tech.own.email);
    actors.push({ id: w.tech.own.id, role: ROLE.TECHNICIAN, headers: otherTech.headers });
    actors.push({ id: salesman.id, role: ROLE.SALESMAN, headers: salesman.headers });
    expect(SYSTEM_ROLES.every((r) => actors.some((a) => a.role === r))).toBe(true);

    const RUNS = 60;
    let commands = 0;
    const reached = new Set<string>();
    let accepted = 0;
    // Each command goes mostly to a role that may take it (so sequences get far), sometimes to anyone.
    const NATURAL: Record<string, SystemRole[]> = {
      salesApprove: [ROLE.SALES_ADMIN, ROLE.SUPER_ADMIN],
      serviceApprove: [ROLE.SERVICE_TEAM_LEAD, ROLE.SERVICE_MANAGER, ROLE.SALES_ADMIN],
      reject: [ROLE.SALES_ADMIN, ROLE.SERVICE_MANAGER],
      autoAssign: [ROLE.SERVICE_MANAGER, ROLE.SERVICE_ADMIN],
      start: [ROLE.TECHNICIAN],
      complete: [ROLE.TECHNICIAN],
      acknowledge: [ROLE.SERVICE_ADMIN, ROLE.SUPER_ADMIN],
      edit: [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN],
    };
    const indexesOf = (roles: SystemRole[]) =>
      actors.map((a, i) => (roles.includes(a.role) ? i : -1)).filter((i) => i >= 0);
    // Rejection ends a sequence, so it is drawn less often than the steps that move work on.
    const DRAW = Object.keys(ACTIONS).flatMap((c) => (c === 'reject' || c === 'edit' ? [c] : [c, c, c]));
    const cmdArb = fc
      .constantFrom(...DRAW)
      .chain((cmd) =>
        fc
          .oneof(
            { weight: 4, arbitrary: fc.constantFrom(...indexesOf(NATURAL[cmd] as SystemRole[])) },
            { weight: 1, arbitrary: fc.nat({ max: actors.length - 1 }) },
          )
          .map((who) => ({ cmd, who })),
      );

    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(cmdArb, { minLength: 4, maxLength: 30 }), async (bySalesman, script) => {
        const requester = bySalesman ? salesman.id : w.requester.own.id;
        const row = await makeRequest(ctx.db, {
          customerId: w.customer.own.id,
          regionId: w.regions.own.id,
          requestedById: requester,
          needsSalesApproval: bySalesman,
        });
        const m: Model = {
          status: 'PENDING_APPROVAL',
          needsSales: bySalesman,
          salesApproved: false,
          requestedById: requester,
          assignedToId: null,
          version: row.version,
          history: 0,
          workLogs: 0,
          audits: 0,
        };
        for (const { cmd, who } of script) {
          const actor = actors[who] as (typeof actors)[number];
          const a = ACTIONS[cmd] as ActionCall;
          const next = step(m, cmd, actor);
          const res = await ctx.app.inject({
            method: a.method,
            url: a.url(row.id),
            headers: actor.headers,
            payload: a.body(row.id) as object,
          });
          commands++;
          if (next) {
            expect(res.statusCode, `${cmd} by ${actor.role} in ${m.status}: ${res.body}`).toBe(200);
            accepted++;
            Object.assign(m, next, { version: m.version + 1, audits: m.audits + 1 });
            if (cmd === 'autoAssign') m.assignedToId = res.json().assignedToId;
          } else {
            // A request the actor cannot see answers 404; otherwise the refusal is 403 or 409.
            expect([403, 404, 409], `${cmd} by ${actor.role} in ${m.status}: ${res.body}`).toContain(res.statusCode);
          }
          reached.add(m.status);
          const db = await findRow(ctx.db, row.id);
          expect({
            status: db?.status,
            salesApproved: db?.salesApproved,
            assignedToId: db?.assignedToId,
            version: db?.version,
          }).toEqual({
            status: m.status,
            salesApproved: m.salesApproved,
            assignedToId: m.assignedToId,
            version: m.version,
          });
        }
        expect(await historyCount(row.id)).toBe(m.history);
        const [logs] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(workLogs)
          .where(eq(workLogs.requestId, row.id));
        expect(logs?.n).toBe(m.workLogs);
        const [audits] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(and(eq(auditLog.entityId, row.id), eq(auditLog.outcome, 'ok')));
        expect(audits?.n).toBe(m.audits);
        const [stored] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, row.id));
        if (m.assignedToId) expect([w.tech.own.id, ...actors.map((x) => x.id)]).toContain(stored?.assignedToId);
      }),
      { numRuns: RUNS, seed: Number(process.env.FC_SEED ?? 20261122) },
    );
    console.info(
      `R3 model: ${RUNS} sequences, ${commands} commands (${accepted} accepted; statuses reached: ${[...reached].join(', ')}): database ≡ model`,
    );
  }, 300_000);
});
