/**
 * The period the Add contract dialog proposes (issue 33 item 3). A unit with an active contract of
 * the type still running gets the day after it ends as the start (not today, which the server
 * refuses as an overlap); a renewal keeps the renewed contract's length (a year stays a year, in
 * calendar months when it is whole months). Kept here, not in shared/domain/maintenance.ts, so the
 * lazy contracts chunk does not pull that module into the first load (see ContractDialog.tsx).
 */

export interface Period {
  startsOn: string;
  endsOn: string;
}

/** What the proposal reads of a contract. */
export interface ContractLike extends Period {
  type: string;
  status: string;
}

// The calendar arithmetic the server uses for contracts and schedules (one rule, shared/domain).
import { daysBetween, addDays as plusDays, addMonths as plusMonths } from '#shared/domain/maintenance.ts';

export { plusDays, plusMonths };

/** A period's length: whole months when it is (1 Dec to 30 Nov is 12), else its days. */
function lengthOf(p: Period): { months: number } | { days: number } {
  for (let m = 1; m <= 120; m++) {
    const end = plusDays(plusMonths(p.startsOn, m), -1);
    if (end === p.endsOn) return { months: m };
    if (end > p.endsOn) break;
  }
  return { days: daysBetween(p.startsOn, p.endsOn) };
}

/** The active contract of `type` that ends last, if it has not ended before `today`. */
export function currentOf(type: string, contracts: readonly ContractLike[], today: string): ContractLike | null {
  let found: ContractLike | null = null;
  for (const c of contracts) {
    if (c.type !== type || c.status !== 'ACTIVE' || c.endsOn < today) continue;
    if (!found || c.endsOn > found.endsOn) found = c;
  }
  return found;
}

/**
 * The proposed period of a new contract of `type`: from the day after the current one of the type
 * ends (else today), as long as `like` (a renewal's contract), else the current one, else a year.
 */
export function proposedPeriod(
  type: string,
  contracts: readonly ContractLike[],
  today: string,
  like?: Period,
): Period & { after: ContractLike | null } {
  const after = currentOf(type, contracts, today);
  const startsOn = after ? plusDays(after.endsOn, 1) : today;
  const length = lengthOf(like ?? after ?? { startsOn: today, endsOn: plusDays(plusMonths(today, 12), -1) });
  const endsOn =
    'months' in length ? plusDays(plusMonths(startsOn, length.months), -1) : plusDays(startsOn, length.days);
  return { startsOn, endsOn, after };
}
