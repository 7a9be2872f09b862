/**
 * The outbox (issue 35 items 4–5, ADR 046): every customer message is a row first, written in the
 * transaction of the event that caused it. This service decides, as it writes, the channel
 * (WhatsApp when the customer opted in to it, else SMS when opted in to that), the recipient (the
 * customer's primary phone as +91…), the language (the customer's) and when it may go: at once,
 * or at 08:00 when written during the quiet hours (21:00–08:00 in TZ; a one-time code goes at
 * once). A customer who consented to neither channel gets a SKIPPED row with the reason, never a
 * message; a one-time code the customer asked for on site needs no consent. The deliverer
 * (delivery.service.ts) sends what is due. Other modules call `enqueue`/`enqueueOtp`;
 * `requestSubscriber` writes the messages of a request's moments (lib/request-events.ts).
 */
import type { Tx } from '#server/db/client.ts';
import { nextDaily } from '#server/lib/daily.ts';
import type { RequestEvent, RequestEventSubscriber } from '#server/lib/request-events.ts';
import { sourceOf } from '#shared/contracts/job.ts';
import { type MessageChannel, type MessageTemplateKey, OTP, QUIET_HOURS } from '#shared/domain/messages.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import { cached } from '#shared/i18n/format.ts';
import { INTL_TAG, type Locale } from '#shared/i18n/locales.ts';
import * as repo from './outbox.repository.ts';

export interface OutboxSettings {
  timeZone: string;
  serviceName: string;
  supportPhone: string | null;
  /** The job sheet's public link of a completed request (ADR 048). */
  jobSheetUrl: (requestId: string) => string;
  /** MESSAGE_QUIET_HOURS: 21:00–08:00 by default; null: none. */
  quietHours?: QuietHours;
  /** Called after messages were queued: the deliverer looks soon (a missed wake is caught by its poll). */
  wake?: () => void;
}

export interface MessageDraft {
  customerId: string;
  requestId: string | null;
  template: MessageTemplateKey;
  /** The template's own values; business, customer and phone are added here. */
  params: (language: Locale) => Record<string, string>;
  /** A reminder's key: one message however often its run repeats. */
  dedupeKey?: string;
  /** The ticket (for the screen's search). */
  ticketNo?: number;
}

/** The phone a provider sends to: a stored 10-digit number as +91…; anything else as stored. */
export function e164(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+91${phone}` : phone;
}

/** The hour of `at` in `timeZone` (0–23); the formatter is built once per zone (shared/i18n/format.ts). */
function hourIn(at: Date, timeZone: string): number {
  const f = cached(
    `outbox-hour|${timeZone}`,
    () => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }),
  );
  return Number(f.format(at));
}

/** The hours no message goes (from, to: whole hours in TZ), or null for none (MESSAGE_QUIET_HOURS=off). */
export type QuietHours = { from: number; to: number } | null;

/** When a message written (or retried) at `at` may go: then, or at the end of the quiet hours. */
export function sendableAt(at: Date, timeZone: string, urgent = false, quiet: QuietHours = QUIET_HOURS): Date {
  if (urgent || !quiet) return at;
  const h = hourIn(at, timeZone);
  const inside = quiet.from > quiet.to ? h >= quiet.from || h < quiet.to : h >= quiet.from && h < quiet.to;
  if (!inside) return at;
  const to = `${String(quiet.to).padStart(2, '0')}:00`;
  return nextDaily(to, timeZone, at) ?? at;
}

/** A day in the customer's language: "12 Mar 2027", "12 मार्च 2027". */
export function dayIn(value: Date | string, language: Locale, timeZone: string): string {
  const d = typeof value === 'string' ? new Date(`${value}T12:00:00Z`) : value;
  const f = cached(
    `outbox-day|${language}|${timeZone}`,
    () => new Intl.DateTimeFormat(INTL_TAG[language], { day: 'numeric', month: 'short', year: 'numeric', timeZone }),
  );
  return f.format(d);
}

export class Outbox {
  constructor(private readonly settings: OutboxSettings) {}

  get quiet(): QuietHours {
    return this.settings.quietHours === undefined ? QUIET_HOURS : this.settings.quietHours;
  }

  /** Writes the messages in the caller's transaction (consent, channel, language, quiet hours). */
  async enqueue(tx: Tx, drafts: MessageDraft[], now = new Date()): Promise<number> {
    if (drafts.length === 0) return 0;
    const people = new Map(
      (await repo.recipients(tx, [...new Set(drafts.map((d) => d.customerId))])).map((c) => [c.id, c]),
    );
    const rows: repo.NewMessage[] = [];
    for (const d of drafts) {
      const c = people.get(d.customerId);
      if (!c) continue;
      const channel: MessageChannel | null = c.whatsappOptIn ? 'WHATSAPP' : c.smsOptIn ? 'SMS' : null;
      rows.push(this.row(c, d, channel ?? 'SMS', channel ? null : 'messageNoConsent', now, false));
    }
    const n = await repo.insertMessages(tx, rows);
    if (n > 0) this.settings.wake?.();
    return n;
  }

  /**
   * A completion's one-time code, asked for on site (no consent needed, no quiet hours): by
   * WhatsApp when the customer opted in to it, else SMS. The caller checks the sends per hour.
   */
  async enqueueOtp(
    tx: Tx,
    input: { customerId: string; requestId: string; ticketNo: number; code: string },
    now = new Date(),
  ): Promise<void> {
    const [c] = await repo.recipients(tx, [input.customerId]);
    if (!c) return;
    const draft: MessageDraft = {
      customerId: c.id,
      requestId: input.requestId,
      template: 'completionOtp',
      ticketNo: input.ticketNo,
      params: () => ({
        ticket: formatTicket(input.ticketNo),
        code: input.code,
        minutes: String(OTP.validMinutes),
      }),
    };
    await repo.insertMessages(tx, [this.row(c, draft, c.whatsappOptIn ? 'WHATSAPP' : 'SMS', null, now, true)]);
    this.settings.wake?.();
  }

  /** One-time codes sent for a request in the hour before `now`. */
  otpSendsInLastHour(tx: Tx, requestId: string, now = new Date()): Promise<number> {
    return repo.otpSendsSince(tx, requestId, new Date(now.getTime() - 3600_000));
  }

  private row(
    c: repo.Recipient,
    d: MessageDraft,
    channel: MessageChannel,
    skipped: string | null,
    now: Date,
    urgent: boolean,
  ): repo.NewMessage {
    const params = {
      business: this.settings.serviceName,
      customer: c.name,
      phone: this.settings.supportPhone ? formatPhone(this.settings.supportPhone) : '',
      ...d.params(c.language),
    };
    const ticket = d.ticketNo ? formatTicket(d.ticketNo) : '';
    return {
      channel,
      recipient: e164(c.primaryPhone),
      customerId: c.id,
      requestId: d.requestId,
      template: d.template,
      params,
      language: c.language,
      status: skipped ? 'SKIPPED' : 'QUEUED',
      errorKey: skipped,
      nextAttemptAt: skipped ? null : sendableAt(now, this.settings.timeZone, urgent, this.quiet),
      dedupeKey: d.dedupeKey ?? null,
      searchText: `${c.primaryPhone} ${c.name} ${ticket}`.toLowerCase(),
    };
  }

  /** The messages of a request's moments: registered (or a filter due), assigned, completed. */
  requestSubscriber(): RequestEventSubscriber {
    return {
      name: 'customer-messages',
      on: async (tx: Tx, event: RequestEvent) => {
        const facts = await repo.requestFacts(tx, event.requestIds);
        await this.enqueue(
          tx,
          facts.map((f) => this.draftOf(event.moment, f)),
        );
      },
    };
  }

  /** An AMC ending in 30 or 7 days (the maintenance run's renewal reminders call this). */
  async amcReminder(tx: Tx, contractId: string, daysBefore: number): Promise<void> {
    const c = await repo.contractFacts(tx, contractId);
    if (!c) return;
    await this.enqueue(tx, [
      {
        customerId: c.customerId,
        requestId: null,
        template: 'amcExpiring',
        dedupeKey: `amc:${contractId}:${daysBefore}`,
        params: (lng) => ({ product: c.product, ends: dayIn(c.endsOn, lng, this.settings.timeZone) }),
      },
    ]);
  }

  private draftOf(moment: RequestEvent['moment'], f: repo.RequestFacts): MessageDraft {
    const tz = this.settings.timeZone;
    const base = { customerId: f.customerId, requestId: f.id, ticketNo: f.ticketNo };
    const ticket = formatTicket(f.ticketNo);
    if (moment === 'assigned') {
      return {
        ...base,
        template: 'technicianAssigned',
        params: (lng) => ({
          ticket,
          technician: (f.technician ?? '').split(' ')[0] ?? '',
          day: dayIn(f.assignedAt ?? new Date(), lng, tz),
        }),
      };
    }
    if (moment === 'completed') {
      return {
        ...base,
        template: 'jobCompleted',
        params: () => ({ ticket, link: this.settings.jobSheetUrl(f.id) }),
      };
    }
    // Raised by the maintenance schedule: the filter (or the AMC visit) falls due.
    if (sourceOf(f.job) === 'SCHEDULE' && f.job?.kind === 'maintenance') {
      const job = f.job;
      return {
        ...base,
        template: 'filterDue',
        dedupeKey: `due:${f.id}`,
        params: (lng) => ({ product: f.product ?? job.product ?? '', due: dayIn(job.dueOn, lng, tz) }),
      };
    }
    return { ...base, template: 'requestRegistered', params: () => ({ ticket }) };
  }
}
