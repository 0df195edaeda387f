import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';

/** Connections of every measurement of the bench. */
export const CONNECTIONS = 50;

/** wrk (C, Debian's `wrk`) when installed: a JavaScript load generator saturates its core first. */
export const WRK = spawnSync('wrk', ['--version']).error === undefined;

function wrk(url: string, seconds: number) {
  const out = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: gzip', url], { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  if (!rps || !requests || !p99 || /Non-2xx/.test(out)) throw new Error(`${url}: wrk failed:\n${out}`);
  const ms = Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1);
  return { rps, requests, p99: Math.round(ms * 10) / 10 };
}

/** Requests per second, requests in all and p99 latency (ms) of one URL for `seconds`, gzip accepted; a non-2xx answer fails it. */
export async function measure(url: string, seconds: number) {
  if (WRK) return wrk(url, seconds);
  const result = await autocannon({ url, connections: CONNECTIONS, headers: { 'accept-encoding': 'gzip' }, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, requests: result.requests.total, p99: result.latency.p99 };
}
