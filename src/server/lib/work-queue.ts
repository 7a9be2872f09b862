/**
 * A bounded work queue: at most `concurrency` jobs run at once, at most `maxWaiting` wait, and
 * a job that finds the queue full is refused at once (503 with Retry-After) instead of piling up
 * memory and CPU behind the others. Used for image decoding (uploads/images.ts).
 */
import type { CatalogueText } from '#shared/i18n/server-messages.ts';
import { AppError } from './errors.ts';

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly busyText: CatalogueText,
    private readonly retryAfterSeconds = 5,
  ) {}

  /** Would a job be refused now? (A cheap check before reading a request body.) */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.maxWaiting;
  }

  busy(): AppError {
    return unavailable(this.busyText, this.retryAfterSeconds);
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw this.busy();
      // The slot is handed over by the job that finishes (running stays the same).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** A 503 that tells the client when to try again (the error handler sends `Retry-After`). */
export function unavailable(text: CatalogueText, retryAfterSeconds: number): AppError {
  return Object.assign(new AppError('UNAVAILABLE', text), { retryAfterSeconds });
}
