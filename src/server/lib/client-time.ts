/**
 * The time of a technician's action by the phone (`clientTime`, ADR 027), and the limit on the
 * refusals of the writes that carry it (the app's offline queue).
 *
 * - Start and stop (issue 31 item 3): the phone's time must lie between the moment the work could
 *   begin (the job's assignment to this technician; the start, for a stop) and now, each side with
 *   CLOCK_SKEW_MS of allowance for a phone clock a little off. A time outside is refused with a
 *   message (`clientTimeVerdict`), never swapped for the server's time.
 * - A photo's `takenAt` and a location's audit row: the phone's time when plausible (at most
 *   CLIENT_TIME_MAX_AGE_HOURS old, not in the future), else nothing or the server's
 *   (`plausibleClientTime`, `actionTime`).
 * - `queuedRefusalLimit`: a route's hooks that reserve one refusal of the user's per-minute budget
 *   before the Idempotency-Key is claimed (so a 429 is never stored as the key's answer) and give it
 *   back unless the write was refused.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { CLIENT_TIME_MAX_AGE_HOURS } from '#shared/contracts/common.ts';
import { REPLAYED_HEADER } from './idempotency.ts';

/** How far a phone's clock may be off the server's (issue 31 item 3). */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Where a start's or stop's phone time lies: within its bounds, too early, or in the future. */
export type ClientTimeVerdict = 'ok' | 'early' | 'future';

/**
 * A start's or stop's phone time against its bounds: not before `notBefore` (the assignment, or
 * the start) less CLOCK_SKEW_MS, not after `now` plus CLOCK_SKEW_MS.
 */
export function clientTimeVerdict(at: Date, notBefore: Date | null, now: Date = new Date()): ClientTimeVerdict {
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return 'future';
  if (notBefore && at.getTime() < notBefore.getTime() - CLOCK_SKEW_MS) return 'early';
  return 'ok';
}

export function actionTime(clientTime: string | undefined | null, now: Date = new Date()): Date {
  return plausibleClientTime(clientTime, now) ?? now;
}

/** The phone's time if it is plausible, else null (the caller writes the database's now()). */
export function plausibleClientTime(clientTime: string | undefined | null, now: Date = new Date()): Date | null {
  if (!clientTime) return null;
  const t = new Date(clientTime);
  const ms = t.getTime();
  if (Number.isNaN(ms)) return null;
  if (ms > now.getTime()) return null;
  if (now.getTime() - ms > CLIENT_TIME_MAX_AGE_HOURS * 3600 * 1000) return null;
  return t;
}

/** Gives a reserved refusal back (the write was not refused). */
export type ReleaseRefusal = () => Promise<void>;

const reserved = new WeakMap<FastifyRequest, ReleaseRefusal>();

/** The answers that keep their reservation: a refusal by scope, role or moment, not a replay. */
const isRefusal = (reply: FastifyReply) =>
  (reply.statusCode === 403 || reply.statusCode === 404 || reply.statusCode === 409) &&
  reply.getHeader(REPLAYED_HEADER) !== 'true';

/**
 * The hooks of a route the offline queue writes through (issue 31 item 4): `preHandler`, after the
 * guards and before the Idempotency-Key's claim, reserves one refusal of the caller's budget for a
 * queued write (`isQueued`), or throws the 429 `reserve` throws when it is spent; `onSend` gives
 * the reservation back unless the answer is a refusal (403, 404, 409), so only refusals count.
 */
export function queuedRefusalLimit(
  isQueued: (req: FastifyRequest) => boolean,
  reserve: (req: FastifyRequest) => Promise<ReleaseRefusal>,
) {
  const preHandler: preHandlerAsyncHookHandler = async (req) => {
    if (isQueued(req)) reserved.set(req, await reserve(req));
  };
  const onSend = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const release = reserved.get(req);
    if (release) {
      reserved.delete(req);
      if (!isRefusal(reply)) await release().catch((err: unknown) => req.log.warn({ err }, 'refusal release failed'));
    }
    return payload;
  };
  return { preHandler, onSend };
}
