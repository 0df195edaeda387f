/**
 * Issue 24, finding 3: uploads that never finish.
 * 1. 100 connections at once, each a multipart service request whose 5 MB photo is sent whole but
 *    without the closing boundary (the body arrives; its parse can never end). Prints how many were
 *    answered, with what and when, and the most the upload folders held meanwhile.
 * 2. 10 uploads stalled mid-photo, then SIGKILL, then a start on the same data: prints the upload
 *    folders left from before once the new process is ready.
 *
 *   npm run build && node --import tsx scripts/probes/stalled-uploads.ts
 */
import { randomBytes } from 'node:crypto';
import { BOUNDARY, send, servicePost, type Answer } from './posts';
import { mb, pause, startProbeSite, type ProbeSite } from './site';

const CONNECTIONS = 100;
const PHOTO_BYTES = 5 * 1024 * 1024;
const GIVE_UP_MS = 120_000;

/** The post cut just before its closing boundary: its head announces exactly what is sent. */
function unfinishedPost(): { head: string; body: Buffer } {
  const { body } = servicePost([{ name: 'okno.jpg', bytes: randomBytes(PHOTO_BYTES) }]);
  const cut = body.subarray(0, body.lastIndexOf(`\r\n--${BOUNDARY}--`));
  return { head: servicePost([]).head.replace(/Content-Length: \d+/, `Content-Length: ${cut.length}`), body: cut };
}

export async function unfinishedParses(site: ProbeSite): Promise<boolean> {
  let peakBytes = 0;
  let peakFolders = 0;
  const sampler = setInterval(() => {
    const { folders, bytes } = site.uploads();
    peakBytes = Math.max(peakBytes, bytes);
    peakFolders = Math.max(peakFolders, folders);
  }, 500);
  const answers: Answer[] = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => {
      const { head, body } = unfinishedPost();
      return send(site.url, head, body, { giveUpMs: GIVE_UP_MS });
    }),
  );
  clearInterval(sampler);
  // Each connection is closed by now: whatever is still on disk was kept past its visitor.
  await pause(1000);
  const left = site.uploads();
  const answered = answers.filter((a) => a.status !== null);
  const statuses = answered.reduce<Record<number, number>>((all, a) => ((all[a.status!] = (all[a.status!] ?? 0) + 1), all), {});
  console.log(`Unfinished parses: ${CONNECTIONS} posts of a ${mb(PHOTO_BYTES)} MB photo without the closing boundary`);
  console.log(
    `  answered ${answered.length} of ${CONNECTIONS} ${JSON.stringify(statuses)}, the last after ${(Math.max(0, ...answered.map((a) => a.ms)) / 1000).toFixed(1)} s (given up after ${GIVE_UP_MS / 1000} s)`,
  );
  console.log(`  upload folders at most ${peakFolders} holding ${mb(peakBytes)} MB; after the connections closed ${left.folders} (${mb(left.bytes)} MB)`);
  return answered.length === CONNECTIONS && left.folders === 0;
}

export async function leftoversAfterKill(env: Record<string, string> = {}): Promise<boolean> {
  let site = await startProbeSite(env);
  try {
    const { head, body } = servicePost([{ name: 'okno.jpg', bytes: randomBytes(PHOTO_BYTES) }]);
    // Half of each photo is sent; the connection then waits.
    const stalled = Array.from({ length: 10 }, () => send(site.url, head, body.subarray(0, body.length / 2), { giveUpMs: 30_000 }));
    for (let i = 0; i < 100 && site.uploads().folders < 10; i++) await pause(100);
    const before = site.uploads();
    await site.kill('SIGKILL');
    await Promise.all(stalled);
    site = await startProbeSite(env, site.dir);
    const after = site.uploads();
    console.log(
      `SIGKILL with 10 uploads under way: ${before.folders} folders (${mb(before.bytes)} MB) before; after a new start on the same data, ${after.folders} left (${mb(after.bytes)} MB)`,
    );
    return after.folders === 0;
  } finally {
    await site.stop();
  }
}

if (process.argv[1] === import.meta.filename) {
  const site = await startProbeSite();
  let ok = false;
  try {
    ok = await unfinishedParses(site);
  } finally {
    await site.stop();
  }
  ok = (await leftoversAfterKill()) && ok;
  process.exitCode = ok ? 0 : 1;
}
