/**
 * The service-request workflow: statuses, the transition table and who may act.
 * The server applies a transition only when `canAct` says so, and the details page
 * shows a button only when `allowedActions` (built on `canAct`) says so: one rule, two readers.
 * `factsOf` reads the rule's facts off a request, whether an API shape or a database row.
 */
import { ROLE, SALES_REQUESTER_ROLES, type SystemRole } from './roles.ts';

export const REQUEST_STATUSES = [
  'DRAFT',
  'PENDING_APPROVAL',
  'APPROVED',
  'ASSIGNED',
  'IN_PROGRESS',
  'WORK_COMPLETED',
  'COMPLETED',
  'REJECTED',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_TYPES = ['SERVICE', 'INSTALLATION', 'COMPLAINT', 'ENQUIRY'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const FINAL_STATUSES: readonly RequestStatus[] = ['COMPLETED', 'REJECTED'];
/** Tasks that count as a technician's open load for auto-assign. */
export const OPEN_TASK_STATUSES: readonly RequestStatus[] = ['ASSIGNED', 'IN_PROGRESS'];

export type WorkflowAction =
  | 'salesApprove'
  | 'serviceApprove'
  | 'reject'
  | 'assign'
  | 'start'
  | 'complete'
  | 'acknowledge'
  | 'uploadMedia'
  | 'captureLocation'
  /** A water-quality reading on the job (issue 36): while the technician works on it. */
  | 'recordReading'
  | 'edit';

/** What the rules need to know about a request. */
export interface RequestFacts {
  status: RequestStatus;
  needsSalesApproval: boolean;
  salesApproved: boolean;
  requestedById: string;
  assignedToId: string | null;
}

/** A request as either side holds it: the API's summary and details, the server's typed row. */
export type RequestFactsSource = RequestFacts;

/** The facts the rules read, picked off a request (and nothing else it carries). */
export function factsOf(r: RequestFactsSource): RequestFacts {
  return {
    status: r.status,
    needsSalesApproval: r.needsSalesApproval,
    salesApproved: r.salesApproved,
    requestedById: r.requestedById,
    assignedToId: r.assignedToId,
  };
}

/** What the rules need to know about the person acting. */
export interface ActorFacts {
  id: string;
  policyRole: SystemRole;
}

/** Approve (both stages) and reject a request raised by a sales role; give any sales approval. */
export const SALES_APPROVERS: readonly SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN];
/** Approve and reject, in one stage, a request raised by any other role. */
export const SERVICE_APPROVERS: readonly SystemRole[] = [
  ROLE.SUPER_ADMIN,
  ROLE.SERVICE_ADMIN,
  ROLE.SERVICE_MANAGER,
  ROLE.SERVICE_TEAM_LEAD,
];
/** May assign a technician and acknowledge completion. */
export const DISPATCHERS: readonly SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER];
/** May edit any draft or pending request, besides its requester. */
export const REQUEST_EDITORS: readonly SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SALES_ADMIN];

/** Does a request raised by this role go through the sales stage first? */
export function needsSalesApprovalFor(requesterRole: SystemRole): boolean {
  return SALES_REQUESTER_ROLES.includes(requesterRole);
}
/** Requests raised by these roles start already sales-approved. */
export function startsSalesApproved(requesterRole: SystemRole): boolean {
  return requesterRole === ROLE.SUPER_ADMIN || requesterRole === ROLE.SALES_ADMIN;
}

/** Which approval stage a pending request is at. */
export function approvalStage(req: RequestFacts): 'SALES' | 'SERVICE' {
  return req.needsSalesApproval && !req.salesApproved ? 'SALES' : 'SERVICE';
}

/**
 * Who approves and rejects a pending request, at whichever stage it is (docs/product-rules.md
 * A request raised by a Salesman, Sales Team Lead or Sales Manager (`needsSalesApproval`)
 * belongs, at both stages and for a rejection at either, to Sales Admin and Super Admin only (spec
 * section 6: "only Sales Admin or Super Admin may approve or reject"); any other request to the
 * service approvers. The notifications read it too: who is told that a request waits.
 */
export function approversOf(req: Pick<RequestFacts, 'needsSalesApproval'>): readonly SystemRole[] {
  return req.needsSalesApproval ? SALES_APPROVERS : SERVICE_APPROVERS;
}

interface Transition {
  from: readonly RequestStatus[];
  /** null: the status stays (sales approval, media, location, edit). */
  to: RequestStatus | null;
  allowed: (actor: ActorFacts, req: RequestFacts) => boolean;
}

/**
 * Nobody approves, at either stage, a request they raised, except Super Admin (a one-person shop
 * needs that escape). Rejecting (withdrawing) one's own request stays allowed.
 */
const raisedIt = (actor: ActorFacts, req: RequestFacts) =>
  req.requestedById === actor.id && actor.policyRole !== ROLE.SUPER_ADMIN;

const isAssignee = (actor: ActorFacts, req: RequestFacts) => req.assignedToId !== null && req.assignedToId === actor.id;

/**
 * A request in its technician's hands: assigned, started, or completed and not yet acknowledged.
 * Photos and the customer's location are taken then, and the customer's units may be changed.
 */
export const IN_TECHNICIANS_HANDS: readonly RequestStatus[] = ['ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED'];

export const TRANSITIONS: Record<WorkflowAction, Transition> = {
  salesApprove: {
    from: ['PENDING_APPROVAL'],
    to: null,
    allowed: (a, r) => approvalStage(r) === 'SALES' && SALES_APPROVERS.includes(a.policyRole) && !raisedIt(a, r),
  },
  serviceApprove: {
    from: ['PENDING_APPROVAL'],
    to: 'APPROVED',
    allowed: (a, r) => approvalStage(r) === 'SERVICE' && approversOf(r).includes(a.policyRole) && !raisedIt(a, r),
  },
  reject: {
    from: ['PENDING_APPROVAL'],
    to: 'REJECTED',
    allowed: (a, r) => approversOf(r).includes(a.policyRole),
  },
  assign: {
    from: ['APPROVED', 'ASSIGNED'],
    to: 'ASSIGNED',
    allowed: (a) => DISPATCHERS.includes(a.policyRole),
  },
  start: { from: ['ASSIGNED'], to: 'IN_PROGRESS', allowed: isAssignee },
  complete: { from: ['IN_PROGRESS'], to: 'WORK_COMPLETED', allowed: isAssignee },
  acknowledge: {
    from: ['WORK_COMPLETED'],
    to: 'COMPLETED',
    allowed: (a) => DISPATCHERS.includes(a.policyRole),
  },
  uploadMedia: { from: IN_TECHNICIANS_HANDS, to: null, allowed: isAssignee },
  captureLocation: { from: IN_TECHNICIANS_HANDS, to: null, allowed: isAssignee },
  recordReading: { from: ['ASSIGNED', 'IN_PROGRESS'], to: null, allowed: isAssignee },
  edit: {
    from: ['DRAFT', 'PENDING_APPROVAL'],
    to: null,
    allowed: (a, r) => r.requestedById === a.id || REQUEST_EDITORS.includes(a.policyRole),
  },
};

/** Is this role (and person) ever allowed this action on a request like this, ignoring its status? */
export function isAllowedActor(action: WorkflowAction, actor: ActorFacts, req: RequestFacts): boolean {
  return TRANSITIONS[action].allowed(actor, req);
}

/** A requester id no actor has: "raised by someone else". */
const SOMEONE_ELSE = '\u0000someone-else';

/**
 * Is the only thing that stops this actor that they raised the request themselves (an approval of
 * their own request)? The server answers it with its own 403 message.
 */
export function isSelfApproval(action: WorkflowAction, actor: ActorFacts, req: RequestFacts): boolean {
  if (action !== 'salesApprove' && action !== 'serviceApprove') return false;
  if (req.requestedById !== actor.id || isAllowedActor(action, actor, req)) return false;
  return isAllowedActor(action, actor, { ...req, requestedById: SOMEONE_ELSE });
}

/** Is the request in a status where the action applies? */
export function isInFromStatus(action: WorkflowAction, status: RequestStatus): boolean {
  return TRANSITIONS[action].from.includes(status);
}

/** May this actor take this action on this request right now? */
export function canAct(action: WorkflowAction, actor: ActorFacts, req: RequestFacts): boolean {
  return isInFromStatus(action, req.status) && isAllowedActor(action, actor, req);
}

/**
 * Could this actor take the action on some request of the right status (at either approval
 * stage, assigned to them, raised by them or by someone else)? It tells a wrong role (403) from a wrong moment
 * (409): a Sales Admin who approves twice meets "already sales-approved", not "forbidden".
 */
export function roleMayAct(action: WorkflowAction, actor: ActorFacts): boolean {
  const t = TRANSITIONS[action];
  return [false, true].some((needsSalesApproval) =>
    [false, true].some((salesApproved) =>
      [actor.id, SOMEONE_ELSE].some((requestedById) =>
        t.allowed(actor, {
          status: t.from[0] as RequestStatus,
          needsSalesApproval,
          salesApproved,
          requestedById,
          assignedToId: actor.id,
        }),
      ),
    ),
  );
}

/** The status after the action (the same status when the action does not move it). */
export function statusAfter(action: WorkflowAction, current: RequestStatus): RequestStatus {
  return TRANSITIONS[action].to ?? current;
}

/**
 * Everything this user may do to this request right now, in the table's order: what the details
 * page offers. It is `canAct` for every action, so the page and the server read one rule (the
 * table already refuses an approval of one's own request, except to Super Admin: ADR 016).
 */
export function allowedActions(user: ActorFacts, request: RequestFactsSource): WorkflowAction[] {
  const facts = factsOf(request);
  return (Object.keys(TRANSITIONS) as WorkflowAction[]).filter((action) => canAct(action, user, facts));
}
