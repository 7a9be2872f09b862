/**
 * The catalogue checks of ADR 022, run by `npm test` (scripts/check-i18n.test.ts):
 * - every language has every key of en-IN (the source), no key en-IN lacks, and each plural
 *   in the forms its language needs (Intl.PluralRules: `_one`, `_other`, ...);
 * - placeholders ({{name}}) are the same in every language;
 * - no catalogue key is left that no code uses;
 * - in the web UI (TRANSLATED below: src/web/features, components and app), no user-visible text
 *   is written into JSX, a label prop, a tab title, a toast or an error's fallback instead of
 *   coming from the catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const LOCALES = ['en-IN', 'hi', 'ta', 'te', 'kn', 'ml'] as const;
export const SOURCE = 'en-IN';
const WEB_DIR = 'src/web/i18n/locales';
/** The subfolder of a language's namespaces loaded on demand (src/web/i18n/index.ts). */
const ON_DEMAND = 'on-demand';
const SERVER_DIR = 'src/shared/i18n/locales';
/**
 * The QR sticker's page (issue 36): its own entry without i18next, one file per language
 * (src/web/public-unit/locales/<lng>.json), checked as the namespace `publicUnit`.
 */
const PUBLIC_UNIT_DIR = 'src/web/public-unit/locales';
export const PUBLIC_UNIT_NS = 'publicUnit';
/** A job sheet's public page (issue 35 item 3, ADR 048), built the same way: the namespace `jobSheet`. */
const JOB_SHEET_DIR = 'src/web/job-sheet/locales';
export const JOB_SHEET_NS = 'jobSheet';

/**
 * The literal check covers the whole web UI (issue 19, last sweep): every file under these
 * directories, tests excluded, except those in NOT_YET.
 */
export const TRANSLATED = [
  'src/web/features/',
  'src/web/components/',
  'src/web/app/',
  'src/web/public-unit/',
  'src/web/job-sheet/',
];
/**
 * Files under TRANSLATED the check skips, each with its reason (a file that shows no words of its
 * own needs no entry: the check finds nothing in it). Empty since the last sweep of issue 19.
 */
export const NOT_YET: string[] = [];

export type Flat = Record<string, string>;

export function flatten(obj: unknown, prefix = '', out: Flat = {}): Flat {
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = String(v);
  }
  return out;
}

/**
 * { namespace: { locale: flat keys } } for the web namespaces (locales/<lng>/<ns>.json, and
 * locales/<lng>/on-demand/<ns>.json: the namespaces fetched when first used), the QR page's
 * (`publicUnit`) and the shared `server` one.
 */
export function loadCatalogues(root = ROOT): Record<string, Record<string, Flat>> {
  const out: Record<string, Record<string, Flat>> = {};
  for (const lng of LOCALES) {
    for (const dir of [path.join(root, WEB_DIR, lng), path.join(root, WEB_DIR, lng, ON_DEMAND)]) {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
      for (const f of files) {
        const ns = f.replace(/\.json$/, '');
        out[ns] ??= {};
        out[ns][lng] = flatten(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
      }
    }
    for (const [ns, dir] of [
      [PUBLIC_UNIT_NS, PUBLIC_UNIT_DIR],
      [JOB_SHEET_NS, JOB_SHEET_DIR],
    ] as const) {
      const page = path.join(root, dir, `${lng}.json`);
      if (!fs.existsSync(page)) continue;
      out[ns] ??= {};
      out[ns][lng] = flatten(JSON.parse(fs.readFileSync(page, 'utf8')));
    }
    // The server's texts and the customers' message templates (issue 35, ADR 046).
    for (const ns of ['server', 'customer-messages']) {
      const file = path.join(root, SERVER_DIR, lng, `${ns}.json`);
      if (!fs.existsSync(file)) continue;
      out[ns] ??= {};
      out[ns][lng] = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
    }
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
export const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string).sort();

/** The keys a language must have: en-IN's, with each plural in the language's own forms. */
export function expectedKeys(source: Flat, lng: string): string[] {
  const categories = new Intl.PluralRules(lng === SOURCE ? 'en-IN' : lng).resolvedOptions().pluralCategories;
  const out = new Set<string>();
  for (const key of Object.keys(source)) {
    if (PLURAL.test(key)) for (const c of categories) out.add(key.replace(PLURAL, `_${c}`));
    else out.add(key);
  }
  return [...out].sort();
}

/** Missing and extra keys, and placeholder differences, per namespace and language. */
export function catalogueProblems(cats: Record<string, Record<string, Flat>>): string[] {
  const problems: string[] = [];
  for (const [ns, byLng] of Object.entries(cats)) {
    const source = byLng[SOURCE];
    if (!source) {
      problems.push(`${ns}: no ${SOURCE} catalogue`);
      continue;
    }
    for (const lng of LOCALES) {
      const cat = byLng[lng];
      if (!cat) {
        problems.push(`${ns}: no ${lng} catalogue`);
        continue;
      }
      const want = expectedKeys(source, lng);
      const have = Object.keys(cat);
      for (const k of want) if (!(k in cat)) problems.push(`${lng}/${ns}: missing key ${k}`);
      for (const k of have) if (!want.includes(k)) problems.push(`${lng}/${ns}: key ${k} is not in ${SOURCE}`);
      for (const k of have) {
        const base = PLURAL.test(k) ? (source[k.replace(PLURAL, '_other')] ?? '') : (source[k] ?? '');
        const a = placeholders(base).join(',');
        const b = placeholders(cat[k] ?? '').join(',');
        if (a !== b) problems.push(`${lng}/${ns}: ${k} has placeholders [${b}], ${SOURCE} has [${a}]`);
        if (!(cat[k] ?? '').trim()) problems.push(`${lng}/${ns}: ${k} is empty`);
      }
    }
  }
  return problems;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(full);
  }
  return out;
}

/** The code the checks read: the web, the server and the shared sources (tests excluded). */
export function readSources(root = ROOT): { file: string; text: string }[] {
  return ['src/web', 'src/server', 'src/shared'].flatMap((d) =>
    walk(path.join(root, d)).map((f) => ({
      file: path.relative(root, f).split(path.sep).join('/'),
      text: fs.readFileSync(f, 'utf8'),
    })),
  );
}

/**
 * Keys no code uses. A web key is used when code names it in quotes (`t('users.title')`,
 * `'common:delete'`), a plural by its base, or a dynamic family by its prefix in a template
 * (`t(\`roleName.${name}\`)` uses every `roleName.*`). An `error.*` key of the `server` catalogue
 * is used when code names its entry (`ERR.regionNotFound`, shared/i18n/server-messages.ts) or has
 * its English (a zod contract's message, found by reverse lookup: shared/i18n/messages.ts); a
 * notification key when events.ts names it, or when code names the whole key (a notice outside the
 * workflow's events, such as readings' `'notification.membraneFailing'`).
 */
export function unusedKeys(cats: Record<string, Record<string, Flat>>, sources: { file: string; text: string }[]) {
  const all = sources.map((s) => s.text).join('\n');
  const events = sources.find((s) => s.file.endsWith('notifications/events.service.ts'))?.text ?? '';
  const quoted = (s: string) => all.includes(`'${s}'`) || all.includes(`"${s}"`) || all.includes(`\`${s}\``);
  const prefixUsed = (key: string) => {
    const parts = key.split('.');
    for (let i = parts.length - 1; i > 0; i--) if (all.includes(`\`${parts.slice(0, i).join('.')}.\${`)) return true;
    return false;
  };
  const out: string[] = [];
  for (const [ns, byLng] of Object.entries(cats)) {
    for (const [key, text] of Object.entries(byLng[SOURCE] ?? {})) {
      const base = key.replace(PLURAL, '');
      let used: boolean;
      if (ns === 'server') {
        // `error.*` and a feature's own error section (`maintenance.error.*`, `stock.error.*`, …).
        if (key.startsWith('error.') || /^\w+\.error\./.test(key)) {
          // Its entry named (ERR.regionNotFound), or its English verbatim or built by a template
          // (`at least ${MIN} characters`).
          const parts = text.split(/\{\{\s*\w+\s*\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
          const templated = new RegExp(parts.join('(?:\\$\\{[^}]+\\}|\\d+)'));
          const name = key.slice(key.lastIndexOf('.') + 1);
          used =
            new RegExp(`\\bERR\\.${name}\\b`).test(all) ||
            all.includes(text) ||
            (parts.length > 1 && templated.test(all));
        } else if (key.startsWith('notification.'))
          used = events.includes(`'${key.slice('notification.'.length)}'`) || quoted(key);
        else used = quoted(key) || prefixUsed(key) || all.includes(`${key.split('.')[0]}.\${`);
      } else {
        used = quoted(base) || quoted(`${ns}:${base}`) || prefixUsed(base);
      }
      if (!used) out.push(`${ns}:${key}`);
    }
  }
  return out;
}

/** Props whose text a person reads. */
const VISIBLE_PROPS =
  /\b(label|title|placeholder|helperText|aria-label|emptyMessage|message|confirmLabel|cancelLabel|subtitle|header|success|fallback)(=|:\s*)(\{?\s*)(['"`])([^'"`]*[A-Za-z][^'"`]*)\4/g;

/** Calls whose string argument a person reads: the tab's title, a toast, an error's fallback. */
const VISIBLE_CALLS =
  /\b(useDocumentTitle|toast\.(?:success|error|info|warning)|errorMessage\([^,()]+,)\s*\(?\s*(['"`])([^'"`]*[A-Za-z]{2,}[^'"`]*)\2/g;

/** User-visible string literals in the translated screens: `file:line: text`. */
export function literalProblems(sources: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  const inScope = (f: string) => TRANSLATED.some((d) => f.startsWith(d)) && !NOT_YET.includes(f);
  for (const { file, text } of sources) {
    if (!inScope(file)) continue;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      const trimmed = line.trim();
      if (
        trimmed.startsWith('//') ||
        trimmed.startsWith('*') ||
        trimmed.startsWith('/*') ||
        trimmed.startsWith('import ')
      )
        return;
      for (const m of line.matchAll(VISIBLE_PROPS)) {
        // A catalogue key as a form check's message ('mismatch') is not text.
        if (/^[a-z][A-Za-z0-9_.:]*$/.test(m[5] ?? '')) continue;
        out.push(`${file}:${i + 1}: ${m[1]} ${m[4]}${m[5]}${m[4]}`);
      }
      for (const m of line.matchAll(VISIBLE_CALLS)) {
        out.push(`${file}:${i + 1}: ${m[1]?.replace(/\(.*$/, '')} ${m[2]}${m[3]}${m[2]}`);
      }
      if (file.endsWith('.tsx')) {
        // JSX text: between a tag's end and the next tag, with a letter in it.
        for (const m of line.matchAll(/>([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*)</g)) {
          out.push(`${file}:${i + 1}: text "${m[1]?.trim()}"`);
        }
        // A line that is only words inside JSX children (text on its own line).
        if (/^[A-Za-z][A-Za-z0-9 ,.'!?():…-]*$/.test(trimmed) && /<[^/][^>]*>\s*$/.test(lines[i - 1] ?? '')) {
          out.push(`${file}:${i + 1}: text "${trimmed}"`);
        }
      }
    });
  }
  return out;
}
