/**
 * The machine's speed factor (issue 29): `AQUADESK_SPEED_FACTOR`, measured by
 * scripts/machine-speed.ts at the start of `npm test` and `.ci/run` (1 on the hosts the limits were
 * set on, 2 at half their speed). Every time limit of vitest and Playwright goes through `scaled`,
 * so a slow machine gets proportionally longer limits instead of a red run; tests still wait on
 * state, never on time.
 */
export const SPEED_FACTOR = Math.min(4, Math.max(1, Number(process.env.AQUADESK_SPEED_FACTOR) || 1));

/** `ms` at this machine's speed. */
export const scaled = (ms: number): number => Math.round(ms * SPEED_FACTOR);
