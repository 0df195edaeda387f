/**
 * Issue 24, finding 10: does resident memory come back after uploads? One site process takes the
 * photo probes in turn (the AVIF bombs, the unfinished parses, then 30 service requests of 5 photos
 * of about 4 MB, every one accepted: the photo budgets raised, as if from many visitors), then rests. Prints its RSS once ready (after a page of each kind, so what every
 * process loads anyway is counted before), after each probe, and after a minute idle; holds the idle
 * RSS to within 30 MB of where it started.
 *
 *   npm run build && node --import tsx scripts/probes/upload-memory.ts
 */
import { avifBombs } from './avif-bombs';
import { photoFlood } from './photo-flood';
import { pause, startProbeSite, type ProbeSite } from './site';
import { unfinishedParses } from './stalled-uploads';

const IDLE_MS = 60_000;
const MARGIN_MB = 30;
const OPS_TOKEN = 'upload-memory-probe-ops-token-0123456789';

/** RSS, and what V8 holds of it (its heap in use, and the memory outside it that JavaScript objects keep: Buffers), from the site's metrics. */
async function memory(site: ProbeSite): Promise<string> {
  const metrics = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).text();
  const mbOf = (name: string) => (Number(new RegExp(`^${name} (\\S+)`, 'm').exec(metrics)?.[1]) / 1024 / 1024).toFixed(0);
  return `RSS ${site.rssMb()} MB (V8 heap used ${mbOf('nodejs_heap_size_used_bytes')} MB of ${mbOf('nodejs_heap_size_total_bytes')} MB, external ${mbOf('nodejs_external_memory_bytes')} MB)`;
}

// Every flood post accepted, as from many visitors: what one process keeps after many stored uploads.
const site = await startProbeSite({ OPS_TOKEN, PHOTO_LIMIT_MB: '10000', PHOTO_DECODE_LIMIT_S: '86400' });
try {
  for (const page of ['/sl', '/sl/servis', '/sl/iskanje?q=rolete', '/sitemap.xml']) await fetch(`${site.url}${page}`).then((r) => r.arrayBuffer());
  await pause(5000);
  const startMb = site.rssMb();
  console.log(`Once ready: ${await memory(site)}\n`);
  await avifBombs(site);
  console.log(`After the AVIF bombs: ${await memory(site)}\n`);
  await unfinishedParses(site);
  console.log(`After the unfinished parses: ${await memory(site)}\n`);
  await photoFlood(site);
  const afterMb = site.rssMb();
  console.log(`After the photo flood: ${await memory(site)}\n`);
  await pause(IDLE_MS);
  console.log(`After ${IDLE_MS / 1000} s idle: ${await memory(site)}\n`);
  const idleMb = site.rssMb();
  const ok = site.alive() && idleMb - startMb <= MARGIN_MB;
  console.log(
    `RSS ${startMb} MB at start, ${afterMb} MB after the probes, ${idleMb} MB after ${IDLE_MS / 1000} s idle: ${idleMb - startMb >= 0 ? '+' : ''}${idleMb - startMb} MB (within ${MARGIN_MB} MB: ${ok ? 'yes' : 'NO'})`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await site.stop();
}
