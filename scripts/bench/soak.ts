/**
 * The memory soak of `npm run bench`: 200,000 requests over 200 connections to the production build
 * with the HTML cache at its default size, a mix a crawler and a crowd make (the sitemap's pages,
 * their payloads, searches with ever new words, pages with tracking parameters, unknown addresses),
 * sampling the server's resident memory (RSS) as it goes and once it has been idle a while.
 * The steady RSS is held to at most 250 MB: containers commonly get 512 MB.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { LOCALES } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { site, stop } from './servers';

const REQUESTS = Number(process.env.SOAK_REQUESTS ?? 200_000);
const CONNECTIONS = 200;
const TARGET_MB = 250;
const SETTLE_MS = 10_000;
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

const WORDS = ['rolete', 'žaluzije', 'senčila', 'komarniki', 'screen', 'pergola', 'tenda', 'motor', 'blinds', 'shutter', 'Markise', 'Rollladen', 'garage', 'alu'];

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

export async function soak(): Promise<boolean> {
  // The defaults the image runs with, the background refill and warm-up included.
  const child = await site(4200, { HTML_CACHE_REFILL_CONCURRENCY: '2' });
  const base = 'http://127.0.0.1:4200';
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
      setupClient: (client) => client.on('response', (status: number) => void (statuses[`${String(status)[0]}xx`] = (statuses[`${String(status)[0]}xx`] ?? 0) + 1)),
    });
    clearInterval(sampler);
    const afterMb = rssMb(child.pid!);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const steadyMb = rssMb(child.pid!);

    console.log(`\nMemory soak: ${result.requests.total} requests over ${CONNECTIONS} connections, ${pages.length} sitemap pages in the mix, HTML cache at its default size`);
    console.log(`answers ${JSON.stringify(statuses)}, errors ${result.errors}, timeouts ${result.timeouts}, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, slowest ${result.latency.max} ms`);
    console.log(`RSS: ${startMb} MB at start, ${peakMb} MB at peak, ${afterMb} MB at the end, ${steadyMb} MB after ${SETTLE_MS / 1000} s idle`);
    const met = steadyMb <= TARGET_MB && !statuses['5xx'] && result.errors === 0;
    console.log(`steady RSS ${steadyMb} MB (target ≤ ${TARGET_MB} MB, no 5xx, no errors) ${met ? 'met' : 'NOT met'}`);
    return met;
  } finally {
    await stop(child);
  }
}

if (process.argv[1] === import.meta.filename) process.exitCode = (await soak()) ? 0 : 1;
