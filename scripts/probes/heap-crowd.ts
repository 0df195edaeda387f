/**
 * Probe of issue 24, point 11: a crowd of cached-page readers at full rate, and what the site's heap
 * holds under it. Starts the production build (its runtime settings, `--trace-gc`) on core 0, loads it
 * from this process (run it on core 1: `taskset -c 1 node --import tsx scripts/probes/heap-crowd.ts`)
 * with 200 connections over a mix of the sitemap's first 40 pages, their payloads, the same pages with
 * a tracking parameter, two searches and the sitemap, for HEAP_CROWD_SECONDS (default 30), and prints
 * the live heap after each full collection, the peak RSS, and whether the process died. With
 * HEAP_SNAPSHOT=1 it writes a heap snapshot once the live heap has peaked (at 2/3 of the run) and
 * prints the constructors that hold most of it (self sizes summed). HEAP_CROWD_SEARCHES=N puts N
 * search screens in the mix instead of one (with the suggestions, the issue's two searches), to load
 * the renders at a rate this machine reaches. SITE_X=... sets the site's X.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { crowd } from '../bench/crowd';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_ENV } from '../runtime-env.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.HEAP_CROWD_SECONDS ?? 30);
const PORT = 4500;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'heap-crowd-'));
const base = `http://127.0.0.1:${PORT}`;

const child = spawn('taskset', ['-c', '0', 'node', '--trace-gc', `--diagnostic-dir=${tmp}`, '--heapsnapshot-signal=SIGUSR2', 'dist/server/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    ...RUNTIME_ENV,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    HTML_CACHE_REFILL_CONCURRENCY: '2',
    LOG_LEVEL: 'warn',
    ...Object.fromEntries(
      Object.entries(process.env)
        .filter(([k]) => k.startsWith('SITE_'))
        .map(([k, v]) => [k.slice(5), v!]),
    ),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** Live heap (MB) after each full collection, from --trace-gc's `Mark-Compact a (b) -> c (d) MB` lines. */
const liveAfterFullGc = () => [...output.matchAll(/Mark-Compact[^\n]*?-> ([\d.]+) \(/g)].map((m) => Number(m[1]));
const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024);

for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false)
  )
    break;
  if (i > 300) throw new Error('the site did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).slice(0, 40);
const mix = [
  ...pages,
  ...pages.map((p) => `${p.replace(/\/$/, '')}/_payload.json`),
  ...pages.map((p) => `${p}?utm_source=crowd&fbclid=`), // wrk's script adds a new value each time
  // HEAP_CROWD_SEARCHES: how many search screens in the mix (2, as in the issue), to load the renders.
  ...Array.from({ length: Number(process.env.HEAP_CROWD_SEARCHES ?? 1) }, (_, i) => `/en/search?q=roller${i ? `+${i}` : ''}`),
  '/api/search?lang=sl&q=rolete',
  '/sitemap.xml',
];
// Every page in the cache first, as after the warm-up.
for (const url of mix) await fetch(base + url);
const crowdMix = mix.map((url) => base + url);

let peakRss = rssMb();
const sampler = setInterval(() => {
  try {
    peakRss = Math.max(peakRss, rssMb());
  } catch {
    // the process has gone
  }
}, 250);
if (process.env.HEAP_SNAPSHOT === '1') setTimeout(() => child.kill('SIGUSR2'), (SECONDS * 2000) / 3).unref();
const result = crowd(crowdMix, SECONDS);
clearInterval(sampler);
const died = child.exitCode !== null;
const live = liveAfterFullGc();
console.log(`${result.answers} answers in ${SECONDS} s (${Math.round(result.rps)}/s), ${result.non2xx} not 2xx, p99 ${result.p99} ms`);
console.log(
  `live heap after full collections: peak ${Math.max(0, ...live)} MB over ${live.length} collections; RSS peak ${peakRss} MB; ${died ? `the process DIED (exit ${child.exitCode})` : 'the process lived'}`,
);
if (died)
  console.log(
    output
      .split('\n')
      .filter((l) => /heap|memory|FATAL/i.test(l))
      .slice(-5)
      .join('\n'),
  );
child.kill('SIGTERM');
await exit;

try {
  if (process.env.HEAP_SNAPSHOT === '1') {
    const file = readdirSync(tmp).find((f) => f.endsWith('.heapsnapshot'));
    if (!file) throw new Error('no heap snapshot was written');
    summarise(path.join(tmp, file));
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** The constructors (or kinds) whose objects' own sizes add up to most of the snapshot. */
function summarise(file: string) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals = new Map<string, { bytes: number; count: number }>();
  let all = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const kind = types[snapshot.nodes[i + type!]!]!;
    const label = kind === 'object' || kind === 'closure' ? `${kind} ${snapshot.strings[snapshot.nodes[i + name!]!]}` : kind;
    const bytes = snapshot.nodes[i + size!]!;
    all += bytes;
    const t = totals.get(label) ?? { bytes: 0, count: 0 };
    t.bytes += bytes;
    t.count++;
    totals.set(label, t);
  }
  console.log(`heap snapshot ${file}: ${(all / 1048576).toFixed(1)} MB in all; the largest kinds:`);
  for (const [label, t] of [...totals].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 25)) {
    console.log(`  ${(t.bytes / 1048576).toFixed(1).padStart(7)} MB  ${String(t.count).padStart(8)}  ${label.slice(0, 100)}`);
  }
}
