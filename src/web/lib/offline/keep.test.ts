/** Keeping ahead of use (issue 33): a bounded number of calls at a time, one run at a time. */
import { describe, expect, it } from 'vitest';
import { eachLimited, oneAtATime } from './keep.ts';

/** A call that ends when the test says so. */
function gate() {
  let open: () => void = () => {};
  const done = new Promise<void>((r) => {
    open = r;
  });
  return { done, open };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('eachLimited', () => {
  it('runs every item, never more than the limit at once, in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 2, async (n) => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
  });

  it('the first failure starts nothing more and is thrown once the running ones end', async () => {
    const started: number[] = [];
    const slow = gate();
    const run = eachLimited([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      if (n === 1) await slow.done;
      if (n === 2) throw new Error('no signal');
    });
    await tick();
    slow.open();
    await expect(run).rejects.toThrow('no signal');
    expect(started).toEqual([1, 2]);
  });

  it('stops quietly before the next item once stop() says so (the user signed out)', async () => {
    const started: number[] = [];
    let signedIn = true;
    await eachLimited(
      [1, 2, 3],
      1,
      async (n) => {
        started.push(n);
        signedIn = false;
      },
      () => !signedIn,
    );
    expect(started).toEqual([1]);
  });
});

describe('oneAtATime', () => {
  it('calls during a run make one more run, with the latest argument', async () => {
    const runs: string[] = [];
    const first = gate();
    const run = oneAtATime(async (arg: string) => {
      runs.push(arg);
      if (arg === 'a') await first.done;
    });
    const a = run('a');
    const b = run('b');
    const c = run('c');
    first.open();
    await Promise.all([a, b, c]);
    expect(runs).toEqual(['a', 'c']);
    await run('d');
    expect(runs).toEqual(['a', 'c', 'd']);
  });
});
