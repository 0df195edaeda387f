import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * Closing an HTTP server without cutting or resetting what runs on it. A keep-alive client may send
 * its next request at any moment, and one that does not retry by itself fails when that request
 * meets a closing connection. Two things reset such requests, and each has its remedy:
 *
 * - **A connection closed while a request is on its way.** Node's `server.close()` destroys every
 *   connection with no answer in progress at once, whatever is arriving on it. Here a connection is
 *   closed only after an answer that said `Connection: close` (the client sends nothing more on it),
 *   or once it has been idle for `IDLE_GRACE_MS` (nothing read since its last answer ended).
 * - **A connection the kernel has accepted and the process has not yet taken.** Closing the
 *   listener resets it. Clients told `Connection: close` reconnect at once, so while draining there
 *   are always such connections. Before the listener closes, answers say keep-alive again until no
 *   connection has been opened for `SETTLE_MS`: the clients stay on the connections they have, and
 *   the listener closes with none under way. Then every answer says `Connection: close` once more,
 *   and a client's next connection is refused (a balancer tries another replica).
 *
 * What still runs at the timeout is cut, and counted. A client quiet for the whole grace may still
 * write a request at the very moment its connection closes: the race every keep-alive server has at
 * its idle timeout, now only with quiet clients.
 */
export type Drain = {
  /** From now on, every answer says `Connection: close`, and its connection closes after it. */
  start(): void;
  /**
   * Starts draining if it has not begun, stops accepting (once no connection is being opened),
   * waits for the requests in flight and the connections to close for up to `timeoutMs` in all, then
   * cuts whatever is left. Resolves with the number of requests cut.
   */
  close(timeoutMs: number): Promise<number>;
};

/**
 * How long a connection with no answer in progress stays open, once the listener is closed, after
 * its last answer ended: this many sweeps, SWEEP_MS apart, that found nothing read on it. Clients send
 * their next request as soon as an answer has arrived; a second covers one slowed by a busy machine,
 * and is what an idle connection adds to a shutdown. Sweeps are counted rather than milliseconds: each
 * follows an I/O poll, so a process starved of CPU (whose clock runs on while it reads nothing) never
 * takes a request still in its socket's buffer for silence.
 */
export const IDLE_GRACE_MS = 1000;
/** No connection opened for this long: the clients have settled on the connections they have. */
export const SETTLE_MS = 250;
/** Clients that open a connection per request never settle: the listener closes after this all the same. */
const SETTLE_MAX_MS = 2000;
const SWEEP_MS = 100;
const GRACE_SWEEPS = IDLE_GRACE_MS / SWEEP_MS;

/** A connection's bytes read at the last sweep (or when its last answer ended), and the sweeps since that found no more. */
type Idle = { bytesRead: number; quietSweeps: number };

export function drain(server: Server): Drain {
  const inFlight = new Set<ServerResponse>();
  const connections = new Map<Socket, Idle>();
  /** Whether answers say `Connection: close`: while draining, and once the listener is closed. */
  let sayClose = false;
  let draining = false;
  let lastOpened = 0;

  server.on('connection', (socket: Socket) => {
    lastOpened = Date.now();
    connections.set(socket, { bytesRead: 0, quietSweeps: 0 });
    socket.once('close', () => connections.delete(socket));
  });

  /** An answer has ended, or its connection closed: the connection's quiet time starts now. */
  function answerClosed(this: ServerResponse) {
    inFlight.delete(this);
    const { socket } = this.req;
    const idle = connections.get(socket);
    if (idle) {
      idle.bytesRead = socket.bytesRead;
      idle.quietSweeps = 0;
    }
  }
  // Before the site's own listener, so a cached page answered there says Connection: close as well.
  // Every request passes here: one listener shared by all answers, not a closure and a `once` wrapper
  // made for each (those cost 4.5 µs a request, measured; docs/decisions/0039-asynchronous-log.md).
  server.prependListener('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.on('close', answerClosed);
    if (sayClose) res.setHeader('Connection', 'close');
  });

  /** From now on, and for the answers not yet begun: `Connection: close`, or Node's own choice. */
  const closeEveryAnswer = (close: boolean) => {
    sayClose = close;
    for (const res of inFlight) {
      if (res.headersSent) continue;
      if (close) res.setHeader('Connection', 'close');
      else res.removeHeader('Connection');
    }
  };

  /**
   * Closes the connections idle for the grace: no answer in progress, and nothing read since the last
   * one ended (bytes read since then are a request arriving, its headers perhaps still incomplete).
   * Bytes read while an answer is in progress are its request's: the count starts again after it.
   */
  const sweep = () => {
    const answering = new Set([...inFlight].map((res) => res.socket));
    for (const [socket, idle] of connections) {
      if (socket.writableEnded) continue;
      if (answering.has(socket) || socket.bytesRead !== idle.bytesRead) {
        Object.assign(idle, { bytesRead: socket.bytesRead, quietSweeps: 0 });
        continue;
      }
      // A FIN after what was written has gone out; the client closes its side, and Node then the socket.
      if (++idle.quietSweeps >= GRACE_SWEEPS) socket.end();
    }
  };

  /**
   * Resolves once no connection has been opened for SETTLE_MS (or SETTLE_MAX_MS have passed), checked
   * right after an I/O poll: a connection the kernel had accepted by then has been taken.
   */
  const settled = () =>
    new Promise<void>((resolve) => {
      const giveUpAt = Date.now() + SETTLE_MAX_MS;
      const check = () =>
        setImmediate(() => {
          const quiet = Date.now() - lastOpened;
          if (quiet >= SETTLE_MS || Date.now() >= giveUpAt) resolve();
          else setTimeout(check, SETTLE_MS - quiet);
        });
      check();
    });

  const start = () => {
    if (draining) return;
    draining = true;
    closeEveryAnswer(true);
  };

  return {
    start,
    async close(timeoutMs) {
      start();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'timeout')));
      closeEveryAnswer(false);
      await Promise.race([settled(), timedOut]);
      // Stop listening without http's close(), which would destroy the idle connections at once; the
      // net server calls back once every connection has closed.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      closeEveryAnswer(true);
      const sweeper = setInterval(sweep, SWEEP_MS);
      sweep();
      const outcome = await Promise.race([closed, timedOut]);
      clearTimeout(timer);
      clearInterval(sweeper);
      let cut = 0;
      if (outcome === 'timeout') {
        cut = inFlight.size;
        server.closeAllConnections();
        await closed;
      }
      // What http's own close() does besides: stop checking the headers and request timeouts.
      server.close();
      return cut;
    },
  };
}
