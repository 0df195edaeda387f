import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the real content API that a test can take down or hold: `down` answers every
 * call with a 503 as an unavailable upstream would; `hold()` keeps every call waiting until the
 * function it returns is called, so a test knows its renders are still loading their data.
 */
export interface UpstreamProxy {
  url: string;
  down: boolean;
  hold(): () => void;
  close(): Promise<void>;
}

export async function startUpstreamProxy(target: string): Promise<UpstreamProxy> {
  let held: (() => void)[] | null = null;
  const server = http.createServer((req, res) => {
    const forward = () => {
      if (state.down) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      fetch(new URL(req.url!, target), { headers: { accept: 'application/json' } })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    };
    if (held) held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    const waiting = held ?? [];
    held = null;
    for (const forward of waiting) forward();
  };
  const state: UpstreamProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    down: false,
    hold() {
      held ??= [];
      return release;
    },
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}
