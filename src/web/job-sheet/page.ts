/**
 * The page a job sheet's link opens (/j/<token>, issue 35 item 3, ADR 048): the business, the
 * ticket, the customer's name, the purifier, the work done with its times on site and the
 * technician's first name, the parts, the water readings, the before and after photos, the proof
 * of completion, a "Download PDF" link (the sheet in English) and Print. Nothing more of the
 * customer is ever on it (the server sends nothing more).
 *
 * It opens in the customer's language (the answer's `language`, set by the office), unless the
 * person on this device chose one on an AquaDesk page before; the switcher changes it and
 * remembers the choice. Plain DOM like the QR page (public-unit/page.ts): the state lives here
 * and the screen is rebuilt from it when it changes, the focus put where the change is.
 */
import type { PublicJobSheet } from '#shared/contracts/job-sheets.ts';
import { formatPhone, telHref } from '#shared/domain/phone.ts';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale, matchLocale } from '#shared/i18n/locales.ts';
import { h, icon } from '../public-unit/dom.ts';
import { type Loaded, loadSheet, pdfUrl } from './api.ts';
import {
  type Catalogue,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  loadCatalogue,
  rememberLocale,
  sameDay,
  type Translate,
  translator,
} from './i18n.ts';

type Screen =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'limited'; message: string | null }
  | { kind: 'failed'; network: boolean }
  | { kind: 'ready'; sheet: PublicJobSheet };

/** A token: 48 URL-safe characters (server/lib/job-sheet-links.ts). */
const TOKEN_RE = /^[A-Za-z0-9_-]{48}$/;

/**
 * The words of the "could not load" screen when even the language's catalogue could not be
 * fetched: en-IN's, the only words the page's script carries. Pairs, not props: these are the
 * catalogue's entries (locales/en-IN.json), held here on purpose (as the QR page does).
 */
const OFFLINE_WORDS: [string, string][] = [
  ['language', 'Language'],
  ['offline.title', 'Could not load this page'],
  ['offline.body', 'Check your internet connection and try again.'],
  ['error.server', 'Something went wrong. Please try again.'],
  ['error.retry', 'Try again'],
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
const DOWNLOAD_ICON = 'M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z';
const PRINT_ICON =
  'M19 8H5c-1.7 0-3 1.3-3 3v6h4v4h12v-4h4v-6c0-1.7-1.3-3-3-3zm-3 11H8v-5h8zm3-7c-.6 0-1-.4-1-1s.4-1 1-1 1 .4 1 1-.4 1-1 1zm-1-9H6v4h12z';
const WARNING_ICON = 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z';

/** A phone number kept on one line ("98400 12345" never broken at its space). */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** The token in a job sheet's path (/j/<token>), or null when it cannot be one. */
export function tokenFromPath(pathname: string): string | null {
  const m = /^\/j\/([^/]+)\/?$/.exec(pathname);
  return m?.[1] && TOKEN_RE.test(m[1]) ? m[1] : null;
}

/** The first of the browser's languages that is one of the six, else en-IN. */
function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return 'en-IN';
}

export class JobSheetPage {
  private t: Translate = translator(offlineCatalogue());
  private screen: Screen = { kind: 'loading' };
  private locale: Locale;

  constructor(
    private readonly doc: Document,
    private readonly token: string | null,
    /** The language this device's person chose before, if any: it wins over the customer's. */
    private readonly chosen: Locale | null,
    languages?: readonly string[],
  ) {
    this.locale = chosen ?? browserLocale(languages);
  }

  /**
   * Fetches the sheet and a catalogue together (the chosen language's, else the browser's as a
   * guess), then the customer's language's if the guess missed, and draws the page.
   */
  async start(): Promise<void> {
    const [guess, loaded] = await Promise.all([loadCatalogue(this.locale).catch(() => null), this.load()]);
    let catalogue = guess;
    if (
      loaded.kind === 'ok' &&
      !this.chosen &&
      isLocale(loaded.sheet.language) &&
      loaded.sheet.language !== this.locale
    ) {
      const own = await loadCatalogue(loaded.sheet.language).catch(() => null);
      if (own) {
        catalogue = own;
        this.locale = loaded.sheet.language;
      }
    }
    if (catalogue) this.t = translator(catalogue);
    this.screen = !catalogue
      ? { kind: 'failed', network: true }
      : loaded.kind === 'ok'
        ? { kind: 'ready', sheet: loaded.sheet }
        : loaded;
    this.render();
  }

  private load(): Promise<Loaded> {
    return this.token ? loadSheet(this.token, this.locale) : Promise.resolve({ kind: 'notFound' });
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
    if (this.screen.kind === 'failed' && this.token) {
      await this.reload();
      return;
    }
    this.render('lang');
  }

  private async reload(): Promise<void> {
    this.screen = { kind: 'loading' };
    this.render();
    if (this.t('loading') === 'loading') {
      const catalogue = await loadCatalogue(this.locale).catch(() => null);
      if (catalogue) this.t = translator(catalogue);
    }
    const loaded = await this.load();
    this.screen = loaded.kind === 'ok' ? { kind: 'ready', sheet: loaded.sheet } : loaded;
    this.render('h1');
  }

  // ---- drawing -----------------------------------------------------------------------------

  /** Draws the page from the state, then moves the focus to `focus` (none on the first draw). */
  render(focus?: 'lang' | 'h1'): void {
    const { doc, t } = this;
    doc.documentElement.lang = this.locale;
    const screen = this.screen;
    const sheet = screen.kind === 'ready' ? screen.sheet : null;
    const brand = doc.getElementById('brand');
    if (brand) brand.textContent = sheet?.serviceName ?? 'AquaDesk';
    doc.title = sheet
      ? t('title', { service: sheet.serviceName, ticket: sheet.ticketNumber })
      : screen.kind === 'notFound'
        ? t('notFound.title')
        : 'AquaDesk';
    doc.getElementById('language-slot')?.replaceChildren(...this.languagePicker());
    doc.getElementById('main')?.replaceChildren(...this.screenContent());
    if (focus === 'lang') doc.getElementById('lang')?.focus();
    else if (focus === 'h1') doc.querySelector<HTMLElement>('h1')?.focus();
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

  private message(title: string, body: string, retry = false): Node[] {
    return [
      h(
        'section',
        { class: 'card' },
        h('h1', { tabindex: '-1' }, title),
        h('p', {}, body),
        retry
          ? h('button', { type: 'button', class: 'button', onclick: () => void this.reload() }, this.t('error.retry'))
          : null,
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
        return this.message(t('notFound.title'), t('notFound.body'));
      case 'limited':
        return this.message(t('limited.title'), screen.message ?? t('limited.body'));
      case 'failed':
        return this.message(t('offline.title'), screen.network ? t('offline.body') : t('error.server'), true);
      case 'ready':
        return this.sheet(screen.sheet);
    }
  }

  private sheet(s: PublicJobSheet): Node[] {
    const { t, locale } = this;
    const fact = (label: string, value: string) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
    const card = (id: string, title: string, ...children: (Node | Node[] | null)[]) =>
      h('section', { class: 'card', 'aria-labelledby': id }, h('h2', { id }, title), ...children);
    const replaced = s.parts.filter((p) => p.replaced);
    const spare = s.parts.filter((p) => !p.replaced);
    return [
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'sheet-title' },
        h('h1', { id: 'sheet-title', tabindex: '-1' }, t('sheet.heading', { ticket: s.ticketNumber })),
        h(
          'dl',
          { class: 'facts' },
          fact(t('sheet.customer'), s.customer.name),
          fact(t('sheet.type'), t(`type.${s.type}`)),
          fact(t('sheet.status'), t(`status.${s.status}`)),
          s.completedAt ? fact(t('sheet.completed'), formatDateTime(s.completedAt, locale)) : null,
        ),
      ),
      s.unit
        ? card(
            'unit-title',
            t('unit.title'),
            h('p', { class: 'strong' }, `${s.unit.brand} ${s.unit.product}`),
            h('dl', { class: 'facts' }, fact(t('unit.serial'), s.unit.serial)),
          )
        : null,
      card(
        'work-title',
        t('work.title'),
        s.visits.length === 0
          ? h('p', { class: 'muted' }, t('work.none'))
          : h(
              'ul',
              { class: 'list' },
              s.visits.map((v) =>
                h(
                  'li',
                  {},
                  h('p', { class: 'strong' }, `${t('work.technician')}: ${v.technician}`),
                  h('p', { class: 'muted' }, this.visitTimes(v.startTime, v.endTime)),
                  v.notes ? h('p', { class: 'notes' }, v.notes) : null,
                ),
              ),
            ),
        s.visits.length
          ? h(
              'dl',
              { class: 'facts' },
              fact(
                t('work.timeOnSite'),
                t('work.duration', { hours: Math.floor(s.minutesOnSite / 60), minutes: s.minutesOnSite % 60 }),
              ),
            )
          : null,
      ),
      card(
        'parts-title',
        t('parts.title'),
        s.parts.length === 0
          ? h('p', { class: 'muted' }, t('parts.none'))
          : h(
              'dl',
              { class: 'facts single' },
              replaced.length ? fact(t('parts.replaced'), replaced.map((p) => p.name).join(', ')) : null,
              spare.length
                ? fact(
                    t('parts.spare'),
                    spare
                      .map((p) => t('parts.quantity', { name: p.name, count: formatNumber(p.quantity, locale) }))
                      .join(', '),
                  )
                : null,
            ),
      ),
      card(
        'readings-title',
        t('readings.title'),
        s.readings.length === 0
          ? h('p', { class: 'muted' }, t('readings.none'))
          : s.readings.map((r) => {
              const mgl = (v: number) => t('readings.mgl', { value: formatNumber(v, locale) });
              return h(
                'div',
                { class: 'reading' },
                h('p', { class: 'muted' }, formatDateTime(r.takenAt, locale)),
                h(
                  'dl',
                  { class: 'facts' },
                  fact(t('readings.tdsIn'), mgl(r.tdsIn)),
                  fact(t('readings.tdsOut'), mgl(r.tdsOut)),
                  r.rejection !== null ? fact(t('readings.rejection'), `${formatNumber(r.rejection, locale)}%`) : null,
                  r.ph !== null ? fact(t('readings.ph'), formatNumber(r.ph, locale)) : null,
                  r.hardness !== null ? fact(t('readings.hardness'), mgl(r.hardness)) : null,
                ),
                r.flags.map((f) =>
                  h('p', { class: 'flag' }, icon(WARNING_ICON, 18), h('span', {}, t(`readings.flag.${f}`))),
                ),
              );
            }),
      ),
      s.photos.length ? card('photos-title', t('photos.title'), this.photos(s)) : null,
      card('proof-title', t('proof.title'), h('p', {}, this.proof(s))),
      this.actions(s),
      h('p', { class: 'note' }, t('sheet.validUntil', { date: formatDate(s.expiresAt, locale) })),
    ].filter((n): n is HTMLElement => n !== null);
  }

  private visitTimes(start: string, end: string | null): string {
    const { t, locale } = this;
    const to = end
      ? sameDay(start, end)
        ? formatTime(end, locale)
        : formatDateTime(end, locale)
      : t('work.stillOnSite');
    return t('work.visit', { from: formatDateTime(start, locale), to });
  }

  private photos(s: PublicJobSheet): Node[] {
    const { t } = this;
    return (['BEFORE', 'AFTER'] as const).flatMap((kind) => {
      const shots = s.photos.filter((p) => p.kind === kind);
      if (!shots.length) return [];
      return [
        h('h3', {}, t(`photos.${kind}`)),
        h(
          'div',
          { class: 'photos' },
          shots.map((p, i) =>
            h('img', {
              src: p.url,
              alt: t('photos.alt', { kind: t(`photos.${kind}`), n: i + 1 }),
              loading: 'lazy',
              decoding: 'async',
              width: 160,
              height: 160,
            }),
          ),
        ),
      ];
    });
  }

  private proof(s: PublicJobSheet): string {
    const { t, locale } = this;
    const p = s.proof;
    if (!p) return t('proof.none');
    const date = formatDateTime(p.confirmedAt, locale);
    if (p.kind === 'OTP') return t('proof.OTP', { date });
    return p.signedBy ? t('proof.SIGNATURE', { name: p.signedBy, date }) : t('proof.signedNoName', { date });
  }

  private actions(s: PublicJobSheet): HTMLElement {
    const { t } = this;
    return h(
      'div',
      { class: 'card actions' },
      h(
        'div',
        { class: 'buttons' },
        this.token
          ? h(
              'a',
              { class: 'button primary', href: pdfUrl(this.token), download: `job-sheet-${s.ticketNumber}.pdf` },
              icon(DOWNLOAD_ICON, 20),
              h('span', {}, t('actions.pdf')),
            )
          : null,
        h(
          'button',
          { type: 'button', class: 'button', onclick: () => this.doc.defaultView?.print() },
          icon(PRINT_ICON, 20),
          h('span', {}, t('actions.print')),
        ),
      ),
      h('p', { class: 'muted small' }, t('actions.pdfNote')),
      s.supportPhone
        ? h(
            'p',
            { class: 'help' },
            t('actions.help'),
            h(
              'a',
              { class: 'button call', href: telHref(s.supportPhone) },
              icon(PHONE_ICON, 20),
              h('span', {}, t('actions.call', { phone: unbroken(formatPhone(s.supportPhone)) })),
            ),
          )
        : null,
    );
  }
}
