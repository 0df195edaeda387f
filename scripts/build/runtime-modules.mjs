// `node scripts/build/runtime-modules.mjs <folder>`: the node_modules the production build runs with,
// written to <folder>: the server bundle's externals and what they require at run time, nothing else
// (the Dockerfile's runtime stage copies it; docs/decisions/0054-a-bundled-server.md).
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_EXTERNALS } from './server-externals.mjs';

/** Dependencies used only while installing: better-sqlite3 fetches its prebuilt binary with it. */
const INSTALL_ONLY = new Set(['prebuild-install']);

/** What of a package is never read at run time: better-sqlite3's C sources and its compiler's intermediates. */
function runtimeFile(name, relative) {
  if (name !== 'better-sqlite3') return true;
  const [top, ...rest] = relative.split(path.sep);
  if (top === 'deps' || top === 'src') return false;
  // The compiled addon is build/Release/better_sqlite3.node; the rest of build/ is make's.
  if (top === 'build') return rest.length === 0 || (rest[0] === 'Release' && (rest.length === 1 || (rest.length === 2 && rest[1] === 'better_sqlite3.node')));
  return true;
}

export function runtimeModules(root, destination) {
  const copied = new Set();
  const copy = (name) => {
    if (copied.has(name) || INSTALL_ONLY.has(name)) return;
    const source = path.join(root, 'node_modules', name);
    // An optional dependency of another platform is not installed.
    if (!existsSync(path.join(source, 'package.json'))) return;
    copied.add(name);
    cpSync(source, path.join(destination, name), { recursive: true, filter: (file) => runtimeFile(name, path.relative(source, file)) });
    const pkg = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
    for (const dependency of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) copy(dependency);
  };
  for (const name of SERVER_EXTERNALS) copy(name);
  return [...copied];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const destination = process.argv[2];
  if (!destination) throw new Error('usage: node scripts/build/runtime-modules.mjs <folder>');
  const packages = runtimeModules(path.resolve(import.meta.dirname, '../..'), path.resolve(destination));
  console.log(`${packages.length} packages in ${destination}: ${packages.join(', ')}`);
}
