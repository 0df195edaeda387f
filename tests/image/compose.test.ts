import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signPurge } from '../../server/lib/purge-signature';
import { composeUp, DIFFERENCES, readComposeFile, type Stack } from './compose-stack';
import { podman } from './podman';
import { until } from '../support/until';

/**
 * compose.yaml's stack in containers (compose-stack.ts runs it from the file): PostgreSQL, the content
 * API and the site's replicas from the project's image, nginx in front, on a network of their own.
 * Asked through nginx's published port, and in the replicas themselves (`podman exec`), whose ports
 * the file does not publish.
 */

const PAGE = '/en/categories';
let stack: Stack;
let nginx = '';

beforeAll(async () => {
  console.log(`image test: compose.yaml's stack, as Docker Compose runs it but that ${DIFFERENCES.join('; ')}`);
  stack = await composeUp('shading-image-test');
  nginx = `http://127.0.0.1:${stack.ports['nginx:80']}`;
  await until('nginx answers a page', async () => (await fetch(nginx + PAGE).catch(() => null))?.status === 200, 180_000);
}, 600_000);

// A failure in CI is read from its output alone: each container's last lines go with it.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const [service, container] of Object.entries(stack.containers)) {
    const { stdout, stderr } = await podman(['logs', '--tail', '25', container], { allowFailure: true });
    console.log(`image test: ${service}'s log ends:\n${stdout}${stderr}`);
  }
});

afterAll(async () => {
  await stack?.down();
}, 300_000);

/** A replica's answer to a GET of its own port, from inside its container: status and the HTML cache's headers. */
async function fromReplica(service: string, pathname: string): Promise<{ status: number; cache: string | null; age: number | null }> {
  const script = `fetch('http://127.0.0.1:3000' + process.argv[1]).then(async (r) => { await r.arrayBuffer(); console.log(JSON.stringify({ status: r.status, cache: r.headers.get('x-cache'), age: r.headers.get('age') })); })`;
  const { stdout } = await podman(['exec', stack.containers[service]!, 'node', '-e', script, pathname]);
  const answer = JSON.parse(stdout) as { status: number; cache: string | null; age: string | null };
  return { ...answer, age: answer.age === null ? null : Number(answer.age) };
}

describe("compose.yaml's stack", () => {
  it('answers a page through nginx, with the request id nginx gave it', async () => {
    const res = await fetch(nginx + PAGE);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="en');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('carries a purge made on one replica to the others', async () => {
    // web2 has the page in its cache, and has had it a while.
    await until('web2 has had the page for two seconds', async () => ((await fromReplica('web2', PAGE)).age ?? 0) >= 2, 60_000);
    const before = (await fromReplica('web2', PAGE)).age!;

    const secret = readComposeFile().services.web1!.environment!.CACHE_PURGE_SECRET!;
    const body = JSON.stringify({ paths: [PAGE] });
    const purge = `fetch('http://127.0.0.1:3000/api/cache/purge', { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': process.argv[2] }, body: process.argv[1] }).then(async (r) => console.log(r.status, await r.text()))`;
    const { stdout } = await podman(['exec', stack.containers.web1!, 'node', '-e', purge, body, signPurge(secret, body)]);
    expect(stdout).toMatch(/^200 /);

    // Its copy is dropped: rendered again (a miss, or a copy younger than the one it had).
    await until(
      'web2 has dropped its copy',
      async () => {
        const answer = await fromReplica('web2', PAGE);
        return answer.cache === 'MISS' || (answer.age !== null && answer.age < before);
      },
      30_000,
    );
  });

  it('refuses /metrics through nginx', async () => {
    const token = readComposeFile().services.web1!.environment!.OPS_TOKEN!;
    const res = await fetch(`${nginx}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    // ...while each replica serves its own to whoever scrapes it on the network.
    const script = `fetch('http://127.0.0.1:3000/metrics', { headers: { authorization: 'Bearer ' + process.argv[1] } }).then((r) => console.log(r.status))`;
    expect((await podman(['exec', stack.containers.web1!, 'node', '-e', script, token])).stdout.trim()).toBe('200');
  });
});
