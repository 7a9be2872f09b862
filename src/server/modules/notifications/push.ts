/**
 * Live delivery (ADR 008). Notifications are announced with pg_notify inside the transaction that
 * writes them; every server process LISTENs on the channel (PostgreSQL: one dedicated connection;
 * PGlite: the embedded instance's own listen) and writes to the SSE streams of the users it holds.
 * Revoked sessions are announced on the same channel, so every process ends their streams.
 */
import type { ServerResponse } from 'node:http';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import type { AuthChange } from '#server/lib/actor-cache.ts';
import { PUSH_CHANNEL } from '#server/lib/push-channel.ts';

/** A revocation: one session of the user, or all of them but `except`. */
export interface Revoked {
  user: string;
  session?: string;
  except?: string;
}

export type PushMessage = { users: string[] } | { revoked: Revoked } | { auth: AuthChange };
export type PushListener = (msg: PushMessage) => void;
/** The listening connection is subscribed (true) or lost (false): the actor cache follows it (ADR 021). */
export type ListenState = (up: boolean) => void;

export interface PushSource {
  start(onMessage: PushListener, onState?: ListenState): Promise<void>;
  stop(): Promise<void>;
}

const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function parse(payload: string | undefined): PushMessage {
  try {
    const body = JSON.parse(payload ?? '') as {
      users?: unknown;
      revoked?: Record<string, unknown>;
      auth?: Record<string, unknown>;
    };
    const a = body.auth;
    if (a && typeof a === 'object') {
      if (typeof a.user === 'string') return { auth: { user: a.user } };
      if (typeof a.role === 'string') return { auth: { role: a.role } };
      if (typeof a.session === 'string') return { auth: { session: a.session } };
    }
    const r = body.revoked;
    if (r && typeof r === 'object' && typeof r.user === 'string') {
      return { revoked: { user: r.user, session: optionalString(r.session), except: optionalString(r.except) } };
    }
    return { users: Array.isArray(body.users) ? body.users.filter((u): u is string => typeof u === 'string') : [] };
  } catch {
    return { users: [] };
  }
}

/** LISTEN on a dedicated connection, reconnecting with back-off when it drops. */
export function postgresSource(url: string, log: (msg: string, err?: unknown) => void): PushSource {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let handler: PushListener = () => {};
  let stateHandler: ListenState = () => {};
  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      // Names the process's listening connection in pg_stat_activity (operations, the two-process test).
      application_name: `aquadesk-listen-${process.pid}`,
    });
    c.on('error', (err) => {
      log('notification listener lost its connection', err);
      stateHandler(false);
      retry(attempt + 1);
    });
    // A connection that ends without an error (the server closed it) is lost too.
    c.on('end', () => {
      if (stopped || client !== c) return;
      stateHandler(false);
      retry(attempt + 1);
    });
    c.on('notification', (msg) => {
      if (msg.channel === PUSH_CHANNEL) handler(parse(msg.payload));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PUSH_CHANNEL}`);
      client = c;
      // Subscribed (again): whatever was announced while we were away is unknown, so the actor
      // cache starts empty (ADR 021).
      stateHandler(true);
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
    async start(onMessage, onState) {
      handler = onMessage;
      if (onState) stateHandler = onState;
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
    async start(onMessage, onState) {
      unsubscribe = await database.pglite!.listen(PUSH_CHANNEL, (payload) => onMessage(parse(payload)));
      onState?.(true);
    },
    async stop() {
      await unsubscribe?.().catch(() => {});
    },
  };
}

interface Stream {
  res: ServerResponse;
  sessionId: string;
}

/** The SSE connections this process holds, by user, each with the session that opened it. */
export class PushHub {
  private readonly streams = new Map<string, Set<Stream>>();

  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  add(userId: string, sessionId: string, res: ServerResponse): () => void {
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    const stream = { res, sessionId };
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  has(userId: string): boolean {
    return this.streams.has(userId);
  }

  send(userId: string, event: string, data: unknown): void {
    const set = this.streams.get(userId);
    if (!set) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const { res } of set) res.write(frame);
  }

  /** Ends the streams of revoked sessions at once; returns how many ended. */
  revoke({ user, session, except }: Revoked): number {
    const set = this.streams.get(user);
    if (!set) return 0;
    let ended = 0;
    for (const stream of [...set]) {
      if (session !== undefined ? stream.sessionId !== session : stream.sessionId === except) continue;
      set.delete(stream);
      stream.res.end();
      ended++;
    }
    if (set.size === 0) this.streams.delete(user);
    return ended;
  }

  /** Ends every stream (shutdown): clients reconnect, to this process or another. */
  closeAll(): void {
    for (const set of this.streams.values()) for (const { res } of set) res.end();
    this.streams.clear();
  }
}
