import { describe, expect, it } from 'vitest';
import { ROLE, SYSTEM_ROLES, type SystemRole } from './roles.ts';
import {
  allowedActions,
  approvalStage,
  approversOf,
  canAct,
  factsOf,
  isSelfApproval,
  needsSalesApprovalFor,
  REQUEST_STATUSES,
  type RequestFacts,
  type RequestStatus,
  roleMayAct,
  SALES_APPROVERS,
  SERVICE_APPROVERS,
  startsSalesApproved,
  statusAfter,
  TRANSITIONS,
  type WorkflowAction,
} from './workflow.ts';

const ME = 'me';
const OTHER = 'someone-else';
const actor = (policyRole: SystemRole, id = ME) => ({ id, policyRole });
const req = (over: Partial<RequestFacts> = {}): RequestFacts => ({
  status: 'PENDING_APPROVAL',
  needsSalesApproval: false,
  salesApproved: false,
  requestedById: OTHER,
  assignedToId: null,
  ...over,
});

/** Roles allowed an action, over all nine. */
const allowedRoles = (action: WorkflowAction, facts: RequestFacts) =>
  SYSTEM_ROLES.filter((r) => canAct(action, actor(r), facts));

describe('the request lifecycle', () => {
  it('moves a service request from pending to completed, one status per action', () => {
    expect(statusAfter('serviceApprove', 'PENDING_APPROVAL')).toBe('APPROVED');
    expect(statusAfter('assign', 'APPROVED')).toBe('ASSIGNED');
    expect(statusAfter('assign', 'ASSIGNED')).toBe('ASSIGNED');
    expect(statusAfter('start', 'ASSIGNED')).toBe('IN_PROGRESS');
    expect(statusAfter('complete', 'IN_PROGRESS')).toBe('WORK_COMPLETED');
    expect(statusAfter('acknowledge', 'WORK_COMPLETED')).toBe('COMPLETED');
    expect(statusAfter('reject', 'PENDING_APPROVAL')).toBe('REJECTED');
  });

  it('keeps the status for the sales approval, photos, location and edits', () => {
    for (const action of ['salesApprove', 'uploadMedia', 'captureLocation', 'edit'] as const) {
      expect(TRANSITIONS[action].to).toBeNull();
      expect(statusAfter(action, 'PENDING_APPROVAL')).toBe('PENDING_APPROVAL');
    }
  });

  it('allows no action at all on COMPLETED and REJECTED (final)', () => {
    for (const status of ['COMPLETED', 'REJECTED'] as const) {
      for (const action of Object.keys(TRANSITIONS) as WorkflowAction[]) {
        for (const role of SYSTEM_ROLES) {
          expect(canAct(action, actor(role), req({ status, assignedToId: ME, requestedById: ME }))).toBe(false);
        }
      }
    }
  });

  it('applies each action only from its own statuses', () => {
    const table: Record<WorkflowAction, RequestStatus[]> = {
      salesApprove: ['PENDING_APPROVAL'],
      serviceApprove: ['PENDING_APPROVAL'],
      reject: ['PENDING_APPROVAL'],
      assign: ['APPROVED', 'ASSIGNED'],
      start: ['ASSIGNED'],
      complete: ['IN_PROGRESS'],
      acknowledge: ['WORK_COMPLETED'],
      uploadMedia: ['ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED'],
      captureLocation: ['ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED'],
      recordReading: ['ASSIGNED', 'IN_PROGRESS'],
      edit: ['DRAFT', 'PENDING_APPROVAL'],
    };
    for (const [action, from] of Object.entries(table) as [WorkflowAction, RequestStatus[]][]) {
      expect([...TRANSITIONS[action].from].sort()).toEqual([...from].sort());
    }
  });
});

describe('approval (two stages for sales requesters)', () => {
  it('sends requests raised by Salesman, Sales Team Lead and Sales Manager through sales approval first', () => {
    expect(SYSTEM_ROLES.filter(needsSalesApprovalFor).sort()).toEqual(
      [ROLE.SALESMAN, ROLE.SALES_TEAM_LEAD, ROLE.SALES_MANAGER].sort(),
    );
    expect(SYSTEM_ROLES.filter(startsSalesApproved).sort()).toEqual([ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN].sort());
  });

  it('stage SALES: only Sales Admin and Super Admin may sales-approve or reject; nobody may service-approve', () => {
    const facts = req({ needsSalesApproval: true, salesApproved: false });
    expect(approvalStage(facts)).toBe('SALES');
    expect(allowedRoles('salesApprove', facts).sort()).toEqual([ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN].sort());
    expect(allowedRoles('reject', facts).sort()).toEqual([ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN].sort());
    expect(allowedRoles('serviceApprove', facts)).toEqual([]);
  });

  it('stage SERVICE of a request raised by a sales role: still only Sales Admin and Super Admin (spec section 6)', () => {
    const facts = req({ needsSalesApproval: true, salesApproved: true });
    const sales = [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN].sort();
    expect(approvalStage(facts)).toBe('SERVICE');
    expect(approversOf(facts)).toEqual(SALES_APPROVERS);
    expect(allowedRoles('serviceApprove', facts).sort()).toEqual(sales);
    expect(allowedRoles('reject', facts).sort()).toEqual(sales);
    expect(allowedRoles('salesApprove', facts)).toEqual([]);
  });

  it('a request raised by any other role: the four service approvers approve or reject, in one stage', () => {
    const service = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD].sort();
    const facts = req({ needsSalesApproval: false });
    expect(approvalStage(facts)).toBe('SERVICE');
    expect(approversOf(facts)).toEqual(SERVICE_APPROVERS);
    expect(allowedRoles('serviceApprove', facts).sort()).toEqual(service);
    expect(allowedRoles('reject', facts).sort()).toEqual(service);
    expect(allowedRoles('salesApprove', facts)).toEqual([]);
  });

  it('the same person may give both stages of a sales-raised request (Sales Admin or Super Admin)', () => {
    for (const role of [ROLE.SALES_ADMIN, ROLE.SUPER_ADMIN]) {
      const before = req({ needsSalesApproval: true, salesApproved: false });
      expect(canAct('salesApprove', actor(role), before)).toBe(true);
      expect(canAct('serviceApprove', actor(role), { ...before, salesApproved: true })).toBe(true);
    }
  });
});

describe('self-approval', () => {
  it('nobody sales-approves or service-approves a request they raised, except Super Admin', () => {
    const sales = req({ needsSalesApproval: true, salesApproved: false, requestedById: ME });
    const service = req({ needsSalesApproval: false, requestedById: ME });
    expect(allowedRoles('salesApprove', sales)).toEqual([ROLE.SUPER_ADMIN]);
    expect(allowedRoles('serviceApprove', service)).toEqual([ROLE.SUPER_ADMIN]);
    // The same roles may approve someone else's request.
    expect(allowedRoles('serviceApprove', { ...service, requestedById: OTHER }).sort()).toEqual(
      [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD].sort(),
    );
    expect(isSelfApproval('serviceApprove', actor(ROLE.SERVICE_TEAM_LEAD), service)).toBe(true);
    expect(isSelfApproval('serviceApprove', actor(ROLE.SUPER_ADMIN), service)).toBe(false);
    expect(isSelfApproval('serviceApprove', actor(ROLE.SERVICE_TEAM_LEAD), { ...service, requestedById: OTHER })).toBe(
      false,
    );
  });

  it('still lets a requester reject (withdraw) their own pending request when their role may reject', () => {
    expect(canAct('reject', actor(ROLE.SERVICE_MANAGER), req({ requestedById: ME }))).toBe(true);
  });

  it('roleMayAct still says a service approver may service-approve (403 vs 409 is unchanged)', () => {
    expect(roleMayAct('serviceApprove', actor(ROLE.SERVICE_TEAM_LEAD))).toBe(true);
    expect(roleMayAct('salesApprove', actor(ROLE.SALES_ADMIN))).toBe(true);
  });
});

describe('assignment, work and acknowledgement', () => {
  it('lets Super Admin, Service Admin and Service Manager assign and acknowledge', () => {
    const dispatchers = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER].sort();
    expect(allowedRoles('assign', req({ status: 'APPROVED' })).sort()).toEqual(dispatchers);
    expect(allowedRoles('assign', req({ status: 'ASSIGNED', assignedToId: OTHER })).sort()).toEqual(dispatchers);
    expect(allowedRoles('acknowledge', req({ status: 'WORK_COMPLETED' })).sort()).toEqual(dispatchers);
  });

  it('lets only the assigned person start, complete, upload and capture the location', () => {
    for (const [action, status] of [
      ['start', 'ASSIGNED'],
      ['complete', 'IN_PROGRESS'],
      ['uploadMedia', 'ASSIGNED'],
      ['uploadMedia', 'WORK_COMPLETED'],
      ['captureLocation', 'IN_PROGRESS'],
    ] as const) {
      expect(canAct(action, actor(ROLE.TECHNICIAN), req({ status, assignedToId: ME }))).toBe(true);
      expect(canAct(action, actor(ROLE.TECHNICIAN), req({ status, assignedToId: OTHER }))).toBe(false);
      expect(canAct(action, actor(ROLE.SUPER_ADMIN), req({ status, assignedToId: OTHER }))).toBe(false);
      expect(canAct(action, actor(ROLE.TECHNICIAN), req({ status, assignedToId: null }))).toBe(false);
    }
  });

  it('lets the requester or an admin edit while draft or pending', () => {
    expect(canAct('edit', actor(ROLE.SALESMAN), req({ requestedById: ME }))).toBe(true);
    expect(canAct('edit', actor(ROLE.SALESMAN), req({ requestedById: OTHER }))).toBe(false);
    expect(canAct('edit', actor(ROLE.SERVICE_MANAGER), req({ requestedById: OTHER }))).toBe(false);
    expect(canAct('edit', actor(ROLE.SALES_ADMIN), req({ status: 'DRAFT' }))).toBe(true);
    expect(canAct('edit', actor(ROLE.SUPER_ADMIN), req({ status: 'APPROVED' }))).toBe(false);
  });
});

describe('roleMayAct (403 for a wrong role, 409 for a wrong moment)', () => {
  it('says which roles could ever take each action', () => {
    const roles = (action: WorkflowAction) => SYSTEM_ROLES.filter((r) => roleMayAct(action, actor(r))).sort();
    expect(roles('salesApprove')).toEqual([ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN].sort());
    // The Sales Admin gives the second stage of a request raised by a sales role (spec section 6).
    expect(roles('serviceApprove')).toEqual(
      [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD].sort(),
    );
    expect(roles('reject')).toEqual(
      [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD].sort(),
    );
    expect(roles('assign')).toEqual([ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER].sort());
    expect(roles('acknowledge')).toEqual([ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER].sort());
  });

  it('every status is covered by the table', () => {
    const reachable = new Set(Object.values(TRANSITIONS).flatMap((t) => [...t.from, t.to].filter(Boolean)));
    for (const s of REQUEST_STATUSES) expect(reachable.has(s)).toBe(true);
  });
});

describe('factsOf (one reader of a request for server and web)', () => {
  it('picks the five facts off an API shape or a row and nothing else', () => {
    const details = {
      id: 'r1',
      status: 'ASSIGNED' as const,
      needsSalesApproval: true,
      salesApproved: true,
      requestedById: OTHER,
      requestedBy: { id: OTHER, name: 'Rahul' },
      assignedToId: ME,
      description: 'leaks',
    };
    expect(factsOf(details)).toEqual({
      status: 'ASSIGNED',
      needsSalesApproval: true,
      salesApproved: true,
      requestedById: OTHER,
      assignedToId: ME,
    });
  });
});

describe('allowedActions (what the details page offers)', () => {
  const every = (status: RequestStatus, over: Partial<RequestFacts> = {}) =>
    Object.fromEntries(SYSTEM_ROLES.map((r) => [r, allowedActions(actor(r), req({ status, ...over }))]));

  it('offers exactly what canAct allows on someone else’s request, in the table’s order', () => {
    for (const status of REQUEST_STATUSES) {
      for (const assignedToId of [null, ME, OTHER]) {
        for (const [needsSalesApproval, salesApproved] of [
          [false, false],
          [true, false],
          [true, true],
        ]) {
          const facts = req({ status, assignedToId, needsSalesApproval, salesApproved });
          for (const role of SYSTEM_ROLES) {
            const expected = (Object.keys(TRANSITIONS) as WorkflowAction[]).filter((a) =>
              canAct(a, actor(role), facts),
            );
            expect(allowedActions(actor(role), facts)).toEqual(expected);
          }
        }
      }
    }
  });

  it('a pending service-stage request: approve and reject for the service approvers, edit for the admins', () => {
    const offered = every('PENDING_APPROVAL');
    expect(offered[ROLE.SERVICE_MANAGER]).toEqual(['serviceApprove', 'reject']);
    expect(offered[ROLE.SUPER_ADMIN]).toEqual(['serviceApprove', 'reject', 'edit']);
    expect(offered[ROLE.SALES_ADMIN]).toEqual(['edit']);
    expect(offered[ROLE.TECHNICIAN]).toEqual([]);
    expect(offered[ROLE.SALESMAN]).toEqual([]);
  });

  it('a sales-raised request: the buttons of both stages for Sales Admin and Super Admin only; none for the service roles', () => {
    const salesStage = every('PENDING_APPROVAL', { needsSalesApproval: true, salesApproved: false });
    const serviceStage = every('PENDING_APPROVAL', { needsSalesApproval: true, salesApproved: true });
    expect(salesStage[ROLE.SALES_ADMIN]).toEqual(['salesApprove', 'reject', 'edit']);
    expect(serviceStage[ROLE.SALES_ADMIN]).toEqual(['serviceApprove', 'reject', 'edit']);
    expect(serviceStage[ROLE.SUPER_ADMIN]).toEqual(['serviceApprove', 'reject', 'edit']);
    for (const role of [ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD]) {
      for (const offered of [salesStage[role], serviceStage[role]]) {
        expect(offered, role).not.toContain('serviceApprove');
        expect(offered, role).not.toContain('reject');
      }
    }
    expect(serviceStage[ROLE.SERVICE_MANAGER]).toEqual([]);
  });

  it('the assigned technician: start, photos, location and readings; then complete; nothing once completed', () => {
    expect(allowedActions(actor(ROLE.TECHNICIAN), req({ status: 'ASSIGNED', assignedToId: ME }))).toEqual([
      'start',
      'uploadMedia',
      'captureLocation',
      'recordReading',
    ]);
    expect(allowedActions(actor(ROLE.TECHNICIAN), req({ status: 'IN_PROGRESS', assignedToId: ME }))).toEqual([
      'complete',
      'uploadMedia',
      'captureLocation',
      'recordReading',
    ]);
    expect(allowedActions(actor(ROLE.TECHNICIAN), req({ status: 'WORK_COMPLETED', assignedToId: ME }))).not.toContain(
      'recordReading',
    );
    expect(allowedActions(actor(ROLE.TECHNICIAN), req({ status: 'COMPLETED', assignedToId: ME }))).toEqual([]);
    expect(allowedActions(actor(ROLE.TECHNICIAN), req({ status: 'IN_PROGRESS', assignedToId: OTHER }))).toEqual([]);
  });

  it('nobody approves, at either stage, a request they raised, except Super Admin; rejecting stays open', () => {
    const own = { requestedById: ME };
    // Service stage, raised by each service approver themselves.
    for (const role of [ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD]) {
      const offered = allowedActions(actor(role), req(own));
      expect(offered).not.toContain('serviceApprove');
      expect(offered).toContain('reject');
      // Someone else's request: they approve it.
      expect(allowedActions(actor(role), req())).toContain('serviceApprove');
    }
    // Sales stage, raised by the Sales Admin.
    const salesStage = req({ ...own, needsSalesApproval: true, salesApproved: false });
    expect(allowedActions(actor(ROLE.SALES_ADMIN), salesStage)).not.toContain('salesApprove');
    expect(allowedActions(actor(ROLE.SALES_ADMIN), salesStage)).toContain('reject');
    // Super Admin, the one-person shop's escape: approves their own at both stages.
    expect(allowedActions(actor(ROLE.SUPER_ADMIN), req(own))).toContain('serviceApprove');
    expect(allowedActions(actor(ROLE.SUPER_ADMIN), salesStage)).toContain('salesApprove');
  });

  it('reads the requester off an API shape as well (the page passes the request as it came)', () => {
    const details = { ...req({ requestedById: ME }), requestedBy: { id: ME, name: 'Me' } };
    expect(allowedActions(actor(ROLE.SERVICE_MANAGER), details)).toEqual(['reject', 'edit']);
    expect(allowedActions(actor(ROLE.SERVICE_MANAGER, 'x'), details)).toEqual(['serviceApprove', 'reject']);
  });
});
