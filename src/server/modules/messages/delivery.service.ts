/**
 * The deliverer (issue 35 items 4 and 6, ADR 046): claims the due QUEUED messages (a lease pushes
 * their next attempt ahead, SKIP LOCKED on PostgreSQL, so two workers never take the same row),
 * renders each in its language from the template in force, hands it to the driver and records
 * the answer: SENT with the provider's id; on a retryable failure the next attempt after 1 min,
 * 5 min, 30 min, 2 h, 12 h (moved past the quiet hours, except a one-time code), then FAILED; a
 * final failure (a 4xx) FAILED at once. The job runner calls `deliverDue` (jobs.ts: pg-boss on
 * PostgreSQL, a poll in the process on PGlite); tests call it directly.
 */
import type { Db } from '#server/db/client.ts';
import { MESSAGE_BACKOFF_MINUTES, QUIET_HOURS, renderTemplate } from '#shared/domain/messages.ts';
import { type CatalogueText, ERR } from '#shared/i18n/server-messages.ts';
import type { MessageDriver } from './drivers.ts';
import * as repo from './outbox.repository.ts';
import { type QuietHours, sendableAt } from './outbox.service.ts';
import { catalogueText } from './templates.ts';

/** The reasons a row records: the catalogue's `error.<name>` (the screen says them in the reader's language). */
const reason = (text: CatalogueText) => text.key.replace(/^error\./, '');
const REFUSED = reason(ERR.messageRefused);
const EXHAUSTED = reason(ERR.messageRetriesExhausted);
const WILL_RETRY = reason(ERR.messageWillRetry);

/** Messages claimed at once, and how long a claim holds them. */
const BATCH = 20;
const LEASE_SECONDS = 120;

export interface DeliveryOutcome {
  sent: number;
  retried: number;
  failed: number;
}

export class MessageDelivery {
  private running: Promise<DeliveryOutcome> | null = null;

  constructor(
    private readonly db: Db,
    private readonly driver: MessageDriver,
    private readonly timeZone: string,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly quiet: QuietHours = QUIET_HOURS,
  ) {}

  /** Delivers everything due now, a batch at a time; one run at a time in this process. */
  deliverDue(now: () => Date = () => new Date()): Promise<DeliveryOutcome> {
    this.running ??= this.drain(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(now: () => Date): Promise<DeliveryOutcome> {
    const out: DeliveryOutcome = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await repo.claimDue(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return out;
      for (const m of batch) {
        try {
          const r = await this.deliverOne(m, now());
          out[r]++;
        } catch (err) {
          this.onError(err);
        }
      }
    }
  }

  /** The text a message says: its template in force, in its language, filled. */
  async textOf(m: Pick<repo.MessageRow, 'template' | 'language' | 'params'>): Promise<string> {
    const text = (await repo.savedTemplate(this.db, m.template, m.language)) ?? catalogueText(m.template, m.language);
    return renderTemplate(text, m.params);
  }

  private async deliverOne(m: repo.MessageRow, now: Date): Promise<keyof DeliveryOutcome> {
    const result = await this.driver.send({
      id: m.id,
      channel: m.channel,
      to: m.recipient,
      template: m.template,
      language: m.language,
      params: m.params,
      text: await this.textOf(m),
    });
    const attempts = m.attempts + 1;
    if (result.ok) {
      await repo.updateMessage(this.db, m.id, {
        status: 'SENT',
        attempts,
        providerMessageId: result.providerMessageId,
        sentAt: now,
        nextAttemptAt: null,
        errorKey: null,
        errorDetail: null,
      });
      return 'sent';
    }
    const wait = MESSAGE_BACKOFF_MINUTES[attempts - 1];
    if (!result.retry || wait === undefined) {
      await repo.updateMessage(this.db, m.id, {
        status: 'FAILED',
        attempts,
        nextAttemptAt: null,
        errorKey: result.retry ? EXHAUSTED : REFUSED,
        errorDetail: result.error,
      });
      return 'failed';
    }
    const next = sendableAt(
      new Date(now.getTime() + wait * 60_000),
      this.timeZone,
      m.template === 'completionOtp',
      this.quiet,
    );
    await repo.updateMessage(this.db, m.id, {
      attempts,
      nextAttemptAt: next,
      errorKey: WILL_RETRY,
      errorDetail: result.error,
    });
    return 'retried';
  }
}
