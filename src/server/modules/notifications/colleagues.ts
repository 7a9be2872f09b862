/**
 * Who a user may send a free-text message to (POST /notifications): the people they work with.
 *
 * - Their subordinates: active users whose role is strictly below theirs in the role tree, in
 *   their region when they have one (the same people as GET /users/my-subordinates).
 * - Their chain of superiors: the users they are a subordinate of, by the same rule seen from
 *   above (a role strictly above theirs, held by someone with no region or their region).
 * - The people on a request they share: its requester, its assigned technician and anyone in
 *   its approval history (approvers, rejecters, acknowledgers).
 *
 * Anyone else, an inactive user, a system account (it raised the request, but nobody reads its
 * messages) and an id that does not exist get one and the same answer, so
 * the endpoint no longer tells which ids are active accounts. System notifications (the
 * workflow's, events.ts) are not limited by this: they go to the people who must act.
 */
import type { Tx } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { allRoles } from '#server/modules/roles/queries.ts';
import { regionlessReach } from '#shared/domain/permissions.ts';
import { descendantIds } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { findActivePerson, shareARequest } from './repository.ts';

/** The English of the 404 for a recipient the sender does not work with (the tests compare with it). */
export const NOT_A_COLLEAGUE = ERR.notAColleague.text;

/**
 * `below` is under `above` in the role tree, and in `above`'s region when `above` has one. A
 * region-less `above` is national if a manager or lead, and reaches nobody's region if a Salesman
 * or Technician (a custom role may hang below theirs; `reachesRegion`, ADR 015).
 */
function isSubordinate(
  tree: Awaited<ReturnType<typeof allRoles>>,
  above: { roleId: string; regionId: string | null },
  below: { roleId: string; regionId: string | null },
): boolean {
  if (!descendantIds(tree, above.roleId).has(below.roleId)) return false;
  if (above.regionId) return below.regionId === above.regionId;
  const policyRole = tree.find((r) => r.id === above.roleId)?.policyRole;
  return policyRole !== undefined && regionlessReach(policyRole) === 'all';
}

/** May `actor` send a message to `toUserId`? False for an unknown, inactive or unrelated user. */
export async function worksWith(db: Tx, actor: Actor, toUserId: string): Promise<boolean> {
  const recipient = await findActivePerson(db, toUserId);
  if (!recipient) return false;
  const tree = await allRoles(db);
  const me = { roleId: actor.roleId, regionId: actor.regionId };
  if (isSubordinate(tree, me, recipient) || isSubordinate(tree, recipient, me)) return true;
  return shareARequest(db, actor.id, recipient.id);
}
