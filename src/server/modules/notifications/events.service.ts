/**
 * Who is told what: the notifications module's API for the workflow (ADR 029), recipients per
 * docs/product-rules.md R-26. Called inside the transition's transaction, so the
 * notifications commit or roll back with it; the push goes out through pg_notify, which
 * PostgreSQL (and PGlite) deliver only when that transaction commits.
 */
import type { Tx } from '#server/db/client.ts';
import { renderNotification } from '#server/lib/i18n.ts';
import { PUSH_BATCH, publish } from '#server/lib/push-channel.ts';
import type { SystemRole } from '#shared/domain/roles.ts';
import { approversOf, DISPATCHERS } from '#shared/domain/workflow.ts';
import { DEFAULT_LOCALE } from '#shared/i18n/locales.ts';
import {
  activeRecipients,
  actorsInRegion,
  insertNotifications,
  insertNotificationsAndPush,
  type NotificationRow,
} from './repository.ts';

export type WorkflowEvent =
  | 'created'
  | 'salesApproved'
  | 'salesApprovalReset'
  | 'approved'
  | 'rejected'
  | 'assigned'
  | 'workCompleted'
  | 'completed'
  /** A technician's action queued offline was refused: the request moved on meanwhile (ADR 027). */
  | 'offlineRefused';

export interface WorkflowEventInput {
  event: WorkflowEvent;
  actorId: string;
  request: {
    id: string;
    type: string;
    regionId: string;
    requestedById: string;
    assignedToId: string | null;
    needsSalesApproval: boolean;
    salesApproved: boolean;
    status: string;
  };
  customerName: string;
  /** The rejection reason or the completion notes. */
  reason?: string | null;
  /** Who the request was assigned to before this event (a reassignment tells them). */
  previousAssignedToId?: string | null;
  /** The technician whose offline action was refused (offlineRefused). */
  technicianName?: string;
}

type Audience = 'requester' | 'actor-next' | 'technician' | 'unassigned';

/**
 * What a recipient is told, as a `server` catalogue key and its parameters (ADR 022): stored with
 * the notification and rendered in each reader's language when read.
 */
export function notificationKeyFor(
  input: WorkflowEventInput,
  audience: Audience,
): { key: string; params: Record<string, string> } {
  const params: Record<string, string> = { type: input.request.type, customer: input.customerName };
  const key = ((): string => {
    switch (input.event) {
      case 'created':
        return 'created';
      case 'salesApproved':
        return 'salesApproved';
      case 'salesApprovalReset':
        return audience === 'requester' ? 'salesApprovalResetRequester' : 'salesApprovalReset';
      case 'approved':
        return audience === 'requester' ? 'approvedRequester' : 'approved';
      case 'rejected':
        params.reason = input.reason ?? '';
        return 'rejected';
      case 'assigned':
        if (audience === 'unassigned') return 'unassigned';
        return audience === 'technician' ? 'assignedTechnician' : 'assigned';
      case 'workCompleted':
        return audience === 'requester' ? 'workCompletedRequester' : 'workCompleted';
      case 'completed':
        return audience === 'technician' ? 'completedTechnician' : 'completed';
      case 'offlineRefused':
        params.technician = input.technicianName ?? '';
        return 'offlineRefused';
    }
  })();
  return { key: `notification.${key}`, params };
}

/** The English text (the `message` column, what the spec's client reads). */
export function messageFor(input: WorkflowEventInput, audience: Audience): string {
  const { key, params } = notificationKeyFor(input, audience);
  return renderNotification(DEFAULT_LOCALE, key, params);
}

/** Recipients by audience, before the actor is taken out. */
export async function recipientsOf(tx: Tx, input: WorkflowEventInput): Promise<Map<string, Audience>> {
  const r = input.request;
  const out = new Map<string, Audience>();
  const add = (ids: string[], audience: Audience) => {
    for (const id of ids) if (!out.has(id)) out.set(id, audience);
  };
  switch (input.event) {
    case 'created':
    case 'salesApproved':
    case 'salesApprovalReset': {
      // Who approves it next: for a request raised by a sales role the sales approvers at both
      // stages, so after its sales approval too (spec section 6, docs/product-rules.md R-17).
      add(await actorsInRegion(tx, approversOf(r), r.regionId), 'actor-next');
      if (input.event !== 'created') add([r.requestedById], 'requester');
      break;
    }
    case 'approved':
      add([r.requestedById], 'requester');
      add(await actorsInRegion(tx, DISPATCHERS, r.regionId), 'actor-next');
      break;
    case 'rejected':
      add([r.requestedById], 'requester');
      break;
    case 'assigned':
      if (r.assignedToId) add([r.assignedToId], 'technician');
      // A reassignment before work starts: the technician taken off the job stops expecting it.
      if (input.previousAssignedToId && input.previousAssignedToId !== r.assignedToId) {
        add([input.previousAssignedToId], 'unassigned');
      }
      add([r.requestedById], 'requester');
      break;
    case 'workCompleted':
      add([r.requestedById], 'requester');
      add(await actorsInRegion(tx, DISPATCHERS, r.regionId), 'actor-next');
      break;
    case 'completed':
      add([r.requestedById], 'requester');
      if (r.assignedToId) add([r.assignedToId], 'technician');
      break;
    case 'offlineRefused':
      // The office: whoever dispatches in the region, and the requester.
      add(await actorsInRegion(tx, DISPATCHERS, r.regionId), 'actor-next');
      add([r.requestedById], 'requester');
      break;
  }
  out.delete(input.actorId);
  return out;
}

/** Writes the event's notifications in the caller's transaction and queues their push. */
export async function notifyWorkflowEvent(tx: Tx, input: WorkflowEventInput): Promise<string[]> {
  const recipients = await recipientsOf(tx, input);
  if (recipients.size === 0) return [];
  // Only active users get notifications (a deactivated requester is skipped). Those who act next
  // come from actorsInRegion, which reads active people only: the others are checked (issue 39:
  // one statement less in a create).
  const named = [...recipients].filter(([, audience]) => audience !== 'actor-next').map(([id]) => id);
  const active = named.length ? await activeRecipients(tx, named, input.actorId) : [];
  const next = [...recipients].filter(([, audience]) => audience === 'actor-next').map(([id]) => id);
  // The unread-count trigger locks each recipient's user row until commit. Rows taken in one
  // global order (by id) keep two concurrent events with shared recipients from deadlocking,
  // which they did under the bench's 50 concurrent creates (docs/performance.md).
  const ordered = [...next, ...active.map(({ id }) => id)].sort();
  const values = ordered.map((id) => {
    const { key, params } = notificationKeyFor(input, recipients.get(id) ?? 'requester');
    return {
      toUserId: id,
      senderId: input.actorId,
      message: renderNotification(DEFAULT_LOCALE, key, params),
      requestId: input.request.id,
      event: input.event,
      messageKey: key,
      messageParams: params,
    };
  });
  if (values.length === 0) return [];
  const ids = values.map((v) => v.toUserId);
  if (ids.length <= PUSH_BATCH) {
    await insertNotificationsAndPush(tx, values, ids);
  } else {
    await insertNotifications(tx, values);
    await publish(tx, ids);
  }
  return ids;
}

/**
 * One event for many requests (issue 21: a batch of due jobs raised by the system): the
 * recipients are read once per region, the rows written in one insert ordered by recipient (the
 * unread-count trigger then locks the users' rows in one global order), one push on commit.
 */
export async function notifyMany(
  tx: Tx,
  event: WorkflowEvent,
  actorId: string,
  items: { request: WorkflowEventInput['request']; customerName: string }[],
): Promise<void> {
  const byRegion = new Map<string, Map<string, Audience>>();
  const values: NotificationRow[] = [];
  for (const item of items) {
    const input: WorkflowEventInput = { event, actorId, request: item.request, customerName: item.customerName };
    let recipients = byRegion.get(item.request.regionId);
    if (!recipients) {
      recipients = await recipientsOf(tx, input);
      byRegion.set(item.request.regionId, recipients);
    }
    for (const [toUserId, audience] of recipients) {
      if (toUserId === item.request.requestedById && audience !== 'requester') continue;
      const { key, params } = notificationKeyFor(input, audience);
      values.push({
        toUserId,
        senderId: actorId,
        message: renderNotification(DEFAULT_LOCALE, key, params),
        requestId: item.request.id,
        event,
        messageKey: key,
        messageParams: params,
      });
    }
  }
  if (values.length === 0) return;
  values.sort((a, b) => (a.toUserId < b.toUserId ? -1 : a.toUserId > b.toUserId ? 1 : 0));
  await insertNotifications(tx, values);
  await publish(tx, [...new Set(values.map((v) => v.toUserId))]);
}

/**
 * A notice to the people holding `roles` in a region about one request, outside the workflow's
 * events (issue 36: a failing membrane tells the region's Service Managers): stored with its
 * catalogue key and parameters, rendered in each reader's language, pushed on commit. A notice
 * about no request (stock, issue 37) has no `requestId`; one the system sends, no `actorId`.
 */
export async function notifyRegionRoles(
  tx: Tx,
  input: {
    roles: readonly SystemRole[];
    regionId: string;
    actorId: string | null;
    requestId?: string | null;
    event: string;
    key: string;
    params: Record<string, string>;
  },
): Promise<string[]> {
  const ids = (await actorsInRegion(tx, input.roles, input.regionId)).filter((id) => id !== input.actorId);
  return notifyUsers(tx, { ...input, userIds: ids });
}

/** No user's id: who "the system" is when a notice has no actor. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * A notice to these users (the active people among them, never the actor), outside the workflow's
 * events (issue 37: a part request's store keepers, an issue's technician): stored with its
 * catalogue key and parameters, rendered in each reader's language, pushed on commit.
 */
export async function notifyUsers(
  tx: Tx,
  input: {
    userIds: readonly string[];
    actorId: string | null;
    requestId?: string | null;
    event: string;
    key: string;
    params: Record<string, string>;
  },
): Promise<string[]> {
  const ids = [...new Set(input.userIds)].filter((id) => id !== input.actorId);
  if (ids.length === 0) return [];
  const active = (await activeRecipients(tx, ids, input.actorId ?? NOBODY)).map(({ id }) => id).sort();
  if (active.length === 0) return [];
  await insertNotifications(
    tx,
    active.map((toUserId) => ({
      toUserId,
      senderId: input.actorId,
      message: renderNotification(DEFAULT_LOCALE, input.key, input.params),
      requestId: input.requestId ?? null,
      event: input.event,
      messageKey: input.key,
      messageParams: input.params,
    })),
  );
  await publish(tx, active);
  return active;
}

/**
 * The active people of `roles` who act in a region (its own and the region-less; the admins
 * everywhere); a location without a region (`null`) reaches the admins and the region-less only.
 */
export function peopleOfRoles(tx: Tx, roles: readonly SystemRole[], regionId: string | null): Promise<string[]> {
  return actorsInRegion(tx, roles, regionId ?? NOBODY);
}
