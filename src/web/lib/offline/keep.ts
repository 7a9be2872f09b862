/**
 * Keeping answers on the phone ahead of use (issue 33): the technician's open tasks are fetched
 * while there is signal, a few at a time, so that every one of them opens without it. The
 * features say what to keep (features/technician/api/keep-tasks.ts); this is how: bounded
 * concurrency, one run at a time, and a stop as soon as the signal or the user is gone.
 */

/**
 * Runs `work` over `items`, at most `concurrency` at a time, in order. The first failure stops it:
 * no further item is started, the running ones end, and the failure is thrown. `stop()` true also
 * ends it before the next item (the user signed out), quietly.
 */
export async function eachLimited<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (!failure && !stop() && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
}

/**
 * One run at a time: a call while a run is going makes one more run after it, with the latest
 * argument (calls in between are folded into it). The returned promise ends with the run that
 * covers the call; a run's failure is the caller's to ignore or report.
 */
export function oneAtATime<A>(run: (arg: A) => Promise<void>): (arg: A) => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: { arg: A; done: Promise<void> } | null = null;
  const start = (arg: A): Promise<void> => {
    running = run(arg).finally(() => {
      running = null;
    });
    return running;
  };
  return (arg: A) => {
    if (!running) return start(arg);
    if (queued) {
      queued.arg = arg;
      return queued.done;
    }
    const next: { arg: A; done: Promise<void> } = { arg, done: Promise.resolve() };
    next.done = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start(next.arg);
      });
    queued = next;
    return next.done;
  };
}
