import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT_DIR } from '../../server/lib/paths';
import { podman } from './podman';
import { freePort } from '../support/free-port';
import { until } from '../support/until';

/**
 * compose.yaml's stack run with podman, read from the file itself, as Docker Compose would run it:
 * its network, volumes, and services started in the order `depends_on` gives, each once those it waits
 * for are healthy (or started), with the file's images, environment (its `${VAR:-default}`s filled in
 * from the environment), commands, volumes, health checks and stop grace periods.
 *
 * Why not Debian's podman-compose (1.0.3): it ignores `depends_on` conditions, and podman 4.3 runs a
 * container's health check only from a systemd timer, which this machine (no systemd) never starts.
 * Here a dependency's health check is run (`podman healthcheck run`) until it passes, as Docker's
 * interval would. What else differs from Docker Compose is in `DIFFERENCES`. A key the file may use that
 * this does not know stops it, rather than being left out silently.
 */

export const DIFFERENCES = [
  'health checks are run by this script while a service waits for them, not on their interval (podman 4.3 runs them from systemd timers only)',
  "the published port is a free one of the test's choosing, on 127.0.0.1, not the file's",
  "deploy/nginx.conf is mounted as a copy without `resolve` on its upstream servers (nginx 1.27.3 or later; Debian's is 1.26, which resolves the replicas' names once, at its start)",
  "a service the file gives no address gets the lowest free one of the subnet, as Docker's allocator gives it (netavark's gives the next after the last it gave, and in time nginx's fixed one)",
  "the services' names are found in each container's /etc/hosts, written from the addresses above, not asked of podman's DNS server: aardvark-dns 1.4 drops queries while it reloads, as it does whenever a container starts or stops (containers/aardvark-dns#389), and a lookup held 20 s then outlasts the replicas' 5 s upstream timeout (a 503 in CI)",
  'the images postgres and nginx are stand-ins made from Debian packages (docs/decisions/0038-image-test.md)',
];

type Healthcheck = { test: string[]; interval?: string; timeout?: string; retries?: number; start_period?: string };
type Service = {
  image: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | null>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: 'service_healthy' | 'service_started' }>;
  healthcheck?: Healthcheck;
  restart?: string;
  stop_grace_period?: string;
  networks?: { default?: { ipv4_address?: string } };
};
type ComposeFile = {
  name: string;
  services: Record<string, Service>;
  volumes?: Record<string, null>;
  networks?: { default?: { ipam?: { config?: { subnet: string }[] } } };
};

const SERVICE_KEYS = new Set([
  'image',
  'build',
  'command',
  'environment',
  'volumes',
  'ports',
  'depends_on',
  'healthcheck',
  'restart',
  'stop_grace_period',
  'networks',
]);

/** Compose's interpolation: `${VAR}`, `${VAR:-default}` (also when empty), `${VAR-default}` (when unset), `$$`. */
function interpolate<T>(value: T, env: NodeJS.ProcessEnv): T {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{(\w+)(?:(:?-)([^}]*))?\}/g, (match, name: string | undefined, op: string | undefined, fallback: string | undefined) => {
      if (match === '$$') return '$';
      const set = env[name!];
      if (op === ':-') return set ? set : fallback!;
      if (op === '-') return set ?? fallback!;
      return set ?? '';
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)])) as T;
  return value;
}

export function readComposeFile(env: NodeJS.ProcessEnv = process.env): ComposeFile {
  const raw = parse(readFileSync(path.join(ROOT_DIR, 'compose.yaml'), 'utf8'), { merge: true }) as ComposeFile & Record<string, unknown>;
  const file = interpolate(raw, env);
  for (const [name, service] of Object.entries(file.services)) {
    const unknown = Object.keys(service).filter((key) => !SERVICE_KEYS.has(key));
    if (unknown.length > 0) throw new Error(`compose.yaml: the image test does not run ${unknown.join(', ')} of the service ${name}`);
  }
  return file;
}

/** "30s", "1m30s", "500ms" in seconds. */
function seconds(duration: string): number {
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  return total;
}

/** Services in an order where each comes after those it depends on. */
function startOrder(services: Record<string, Service>): string[] {
  const order: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (order.includes(name)) return;
    if (path.includes(name)) throw new Error(`compose.yaml: depends_on cycle ${[...path, name].join(' -> ')}`);
    for (const dependency of Object.keys(services[name]!.depends_on ?? {})) visit(dependency, [...path, name]);
    order.push(name);
  };
  for (const name of Object.keys(services)) visit(name, []);
  return order;
}

export interface Stack {
  /** The containers' names by service. */
  containers: Record<string, string>;
  /** Host ports by `service:containerPort`, as published. */
  ports: Record<string, number>;
  /** Stops and removes the containers, the network and the volumes. */
  down(): Promise<void>;
}

/** Starts compose.yaml's stack; `project` replaces its name, so a test's stack is its own. */
export async function composeUp(project: string, env: NodeJS.ProcessEnv = process.env): Promise<Stack> {
  const file = readComposeFile(env);
  const network = `${project}_default`;
  const containers: Record<string, string> = {};
  const ports: Record<string, number> = {};
  const volumes = Object.keys(file.volumes ?? {}).map((name) => `${project}_${name}`);
  const scratch = mkdtempSync(path.join(os.tmpdir(), `${project}-`));
  const down = async () => {
    for (const name of Object.values(containers).reverse()) await podman(['rm', '--force', '--volumes', '--time', '30', name], { allowFailure: true });
    await podman(['network', 'rm', '--force', network], { allowFailure: true });
    for (const volume of volumes) await podman(['volume', 'rm', '--force', volume], { allowFailure: true });
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const subnet = file.networks?.default?.ipam?.config?.[0]?.subnet;
    await podman(['network', 'create', ...(subnet ? ['--subnet', subnet] : []), network]);
    const fixed = new Set(Object.values(file.services).flatMap((service) => service.networks?.default?.ipv4_address ?? []));
    const dynamic = subnet ? lowestFree(subnet, fixed) : undefined;
    const order = startOrder(file.services);
    const addresses = new Map<string, string>();
    for (const name of order) {
      const address = file.services[name]!.networks?.default?.ipv4_address ?? dynamic?.next().value;
      if (address) addresses.set(name, address);
    }
    // Every service's name in every container's /etc/hosts (DIFFERENCES).
    const hosts = [...addresses].flatMap(([name, address]) => ['--add-host', `${name}:${address}`]);
    for (const volume of volumes) await podman(['volume', 'create', volume]);

    for (const name of order) {
      const service = file.services[name]!;
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        if (condition === 'service_healthy') await healthy(containers[dependency]!, file.services[dependency]!.healthcheck);
      }
      const container = `${project}-${name}-1`;
      containers[name] = container;
      const args = ['run', '--detach', '--name', container, '--network', network, '--network-alias', name, ...hosts];
      const address = addresses.get(name);
      if (address) args.push('--ip', address);
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        // An empty entry passes the variable on from the environment, when it is set there.
        const passed = value ?? env[variable];
        if (passed !== undefined) args.push('--env', `${variable}=${passed}`);
      }
      for (const volume of service.volumes ?? []) {
        const [source, target, mode] = volume.split(':');
        const host = source!.startsWith('.') ? readableHere(path.resolve(ROOT_DIR, source!), scratch) : `${project}_${source}`;
        args.push('--volume', [host, target, ...(mode ? [mode] : [])].join(':'));
      }
      for (const mapping of service.ports ?? []) {
        const containerPort = mapping.split(':').at(-1)!;
        const hostPort = await freePort();
        ports[`${name}:${containerPort}`] = hostPort;
        args.push('--publish', `127.0.0.1:${hostPort}:${containerPort}`);
      }
      if (service.healthcheck) args.push(...healthFlags(service.healthcheck));
      if (service.restart) args.push('--restart', service.restart);
      if (service.stop_grace_period) args.push('--stop-timeout', String(seconds(service.stop_grace_period)));
      await podman([...args, service.image, ...(service.command ?? [])]);
    }
    return { containers, ports, down };
  } catch (error) {
    await down();
    throw error;
  }
}

/**
 * The addresses of a subnet a container may take, lowest first, but `taken`: Docker gives a container
 * without an address of its own the lowest free one. netavark gives the one after the last it gave,
 * remembered across runs, and so in time the address the file fixes for another service.
 */
function* lowestFree(subnet: string, taken: Set<string>): Generator<string> {
  const [base, bits] = subnet.split('/');
  const start = base!.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const address = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
  // .0 is the network, .1 the gateway, the last the broadcast.
  for (let i = 2; i < 2 ** (32 - Number(bits)) - 1; i++) if (!taken.has(address(start + i))) yield address(start + i);
}

/** An upstream server that nginx resolves again as its name's address changes (nginx 1.27.3 or later). */
const RESOLVED_SERVER = /^(\s*server\s+\S+)\s+resolve\b/gm;

/** A file to bind-mount, or a copy of it (in `scratch`) that the stand-ins can read (DIFFERENCES). */
function readableHere(file: string, scratch: string): string {
  const text = statSync(file).isFile() ? readFileSync(file, 'utf8') : '';
  const readable = text.replace(RESOLVED_SERVER, '$1');
  if (readable === text) return file;
  const copy = path.join(scratch, path.basename(file));
  writeFileSync(copy, readable);
  return copy;
}

/** podman's flags for a compose health check (`["CMD", ...]` is podman's JSON form without its first word). */
function healthFlags(check: Healthcheck): string[] {
  const [form, ...command] = check.test;
  const cmd = form === 'CMD' ? JSON.stringify(command) : form === 'CMD-SHELL' ? command.join(' ') : null;
  if (cmd === null) throw new Error(`compose.yaml: a health check test of the form ${form} is not run here`);
  return [
    '--health-cmd',
    cmd,
    ...(check.interval ? ['--health-interval', check.interval] : []),
    ...(check.timeout ? ['--health-timeout', check.timeout] : []),
    ...(check.retries ? ['--health-retries', String(check.retries)] : []),
    ...(check.start_period ? ['--health-start-period', check.start_period] : []),
  ];
}

/**
 * Runs a container's health check until it passes, within its start period and retries, and three
 * minutes more: on a busy two-core machine a replica's start and each check's `node` take many times
 * what they take on a server.
 */
export async function healthy(container: string, check: Healthcheck | undefined): Promise<void> {
  if (!check) throw new Error(`${container} has no health check to wait for`);
  const limit = (seconds(check.start_period ?? '0s') + (check.retries ?? 3) * seconds(check.interval ?? '30s') + 180) * 1000;
  const logs = async () => {
    const { stdout, stderr } = await podman(['logs', '--tail', '40', container], { allowFailure: true });
    return stdout + stderr;
  };
  try {
    await until(
      `${container} is healthy`,
      async () => {
        const state = (await podman(['container', 'inspect', '--format', '{{.State.Status}}', container])).stdout.trim();
        if (state === 'exited') throw new Error(`${container} exited`);
        return (await podman(['healthcheck', 'run', container], { allowFailure: true })).code === 0;
      },
      limit,
      500,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; its log ends:\n${await logs()}`);
  }
}
