import http from 'node:http';

/** How the requests of a keep-alive load ended. */
export type KeepAliveOutcome = {
  /** Answers received, and how many of them said `Connection: close`. */
  answered: number;
  closing: number;
  /** Requests that failed on a connection the server had taken (reset, hung up): what must not happen. */
  failed: Record<string, number>;
  /** Connections refused once the server stopped accepting: a client goes elsewhere then. */
  refused: number;
};

/**
 * `connections` clients that do not retry, each sending its next GET the moment the previous answer
 * has arrived, on a kept-alive connection (Node's agent, which opens a new connection only after an
 * answer said `Connection: close` or the connection closed). Each client stops at its first refused
 * connection or failed request; `started` resolves once every client has had an answer.
 */
export function keepAliveLoad(url: string, { connections, path }: { connections: number; path: string }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const outcome: KeepAliveOutcome = { answered: 0, closing: 0, failed: {}, refused: 0 };
  let answeredOnce = 0;
  let onStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (onStarted = resolve));

  const client = () =>
    new Promise<void>((resolve) => {
      let first = true;
      const next = () => {
        const req = http.get(new URL(path, url), { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            outcome.answered++;
            if (res.headers.connection === 'close') outcome.closing++;
            if (first && ++answeredOnce === connections) onStarted();
            first = false;
            next();
          });
          res.on('error', (error: NodeJS.ErrnoException) => fail(error));
        });
        const fail = (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') outcome.refused++;
          else outcome.failed[error.code ?? error.message] = (outcome.failed[error.code ?? error.message] ?? 0) + 1;
          resolve();
        };
        req.on('error', fail);
      };
      next();
    });

  const finished = Promise.all(Array.from({ length: connections }, client)).then(() => {
    agent.destroy();
    return outcome;
  });
  return { started, finished };
}
