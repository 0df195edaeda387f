import type { Server, ServerResponse } from 'node:http';

/**
 * Closing an HTTP server without cutting what runs on it. `server.close()` alone stops accepting and
 * closes the connections idle at that moment, but a keep-alive connection busy then stays open after
 * its answer and takes new requests until the shutdown timeout cuts them. So, once draining:
 *
 * - every answer not yet begun says `Connection: close`, and Node closes its connection after it;
 * - an answer already begun (its headers said keep-alive) closes its connection once it is sent;
 * - what still runs at the timeout is cut, and counted.
 *
 * `closeIdleConnections()` is not called again as answers end: it also destroys a connection whose
 * answer has ended but is still being flushed to a slow client, which would cut its body short.
 */
export type Drain = {
  /** From now on, every connection closes after its current answer. */
  start(): void;
  /**
   * Starts draining if it has not begun, stops accepting, waits for the requests in flight for up to
   * `timeoutMs`, then cuts whatever is left. Resolves with the number of requests cut.
   */
  close(timeoutMs: number): Promise<number>;
};

export function drain(server: Server): Drain {
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) return void res.setHeader('Connection', 'close');
    const socket = res.socket;
    res.once('finish', () => {
      // A pipelined request may already be waiting on the same connection: it closes it after its own answer.
      const next = [...inFlight].some((other) => other !== res && other.req.socket === socket);
      if (socket && !next) socket.end(() => socket.destroy());
    });
  };

  // Before the site's own listener, so a cached page answered there says Connection: close as well.
  server.prependListener('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) closeAfter(res);
  });

  const start = () => {
    if (draining) return;
    draining = true;
    for (const res of inFlight) closeAfter(res);
  };

  return {
    start,
    async close(timeoutMs) {
      start();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'timeout')));
      const outcome = await Promise.race([closed, timedOut]);
      clearTimeout(timer);
      if (outcome !== 'timeout') return 0;
      const cut = inFlight.size;
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
}
