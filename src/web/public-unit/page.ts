/**
 * The page a unit's QR sticker opens (/s/<code>, issue 36 items 4–5, ADR 043): the business, the
 * purifier (brand and model, installed on, last service, next due), the support phone, the unit's
 * open tickets, and a form a customer fills in on a phone: what is wrong (six tiles), a
 * description, a phone to call back, whether to send updates on WhatsApp, a time of day. No name,
 * address or phone of the customer is ever on it (the server sends none).
 *
 * Plain DOM: the state lives here and the screen is rebuilt from it when something a person did
 * changes it (an answer, a check, a language), with the focus put where the change is (the first
 * error, the alert, the success heading); typing only updates the state and its field.
 */
import type { PublicUnit } from '#shared/contracts/public-units.ts';
import { formatPhone, telHref } from '#shared/domain/phone.ts';
import { PREFERRED_TIMES, PUBLIC_CODE_RE, PUBLIC_DESCRIPTION_MAX, QR_PROBLEMS } from '#shared/domain/public-unit.ts';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { loadUnit, type Sent, sendRequest } from './api.ts';
import { h, icon } from './dom.ts';
import { checkForm, emptyForm, FIELDS, type Field, type FormValues, normalisePhone, toBody } from './form.ts';
import { type Catalogue, formatDay, loadCatalogue, rememberLocale, type Translate, translator } from './i18n.ts';

type Screen =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'limited'; message: string | null }
  | { kind: 'failed'; network: boolean }
  | { kind: 'ready'; unit: PublicUnit };

/** A text to show: a catalogue key (translated again when the language changes) or the server's words. */
type Said = { key: string } | { text: string };

type Focus = 'lang' | 'h1' | 'form' | 'done' | 'alert' | Field;

/**
 * The words of the "could not load" screen when even the language's catalogue could not be
 * fetched (the connection dropped after the page came): en-IN's, the only words the page's script
 * carries, so that screen never shows bare keys. Pairs, not props: these are the catalogue's
 * entries (locales/en-IN.json), held here on purpose.
 */
const OFFLINE_WORDS: [string, string][] = [
  ['offline.title', 'Could not load this page'],
  ['offline.body', 'Check your internet connection and try again.'],
  ['error.retry', 'Try again'],
  ['language', 'Language'],
];
const offlineCatalogue = (): Catalogue => {
  const out: Record<string, Record<string, string> | string> = {};
  for (const [key, text] of OFFLINE_WORDS) {
    const [group, name] = key.split('.') as [string, string | undefined];
    if (name === undefined) out[group] = text;
    else out[group] = { ...(out[group] as Record<string, string> | undefined), [name]: text };
  }
  return out;
};

const PHONE_ICON =
  'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z';
const TICK_ICON = 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z';

/** A phone number kept on one line ("98400 12345" never broken at its space). */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** The code in a sticker's path (/s/<code>), or null when it cannot be one. */
export function codeFromPath(pathname: string): string | null {
  const m = /^\/s\/([^/]+)\/?$/.exec(pathname);
  if (!m?.[1]) return null;
  let code: string;
  try {
    code = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  return PUBLIC_CODE_RE.test(code) ? code : null;
}

export class QrPage {
  private t: Translate = translator(offlineCatalogue());
  private screen: Screen = { kind: 'loading' };
  private form: FormValues = emptyForm();
  private errors: Partial<Record<Field, Said>> = {};
  private alert: Said | null = null;
  private sending = false;
  private created: { ticketNumber: string; phone: string } | null = null;

  constructor(
    private readonly doc: Document,
    private readonly code: string | null,
    private locale: Locale,
  ) {}

  /** Fetches the language's words and the unit together, then draws the page. */
  async start(): Promise<void> {
    const [catalogue, loaded] = await Promise.all([
      loadCatalogue(this.locale).catch(() => null),
      this.code ? loadUnit(this.code, this.locale) : Promise.resolve({ kind: 'notFound' as const }),
    ]);
    if (catalogue) this.t = translator(catalogue);
    this.screen = !catalogue
      ? { kind: 'failed', network: true }
      : loaded.kind === 'ok'
        ? { kind: 'ready', unit: loaded.unit }
        : loaded;
    this.render();
  }

  // ---- what a person does ------------------------------------------------------------------

  private async changeLanguage(next: string): Promise<void> {
    if (!isLocale(next) || next === this.locale) return;
    const catalogue = await loadCatalogue(next).catch(() => null);
    if (!catalogue) {
      // Not fetched (no connection): the page stays in its language.
      const select = this.doc.getElementById('lang') as HTMLSelectElement | null;
      if (select) select.value = this.locale;
      return;
    }
    this.locale = next;
    this.t = translator(catalogue);
    rememberLocale(next);
    if (this.screen.kind === 'failed' && this.code) {
      await this.reload();
      return;
    }
    this.render('lang');
  }

  private async reload(): Promise<void> {
    this.screen = { kind: 'loading' };
    this.render();
    if (!this.catalogueLoaded()) {
      const catalogue = await loadCatalogue(this.locale).catch(() => null);
      if (catalogue) this.t = translator(catalogue);
    }
    const loaded = this.code ? await loadUnit(this.code, this.locale) : ({ kind: 'notFound' } as const);
    this.screen = loaded.kind === 'ok' ? { kind: 'ready', unit: loaded.unit } : loaded;
    this.render('h1');
  }

  /** Whether the language's own catalogue is in (not only the offline words). */
  private catalogueLoaded(): boolean {
    return this.t('form.submit') !== 'form.submit';
  }

  private setValue(field: Exclude<keyof FormValues, 'whatsappUpdates'>, value: string): void {
    this.form[field] = value;
    if (field === 'description') this.updateCount();
    if (field === 'problem') this.updateOptional();
    // A field marked wrong is checked again as it changes: its message goes once it is right (the
    // problem decides whether a description is needed).
    const recheck: Field[] = field === 'problem' ? ['problem', 'description'] : field === 'website' ? [] : [field];
    for (const f of recheck) {
      if (!this.errors[f]) continue;
      const fault = checkForm(this.form)[f];
      this.errors[f] = fault ? { key: `error.${fault}` } : undefined;
      this.showFieldError(f);
    }
  }

  private async submit(): Promise<void> {
    if (this.sending || !this.code) return;
    const faults = checkForm(this.form);
    this.alert = null;
    this.errors = {};
    for (const f of FIELDS) {
      const fault = faults[f];
      if (fault) this.errors[f] = { key: `error.${fault}` };
    }
    const first = FIELDS.find((f) => this.errors[f]);
    if (first) {
      this.render(first);
      return;
    }
    this.setSending(true);
    const phone = normalisePhone(this.form.phone);
    const sent = await sendRequest(this.code, this.locale, toBody(this.form));
    this.sending = false;
    this.afterSend(sent, phone);
  }

  private afterSend(sent: Sent, phone: string): void {
    switch (sent.kind) {
      case 'created':
        this.created = { ticketNumber: sent.created.ticketNumber, phone };
        this.form = emptyForm();
        this.render('done');
        // The new ticket joins the unit's open ones.
        void this.refreshTickets();
        return;
      case 'invalid': {
        const unknown: string[] = [];
        for (const fault of sent.errors) {
          const field = fault.field.split('.')[0] as Field;
          if (FIELDS.includes(field)) this.errors[field] ??= { text: fault.message };
          else unknown.push(fault.message);
        }
        const first = FIELDS.find((f) => this.errors[f]);
        if (first && unknown.length === 0) {
          this.render(first);
          return;
        }
        this.alert = unknown[0]
          ? { text: unknown[0] }
          : sent.message
            ? { text: sent.message }
            : { key: 'error.server' };
        this.render('alert');
        return;
      }
      case 'notFound':
        this.screen = { kind: 'notFound' };
        this.render('h1');
        return;
      case 'limited':
        this.alert = sent.message ? { text: sent.message } : { key: 'limited.body' };
        this.render('alert');
        return;
      case 'failed':
        this.alert = { key: sent.network ? 'error.network' : 'error.server' };
        this.render('alert');
        return;
    }
  }

  private async refreshTickets(): Promise<void> {
    if (!this.code) return;
    const loaded = await loadUnit(this.code, this.locale);
    if (loaded.kind !== 'ok' || this.screen.kind !== 'ready') return;
    this.screen = { kind: 'ready', unit: loaded.unit };
    const slot = this.doc.getElementById('tickets-slot');
    slot?.replaceChildren(...this.ticketsCard(loaded.unit));
  }

  private another(): void {
    this.created = null;
    this.errors = {};
    this.alert = null;
    this.render('form');
  }

  // ---- drawing -----------------------------------------------------------------------------

  private say(said: Said | null | undefined): string {
    if (!said) return '';
    return 'key' in said ? this.t(said.key, { max: PUBLIC_DESCRIPTION_MAX }) : said.text;
  }

  /** Draws the page from the state, then moves the focus to `focus` (none on the first draw). */
  render(focus?: Focus): void {
    const { doc, t } = this;
    doc.documentElement.lang = this.locale;
    const screen = this.screen;
    const service = screen.kind === 'ready' ? screen.unit.serviceName : null;
    const brand = doc.getElementById('brand');
    if (brand) brand.textContent = service ?? 'AquaDesk';
    doc.title =
      screen.kind === 'ready' && service
        ? t('title', { service })
        : screen.kind === 'notFound'
          ? t('notFound.title')
          : 'AquaDesk';
    doc.getElementById('language-slot')?.replaceChildren(...this.languagePicker());
    const main = doc.getElementById('main');
    if (!main) return;
    main.replaceChildren(...this.screenContent());
    if (screen.kind === 'ready') {
      for (const f of FIELDS) this.showFieldError(f);
      this.updateCount();
    }
    if (focus) this.focus(focus);
  }

  private languagePicker(): Node[] {
    return [
      h('label', { for: 'lang', class: 'sr-only' }, this.t('language')),
      h(
        'select',
        { id: 'lang', class: 'lang', onchange: (e) => void this.changeLanguage((e.target as HTMLSelectElement).value) },
        LOCALES.map((l) => h('option', { value: l, lang: l, selected: l === this.locale }, LOCALE_NAMES[l])),
      ),
    ];
  }

  private screenContent(): Node[] {
    const { t } = this;
    const screen = this.screen;
    switch (screen.kind) {
      case 'loading':
        return [h('div', { class: 'card', role: 'status' }, h('p', { class: 'loading' }, t('loading')))];
      case 'notFound':
        return [
          h(
            'section',
            { class: 'card' },
            h('h1', { tabindex: '-1' }, t('notFound.title')),
            h('p', {}, t('notFound.body')),
          ),
        ];
      case 'limited':
        return [
          h(
            'section',
            { class: 'card' },
            h('h1', { tabindex: '-1' }, t('limited.title')),
            h('p', {}, screen.message ?? t('limited.body')),
          ),
        ];
      case 'failed':
        return [
          h(
            'section',
            { class: 'card' },
            h('h1', { tabindex: '-1' }, t('offline.title')),
            h('p', {}, screen.network ? t('offline.body') : t('error.server')),
            h('button', { type: 'button', class: 'button', onclick: () => void this.reload() }, t('error.retry')),
          ),
        ];
      case 'ready':
        return [
          this.unitCard(screen.unit),
          h('div', { id: 'tickets-slot' }, ...this.ticketsCard(screen.unit)),
          this.created ? this.doneCard(this.created) : this.formCard(),
        ];
    }
  }

  private unitCard(unit: PublicUnit): HTMLElement {
    const { t, locale } = this;
    const fact = (label: string, value: string) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
    return h(
      'section',
      { class: 'card', 'aria-labelledby': 'unit-title' },
      h('p', { class: 'eyebrow' }, t('unit.your')),
      h('h1', { id: 'unit-title', tabindex: '-1' }, `${unit.product.brand} ${unit.product.name}`),
      h(
        'dl',
        { class: 'facts' },
        fact(t('unit.installedOn'), formatDay(unit.installedOn, locale)),
        fact(t('unit.lastService'), unit.lastServiceOn ? formatDay(unit.lastServiceOn, locale) : t('unit.none')),
        fact(t('unit.nextDue'), unit.nextDueOn ? formatDay(unit.nextDueOn, locale) : '—'),
      ),
      unit.supportPhone
        ? h(
            'p',
            { class: 'help' },
            t('unit.help'),
            h(
              'a',
              { class: 'button call', href: telHref(unit.supportPhone) },
              icon(PHONE_ICON, 20),
              h('span', {}, t('unit.call', { phone: unbroken(formatPhone(unit.supportPhone)) })),
            ),
          )
        : null,
    );
  }

  private ticketsCard(unit: PublicUnit): Node[] {
    const { t, locale } = this;
    if (unit.openTickets.length === 0) return [];
    return [
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'tickets-title' },
        h('h2', { id: 'tickets-title' }, t('tickets.title')),
        h(
          'ul',
          { class: 'tickets' },
          unit.openTickets.map((ticket) =>
            h(
              'li',
              {},
              h('span', { class: 'ticket' }, ticket.ticketNumber),
              h('span', { class: 'chip' }, t(`status.${ticket.status}`)),
              h('span', { class: 'when' }, t('tickets.raisedOn', { date: formatDay(ticket.raisedOn, locale) })),
            ),
          ),
        ),
      ),
    ];
  }

  private formCard(): HTMLElement {
    const { t, form } = this;
    const radio = (name: 'problem' | 'preferredTime', value: string, label: string) =>
      h(
        'label',
        { class: 'tile' },
        h('input', {
          type: 'radio',
          name,
          value,
          checked: form[name] === value,
          onchange: () => this.setValue(name, value),
        }),
        h('span', {}, label),
      );
    return h(
      'section',
      { class: 'card', 'aria-labelledby': 'form-title' },
      h('h2', { id: 'form-title', tabindex: '-1' }, t('form.title')),
      h('p', { class: 'muted' }, t('form.intro')),
      h(
        'form',
        {
          novalidate: true,
          onsubmit: (e) => {
            e.preventDefault();
            void this.submit();
          },
        },
        h(
          'fieldset',
          { id: 'problem-group' },
          h('legend', {}, t('form.problem')),
          h(
            'div',
            { class: 'tiles problems' },
            QR_PROBLEMS.map((p) => radio('problem', p, t(`problem.${p}`))),
          ),
          h('p', { id: 'problem-error', class: 'error', hidden: true }),
        ),
        h(
          'div',
          { class: 'field' },
          h(
            'label',
            { for: 'description', class: 'label' },
            t('form.description'),
            ' ',
            h('span', { class: 'optional', id: 'description-optional' }),
          ),
          h('textarea', {
            id: 'description',
            name: 'description',
            rows: 4,
            maxlength: PUBLIC_DESCRIPTION_MAX,
            value: form.description,
            oninput: (e) => this.setValue('description', (e.target as HTMLTextAreaElement).value),
          }),
          h('p', { id: 'description-error', class: 'error', hidden: true }),
          h('p', { id: 'description-hint', class: 'hint' }, t('form.descriptionHint')),
          h('p', { id: 'description-count', class: 'count' }),
        ),
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'phone', class: 'label' }, t('form.phone')),
          h('input', {
            id: 'phone',
            name: 'phone',
            type: 'tel',
            inputmode: 'numeric',
            autocomplete: 'tel',
            maxlength: 16,
            value: form.phone,
            oninput: (e) => this.setValue('phone', (e.target as HTMLInputElement).value),
          }),
          h('p', { id: 'phone-error', class: 'error', hidden: true }),
          h('p', { id: 'phone-hint', class: 'hint' }, t('form.phoneHint')),
        ),
        // Consent to WhatsApp (issue 35 item 5): unticked by default; the server takes it only from
        // the customer's primary phone and never says whether it did.
        h(
          'div',
          { class: 'field' },
          h(
            'label',
            { class: 'check' },
            h('input', {
              id: 'whatsappUpdates',
              name: 'whatsappUpdates',
              type: 'checkbox',
              checked: form.whatsappUpdates,
              'aria-describedby': 'whatsapp-hint',
              onchange: (e) => {
                this.form.whatsappUpdates = (e.target as HTMLInputElement).checked;
              },
            }),
            h('span', {}, t('form.whatsapp')),
          ),
          h('p', { id: 'whatsapp-hint', class: 'hint' }, t('form.whatsappHint')),
        ),
        h(
          'fieldset',
          { id: 'preferredTime-group' },
          h('legend', {}, t('form.time'), ' ', h('span', { class: 'optional' }, t('form.optional'))),
          h(
            'div',
            { class: 'tiles' },
            radio('preferredTime', '', t('form.anyTime')),
            PREFERRED_TIMES.map((p) => radio('preferredTime', p, t(`time.${p}`))),
          ),
          h('p', { id: 'preferredTime-error', class: 'error', hidden: true }),
        ),
        // The honeypot: hidden from people (off-screen, out of the tab order and the accessibility
        // tree); a bot that fills it is refused by the server.
        h(
          'div',
          { class: 'hp', 'aria-hidden': 'true' },
          h('label', { for: 'website' }, t('form.website')),
          h('input', {
            id: 'website',
            name: 'website',
            type: 'text',
            tabindex: '-1',
            autocomplete: 'off',
            value: form.website,
            oninput: (e) => this.setValue('website', (e.target as HTMLInputElement).value),
          }),
        ),
        this.alert
          ? h('div', { id: 'form-alert', class: 'alert', role: 'alert', tabindex: '-1' }, this.say(this.alert))
          : null,
        h(
          'button',
          { id: 'send', type: 'submit', class: 'button primary', disabled: this.sending },
          this.sending ? t('form.sending') : t('form.submit'),
        ),
      ),
      h('p', { class: 'note' }, t('form.privacy')),
    );
  }

  private doneCard(created: { ticketNumber: string; phone: string }): HTMLElement {
    const { t } = this;
    return h(
      'section',
      { class: 'card done', 'aria-labelledby': 'done-title' },
      h('span', { class: 'tick' }, icon(TICK_ICON, 28)),
      h('h2', { id: 'done-title', tabindex: '-1' }, t('done.title')),
      h('p', { class: 'muted', id: 'done-ticket-label' }, t('done.ticket')),
      h(
        'p',
        { class: 'big', 'aria-describedby': 'done-ticket-label', 'data-testid': 'ticket-number' },
        created.ticketNumber,
      ),
      h('p', {}, t('done.call', { phone: unbroken(formatPhone(created.phone)) })),
      h('p', { class: 'muted' }, t('done.keep')),
      h('button', { type: 'button', class: 'button', onclick: () => this.another() }, t('done.another')),
    );
  }

  // ---- in-place updates --------------------------------------------------------------------

  /** The controls of a field (a radio group's every radio). */
  private controls(field: Field): HTMLElement[] {
    if (field === 'problem' || field === 'preferredTime') {
      return [...this.doc.querySelectorAll<HTMLInputElement>(`input[name="${field}"]`)];
    }
    const el = this.doc.getElementById(field);
    return el ? [el] : [];
  }

  /** A field's error shown (or cleared): its text, aria-invalid, and the control's description. */
  private showFieldError(field: Field): void {
    const text = this.say(this.errors[field]);
    const error = this.doc.getElementById(`${field}-error`);
    if (error) {
      error.textContent = text;
      error.hidden = !text;
    }
    this.doc.getElementById(`${field}-group`)?.classList.toggle('invalid', !!text);
    const extra =
      field === 'description' ? ['description-hint', 'description-count'] : field === 'phone' ? ['phone-hint'] : [];
    const describedBy = [...(text ? [`${field}-error`] : []), ...extra].join(' ');
    for (const control of this.controls(field)) {
      if (text) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
      if (describedBy) control.setAttribute('aria-describedby', describedBy);
      else control.removeAttribute('aria-describedby');
    }
  }

  private updateCount(): void {
    const count = this.doc.getElementById('description-count');
    if (count) {
      count.textContent = this.t('form.count', { count: this.form.description.length, max: PUBLIC_DESCRIPTION_MAX });
    }
    this.updateOptional();
  }

  /** "(optional)" beside the description, except for "Something else", which needs one. */
  private updateOptional(): void {
    const optional = this.doc.getElementById('description-optional');
    if (optional) optional.textContent = this.form.problem === 'OTHER' ? '' : this.t('form.optional');
  }

  private setSending(sending: boolean): void {
    this.sending = sending;
    const button = this.doc.getElementById('send') as HTMLButtonElement | null;
    if (button) {
      button.disabled = sending;
      button.textContent = sending ? this.t('form.sending') : this.t('form.submit');
    }
  }

  private focus(target: Focus): void {
    const { doc } = this;
    let el: HTMLElement | null = null;
    if (target === 'lang') el = doc.getElementById('lang');
    else if (target === 'h1') el = doc.querySelector('h1');
    else if (target === 'form') el = doc.getElementById('form-title');
    else if (target === 'done') el = doc.getElementById('done-title');
    else if (target === 'alert') el = doc.getElementById('form-alert');
    else {
      const controls = this.controls(target);
      el = controls.find((c) => (c as HTMLInputElement).checked) ?? controls[0] ?? null;
    }
    el?.focus();
  }
}
