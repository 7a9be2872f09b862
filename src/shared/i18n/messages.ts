/**
 * Server words (ADR 022): error, validation and notification texts live in the `server` catalogue,
 * whose en-IN values are exactly the English the API has always sent (the spec's client reads
 * them unchanged).
 *
 * The server's own errors carry their key: services throw `ERR.…` entries (server-messages.ts)
 * and the error handler renders the key. On the server, the reverse lookup here (an English text
 * → its key) is ONLY for the zod contracts' validation messages, plain English texts (a 400's
 * issues); the web uses it for the same texts in its form checks (useServerText) and for a server
 * text it holds in English. A text with {{placeholders}} matches by pattern, its parameters taken
 * from the English ("Password must be at least 6 characters" → min = 6).
 */
import enServer from './locales/en-IN/server.json' with { type: 'json' };

export const SERVER_NS = 'server';

interface Entry {
  key: string;
  text: string;
  pattern: RegExp | null;
  names: string[];
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entriesOf(section: string, values: Record<string, string>): Entry[] {
  return Object.entries(values).map(([name, text]) => {
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
    if (names.length === 0) return { key: `${section}.${name}`, text, pattern: null, names };
    const source = text
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? '(.+?)' : escapeRe(part)))
      .join('');
    return { key: `${section}.${name}`, text, pattern: new RegExp(`^${source}$`), names };
  });
}

// The installed base's errors (issue 21) live in their own block, `maintenance.error`.
// The stock's (issue 37), `stock.error`.
const entries = [
  ...entriesOf('error', enServer.error),
  ...entriesOf('maintenance.error', enServer.maintenance.error),
  ...entriesOf('stock.error', enServer.stock.error),
  // Issue 38: reports (`reports.error`)
  ...entriesOf('reports.error', enServer.reports.error),
];
const exact = new Map(entries.filter((e) => !e.pattern).map((e) => [e.text, e.key]));
const patterned = entries.filter((e) => e.pattern);

/** The catalogue key and parameters of an English server text, or null when it has none. */
export function keyOfMessage(text: string): { key: string; params: Record<string, string> } | null {
  const key = exact.get(text);
  if (key) return { key, params: {} };
  for (const e of patterned) {
    const m = e.pattern?.exec(text);
    if (m) return { key: e.key, params: Object.fromEntries(e.names.map((n, i) => [n, m[i + 1] ?? ''])) };
  }
  return null;
}

/** A translate function, as i18next's `t` for the `server` namespace. */
export type ServerT = (key: string, params?: Record<string, unknown>) => string;

/**
 * A parameter that is itself a word of the catalogue: a request's status as the English names it
 * ("This request has moved on: it is now WORK COMPLETED") is shown in the reader's language too.
 */
function localizeParams(params: Record<string, string>, t: ServerT): Record<string, string> {
  const status = params.status;
  if (!status || !/^[A-Z][A-Z ]*$/.test(status)) return params;
  return { ...params, status: t(`requestStatus.${status.replace(/ /g, '_')}`, { defaultValue: status }) };
}

/** An English server text in the language `t` renders; unknown texts stay as they are. */
export function localizeMessage(text: string, t: ServerT): string {
  const found = keyOfMessage(text);
  return found ? t(found.key, localizeParams(found.params, t)) : text;
}

/** A request type code as a notification names it ('SERVICE' → 'Service'). */
export function requestTypeKey(type: string): string {
  return `requestType.${type}`;
}
