import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder, found from this module's own location, so the same code works from the
 * sources (server/) and from the production bundle (dist/server/).
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot();
export const CLIENT_BUILD_DIR = path.join(ROOT_DIR, 'dist', 'client');
export const LOCALES_DIR = path.join(ROOT_DIR, 'locales');
export const CONTENT_DIR = path.join(ROOT_DIR, 'content');
