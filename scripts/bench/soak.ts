/**
 * The memory soak of `npm run bench`: 200,000 requests over 200 connections to the production build
 * with the HTML cache at its default size, a mix a crawler and a crowd make (the sitemap's pages,
 * their payloads, searches with ever new words, pages with tracking parameters, unknown addresses),
 * then a crowd of cached-page readers at full rate (issue 24: 40 sitemap pages, their payloads, the
 * same with a tracking parameter, two searches and the sitemap, 200 connections, wrk), sampling the
 * server's resident memory (RSS) as it goes and once it has been idle a while, and its live heap after
 * every full collection (`--trace-gc`). RSS is held to at most 250 MB at its peak and once idle
 * (containers commonly get 512 MB), and the process must live.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { RUNTIME_ENV } from '../runtime-env.mjs';
import { LOCALES } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { crowd } from './crowd';
import { WRK } from './measure';
import { WORDS } from './search-flood';
import { site, stop } from './servers';

const REQUESTS = Number(process.env.SOAK_REQUESTS ?? 200_000);
const CONNECTIONS = 200;
const TARGET_MB = 250;
const SETTLE_MS = 10_000;
const CROWD_SECONDS = Number(process.env.SOAK_CROWD_SECONDS ?? 30);
const HEAP_LIMIT_MB = Number(/--max-old-space-size=(\d+)/.exec(RUNTIME_ENV.NODE_OPTIONS)?.[1]);
/**
 * Seconds an answer may take before it counts as an error. 200 connections asking without pause for a
 * mix a third of which must be rendered or searched is more than one core serves: answers queue, and
 * the slowest (not the median) pass autocannon's default of 10 s. The soak is about memory; the tail
 * is printed, and a lost answer is still an error.
 */
const TIMEOUT_S = 30;

/** A seeded generator (mulberry32): every run asks for the same addresses in the same order. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The mix, by share of requests; every unknown part is new each time, as a crawler's would be. */
function addresses(pages: string[]) {
  const next = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const token = () => Math.floor(next() * 2 ** 32).toString(36);
  const locale = () => pick(LOCALES);
  const word = () => (next() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${token()}`);
  return (): string => {
    const r = next();
    if (r < 0.5) return pick(pages);
    if (r < 0.65) return `${pick(pages).replace(/\/$/, '')}/_payload.json`;
    if (r < 0.7) {
      return `${pathTo('search', locale())}?q=${encodeURIComponent(word())}`;
    }
    if (r < 0.8) return `/api/search?lang=${locale()}&q=${encodeURIComponent(word())}`;
    if (r < 0.97) return `${pick(pages)}?utm_source=${token()}&fbclid=${token()}`;
    return `/${locale()}/${token()}`;
  };
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

/** Live heap (MB) after each full collection, from `--trace-gc`'s `Mark-Compact a (b) -> c (d) MB` lines. */
const liveHeaps = (trace: string) => [...trace.matchAll(/Mark-Compact[^\n]*?-> ([\d.]+) \(/g)].map((m) => Number(m[1]));

export async function soak(): Promise<boolean> {
  // The defaults the image runs with, the background refill and warm-up included; every search a
  // client of its own (the per-client budget would refuse most of one client's), so the searches'
  // cache, queue and renders are what is soaked. --trace-gc: the live heap after each full collection.
  let trace = '';
  const child = await site(
    4200,
    { HTML_CACHE_REFILL_CONCURRENCY: '2', SEARCH_RATE_LIMIT_MAX: '1000000' },
    (text) => (trace = (trace + text).slice(-1_000_000)),
  );
  const base = 'http://127.0.0.1:4200';
  let liveHeapPeak = 0;
  const heapSampler = setInterval(() => (liveHeapPeak = Math.max(liveHeapPeak, ...liveHeaps(trace))), 250);
  try {
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const next = addresses(pages);
    const startMb = rssMb(child.pid!);
    let peakMb = startMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(child.pid!))), 250);
    const statuses: Record<string, number> = {};
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      amount: REQUESTS,
      timeout: TIMEOUT_S,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
      setupClient: (client) => client.on('response', (status: number) => void (statuses[status] = (statuses[status] ?? 0) + 1)),
    });
    const afterMb = rssMb(child.pid!);
    const mixedHeapPeak = Math.max(liveHeapPeak, ...liveHeaps(trace));

    // The crowd of issue 24: cached pages at full rate (wrk), over 40 sitemap pages, their payloads,
    // the same pages with a tracking parameter, two searches and the sitemap.
    const first = pages.slice(0, 40);
    const mix = [
      ...first,
      ...first.map((p) => `${p.replace(/\/$/, '')}/_payload.json`),
      ...first.map((p) => `${p}?utm_source=crowd&fbclid=`),
      '/en/search?q=roller',
      '/api/search?lang=sl&q=rolete',
      '/sitemap.xml',
    ];
    let crowded: ReturnType<typeof crowd> | undefined;
    if (WRK)
      crowded = crowd(
        mix.map((path) => base + path),
        CROWD_SECONDS,
      );
    clearInterval(sampler);
    const alive = child.exitCode === null;
    const endMb = alive ? rssMb(child.pid!) : 0;
    peakMb = Math.max(peakMb, endMb);
    if (alive) await new Promise((r) => setTimeout(r, SETTLE_MS));
    const steadyMb = alive ? rssMb(child.pid!) : 0;
    liveHeapPeak = Math.max(liveHeapPeak, ...liveHeaps(trace));

    console.log(
      `\nMemory soak: ${result.requests.total} requests over ${CONNECTIONS} connections, ${pages.length} sitemap pages in the mix, HTML cache at its default size`,
    );
    console.log(
      `answers ${JSON.stringify(statuses)} (503: shed, with Retry-After), errors ${result.errors}, timeouts ${result.timeouts}, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, slowest ${result.latency.max} ms`,
    );
    console.log(`RSS: ${startMb} MB at start, ${afterMb} MB after the mix; live heap peak ${mixedHeapPeak} MB`);
    if (crowded)
      console.log(
        `cached-page crowd (wrk, 200 connections, ${CROWD_SECONDS} s): ${crowded.answers} answers, ${crowded.rps.toFixed(0)}/s, ${crowded.non2xx} not 2xx or 3xx, p99 ${crowded.p99} ms`,
      );
    else console.log("cached-page crowd: skipped (needs Debian's wrk to reach full rate)");
    console.log(
      `RSS: ${peakMb} MB at peak, ${endMb} MB at the end, ${steadyMb} MB after ${SETTLE_MS / 1000} s idle; live heap after full collections: peak ${liveHeapPeak} MB (heap limit ${HEAP_LIMIT_MB} MB); the process ${alive ? 'lived' : 'DIED'}`,
    );
    const failed = Object.entries(statuses)
      .filter(([status]) => status.startsWith('5') && status !== '503')
      .reduce((n, [, count]) => n + count, 0);
    const met = alive && peakMb <= TARGET_MB && steadyMb <= TARGET_MB && failed === 0 && result.errors === 0;
    console.log(
      `RSS peak ${peakMb} MB and steady ${steadyMb} MB (target ≤ ${TARGET_MB} MB, the process alive, no 5xx but shedding's 503, no errors) ${met ? 'met' : 'NOT met'}`,
    );
    return met;
  } finally {
    clearInterval(heapSampler);
    if (child.exitCode === null) await stop(child);
  }
}

if (process.argv[1] === import.meta.filename) process.exitCode = (await soak()) ? 0 : 1;
