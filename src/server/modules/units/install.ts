/**
 * Adding a unit by hand and changing its serial number or date (issue 31, ADR 031), for
 * UnitService:
 * - A technician (item 5) adds units only at the customer of a job in their hands, at most
 *   UNITS_PER_JOB per such job, dated no earlier than the day the job was raised (in TZ) and not
 *   in the future; a date they correct keeps the same bounds. Everyone else's rules are unchanged.
 * - A serial number is unique among active units everywhere (item 9): a serial number is
 *   physically unique. Held by a unit the writer reaches, the answer says so (409 "already
 *   exists": they can open it). Held by one they cannot reach, the answer tells nothing of it
 *   (409 "cannot be registered here", the same words whoever holds it), and the attempt goes to
 *   the admins: an audit row naming the unit that holds it, and a notification; a technician's
 *   such attempt counts towards their units for the job.
 */
import type { Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, forbidden, invalid } from '#server/lib/errors.ts';
import { renderNotification } from '#server/lib/i18n.ts';
import { publish } from '#server/lib/push-channel.ts';
import { UNITS_PER_JOB } from '#shared/contracts/units.ts';
import { todayIn } from '#shared/domain/maintenance.ts';
import { DEFAULT_LOCALE } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

/** The technician's jobs at the customer in their hands: how many, and when the first was raised. */
async function jobsAt(tx: Tx, technicianId: string, customerId: string, timeZone: string) {
  const jobs = await repo.jobsInHand(tx, technicianId, customerId);
  if (jobs.length === 0) throw forbidden(ERR.unitWriteRefused);
  const since = new Date(Math.min(...jobs.map((j) => j.createdAt.getTime())));
  return { count: jobs.length, since, firstDay: todayIn(timeZone, since) };
}

/**
 * May this technician add one more unit at this customer? The customer is locked first, so
 * parallel adds are counted one after another (the sixth of six at once is refused).
 */
export async function assertTechnicianInstall(
  tx: Tx,
  technicianId: string,
  customerId: string,
  installedOn: string,
  timeZone: string,
): Promise<void> {
  await repo.lockCustomerForInstall(tx, customerId);
  const jobs = await jobsAt(tx, technicianId, customerId, timeZone);
  if (installedOn < jobs.firstDay) throw invalid('installedOn', ERR.installedBeforeJob({ date: jobs.firstDay }));
  const used = await repo.installsUsed(tx, technicianId, customerId, jobs.since);
  if (used.added + used.refused >= UNITS_PER_JOB * jobs.count) {
    throw conflict(ERR.unitsPerJob({ max: UNITS_PER_JOB }));
  }
}

/**
 * A technician's correction of a unit: its installation date keeps the bounds of an install; a
 * new serial number is refused once as many of theirs have been refused there as they may add
 * units (so a serial number is not tried again and again through a correction either).
 */
export async function assertTechnicianEdit(
  tx: Tx,
  technicianId: string,
  customerId: string,
  change: { installedOn?: string | undefined; serialNumber: boolean },
  timeZone: string,
): Promise<void> {
  if (!change.installedOn && !change.serialNumber) return;
  await repo.lockCustomerForInstall(tx, customerId);
  const jobs = await jobsAt(tx, technicianId, customerId, timeZone);
  if (change.installedOn && change.installedOn < jobs.firstDay) {
    throw invalid('installedOn', ERR.installedBeforeJob({ date: jobs.firstDay }));
  }
  if (!change.serialNumber) return;
  const used = await repo.installsUsed(tx, technicianId, customerId, jobs.since);
  if (used.refused >= UNITS_PER_JOB * jobs.count) throw conflict(ERR.unitsPerJob({ max: UNITS_PER_JOB }));
}

/**
 * The active unit (other than `self`) that holds this serial number, when the writer cannot
 * reach it: the caller records the attempt and answers `ERR.serialHeld`. Held by a unit they
 * reach: 409 "already exists". Free: undefined.
 */
export async function holderOutOfReach(
  tx: Tx,
  serialNumber: string,
  reaches: (customerId: string) => Promise<boolean>,
  self?: string,
): Promise<{ id: string; customerId: string } | undefined> {
  const holder = await repo.activeUnitWithSerial(tx, serialNumber);
  if (!holder || holder.id === self) return undefined;
  if (await reaches(holder.customerId)) throw conflict(ERR.serialDuplicate);
  return holder;
}

/** The admins are told of a writer's first SERIAL_ALERTS_PER_DAY refused numbers a day, each number once. */
export const SERIAL_ALERTS_PER_DAY = 5;
const SERIAL_REFUSED_KEY = 'maintenance.serialRefused';

/**
 * The admins' trace of a serial number refused because a unit out of the writer's reach holds it:
 * an audit row naming the unit that holds it, and (coalesced, see SERIAL_ALERTS_PER_DAY) a
 * notification to the Super Admins and Service Admins, in the refusal's own committed transaction.
 */
export async function recordSerialRefused(
  tx: Tx,
  actor: Pick<Actor, 'id' | 'email' | 'name'>,
  ip: string | null,
  v: { heldBy: string; customerId: string; serialNumber: string; unitId?: string },
): Promise<void> {
  const before = await repo.serialRefusalsOf(tx, actor.id, v.serialNumber, new Date(Date.now() - 86_400_000));
  await audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action: repo.SERIAL_REFUSED,
    entityType: 'unit',
    entityId: v.heldBy,
    ip,
    outcome: 'denied',
    details: {
      customerId: v.customerId,
      serialNumber: v.serialNumber,
      ...(v.unitId ? { unitId: v.unitId } : {}),
    },
  });
  if (before.same > 0 || before.total >= SERIAL_ALERTS_PER_DAY) return;
  const to = (await repo.serialAdmins(tx)).filter((id) => id !== actor.id);
  if (to.length === 0) return;
  const customer = await repo.customerOf(tx, v.customerId);
  const params = { person: actor.name, serial: v.serialNumber, customer: customer?.name ?? '' };
  await repo.insertNotifications(
    tx,
    to.map((toUserId) => ({
      toUserId,
      senderId: actor.id,
      message: renderNotification(DEFAULT_LOCALE, SERIAL_REFUSED_KEY, params),
      event: 'serialRefused',
      messageKey: SERIAL_REFUSED_KEY,
      messageParams: params,
    })),
  );
  await publish(tx, to);
}
