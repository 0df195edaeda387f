/**
 * The search flood of `npm run bench` (issue 24, point 4): does a crowd of searches starve the cached
 * pages? The site (production build, its defaults) on core 0; on core 1 this process floods it with
 * 200 connections of searches that are each new (suggestions and search pages, in three languages),
 * from a thousand client addresses (X-Forwarded-For, the site behind a balancer on loopback: a
 * botnet, whose clients each stay within their budget, so only the shedding stands in its way), while the cached product page is measured as the
 * bench measures it (50 connections). The p99 of the cached page under the flood is held to at most
 * 5 times its p99 without it; rounds alternate the two, and the ratio is the median of the rounds'.
 * Alone: `node --import tsx scripts/bench/search-flood.ts`, after `npm run build`.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { CONNECTIONS, measure, WRK } from './measure';
import { ROOT, site, stop } from './servers';

const FLOOD_CONNECTIONS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_S = Number(process.env.BENCH_WARM_SECONDS ?? 10);
const TARGET_RATIO = 5;
/** Words of the site's, the searches of both loads are made from (soak.ts too). */
export const WORDS = [
  'rolete',
  'žaluzije',
  'senčila',
  'komarniki',
  'screen',
  'pergola',
  'tenda',
  'motor',
  'blinds',
  'shutter',
  'Markise',
  'Rollladen',
  'garage',
  'alu',
];

/** Every request new: a word of the site's and a token, as suggestions (three in four) or a search page. */
function floodRequest(n: number) {
  const locale = LOCALES[n % LOCALES.length]!;
  const q = encodeURIComponent(`${WORDS[n % WORDS.length]} ${n.toString(36)}`);
  const path = n % 4 === 3 ? `${pathTo('search', locale)}?q=${q}` : `/api/search?lang=${locale}&q=${q}`;
  // A thousand clients (10.0.x.y), each well within its own budget of searches.
  const address = `10.0.${(n >> 8) % 4}.${n & 255}`;
  return { path, headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': address } };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

export async function searchFlood(): Promise<boolean> {
  const products = JSON.parse(readFileSync(path.join(ROOT, 'content/products.json'), 'utf8')) as { sl: { slug: string } }[];
  const page = `/sl/izdelek/${products[0]!.sl.slug}`;
  const child = await site(4400, { TRUST_PROXY: 'loopback' });
  const base = 'http://127.0.0.1:4400';
  try {
    await measure(`${base}${page}`, WARM_S);
    const rounds: { quiet: number; flooded: number; rps: number }[] = [];
    const statuses: Record<string, number> = {};
    let searches = 0;
    let n = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const quiet = await measure(`${base}${page}`, SECONDS);
      // The flood runs a little longer than the measurement, which starts once it is under way.
      const flood = autocannon({
        url: base,
        connections: FLOOD_CONNECTIONS,
        duration: SECONDS + 2,
        requests: [{ setupRequest: (req) => ({ ...req, ...floodRequest(n++) }) }],
        setupClient: (client) => client.on('response', (status: number) => void (statuses[status] = (statuses[status] ?? 0) + 1)),
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const flooded = await measure(`${base}${page}`, SECONDS);
      searches += (await flood).requests.total;
      // What the flood left under way ends before the next quiet measurement.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      rounds.push({ quiet: quiet.p99, flooded: flooded.p99, rps: flooded.rps });
    }
    const ratio = median(rounds.map((r) => r.flooded / r.quiet));
    console.log(
      `\nSearch flood: ${FLOOD_CONNECTIONS} connections of new searches (from 1,000 addresses) against the cached ${page}, measured with ${CONNECTIONS} connections (${WRK ? 'wrk' : 'autocannon'}), ${ROUNDS} rounds of ${SECONDS} s`,
    );
    for (const r of rounds) console.log(`  cached p99 ${r.quiet} ms alone, ${r.flooded} ms under the flood (${r.rps.toFixed(0)} req/s)`);
    console.log(`  searches answered: ${JSON.stringify(statuses)} (${searches} in all)`);
    const met = ratio <= TARGET_RATIO;
    console.log(`cached p99 under the flood / alone ${ratio.toFixed(2).padStart(8)}   (target ≤ ${TARGET_RATIO}) ${met ? 'met' : 'NOT met'}`);
    return met;
  } finally {
    await stop(child);
  }
}

if (process.argv[1] === import.meta.filename) process.exitCode = (await searchFlood()) ? 0 : 1;
