/**
 * Live delivery (ADR 008). Notifications are announced with pg_notify inside the transaction that
 * writes them; every server process LISTENs on the channel (PostgreSQL: one dedicated connection;
 * PGlite: the embedded instance's own listen) and writes to the SSE streams of the users it holds.
 */
import type { ServerResponse } from 'node:http';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import { PUSH_CHANNEL } from './events.ts';

export type PushListener = (userIds: string[]) => void;

export interface PushSource {
  start(onUsers: PushListener): Promise<void>;
  stop(): Promise<void>;
}

function parse(payload: string | undefined): string[] {
  try {
    const body = JSON.parse(payload ?? '') as { users?: unknown };
    return Array.isArray(body.users) ? body.users.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** LISTEN on a dedicated connection, reconnecting with back-off when it drops. */
export function postgresSource(url: string, log: (msg: string, err?: unknown) => void): PushSource {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let handler: PushListener = () => {};
  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, keepAlive: true });
    c.on('error', (err) => {
      log('notification listener lost its connection', err);
      retry(attempt + 1);
    });
    c.on('notification', (msg) => {
      if (msg.channel === PUSH_CHANNEL) handler(parse(msg.payload));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PUSH_CHANNEL}`);
      client = c;
    } catch (err) {
      log('notification listener could not connect', err);
      c.end().catch(() => {});
      retry(attempt + 1);
    }
  };
  const retry = (attempt: number) => {
    if (stopped || timer) return;
    client?.end().catch(() => {});
    client = undefined;
    timer = setTimeout(
      () => {
        timer = undefined;
        void connect(attempt);
      },
      Math.min(5000, 200 * 2 ** attempt),
    );
    timer.unref();
  };
  return {
    async start(onUsers) {
      handler = onUsers;
      await connect(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}

export function pgliteSource(database: Database): PushSource {
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    async start(onUsers) {
      unsubscribe = await database.pglite!.listen(PUSH_CHANNEL, (payload) => onUsers(parse(payload)));
    },
    async stop() {
      await unsubscribe?.().catch(() => {});
    },
  };
}

/** The SSE connections this process holds, by user. */
export class PushHub {
  private readonly streams = new Map<string, Set<ServerResponse>>();

  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  add(userId: string, res: ServerResponse): () => void {
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(res);
    return () => {
      set.delete(res);
      if (set.size === 0) this.streams.delete(userId);
    };
  }

  has(userId: string): boolean {
    return this.streams.has(userId);
  }

  send(userId: string, event: string, data: unknown): void {
    const set = this.streams.get(userId);
    if (!set) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of set) res.write(frame);
  }

  /** Ends every stream (shutdown): clients reconnect, to this process or another. */
  closeAll(): void {
    for (const set of this.streams.values()) for (const res of set) res.end();
    this.streams.clear();
  }
}
