import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { personsFields, TEST_FORM_TOKEN_SECRET } from '../support/form-guard';
import { waitForMail } from '../support/mail';
import { answers, PROJECT_IMAGE, runImage, volumePath, type Container } from './containers';
import { inspect, podman } from './podman';

/**
 * The project's image (built from the Dockerfile, unchanged, by global-setup.ts) run as ops run it:
 * the site with the built-in content API inside it and its data in the /data volume, then the content
 * API alone. Over real HTTP to the published port; the volume's files read from this machine.
 */

const COMPANY = 'info@sencila-zorko.si';
const PASSWORD = 'dolgo-geslo-za-sliko-123';
const VOLUME = 'shading-image-test-data';
/** What a browser sends with a form from the site's own page. */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const post = (container: Container, pathname: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(container.url + pathname, { method: 'POST', body, headers: { ...SAME_ORIGIN, ...headers }, redirect: 'manual' });

async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const containers: Container[] = [];
/** Every container signs the forms' time tokens with the tests' key, so a post can carry a person's. */
async function start(name: string, options: Parameters<typeof runImage>[1]): Promise<Container> {
  const container = await runImage(name, { ...options, args: ['--env', `FORM_TOKEN_SECRET=${TEST_FORM_TOKEN_SECRET}`, ...(options.args ?? [])] });
  containers.push(container);
  return container;
}

afterAll(async () => {
  for (const container of containers) await container.remove();
  await podman(['volume', 'rm', '--force', VOLUME], { allowFailure: true });
});

describe('the image, as the site', () => {
  const email = `slika.${randomUUID().slice(0, 8)}@example.com`;
  let site: Container;
  let data: string;

  beforeAll(async () => {
    await podman(['volume', 'rm', '--force', VOLUME], { allowFailure: true });
    await podman(['volume', 'create', VOLUME]);
    data = await volumePath(VOLUME);
    site = await start('shading-image-test-site', { port: 3000, args: ['--volume', `${VOLUME}:/data`] });
    await answers(site, '/readyz');
  }, 180_000);

  it('answers /healthz, /readyz and a page in each locale', async () => {
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
    for (const locale of LOCALES) {
      const page = await fetch(`${site.url}/${locale}`);
      expect(page.status, locale).toBe(200);
      expect(await page.text(), locale).toContain(`<html lang="${locale}`);
    }
  });

  it('runs as the non-root user node', async () => {
    expect(await inspect(site.name, '{{.Config.User}}')).toBe('node');
    const status = (await podman(['exec', site.name, 'cat', '/proc/1/status'])).stdout;
    expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe('1000');
  });

  it('delivers an inquiry with a photo to the built-in content API: the company’s mail is in the volume', async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      ...personsFields(),
      intent: 'send',
      step: '3',
      offerType: 'rolete',
      nameAndSurname: 'Ana Slika',
      email,
      message: `Okno ${email}`,
      terms: 'on',
    }))
      body.append(name, value);
    body.append('photos', new Blob([new Uint8Array(await cameraJpeg())], { type: 'image/jpeg' }), 'IMG_0042.JPG');
    const res = await post(site, '/sl/povprasevanje', body);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sl/povprasevanje?sent=1');
    const mail = await waitForMail(data, COMPANY, email, 60_000);
    expect(mail).toContain('filename=IMG_0042.JPG');
  });

  it('passes the image’s HEALTHCHECK', async () => {
    expect(await inspect(PROJECT_IMAGE, '{{.Config.Healthcheck.Test}}', 'image')).toContain('healthz');
    expect((await podman(['healthcheck', 'run', site.name], { allowFailure: true })).code).toBe(0);
  });

  it('keeps its data in the volume when the container is replaced: the account, and a submission waiting in the outbox', async () => {
    // An account, confirmed.
    const registered = await post(site, '/sl/register', form({ name: 'Ana Slika', email, password: PASSWORD, website: '' }));
    expect(registered.status).toBe(200);
    const token = /\/sl\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(data, email, '/sl/verify-email?token=', 60_000))![1]!;
    expect((await post(site, `/sl/verify-email?token=${token}`, form({ token }))).status).toBe(200);
    expect(await site.stop(15)).toBe(0);
    await site.remove();

    // A replica whose content API does not answer: the service request waits in its outbox, in the volume.
    const content = `Servis po zamenjavi ${randomUUID()}`;
    const offline = await start('shading-image-test-offline', {
      port: 3000,
      args: ['--volume', `${VOLUME}:/data`, '--env', 'UPSTREAM_URL=http://127.0.0.1:9'],
    });
    await answers(offline, '/healthz');
    const service = form({
      ...personsFields(),
      phone: '041 333 444',
      streetAddress: 'Gozdna pot 7',
      postalCode: '2380',
      town: 'Slovenj Gradec',
      content,
      terms: 'on',
    });
    expect((await post(offline, '/sl/servis', service)).headers.get('location')).toBe('/sl/servis?sent=1');
    expect(await offline.stop(15)).toBe(0);
    await offline.remove();

    // Again as at first: the account signs in, and the waiting request reaches the company.
    const again = await start('shading-image-test-again', { port: 3000, args: ['--volume', `${VOLUME}:/data`] });
    await answers(again, '/readyz');
    const login = await post(again, '/sl/login', form({ email, password: PASSWORD }));
    expect(login.status).toBe(303);
    expect(login.headers.get('set-cookie')).toMatch(/^sid=/);
    expect(await waitForMail(data, COMPANY, content, 60_000)).toContain(content);
    site = again;
  }, 240_000);

  it('stops on SIGTERM (podman stop) with exit code 0 within its drain and timeout', async () => {
    const draining = await start('shading-image-test-stop', { port: 3000, args: ['--env', 'SHUTDOWN_DRAIN_S=2', '--env', 'SHUTDOWN_TIMEOUT_S=10'] });
    await answers(draining, '/readyz');
    // podman sends SIGKILL after the 12 s of drain and timeout; a kill would show as 137.
    expect(await draining.stop(12)).toBe(0);
    const log = await draining.logs();
    expect(log).toContain('"msg":"shutting down"');
    expect(log).toContain('"msg":"stopped"');
  }, 120_000);
});

describe('the image, as the content API alone', () => {
  it('answers /healthz with the command node dist/server/cms.js', async () => {
    const cms = await start('shading-image-test-cms', { port: 3001, command: ['node', 'dist/server/cms.js'] });
    await answers(cms, '/healthz');
    expect(await inspect(cms.name, '{{.Config.User}}')).toBe('node');
  }, 180_000);
});

describe('the image itself', () => {
  const shell = async (script: string) => (await podman(['run', '--rm', '--entrypoint', 'sh', PROJECT_IMAGE, '-c', script])).stdout.trim();

  it('has no compiler and no sources in its runtime stage', async () => {
    expect(await shell('for c in gcc g++ cc c++ make python3; do command -v $c || true; done')).toBe('');
    expect((await shell('ls -A /app')).split('\n')).toEqual(['content', 'dist', 'locales', 'node_modules', 'package.json', 'scripts']);
    expect((await shell('ls -A /app/scripts')).split('\n')).toEqual(['runtime-env.mjs', 'start.mjs']);
    expect(await shell('find /app -path /app/node_modules -prune -o \\( -name "*.ts" -o -name "*.tsx" \\) -print')).toBe('');
  });
});
