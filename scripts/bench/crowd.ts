import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A crowd at full rate: 200 connections asking, round and round, for the URLs given (one origin),
 * with `br, gzip` accepted, for `seconds`; a URL ending in `=` gets a new value each time (a tracking
 * parameter). Debian's `wrk` with a Lua script: a JavaScript load generator tops out near 10,000
 * answers a second on its core, below what the site answers from its cache.
 */
export function crowd(urls: string[], seconds: number, connections = 200): { answers: number; rps: number; non2xx: number; p99: number } {
  const origin = new URL(urls[0]!).origin;
  const paths = urls.map((url) => url.slice(origin.length));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crowd-'));
  const script = path.join(dir, 'mix.lua');
  writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local n = 0
request = function()
  n = n + 1
  local p = paths[(n % #paths) + 1]
  if string.sub(p, -1) == "=" then p = p .. n .. math.random(1000000) end
  return wrk.format("GET", p)
end
`,
  );
  const out = spawnSync(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '--latency', '-H', 'Accept-Encoding: br, gzip', '-s', script, origin],
    { encoding: 'utf8' },
  ).stdout;
  rmSync(dir, { recursive: true, force: true });
  const answers = Number(/(\d+) requests in/.exec(out)?.[1]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  if (!answers || !p99) throw new Error(`wrk failed:\n${out}`);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { answers, rps, non2xx, p99: Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) };
}
