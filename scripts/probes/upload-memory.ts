/**
 * Issue 24, finding 10: does resident memory come back after uploads? One site process takes the
 * photo probes in turn (the AVIF bombs, the unfinished parses, then 30 service requests of 5 photos
 * of about 4 MB), then rests. Prints its RSS once ready (after a page of each kind, so what every
 * process loads anyway is counted before), after each probe, and after a minute idle; holds the idle
 * RSS to within 30 MB of where it started.
 *
 *   npm run build && node --import tsx scripts/probes/upload-memory.ts
 */
import { avifBombs } from './avif-bombs';
import { photoFlood } from './photo-flood';
import { pause, startProbeSite } from './site';
import { unfinishedParses } from './stalled-uploads';

const IDLE_MS = 60_000;
const MARGIN_MB = 30;

const site = await startProbeSite();
try {
  for (const page of ['/sl', '/sl/servis', '/sl/iskanje?q=rolete', '/sitemap.xml']) await fetch(`${site.url}${page}`).then((r) => r.arrayBuffer());
  await pause(5000);
  const startMb = site.rssMb();
  console.log(`RSS once ready: ${startMb} MB\n`);
  await avifBombs(site);
  console.log(`RSS after the AVIF bombs: ${site.rssMb()} MB\n`);
  await unfinishedParses(site);
  console.log(`RSS after the unfinished parses: ${site.rssMb()} MB\n`);
  await photoFlood(site);
  const afterMb = site.rssMb();
  console.log(`RSS after the photo flood: ${afterMb} MB\n`);
  await pause(IDLE_MS);
  const idleMb = site.rssMb();
  const ok = site.alive() && idleMb - startMb <= MARGIN_MB;
  console.log(`RSS ${startMb} MB at start, ${afterMb} MB after the probes, ${idleMb} MB after ${IDLE_MS / 1000} s idle: ${idleMb - startMb >= 0 ? '+' : ''}${idleMb - startMb} MB (within ${MARGIN_MB} MB: ${ok ? 'yes' : 'NO'})`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await site.stop();
}
