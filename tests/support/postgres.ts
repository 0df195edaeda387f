import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** A fresh, empty database on the cluster, for one test's isolation; its address. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server at once and removes the cluster. */
  stop(): void;
}

/**
 * Debian installs PostgreSQL's server programs in /usr/lib/postgresql/<major>/bin, off the PATH
 * (`.ci/run` installs the package where it is missing); elsewhere they are on the PATH.
 */
function serverBinDir(): string {
  const debian = '/usr/lib/postgresql';
  const majors = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => existsSync(path.join(debian, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0]) return path.join(debian, majors[0], 'bin');
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found) return path.dirname(found);
  throw new Error('PostgreSQL is not installed (initdb not found): `apt-get install postgresql`, as .ci/run does');
}

/**
 * A throwaway PostgreSQL cluster in a temp folder, on a free loopback port, trusting local connections.
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user Debian's package
 * creates. Durability settings are off: the tests kill the site, never the database.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = serverBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const argv = asRoot ? ['runuser', '-u', 'postgres', '--', path.join(bin, program), ...args] : [path.join(bin, program), ...args];
    execFileSync(argv[0]!, argv.slice(1), { cwd: dir, stdio: 'pipe' });
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', path.join(dir, 'log'), '-o', options]);

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    stop() {
      try {
        run('pg_ctl', ['stop', '-m', 'immediate', '-D', dataDir]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error("no `postgres` user to run PostgreSQL as (Debian's postgresql package creates it)");
  }
}
