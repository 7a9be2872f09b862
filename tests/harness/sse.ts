import http from 'node:http';

/** Opens the SSE stream over real HTTP and collects its events. */
export function openStream(port: number, token: string) {
  const events: { event: string; data: { count: number; latest: { message: string } | null } }[] = [];
  let buffer = '';
  let statusCode = 0;
  let headers: http.IncomingHttpHeaders = {};
  let ended = false;
  const req = http.get(
    { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { authorization: `Bearer ${token}` } },
    (res) => {
      statusCode = res.statusCode ?? 0;
      headers = res.headers;
      res.setEncoding('utf8');
      res.on('end', () => {
        ended = true;
      });
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let i = buffer.indexOf('\n\n');
        while (i >= 0) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          i = buffer.indexOf('\n\n');
        }
      });
    },
  );
  req.on('error', () => {});
  return {
    events,
    status: () => statusCode,
    /** The answer's headers (empty until they arrive). */
    headers: () => headers,
    close: () => req.destroy(),
    /** Did the server end the stream? */
    ended: () => ended,
    /** Resolves with how long it took once the server ends the stream; throws after `ms`. */
    async waitEnded(ms = 5000) {
      const start = Date.now();
      while (Date.now() - start < ms) {
        if (ended) return Date.now() - start;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`the stream was still open after ${ms} ms`);
    },
    async waitFor(pred: (e: (typeof events)[number]) => boolean, ms = 5000) {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const hit = events.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`);
    },
  };
}
