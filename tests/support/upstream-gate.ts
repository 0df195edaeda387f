import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A gate in front of the real content API that holds the requests a test picks (`holds`) while
 * `holding` is on, until `release()`: so a test knows how many are under way. It forwards everything
 * else as it is, and notes the path and query of every request it could hold (`seen`).
 */
export interface UpstreamGate {
  url: string;
  holding: boolean;
  seen: string[];
  held(): number;
  release(): void;
  close(): Promise<void>;
}

export async function startUpstreamGate(target: string, holds: (path: string) => boolean): Promise<UpstreamGate> {
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (!holds(req.url!)) return forward();
    gate.seen.push(req.url!);
    if (gate.holding) waiting.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gate: UpstreamGate = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    holding: false,
    seen: [],
    held: () => waiting.length,
    release() {
      gate.holding = false;
      for (const forward of waiting.splice(0)) forward();
    },
    async close() {
      gate.release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return gate;
}
