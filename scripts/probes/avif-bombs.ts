/**
 * Issue 24, finding 2: 20 service requests at once, each with 5 AVIF photos of 7000 × 7000 pixels
 * (about 1.7 kB each), while a visitor sends a real photo (1600 × 1200 JPEG) every 2 seconds. Prints
 * the resident memory before and at its peak, how long until every bomb was answered, the answers,
 * and the real uploads' answers and times. Exits 1 when the process died or went over 300 MB.
 *
 *   npm run build && node --import tsx scripts/probes/avif-bombs.ts
 */
import { avifBomb, send, servicePost, smallPhoto, type Answer } from './posts';
import { pause, startProbeSite, type ProbeSite } from './site';

const POSTS = 20;
const PHOTOS = 5;
const LIMIT_MB = 300;

const tally = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((all, a) => ((all[String(a.status ?? a.error)] = (all[String(a.status ?? a.error)] ?? 0) + 1), all), {});

export async function avifBombs(site: ProbeSite): Promise<{ peakMb: number; ok: boolean }> {
  const bomb = await avifBomb();
  const real = await smallPhoto();
  const beforeMb = site.rssMb();
  const peak = site.samplePeak();
  const start = performance.now();
  let bombsDone = false;
  const bombs = Promise.all(
    Array.from({ length: POSTS }, (_, i) => {
      const { head, body } = servicePost(Array.from({ length: PHOTOS }, (_, n) => ({ name: `bomb-${i}-${n}.avif`, bytes: bomb })));
      return send(site.url, head, body);
    }),
  ).finally(() => (bombsDone = true));
  const realAnswers: Answer[] = [];
  // Real uploads, one every 2 seconds from the start, while the bombs are in the site, and one after they are done.
  for (let last = false; !last;) {
    last = bombsDone;
    const { head, body } = servicePost([{ name: 'okno.jpg', bytes: real }]);
    const [answer] = await Promise.all([send(site.url, head, body), pause(2000)]);
    realAnswers.push(answer);
  }
  const bombAnswers = await bombs;
  const lastBombMs = Math.max(...bombAnswers.map((a) => a.ms));
  const peakMb = peak();
  console.log(`AVIF bombs: ${POSTS} posts × ${PHOTOS} photos of 7000 × 7000 (${bomb.length} bytes each)`);
  console.log(
    `  RSS ${beforeMb} MB before, ${peakMb} MB at the peak; the last bomb answered after ${(lastBombMs / 1000).toFixed(1)} s (${((performance.now() - start) / 1000).toFixed(1)} s in all)`,
  );
  console.log(`  bombs' answers ${JSON.stringify(tally(bombAnswers))}`);
  console.log(`  real uploads' answers ${JSON.stringify(tally(realAnswers))}, times ${realAnswers.map((a) => a.ms).join(', ')} ms`);
  const ok = site.alive() && peakMb < LIMIT_MB && realAnswers.every((a) => a.status === 303);
  console.log(`  process ${site.alive() ? 'alive' : 'DEAD'}; peak under ${LIMIT_MB} MB and every real upload accepted: ${ok ? 'yes' : 'NO'}`);
  return { peakMb, ok };
}

if (process.argv[1] === import.meta.filename) {
  const site = await startProbeSite();
  try {
    process.exitCode = (await avifBombs(site)).ok ? 0 : 1;
  } finally {
    await site.stop();
  }
}
