/**
 * Which navigation a narrow screen (below md) shows (issue 33 item 8, ADR 036). The technician,
 * out in the field with the phone in one hand, gets a bottom navigation bar with every item of
 * their menu; every other role (the office) opens the temporary drawer from the menu button at
 * the start of the top bar. Wide screens keep the permanent drawer for everyone.
 *
 * The bar holds the role's whole menu (`menuFor`), so nothing the drawer offered is lost: 2 to 5
 * items, each then at least 72 px wide at 360 px. Should the technician's menu ever grow past
 * that (or shrink to one item), the technician falls back to the top bar's menu.
 */
import { menuFor } from '#shared/domain/permissions.ts';
import { ROLE, type SystemRole } from '#shared/domain/roles.ts';

/** The fewest and the most items a bottom bar takes. */
export const BOTTOM_NAV_ITEMS = { min: 2, max: 5 } as const;

/** Whether `role` navigates with the bottom bar below md (else with the top bar's menu button). */
export function usesBottomNav(role: SystemRole | null | undefined): boolean {
  const count = menuFor(role).length;
  return role === ROLE.TECHNICIAN && count >= BOTTOM_NAV_ITEMS.min && count <= BOTTOM_NAV_ITEMS.max;
}
