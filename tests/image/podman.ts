import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../server/lib/paths';

/**
 * podman as `npm run test:image` runs it: with the project's settings (containers.conf and
 * registries.conf beside this file, named by CONTAINERS_CONF and CONTAINERS_REGISTRIES_CONF) and a
 * storage of its own under the image test's cache folder, never the machine's /etc/containers or
 * /var/lib/containers. A fresh CI machine so gets the same podman as this one, and the images kept
 * between runs (the stand-in base images, the build's layers) are the test's alone.
 */

/** Kept between runs: podman's storage (images, layers, volumes), npm's cache, downloaded packages. */
export const CACHE_DIR = process.env.IMAGE_TEST_CACHE ?? path.join(os.homedir(), '.cache', 'shading-site-image-test');
/**
 * podman's state of running containers: on tmpfs where there is one, so a reboot clears it as podman
 * expects. One per storage: a cache named by IMAGE_TEST_CACHE gets its own.
 */
const RUN_DIR = path.join(
  process.getuid?.() === 0 && os.platform() === 'linux' ? '/run' : os.tmpdir(),
  `shading-site-image-test${process.env.IMAGE_TEST_CACHE ? `-${createHash('sha256').update(CACHE_DIR).digest('hex').slice(0, 12)}` : ''}`,
);

const HERE = path.join(ROOT_DIR, 'tests', 'image');

export const PODMAN_ENV = {
  ...process.env,
  CONTAINERS_CONF: path.join(HERE, 'containers.conf'),
  CONTAINERS_REGISTRIES_CONF: path.join(HERE, 'registries.conf'),
};

const GLOBAL_FLAGS = ['--root', path.join(CACHE_DIR, 'storage'), '--runroot', RUN_DIR, '--storage-driver', 'overlay'];

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command and collects its output; rejects when it exits other than 0, with what it printed,
 * unless `allowFailure`. `input` is written to its stdin; `echo` passes its output through as it comes
 * (long builds).
 */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string | NodeJS.ReadableStream; allowFailure?: boolean; echo?: boolean } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT_DIR, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    if (typeof options.input === 'string') child.stdin.end(options.input);
    else if (options.input) options.input.pipe(child.stdin);
    else child.stdin.end();
    child.once('error', reject);
    child.once('close', (code) => {
      const result = { code: code ?? -1, stdout, stderr };
      if (code === 0 || options.allowFailure) resolve(result);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${stderr || stdout}`));
    });
  });
}

export function podman(args: string[], options: Parameters<typeof run>[2] = {}): Promise<Run> {
  mkdirSync(CACHE_DIR, { recursive: true });
  return run('podman', [...GLOBAL_FLAGS, ...args], { ...options, env: PODMAN_ENV });
}

/** What `podman inspect` says of a container or an image, through a Go template. */
export async function inspect(what: string, template: string, kind: 'container' | 'image' | 'volume' | 'network' = 'container'): Promise<string> {
  return (await podman([kind, 'inspect', '--format', template, what])).stdout.trim();
}

export async function imageExists(name: string): Promise<boolean> {
  return (await podman(['image', 'exists', name], { allowFailure: true })).code === 0;
}
