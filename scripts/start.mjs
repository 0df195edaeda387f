// `npm start`: serves the production build, building it first when it is missing.
// `npm run cms`: the embedded content API alone.
// `npm run staff -- <command>`: the staff's command line (server/cms/staff-cli.ts), with its arguments.
// `npm run content:export`, `content:import`, `backup`: the content's command line (server/cms/content-cli.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeEnv } from './runtime-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = { cms: 'cms.js', staff: 'staff.js', content: 'content.js' };
const [role, ...args] = process.argv.slice(2);
const entry = ENTRIES[role] ?? 'main.js';
const required = [path.join(root, 'dist/client/.vite/manifest.json'), path.join(root, 'dist/server', entry)];

if (!required.every((file) => existsSync(file))) {
  console.log('No production build yet: building it first (npm run build).');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs as a child so signals reach it directly and its exit code is ours. React and Express
// read NODE_ENV when they load: without it they run their slow development builds.
const env = runtimeEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });
const child = spawn(process.execPath, [path.join(root, 'dist/server', entry), ...args], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
