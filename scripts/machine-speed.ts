/**
 * The machine's speed factor (issue 29): raw argon2id verifies per second
 * (the same `verifyPassword`, one at a time on each of the 2 cores, for 3 s), against the rate of the
 * fast hosts behind the green CI runs of sessions 27-30 (about 180/s). A factor of 2 means this
 * machine, right now, does half the work per second: every time-limited suite scales its limits
 * by it (AQUADESK_SPEED_FACTOR, read by tests/harness/speed.ts).
 *
 *   tsx scripts/machine-speed.ts          prints "speed: 123.4 argon2 verifies/s (reference 180), factor 1.46"
 *   tsx scripts/machine-speed.ts --factor prints only the factor (for .ci/run)
 */
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { argon2Rate } from '../bench/lib/load.ts';

/** Verifies per second on the hosts the suites' limits were set on (docs/ARCHITECTURE.md, "A slow machine"). */
export const REFERENCE_VERIFIES_PER_SECOND = 180;

/** The bench's own argon2 rate (P9's `argon2Rate`), one verify at a time on each core. */
export async function verifiesPerSecond(seconds = 3, concurrency = 2): Promise<number> {
  const hash = await hashPassword('speed-probe');
  // One warm-up verify: the addon's first call pays its own start-up.
  await verifyPassword(hash, 'speed-probe');
  return argon2Rate({ hash, password: 'speed-probe', seconds, concurrency, verify: verifyPassword });
}

/** The factor: 1 on a reference host or faster, 2 at half its speed; two decimals. */
export function speedFactor(rate: number): number {
  return Math.max(1, Math.round((REFERENCE_VERIFIES_PER_SECOND / rate) * 100) / 100);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rate = await verifiesPerSecond();
  const factor = speedFactor(rate);
  if (process.argv.includes('--factor')) console.log(String(factor));
  else
    console.log(
      `speed: ${rate.toFixed(1)} argon2 verifies/s (reference ${REFERENCE_VERIFIES_PER_SECOND}), factor ${factor}`,
    );
}
