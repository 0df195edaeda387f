/**
 * Issue 24, finding 5: one address sends 30 service requests, one after the other, each with 5 photos
 * of about 4 MB (12 MP of fine detail: what re-encodes largest), without loading a page, under the
 * default form rate limit. Prints how many were accepted, the company's notification mails that came
 * of them (their number and sizes, and how many carry the photos as attachments or as links), and
 * the photos' bytes the content API keeps.
 *
 *   npm run build && node --import tsx scripts/probes/photo-flood.ts
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { phonePhoto, send, servicePost, type Answer } from './posts';
import { mb, pause, startProbeSite, type ProbeSite } from './site';

const POSTS = 30;
const PHOTOS = 5;
const COMPANY = 'info@sencila-zorko.si';

type Mail = { bytes: number; attachments: number; links: number };

function companyMails(site: ProbeSite): Mail[] {
  const dir = path.join(site.dir, 'data', 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(dir, name))
    .filter((file) => new RegExp(`^To: .*${COMPANY}`, 'm').test(readFileSync(file, 'latin1').slice(0, 4096)))
    .map((file) => {
      const text = readFileSync(file, 'latin1');
      return {
        bytes: statSync(file).size,
        attachments: (text.match(/^Content-Disposition: attachment/gim) ?? []).length,
        links: (text.match(/\/api\/submission-photos\//g) ?? []).length,
      };
    });
}

function storedPhotoBytes(site: ProbeSite): number {
  const db = new Database(path.join(site.dir, 'data', 'cms.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT coalesce(sum(length(bytes)), 0) AS n FROM submission_photos').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export async function photoFlood(site: ProbeSite): Promise<{ accepted: number; mails: Mail[] }> {
  const photo = await phonePhoto();
  const start = performance.now();
  const answers: Answer[] = [];
  for (let i = 0; i < POSTS; i++) {
    const { head, body } = servicePost(Array.from({ length: PHOTOS }, (_, n) => ({ name: `photo-${n}.jpg`, bytes: photo })));
    answers.push(await send(site.url, head, body));
  }
  const seconds = (performance.now() - start) / 1000;
  const accepted = answers.filter((a) => a.status === 303).length;
  // Delivered by the outbox, then mailed by the content API's worker, one mail at a time.
  let mails = companyMails(site);
  for (let i = 0; i < 600 && mails.length < accepted; i++, mails = companyMails(site)) await pause(100);
  const statuses = answers.reduce<Record<string, number>>(
    (all, a) => ((all[String(a.status ?? a.error)] = (all[String(a.status ?? a.error)] ?? 0) + 1), all),
    {},
  );
  const total = mails.reduce((sum, m) => sum + m.bytes, 0);
  console.log(`Photo flood: ${POSTS} posts of ${PHOTOS} photos of ${mb(photo.length)} MB from one address, in ${seconds.toFixed(0)} s`);
  console.log(`  answers ${JSON.stringify(statuses)}; ${accepted} accepted`);
  console.log(
    `  ${mails.length} notification mails, ${mb(total)} MB in all, ${mails.length ? mb(total / mails.length) : 0} MB on average, the largest ${mb(Math.max(0, ...mails.map((m) => m.bytes)))} MB; ` +
      `${mails.filter((m) => m.attachments > 0).length} with attachments, ${mails.filter((m) => m.links > 0).length} with links`,
  );
  console.log(`  photos kept by the content API: ${mb(storedPhotoBytes(site))} MB`);
  return { accepted, mails };
}

if (process.argv[1] === import.meta.filename) {
  // The default form limit (30 posts in 10 minutes): what one address may really do.
  const site = await startProbeSite({ FORM_RATE_LIMIT_MAX: '30' });
  try {
    await photoFlood(site);
  } finally {
    await site.stop();
  }
}
