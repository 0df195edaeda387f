/**
 * The search figures of `npm run bench` (docs/decisions/0037-search-engine.md):
 *   1. the header box's suggestions (`GET /api/search`) for 20 people typing at once, each answer
 *      searched by the engine: every query is new to the site's caches (the queries of the quality
 *      table, tests/support/search-quality-table.ts, typed letter by letter in their language, each
 *      asked once per round, a round in another letter case). A person's box asks at most once per
 *      DEBOUNCE_MS, so the 20 ask at that pace together, evenly spaced (open loop); p50, p95 and p99 against the target
 *      of 15 ms at the 95th percentile. Then the same 20 asking as fast as they are answered (closed
 *      loop: the site's capacity, where each answer waits for the 19 before it, Little's law), and the
 *      queries asked again: what the BFF's cache answers (docs/decisions/0037-search-engine.md).
 *   2. rebuilding the index of every locale from the database (what follows a content change), in a
 *      process that had not built one yet and again once warm, against the target of under a second;
 *      and the content API's part of an answer (engine and database, no HTTP), for comparison with 1.
 * Alone: `node --import tsx scripts/bench/search.ts` (after `npm run build`); the site on core 0.
 */
import autocannon from 'autocannon';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../server/cms/db';
import { migrate } from '../../server/cms/migrations';
import { contentQueries, type ContentQueries } from '../../server/cms/queries';
import { searchEngine } from '../../server/cms/search/engine';
import { seedContent } from '../../server/cms/seed';
import { loadCmsStrings } from '../../server/cms/strings';
import type { Locale } from '../../shared/locales';
import { SEARCH_QUALITY } from '../../tests/support/search-quality-table';
import { SUGGESTIONS_PER_SECTION } from '../../server/site/bff/search';
import { DEBOUNCE_MS } from '../../client/components/use-search-suggestions';
import { ROOT, site, stop } from './servers';

const CLIENTS = 20;
/** What 20 people typing ask at most: one request each per debounce interval. */
const PEOPLES_RATE = Math.round((CLIENTS * 1000) / DEBOUNCE_MS);
const TARGET_P95_MS = 15;
const TARGET_REBUILD_MS = 1000;
const REBUILDS = 10;

/** Every prefix of two letters or more of every table query (the box asks from two), in its locale. */
const TYPED = [
  ...new Set(SEARCH_QUALITY.flatMap(([locale, query]) => Array.from({ length: query.length - 1 }, (_, i) => `${locale}\t${query.slice(0, i + 2).trim()}`))),
].map((line) => line.split('\t') as [string, string]);

/** A round's spelling of the queries: the same words, new to every cache (whose keys are the text as typed). */
const ROUNDS: ((q: string) => string)[] = [(q) => q, (q) => q.toUpperCase(), (q) => q.charAt(0).toUpperCase() + q.slice(1).toLowerCase()];
/** Three more spellings, for the closed-loop rounds. */
const alternating = (q: string, upperFirst: boolean) => [...q].map((c, i) => ((i % 2 === 0) === upperFirst ? c.toUpperCase() : c.toLowerCase())).join('');
const MORE_ROUNDS: ((q: string) => string)[] = [(q) => alternating(q, true), (q) => alternating(q, false), (q) => q.slice(0, -1) + q.slice(-1).toUpperCase()];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const suggestionsPath = ([lang, q]: [string, string]) => `/api/search?${new URLSearchParams({ lang, q })}`;

/**
 * Asks for every query once, evenly spaced at `rate` a second, over at most CLIENTS connections (a
 * question whose turn comes while all are busy waits for one, and the wait counts); the answers' times
 * in ms. autocannon's own rate sends each second's requests together, a burst of twenty, not people.
 */
async function askPaced(base: string, queries: [string, string][], rate: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const ask = (query: [string, string]) =>
    new Promise<number>((resolve, reject) => {
      const begun = performance.now();
      http
        .get(base + suggestionsPath(query), { agent, headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve(performance.now() - begun) : reject(new Error(`search bench: ${res.statusCode} for ${query.join(' ')}`)),
          );
        })
        .on('error', reject);
    });
  const started = performance.now();
  try {
    return await Promise.all(
      queries.map(
        (query, i) =>
          new Promise<number>((resolve, reject) => setTimeout(() => ask(query).then(resolve, reject), started + (i * 1000) / rate - performance.now())),
      ),
    );
  } finally {
    agent.destroy();
  }
}

/** Asks for every query once over CLIENTS connections, each asking again as soon as answered; the answers' times in ms. */
async function askAll(base: string, queries: [string, string][]): Promise<number[]> {
  let next = 0;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: base,
    connections: CLIENTS,
    amount: queries.length,
    requests: [{ setupRequest: (req) => ({ ...req, path: suggestionsPath(queries[next++ % queries.length]!) }) }],
    setupClient: (client) =>
      client.on('response', (status: number, _bytes: number, ms: number) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        times.push(ms);
      }),
  });
  if (result.errors || result.timeouts || [...statuses.keys()].some((status) => status !== 200)) {
    throw new Error(`search bench: ${result.errors} errors, ${result.timeouts} timeouts, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  }
  return times;
}

function report(name: string, times: number[], target?: number): boolean {
  const sorted = [...times].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
  const verdict = target === undefined ? '' : `   (target p95 ≤ ${target} ms) ${p95! <= target ? 'met' : 'NOT met'}`;
  console.log(
    `${name.padEnd(44)} ${String(sorted.length).padStart(5)} answers   p50 ${p50!.toFixed(1).padStart(5)} ms   p95 ${p95!.toFixed(1).padStart(5)} ms   p99 ${p99!.toFixed(1).padStart(5)} ms${verdict}`,
  );
  return target === undefined || p95! <= target;
}

async function suggestions(): Promise<boolean> {
  // One address asks every query of the table: the search's rate limit is a visitor's, not the bench's.
  const child = await site(4300, { SEARCH_RATE_LIMIT_MAX: '1000000' });
  const base = 'http://127.0.0.1:4300';
  try {
    // Warm: the engine's indexes built and its code compiled, on queries no round asks.
    await askAll(
      base,
      TYPED.map(([lang, q]) => [lang, `${q} 0`]),
    );
    const typing: number[] = [];
    const saturated: number[] = [];
    const spelled = (spell: (q: string) => string) => TYPED.map(([lang, q]) => [lang, spell(q)] as [string, string]);
    for (const spell of ROUNDS) typing.push(...(await askPaced(base, spelled(spell), PEOPLES_RATE)));
    for (const spell of MORE_ROUNDS) saturated.push(...(await askAll(base, spelled(spell))));
    const cached = await askAll(base, TYPED);
    console.log(
      `\nHeader search suggestions: ${TYPED.length} queries (every prefix of the ${SEARCH_QUALITY.length} quality-table queries), ${CLIENTS} clients, site on core 0`,
    );
    const met = report(`people typing (${PEOPLES_RATE}/s), every query new`, typing, TARGET_P95_MS);
    report('as fast as answered, every query new', saturated);
    report('asked again (answered by the BFF cache)', cached);
    return met;
  } finally {
    await stop(child);
  }
}

/** The content API's own work (engine and answer, no HTTP), one query at a time, in this process. */
function contentApiTimes(content: ContentQueries): void {
  const times: number[] = [];
  for (const spell of ROUNDS) {
    for (const [lang, q] of TYPED) {
      const started = performance.now();
      content.search(lang as Locale, spell(q), SUGGESTIONS_PER_SECTION);
      times.push(performance.now() - started);
    }
  }
  report('content API search alone (in process, 1 at a time)', times);
}

function rebuildsAndSearches(): boolean {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const db = openDb(dir);
  try {
    migrate(db);
    seedContent(db, path.join(ROOT, 'content'));
    const engine = searchEngine(db);
    const times = Array.from({ length: REBUILDS }, () => engine.rebuild());
    const [first, ...warm] = times;
    const sorted = [...warm].sort((a, b) => a - b);
    const worst = Math.max(...times);
    console.log(
      `\nSearch index rebuild (every locale, from the database): first ${first!.toFixed(0)} ms first in this process, then median ${percentile(sorted, 50).toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms of ${warm.length}`,
    );
    const met = worst < TARGET_REBUILD_MS;
    console.log(`slowest rebuild ${worst.toFixed(0)} ms (target < ${TARGET_REBUILD_MS} ms) ${met ? 'met' : 'NOT met'}\n`);
    contentApiTimes(contentQueries(db, loadCmsStrings()));
    return met;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function searchBench(): Promise<boolean> {
  const rebuilt = rebuildsAndSearches();
  return (await suggestions()) && rebuilt;
}

if (process.argv[1] === import.meta.filename) process.exitCode = (await searchBench()) ? 0 : 1;
