import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEVER_INSTALLED, SERVER_EXTERNALS } from '../../scripts/build/server-externals.mjs';
import { runtimeModules } from '../../scripts/build/runtime-modules.mjs';
import { ROOT_DIR } from '../../server/lib/paths';
import { startBuiltSite, stopBuiltSite, type BuiltSite } from '../support/built-site';
import { personsFields, TEST_FORM_TOKEN_SECRET } from '../support/form-guard';
import { waitForMail } from '../support/mail';

/**
 * The production build as the image's runtime stage holds it (the Dockerfile): dist/, locales/,
 * content/ and a node_modules of the server bundle's externals alone (scripts/build/runtime-modules.mjs),
 * in a folder outside the repository, so nothing resolves to the repository's node_modules. Needs `npm run build`.
 */
describe('the production build with the runtime modules alone', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'runtime-modules-'));
  const dataDir = path.join(root, 'data');
  let packages: string[];
  let site: BuiltSite;

  beforeAll(async () => {
    // The server bundle is copied (modules resolve from where they are); files it only reads may be links.
    cpSync(path.join(ROOT_DIR, 'dist', 'server'), path.join(root, 'dist', 'server'), { recursive: true });
    symlinkSync(path.join(ROOT_DIR, 'dist', 'client'), path.join(root, 'dist', 'client'));
    for (const folder of ['locales', 'content']) symlinkSync(path.join(ROOT_DIR, folder), path.join(root, folder));
    cpSync(path.join(ROOT_DIR, 'package.json'), path.join(root, 'package.json'));
    mkdirSync(path.join(root, 'node_modules'));
    packages = runtimeModules(ROOT_DIR, path.join(root, 'node_modules'));
    site = await startBuiltSite({ DATA_DIR: dataDir, FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET }, { root });
  }, 120_000);

  afterAll(async () => {
    await stopBuiltSite(site);
    rmSync(root, { recursive: true, force: true });
  });

  it('holds the externals and what they require, and nothing the bundle holds', () => {
    for (const name of SERVER_EXTERNALS) expect(packages).toContain(name);
    expect(readdirSync(path.join(root, 'node_modules'))).not.toContain('express');
    expect(packages).not.toContain('react');
    expect(packages).not.toContain('prebuild-install');
    for (const name of NEVER_INSTALLED) expect(packages).not.toContain(name);
    // better-sqlite3's sources and its compiler's files stay behind: its addon alone is needed.
    expect(readdirSync(path.join(root, 'node_modules', 'better-sqlite3'))).not.toContain('deps');
    expect(readdirSync(path.join(root, 'node_modules', 'better-sqlite3', 'build', 'Release'))).toEqual(['better_sqlite3.node']);
    // The HEIC decoder's worker loads it by path, from the bundle's node_modules.
    expect(createRequire(path.join(root, 'dist', 'server', 'main.js')).resolve('heic-decode')).toBe(path.join(root, 'node_modules', 'heic-decode', 'index.js'));
  });

  it('serves every locale and delivers an inquiry with a photo through the built-in content API', async () => {
    for (const locale of ['sl', 'en', 'de']) expect((await fetch(`${site.url}/${locale}`)).status, locale).toBe(200);
    const email = `runtime.${Date.now()}@example.com`;
    const body = new FormData();
    for (const [name, value] of Object.entries({
      ...personsFields(),
      intent: 'send',
      step: '3',
      offerType: 'rolete',
      nameAndSurname: 'Ana Paket',
      email,
      terms: 'on',
    }))
      body.append(name, value);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    body.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0042.JPG');
    const res = await fetch(`${site.url}/sl/povprasevanje`, { method: 'POST', body, headers: { 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    expect(res.status).toBe(303);
    // Decoded and re-encoded by sharp, stored in SQLite, mailed with the photo attached.
    expect(await waitForMail(dataDir, 'info@sencila-zorko.si', email, 60_000)).toContain('filename=IMG_0042.JPG');
  });
});
