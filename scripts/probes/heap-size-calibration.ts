/**
 * How well `heapSizeOf` (server/site/upstream/heap-size.ts) estimates what the content API's answers take
 * in the heap: each answer is parsed 2,000 times and kept, and the heap grown after a full collection is
 * divided by 2,000. Run: `node --expose-gc --import tsx scripts/probes/heap-size-calibration.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { heapSizeOf } from '../../server/site/upstream/heap-size';

const COPIES = 2000;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'heap-size-'));
  const cms = await startCms({ dataDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  const gc = (globalThis as { gc?: () => void }).gc!;
  const product = 'predokenske-rolete';
  const paths = [
    'init?lang=sl',
    'home?lang=en',
    `products/${product}?lang=sl`,
    'articles?lang=de',
    'faq?lang=sl',
    'categories?lang=en',
    'search?lang=sl&q=rolete',
    'sitemap',
  ];
  const bodies = await Promise.all(paths.map(async (p) => (await fetch(new URL(p, cms.url))).text()));
  await cms.close();
  rmSync(dataDir, { recursive: true, force: true });
  const everything: unknown[][] = [];
  let text = 0;
  let estimated = 0;
  let measured = 0;
  for (const [i, body] of bodies.entries()) {
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = Array.from({ length: COPIES }, () => JSON.parse(body) as unknown);
    // Kept to the end: an array freed meanwhile would be counted against the next answer.
    everything.push(kept);
    gc();
    gc();
    const each = (process.memoryUsage().heapUsed - before - 8 * COPIES) / COPIES;
    const estimate = heapSizeOf(kept[0]);
    text += body.length;
    estimated += estimate;
    measured += each;
    console.log(
      `${paths[i]!.padEnd(40)} JSON ${String(body.length).padStart(7)}  heap ${String(Math.round(each)).padStart(7)} (${(each / body.length).toFixed(2)}×)  estimate ${String(estimate).padStart(7)} (${(estimate / each).toFixed(2)} of the heap)`,
    );
  }
  console.log(
    `all: JSON ${text}, heap ${Math.round(measured)} (${(measured / text).toFixed(2)}×), estimate ${estimated} (${(estimated / measured).toFixed(2)} of the heap)`,
  );
}
void main();
