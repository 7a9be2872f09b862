/**
 * The server's error texts as typed catalogue entries (ADR 022), built from the en-IN `server`
 * catalogue: `ERR.regionNotFound` is `{ key: 'error.regionNotFound', text: 'Region not found',
 * params: {} }`, and an entry with {{placeholders}} is a function of its parameters
 * (`ERR.imageTooLarge({ max: 5 })` → 'The image is too large: at most 5 MB'). The services throw
 * these (server/lib/errors.ts); the error handler sends `text` in English, exactly as the API
 * always has, and renders `key` with `params` in the reader's other language. A name the
 * catalogue lacks fails `tsc`; server-messages.test.ts checks that every entry's key and
 * placeholders are in all six catalogues.
 *
 * `ERR` holds the `error` section, the installed base's `maintenance.error` section (issue 21) and
 * the stock's `stock.error` (issue 37) under one name space (their names do not overlap; the test
 * checks it).
 */
import { statusLabel } from '../domain/format.ts';
import enServer from './locales/en-IN/server.json' with { type: 'json' };

/** A parameter: a value shown as is, or a word of the catalogue shown in the reader's language. */
export type CatalogueParam = string | number | CatalogueText;

/** A catalogue key with its parameters, and its English (en-IN) text. */
export interface CatalogueText {
  readonly key: string;
  readonly text: string;
  readonly params: Readonly<Record<string, CatalogueParam>>;
}

type ErrorName = keyof typeof enServer.error;
type MaintenanceErrorName = keyof typeof enServer.maintenance.error;
type StockErrorName = keyof typeof enServer.stock.error;
// Issue 38: reports (`reports.error`).
type ReportsErrorName = keyof typeof enServer.reports.error;
export type ServerMessageName = ErrorName | MaintenanceErrorName | StockErrorName | ReportsErrorName;

/**
 * The entries with placeholders and their names (JSON gives `tsc` no literal texts to read them
 * from); server-messages.test.ts checks this list against the catalogue.
 */
export const PLACEHOLDERS = {
  passwordTooShort: ['min'],
  nameTooShort: ['min'],
  nameTooLong: ['max'],
  phoneTooLong: ['max'],
  roleNameTooShort: ['min'],
  roleNameTooLong: ['max'],
  regionNameTooShort: ['min'],
  regionNameTooLong: ['max'],
  phoneDigits: ['digits'],
  addressTooShort: ['min'],
  addressTooLong: ['max'],
  tooManyPhones: ['max'],
  messageTooLong: ['max'],
  movedOnStatus: ['status'],
  descriptionTooShort: ['min'],
  descriptionTooLong: ['max'],
  commentsTooLong: ['max'],
  imageTooManyPixels: ['max'],
  imageTooLarge: ['max'],
  bodyTooDeep: ['max'],
  queuedMovedOn: ['status'],
  installedBeforeJob: ['date'],
  unitsPerJob: ['max'],
  contractOverlap: ['contract', 'startsOn', 'endsOn', 'nextStart'],
  backupFailed: ['error'],
  mergeTooMany: ['max'],
  mergeTooManyPhones: ['max'],
  mergeUndoExpired: ['days'],
  stickerPrivateUrl: ['url'],
  publicPhone: ['digits'],
  publicDescriptionLong: ['max'],
  otpExpired: ['minutes'],
  otpWrong: ['left'],
  otpTooManySends: ['max', 'minutes'],
  templatePlaceholders: ['names', 'allowed'],
  // Issue 37: spare parts and stock (`stock.error`).
  partInactive: ['sku'],
  locationInactive: ['location'],
  notAStore: ['location'],
  stockShort: ['onHand', 'sku', 'location'],
  transferMovedOn: ['status'],
  reverseShort: ['quantity', 'sku'],
  // Issue 37: suppliers and purchases (the invoice's file).
  invoiceTooLarge: ['max'],
  templateTextLong: ['max'],
} as const satisfies Partial<Record<ServerMessageName, readonly string[]>>;

type Placeholders = typeof PLACEHOLDERS;
type ParamsOf<N extends keyof Placeholders> = { readonly [P in Placeholders[N][number]]: CatalogueParam };

export type ServerMessages = {
  readonly [N in ServerMessageName]: N extends keyof Placeholders
    ? (params: ParamsOf<N>) => CatalogueText
    : CatalogueText;
};

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const HAS_PLACEHOLDER = /\{\{\s*\w+\s*\}\}/;

/** The English of a parameter: a catalogue word's en-IN text, else the value as text. */
const englishOf = (p: CatalogueParam): string => (typeof p === 'object' ? p.text : String(p));

/** The en-IN template with its parameters filled in. */
function fill(template: string, params: Readonly<Record<string, CatalogueParam>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const p = params[name];
    return p === undefined ? whole : englishOf(p);
  });
}

function entriesOf(section: string, values: Record<string, string>) {
  return Object.entries(values).map(([name, template]) => {
    const key = `${section}.${name}`;
    const entry = HAS_PLACEHOLDER.test(template)
      ? (params: Record<string, CatalogueParam>): CatalogueText => ({ key, text: fill(template, params), params })
      : ({ key, text: template, params: {} } satisfies CatalogueText);
    return [name, Object.freeze(entry)] as const;
  });
}

/** The server's error texts (see above). */
export const ERR: ServerMessages = Object.freeze(
  Object.fromEntries([
    ...entriesOf('error', enServer.error),
    ...entriesOf('maintenance.error', enServer.maintenance.error),
    ...entriesOf('stock.error', enServer.stock.error),
    // Issue 38: reports
    ...entriesOf('reports.error', enServer.reports.error),
  ]),
) as unknown as ServerMessages;

type RequestStatusName = keyof typeof enServer.requestStatus;

/**
 * A request's status as a parameter ("it is now {{status}}"): the catalogue's word for it, shown
 * in the reader's language; a value the catalogue does not name stays as the English shows it.
 */
export function requestStatusParam(status: string): CatalogueParam {
  const text = (enServer.requestStatus as Record<string, string>)[status];
  return text === undefined
    ? statusLabel(status)
    : { key: `requestStatus.${status as RequestStatusName}`, text, params: {} };
}
