/**
 * An audit row in words people use (issue 33): what was done as a sentence in the reader's
 * language ("Assigned SR-000007 to Suresh"), from the `audit` catalogue, and the record it names as
 * a link to that record's page when the reader may open it (the shared permissions table).
 * An action the catalogue does not know yet comes back as its raw key, marked unknown, so the
 * screen shows it muted rather than nothing.
 */
import type { TFunction } from 'i18next';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { canOpen, ROUTES, type RouteKey } from '#shared/domain/permissions.ts';
import type { SystemRole } from '#shared/domain/roles.ts';

export interface ActionWords {
  text: string;
  /** False for an action the catalogue has no words for: `text` is then the raw key. */
  known: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The values a sentence may name; a record gone since keeps the name its row recorded. */
function paramsOf(e: AuditEntry, missing: string) {
  const d = e.details ?? {};
  return {
    ticket: e.ticketNumber ?? missing,
    technician: e.technicianName ?? missing,
    name: e.recordName ?? str(d.name) ?? str(d.email) ?? missing,
    serial: e.unitSerial ?? str(d.serialNumber) ?? missing,
  };
}

/**
 * The row's sentence. A refused or failed attempt has its own words when the catalogue has them
 * (`auth.login_failed`: "Sign-in failed"), else the action's.
 */
export function actionWords(e: AuditEntry, t: TFunction<'audit'>, exists: (key: string) => boolean): ActionWords {
  const params = paramsOf(e, t('missing'));
  for (const key of e.outcome === 'ok' ? [e.action] : [`${e.action}_${e.outcome}`, e.action]) {
    if (exists(`action.${key}`)) return { text: t(`action.${key}`, params) as string, known: true };
  }
  return { text: e.action, known: false };
}

export interface RecordLink {
  label: string;
  /** The record's page, when the reader may open it and the record still exists. */
  to?: string;
}

const open = (role: SystemRole | null, route: RouteKey, path: string) => (canOpen(role, route) ? path : undefined);
const withId = (route: RouteKey, id: string) => ROUTES[route].path.replace(':id', encodeURIComponent(id));

/** The record a row is about, named and linked; null when the row names none. */
export function recordOf(e: AuditEntry, role: SystemRole | null, t: TFunction<'audit'>): RecordLink | null {
  const d = e.details ?? {};
  if (e.requestId && e.ticketNumber) {
    return { label: e.ticketNumber, to: open(role, 'requestDetails', withId('requestDetails', e.requestId)) };
  }
  if (e.entityType === 'unit' && e.entityId) {
    const label = e.unitSerial ?? str(d.serialNumber);
    if (!label) return null;
    return { label, to: e.unitSerial ? open(role, 'unit', withId('unit', e.entityId)) : undefined };
  }
  if (e.entityType === 'contract' && str(d.unitId)) {
    return { label: t('record.contractUnit'), to: open(role, 'unit', withId('unit', str(d.unitId) as string)) };
  }
  const name = e.recordName;
  const byType: Record<string, (id: string) => string | undefined> = {
    user: () => open(role, 'users', ROUTES.users.path),
    customer: (id) => open(role, 'customerHistory', withId('customerHistory', id)),
    region: () => open(role, 'regions', ROUTES.regions.path),
    role: () => open(role, 'roles', ROUTES.roles.path),
    product: () => open(role, 'products', ROUTES.products.path),
  };
  const linkOf = e.entityType ? byType[e.entityType] : undefined;
  if (!linkOf || !e.entityId) return null;
  if (name) return { label: name, to: linkOf(e.entityId) };
  // Deleted since: its recorded name, without a link.
  const recorded = str(d.name) ?? str(d.email);
  return recorded ? { label: recorded } : null;
}
