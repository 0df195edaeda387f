import { readComposeFile } from './compose-stack';
import { inspect, podman } from './podman';
import { freePort } from '../support/free-port';
import { until } from '../support/until';

/** The project's image as compose.yaml names it: the `image:` of its services built from the Dockerfile (`build: .`). */
function projectImage(): string {
  const names = new Set(Object.values(readComposeFile().services).flatMap((service) => (service.build === '.' ? [service.image] : [])));
  if (names.size !== 1) throw new Error(`compose.yaml names the project's image ${[...names].join(', ') || 'nowhere'}`);
  return [...names][0]!;
}

/** As podman names what it built: `shading-site:local` is `localhost/shading-site:local`. */
export const PROJECT_IMAGE = `localhost/${projectImage()}`;

export interface Container {
  name: string;
  /** The container's main port, published on 127.0.0.1. */
  url: string;
  /** `podman stop` (SIGTERM, then SIGKILL after `timeoutS`); resolves with the exit code. */
  stop(timeoutS: number): Promise<number>;
  remove(): Promise<void>;
  logs(): Promise<string>;
}

/**
 * Runs the project's image detached, its port published on a free port of 127.0.0.1; `args` are
 * podman's own (volumes, environment), `command` replaces the image's. Resolves once it runs.
 */
export async function runImage(name: string, options: { port: number; args?: string[]; command?: string[] }): Promise<Container> {
  const hostPort = await freePort();
  await podman(['rm', '--force', '--volumes', name], { allowFailure: true });
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    '--publish',
    `127.0.0.1:${hostPort}:${options.port}`,
    ...(options.args ?? []),
    PROJECT_IMAGE,
    ...(options.command ?? []),
  ]);
  return {
    name,
    url: `http://127.0.0.1:${hostPort}`,
    async stop(timeoutS) {
      await podman(['stop', '--time', String(timeoutS), name]);
      return Number(await inspect(name, '{{.State.ExitCode}}'));
    },
    async remove() {
      await podman(['rm', '--force', '--volumes', name], { allowFailure: true });
    },
    async logs() {
      const { stdout, stderr } = await podman(['logs', name], { allowFailure: true });
      return stdout + stderr;
    },
  };
}

/** Resolves once `url` answers 200, or fails with the container's log. */
export async function answers(container: Container, pathname: string, timeoutMs = 120_000): Promise<void> {
  try {
    await until(`${container.name} answers ${pathname}`, async () => (await fetch(container.url + pathname).catch(() => null))?.status === 200, timeoutMs);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await container.logs()}`);
  }
}

/** Where a named volume's files are on this machine (podman's storage is the test's own). */
export async function volumePath(volume: string): Promise<string> {
  return inspect(volume, '{{.Mountpoint}}', 'volume');
}
