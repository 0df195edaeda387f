/**
 * Issue 24, finding 1: a multipart post that ends without its closing boundary, with one part that
 * has a file name (about 230 bytes), sent once to each address of the site that takes a post and
 * parses its body. Before the fix one such post ended the process. Prints, per address, the answer
 * and whether the process was alive after it (a dead one is started again for the next address).
 *
 *   npm run build && node --import tsx scripts/probes/crash-posts.ts
 */
import { postHead, send } from './posts';
import { startProbeSite, type ProbeSite } from './site';

const ADDRESSES = ['/sl/povprasevanje', '/sl/servis', '/sl/povprasevanje/_payload.json', '/sl/login', '/sl/e-novice/odjava?token=x', '/api/rum'];

const BODY = Buffer.from('--b\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nunfinished');

async function aliveAfter(site: ProbeSite): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    if (!site.alive()) return false;
    if (
      await fetch(`${site.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return site.alive();
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

let site = await startProbeSite();
let killed = 0;
try {
  for (const address of ADDRESSES) {
    const head = postHead(address, BODY.length, 'multipart/form-data; boundary=b');
    const answer = await send(site.url, head, BODY, { giveUpMs: 10_000 });
    const alive = await aliveAfter(site);
    console.log(`${address}: ${answer.status ?? answer.error} in ${answer.ms} ms (${head.length + BODY.length} bytes), process ${alive ? 'alive' : 'DEAD'}`);
    if (!alive) {
      killed++;
      console.log(
        site
          .log()
          .split('\n')
          .filter((line) => line.includes('Error'))
          .slice(0, 2)
          .join('\n'),
      );
      await site.stop();
      site = await startProbeSite();
    }
  }
} finally {
  await site.stop();
}
console.log(`\n${killed} of ${ADDRESSES.length} posts ended the process`);
process.exitCode = killed ? 1 : 0;
