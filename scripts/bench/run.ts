/**
 * `npm run bench`: requests/s and p99 latency of a product page served eight ways, each server on core 0
 * while this load generator runs on core 1 (50 connections, gzip accepted):
 *   1. the site, from its HTML cache (and again with its request log off: what the log costs)
 *   2. the site, its cached copy expiring every second (answered stale while one render replaces it)
 *   3. the site, rendering it (cache off)
 *   4. express.static + compression
 *   5. bare React renderToPipeableStream of the same page through the compression middleware
 *   6. the same render collected whole and compressed in one call, as the site does (no target: it
 *      shows what collecting saves, and what the site's own work costs on top)
 *   7. node:http replaying the site's own answer from memory: its status, headers and compressed
 *      bytes, as the site's cache sent them (the limit of a cached page)
 * and the ratios the site is held to. A render is compared with React streaming through compression,
 * not with uncompressed React: the site must compress what it sends. The site runs as ops run it,
 * its request log on, writing into a pipe a reader process empties (docs/decisions/0039-asynchronous-log.md).
 * Beside requests/s, each server's CPU time per request (all its threads, from /proc) is printed: on
 * a machine others load too, it moves less than requests/s.
 *
 * How (docs/decisions/0030-render-cost.md): all eight run at once, each warmed for BENCH_WARM_SECONDS
 * (default 10) before anything is measured, and are then measured in BENCH_ROUNDS rounds (default 5)
 * of BENCH_SECONDS each (default 5), in turn, the order reversed every other round. A ratio is taken
 * within each round, of measurements seconds apart, and its median reported: this virtual machine's
 * speed drifts by up to twice within a minute, which a ratio of two servers measured minutes apart
 * carries whole. Uses Debian's `wrk` when it is installed (apt-get install wrk), else autocannon,
 * which tops out near 10,000 req/s on one core and so understates the fastest servers. Then the
 * search figures (search.ts: the header box's suggestions at 20 clients, the index rebuild), the staff
 * area's (staff.ts: a member's inbox and a lead's page with 20,000 leads), the search
 * flood (search-flood.ts: the cached page's p99 under 200 connections of new searches) and the memory
 * soak (soak.ts); each alone: `node --import tsx scripts/bench/<file>.ts`, after `npm run build`.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CONNECTIONS, measure, WRK } from './measure';
import { searchBench } from './search';
import { searchFlood } from './search-flood';
import { answers, cpuMicros, ROOT, site, start, stop, tmp } from './servers';
import { soak } from './soak';
import { staffBench } from './staff';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARM_S = Number(process.env.BENCH_WARM_SECONDS ?? 10);
const products = JSON.parse(readFileSync(path.join(ROOT, 'content/products.json'), 'utf8')) as { sl: { slug: string } }[];
const PAGE = `/sl/izdelek/${products[0]!.sl.slug}`;

/** Requests/s, p99 latency and the server's CPU time per request (µs) under `seconds` of load. */
async function measureServer(url: string, pid: number, seconds: number) {
  const before = cpuMicros(pid);
  const { rps, requests, p99 } = await measure(url, seconds);
  return { rps, p99, cpu: (cpuMicros(pid) - before) / requests };
}

const target = (kind: string, arg: string, port: number) =>
  start(
    ['node', '--import', 'tsx', '--import', './scripts/bench/react-router-production.mjs', 'scripts/bench/targets.tsx', kind, arg, String(port)],
    {},
    answers(`http://127.0.0.1:${port}/`),
  );

/** The site's answer as it came, not decoded: status, headers (but those Node writes itself) and bytes. */
function rawAnswer(url: string): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = res.rawHeaders.flatMap((value, i, all) =>
            i % 2 === 0 && !['date', 'connection', 'keep-alive'].includes(value.toLowerCase()) ? [value, all[i + 1]!] : [],
          );
          resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

// The page as the site sends it, for the comparison servers: its HTML, and its answer from the cache.
const child = await site(4100, {});
const page = Buffer.from(await (await fetch(`http://127.0.0.1:4100${PAGE}`)).arrayBuffer());
const cached = await rawAnswer(`http://127.0.0.1:4100${PAGE}`);
await stop(child);
if (!cached.headers.includes('HIT')) throw new Error('the page was not answered from the cache');
const file = path.join(tmp, 'page.html');
writeFileSync(file, page);
const answerFile = path.join(tmp, 'answer.json');
writeFileSync(answerFile, JSON.stringify({ status: cached.status, headers: cached.headers, body: cached.body.toString('base64') }));

const servers: [name: string, start: () => Promise<ChildProcess>, url: string][] = [
  ['site, cached', () => site(4101, {}), `http://127.0.0.1:4101${PAGE}`],
  ['site, cached, request log off', () => site(4109, { LOG_LEVEL: 'warn' }), `http://127.0.0.1:4109${PAGE}`],
  ['site, expiring every second', () => site(4107, { HTML_CACHE_TTL_S: '1' }), `http://127.0.0.1:4107${PAGE}`],
  ['site, cache miss (render)', () => site(4102, { HTML_CACHE_TTL_S: '0' }), `http://127.0.0.1:4102${PAGE}`],
  ['express.static + compression', () => target('static', file, 4103), 'http://127.0.0.1:4103/'],
  ['bare React streaming + compression', () => target('react-gzip', file, 4106), 'http://127.0.0.1:4106/'],
  ['bare React collected, compressed once', () => target('react-collected', file, 4108), 'http://127.0.0.1:4108/'],
  ['node:http replaying its answer (limit)', () => target('replay', answerFile, 4105), 'http://127.0.0.1:4105/'],
];

// All at once (each idles while another is measured), so the rounds can follow each other closely.
const children = new Map<string, ChildProcess>();
for (const [name, start] of servers) children.set(name, await start());
const pid = (name: string) => children.get(name)!.pid!;
// A fresh process spends its first seconds compiling its hot code, a large program longer: a replica
// serves for hours, so each is measured warm.
for (const [name, , url] of servers) await measureServer(url, pid(name), WARM_S);

const runs: Record<string, { rps: number; p99: number; cpu: number }[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? servers : [...servers].reverse();
  for (const [name, , url] of order) (runs[name] ??= []).push(await measureServer(url, pid(name), DURATION_S));
}
await Promise.all([...children.values()].map(stop));

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const results = Object.fromEntries(
  Object.entries(runs).map(([name, r]) => [name, { rps: median(r.map((x) => x.rps)), p99: median(r.map((x) => x.p99)), cpu: median(r.map((x) => x.cpu)) }]),
);

console.log(
  `\n${PAGE} (${page.length} bytes), ${CONNECTIONS} connections, warmed ${WARM_S} s, median of ${ROUNDS} rounds of ${DURATION_S} s each, servers on core 0, ${WRK ? 'wrk' : 'autocannon'} on core 1\n`,
);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(38)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(5)} ms   ${r.cpu.toFixed(1).padStart(7)} µs CPU/request`,
  );
}
/** The median over rounds of the ratio within each round. */
const ratio = (a: string, b: string) => median(runs[a]!.map((run, round) => run.rps / runs[b]![round]!.rps));
const LIMIT = 'node:http replaying its answer (limit)';
const checks = [
  ['cached / express.static', ratio('site, cached', 'express.static + compression'), 2],
  // The site's answer from its cache, request log on, against writing the same answer and nothing else.
  ['cached / node:http limit', ratio('site, cached', LIMIT), 0.9],
  // The request log may cost a tenth of a cached answer at most (docs/decisions/0039-asynchronous-log.md).
  ['cached: request log on / off', ratio('site, cached', 'site, cached, request log off'), 0.9],
  // No visitor waits for a page rendered before: an expiring copy costs one background render a second.
  ['expiring / cached', ratio('site, expiring every second', 'site, cached'), 0.8],
  ['cache miss / bare React + compression', ratio('site, cache miss (render)', 'bare React streaming + compression'), 1],
] as const;
console.log('');
// Three decimals: a ratio a shade under its target must not read as the target itself ("0.90 NOT met").
for (const [name, value, goal] of checks)
  console.log(`${name.padEnd(38)} ${value.toFixed(3).padStart(8)}   (target ≥ ${goal}) ${value >= goal ? 'met' : 'NOT met'}`);
/** The same, of CPU time per request: the second server's over the first's. */
const cpuRatio = (a: string, b: string) => median(runs[a]!.map((run, round) => runs[b]![round]!.cpu / run.cpu));
console.log(
  `${'cached / node:http limit, CPU'.padEnd(38)} ${cpuRatio('site, cached', LIMIT).toFixed(2).padStart(8)}   (the limit's CPU time per request over the site's)`,
);
const collected = 'bare React collected, compressed once';
console.log(
  `${'bare React collected / streaming'.padEnd(38)} ${ratio(collected, 'bare React streaming + compression').toFixed(2).padStart(8)}   (what compressing once saves)`,
);
console.log(
  `${'cache miss / bare React collected'.padEnd(38)} ${ratio('site, cache miss (render)', collected).toFixed(2).padStart(8)}   (the site's own work on top of React)`,
);

// BENCH_SEARCH=0, BENCH_STAFF=0, BENCH_FLOOD=0, BENCH_SOAK=0: without the search figures, the staff area's, the search flood, the memory soak.
if (process.env.BENCH_SEARCH !== '0') await searchBench();
if (process.env.BENCH_STAFF !== '0') await staffBench();
if (process.env.BENCH_FLOOD !== '0') await searchFlood();
if (process.env.BENCH_SOAK !== '0') await soak();
