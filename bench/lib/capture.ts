/**
 * Records the SQL text every node-postgres client sends while a capture is open. The bench
 * uses it in-process to check that the baseline issues the same statements as our server.
 */
import pg from 'pg';

type QueryFn = (...args: unknown[]) => unknown;

let sink: string[] | null = null;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (sink) {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      if (text) sink.push(text);
    }
    return original.apply(this, args);
  };
}

/** The statements sent while `fn` runs (nothing else may query meanwhile). */
export async function captureSql(fn: () => Promise<unknown>): Promise<string[]> {
  install();
  const out: string[] = [];
  sink = out;
  try {
    await fn();
  } finally {
    sink = null;
  }
  return out;
}

/** Whitespace and case of keywords aside, the same statement. */
export function normalizeSql(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
