/**
 * The Messages screen and the gateways' calls back (issue 35 items 5–7, ADR 046): the outbox's
 * pages with each message's text as rendered, a retry, the templates per language with their
 * placeholders checked on save, and the delivery reports and replies (STOP opts out).
 */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, invalid, notFound } from '#server/lib/errors.ts';
import { serverT } from '#server/lib/i18n.ts';
import { cappedWindow, containsPattern, type Window } from '#server/lib/paging.ts';
import type { MessageItem, MessageListQuery, MessageTemplateItem } from '#shared/contracts/messages.ts';
import {
  MESSAGE_TEMPLATE_KEYS,
  MESSAGE_TEMPLATES,
  type MessageChannel,
  type MessageStatus,
  type MessageTemplateKey,
  QUIET_HOURS,
  renderTemplate,
  unknownPlaceholders,
} from '#shared/domain/messages.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { type QuietHours, sendableAt } from './outbox.service.ts';
import * as repo from './repository.ts';
import { catalogueText } from './templates.ts';

export type GatewayReport =
  | { type: 'status'; providerMessageId: string; status: 'DELIVERED' | 'FAILED'; error?: string | null }
  | { type: 'reply'; from: string; text: string };

export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly wake: () => void,
    private readonly quiet: QuietHours = QUIET_HOURS,
  ) {}

  private async texts(): Promise<Map<string, { text: string; updatedAt: Date }>> {
    const rows = await repo.savedTemplates(this.db);
    return new Map(rows.map((r) => [`${r.template}:${r.language}`, { text: r.text, updatedAt: r.updatedAt }]));
  }

  private item(m: repo.MessageView, saved: Map<string, { text: string }>, reader: Locale): MessageItem {
    const text = saved.get(`${m.template}:${m.language}`)?.text ?? catalogueText(m.template, m.language);
    return {
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      customer: m.customerId && m.customerName ? { id: m.customerId, name: m.customerName } : null,
      request: m.requestId && m.ticketNo !== null ? { id: m.requestId, ticketNumber: formatTicket(m.ticketNo) } : null,
      template: m.template,
      language: m.language,
      params: m.params,
      text: renderTemplate(text, m.params),
      status: m.status,
      attempts: m.attempts,
      nextAttemptAt: m.nextAttemptAt?.toISOString() ?? null,
      providerMessageId: m.providerMessageId,
      error: m.errorKey ? serverT(reader, `error.${m.errorKey}`) : null,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      deliveredAt: m.deliveredAt?.toISOString() ?? null,
    };
  }

  async list(q: MessageListQuery, reader: Locale): Promise<{ items: MessageItem[]; total: number; window: Window }> {
    const filter: repo.MessageFilter = {
      status: q.status && q.status !== 'ALL' ? (q.status as MessageStatus) : undefined,
      channel: q.channel && q.channel !== 'ALL' ? (q.channel as MessageChannel) : undefined,
      pattern: q.search ? containsPattern(q.search.replace(/^\+91/, '')) : undefined,
    };
    const window = cappedWindow(q);
    const [rows, total, saved] = await Promise.all([
      repo.listMessages(this.db, filter, window),
      repo.countMessages(this.db, filter),
      this.texts(),
    ]);
    return { items: rows.map((m) => this.item(m, saved, reader)), total, window };
  }

  /**
   * Sends a FAILED or SKIPPED message again, now: a skipped one only when the customer has since
   * agreed to a channel (which it then goes by). 404 unknown, 409 otherwise.
   */
  async retry(actor: Actor, id: string, ip: string, reader: Locale): Promise<MessageItem> {
    await this.db.transaction(async (tx) => {
      const m = await repo.findMessage(tx, id);
      if (!m) throw notFound(ERR.messageNotFound);
      if (m.status !== 'FAILED' && m.status !== 'SKIPPED') throw conflict(ERR.messageNotRetryable);
      let channel = m.channel;
      if (m.template !== 'completionOtp') {
        const c = m.customerId ? await repo.consentOf(tx, m.customerId) : undefined;
        if (!c || (!c.whatsappOptIn && !c.smsOptIn)) throw conflict(ERR.messageNoConsent);
        channel = c.whatsappOptIn ? 'WHATSAPP' : 'SMS';
      }
      const at = sendableAt(new Date(), this.timeZone, m.template === 'completionOtp', this.quiet);
      if (!(await repo.requeue(tx, id, channel, at))) throw conflict(ERR.messageNotRetryable);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'message.retry',
        entityType: 'customer_message',
        entityId: id,
        ip,
        details: { from: m.status, channel },
      });
    });
    this.wake();
    const [m, saved] = await Promise.all([repo.findMessage(this.db, id), this.texts()]);
    return this.item(m as repo.MessageView, saved, reader);
  }

  /** Every template in every language: the saved text, else the catalogue's. */
  async templates(): Promise<MessageTemplateItem[]> {
    const saved = await this.texts();
    return MESSAGE_TEMPLATE_KEYS.flatMap((key) =>
      LOCALES.map((language) => {
        const s = saved.get(`${key}:${language}`);
        return {
          key,
          language,
          text: s?.text ?? catalogueText(key, language),
          placeholders: [...MESSAGE_TEMPLATES[key]],
          custom: !!s,
          updatedAt: s?.updatedAt.toISOString() ?? null,
        };
      }),
    );
  }

  /** Saves a template's text (null or '': back to the catalogue's); unknown placeholders are a 400. */
  async saveTemplate(
    actor: Actor,
    key: MessageTemplateKey,
    language: Locale,
    text: string | null,
    ip: string,
  ): Promise<MessageTemplateItem> {
    if (text) {
      const unknown = unknownPlaceholders(key, text);
      if (unknown.length > 0) {
        throw invalid(
          'text',
          ERR.templatePlaceholders({
            names: unknown.map((p) => `{{${p}}}`).join(', '),
            allowed: MESSAGE_TEMPLATES[key].map((p) => `{{${p}}}`).join(', '),
          }),
        );
      }
    }
    await this.db.transaction(async (tx) => {
      if (text) await repo.saveTemplate(tx, { template: key, language, text, updatedById: actor.id });
      else await repo.deleteTemplate(tx, key, language);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: text ? 'message.template' : 'message.template_reset',
        entityType: 'message_template',
        entityId: `${key}:${language}`,
        ip,
        details: { key, language },
      });
    });
    const all = await this.templates();
    return all.find((t) => t.key === key && t.language === language) as MessageTemplateItem;
  }

  /** A gateway's report: a delivery status by its message id, or a customer's reply (STOP opts out). */
  async report(r: GatewayReport): Promise<{ updated: number }> {
    if (r.type === 'status') {
      const id = await repo.reportStatus(this.db, r.providerMessageId, r.status, r.error ?? null);
      return { updated: id ? 1 : 0 };
    }
    const words = r.text.trim().toUpperCase();
    if (!/^(STOP|UNSUBSCRIBE|STOP ALL)$/.test(words)) return { updated: 0 };
    const digits = r.from.replace(/\D/g, '');
    const ten = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
    if (!/^\d{10}$/.test(ten)) return { updated: 0 };
    const ids = await repo.optOutPhone(this.db, ten);
    return { updated: ids.length };
  }
}
