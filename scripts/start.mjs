// `npm start`: serves the production build, building it first when it is missing.
// `npm run cms`: the embedded content API alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeEnv } from './runtime-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] === 'cms' ? 'cms.js' : 'main.js';
const required = [path.join(root, 'dist/client/.vite/manifest.json'), path.join(root, 'dist/server', entry)];

if (!required.every((file) => existsSync(file))) {
  console.log('No production build yet: building it first (npm run build).');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs as a child so signals reach it directly and its exit code is ours. React and Express
// read NODE_ENV when they load: without it they run their slow development builds.
const env = runtimeEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });
const child = spawn(process.execPath, [path.join(root, 'dist/server', entry)], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
