/**
 * How a message leaves AquaDesk (issue 35 item 6, ADR 046), by `MESSAGE_DRIVER`:
 * - `log` (default): nothing leaves; the message is marked SENT with a `log-…` id, so the demo's
 *   Messages screen shows what would have been sent.
 * - `webhook`: POSTs the message as JSON to MESSAGE_WEBHOOK_URL for any gateway, signed with
 *   `X-AquaDesk-Signature: sha256=<hex HMAC-SHA256 of the raw body with MESSAGE_WEBHOOK_SECRET>`.
 * - `whatsapp-cloud`: the WhatsApp Business Cloud API's template messages (WHATSAPP_TOKEN,
 *   WHATSAPP_PHONE_ID); the approved templates are named `aquadesk_<template in snake case>`
 *   and take the template's placeholders as positional body parameters. An SMS goes to the
 *   webhook when one is set, else fails with the reason.
 * A 2xx is sent; a 4xx is final (FAILED, no retry) except 408 and 429; a 5xx, a timeout or a
 * refused connection is retried with backoff.
 */
import { createHmac } from 'node:crypto';
import { MESSAGE_TEMPLATES, type MessageChannel, type MessageTemplateKey } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export interface OutgoingMessage {
  id: string;
  channel: MessageChannel;
  to: string;
  template: MessageTemplateKey;
  language: Locale;
  params: Record<string, string>;
  text: string;
}

export type SendResult = { ok: true; providerMessageId: string } | { ok: false; retry: boolean; error: string };

export interface MessageDriver {
  readonly name: string;
  send(message: OutgoingMessage): Promise<SendResult>;
}

export interface DriverSettings {
  driver: 'log' | 'webhook' | 'whatsapp-cloud';
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
  whatsappToken?: string | undefined;
  whatsappPhoneId?: string | undefined;
  whatsappApiUrl: string;
  timeoutMs: number;
}

export const SIGNATURE_HEADER = 'x-aquadesk-signature';

/** `sha256=<hex>` of the raw body with the secret: what the webhook sends and the status webhook checks. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

class LogDriver implements MessageDriver {
  readonly name = 'log';
  async send(m: OutgoingMessage): Promise<SendResult> {
    return { ok: true, providerMessageId: `log-${m.id}` };
  }
}

/** POST JSON, classify the answer; `idOf` reads the provider's message id from a 2xx body. */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  idOf: (json: unknown) => string | undefined,
): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    return {
      ok: false,
      retry: true,
      error: name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : String((err as Error).message),
    };
  }
  const text = await res.text().catch(() => '');
  if (res.ok) {
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const id = idOf(json);
    if (!id) return { ok: false, retry: true, error: `HTTP ${res.status} without a message id` };
    return { ok: true, providerMessageId: id.slice(0, 200) };
  }
  const retry = res.status >= 500 || res.status === 408 || res.status === 429;
  return { ok: false, retry, error: `HTTP ${res.status}: ${text.slice(0, 300)}` };
}

class WebhookDriver implements MessageDriver {
  readonly name = 'webhook';
  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly timeoutMs: number,
  ) {}

  send(m: OutgoingMessage): Promise<SendResult> {
    const body = JSON.stringify({
      id: m.id,
      channel: m.channel,
      to: m.to,
      template: m.template,
      language: m.language,
      params: m.params,
      text: m.text,
    });
    return post(this.url, { [SIGNATURE_HEADER]: signBody(this.secret, body) }, body, this.timeoutMs, (json) => {
      const j = json as { id?: unknown; messageId?: unknown } | null;
      const id = j?.messageId ?? j?.id;
      return typeof id === 'string' && id ? id : `webhook-${m.id}`;
    });
  }
}

/** WhatsApp's language codes of our six. */
const WHATSAPP_LANGUAGE: Record<Locale, string> = { 'en-IN': 'en', hi: 'hi', ta: 'ta', te: 'te', kn: 'kn', ml: 'ml' };

/** requestRegistered → aquadesk_request_registered */
export function whatsappTemplateName(template: MessageTemplateKey): string {
  return `aquadesk_${template.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

class WhatsAppCloudDriver implements MessageDriver {
  readonly name = 'whatsapp-cloud';
  constructor(
    private readonly s: DriverSettings,
    private readonly sms: MessageDriver | null,
  ) {}

  send(m: OutgoingMessage): Promise<SendResult> {
    if (m.channel === 'SMS') {
      if (this.sms) return this.sms.send(m);
      return Promise.resolve({ ok: false, retry: false, error: 'No SMS gateway: set MESSAGE_WEBHOOK_URL' });
    }
    const order: readonly string[] = MESSAGE_TEMPLATES[m.template];
    const body = JSON.stringify({
      messaging_product: 'whatsapp',
      to: m.to.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: whatsappTemplateName(m.template),
        language: { code: WHATSAPP_LANGUAGE[m.language] },
        components: [{ type: 'body', parameters: order.map((p) => ({ type: 'text', text: m.params[p] ?? '' })) }],
      },
    });
    const url = `${this.s.whatsappApiUrl.replace(/\/$/, '')}/${this.s.whatsappPhoneId}/messages`;
    return post(url, { authorization: `Bearer ${this.s.whatsappToken}` }, body, this.s.timeoutMs, (json) => {
      const id = (json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      return typeof id === 'string' ? id : undefined;
    });
  }
}

export function driverFor(s: DriverSettings): MessageDriver {
  const webhook =
    s.webhookUrl && s.webhookSecret ? new WebhookDriver(s.webhookUrl, s.webhookSecret, s.timeoutMs) : null;
  if (s.driver === 'webhook') {
    if (!webhook) throw new Error('MESSAGE_DRIVER=webhook needs MESSAGE_WEBHOOK_URL and MESSAGE_WEBHOOK_SECRET');
    return webhook;
  }
  if (s.driver === 'whatsapp-cloud') {
    if (!s.whatsappToken || !s.whatsappPhoneId) {
      throw new Error('MESSAGE_DRIVER=whatsapp-cloud needs WHATSAPP_TOKEN and WHATSAPP_PHONE_ID');
    }
    return new WhatsAppCloudDriver(s, webhook);
  }
  return new LogDriver();
}
