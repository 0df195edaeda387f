import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface PageAssets {
  /** The loader, the one script the HTML loads (`client/boot.ts`): it loads the app once the page is painted. */
  loader: string;
  /** The app's entry module, which the loader loads. */
  entry: string;
  /** Modules the loader preloads beside the entry: the entry's imports and the matched page modules with theirs. */
  modulePreloads: string[];
  stylesheets: string[];
}

/** The staff area's assets: its entry module (loaded by a plain module script), what it imports, its stylesheets. */
export interface AdminAssets {
  entry: string;
  modulePreloads: string[];
  stylesheets: string[];
}

export interface AssetManifest {
  buildId: string;
  /** When the client build was made (the manifest's modification time), in ms since the epoch. */
  builtAt: number;
  /** Assets for a page whose matched route modules are `pageModules` (source paths). */
  forPage(pageModules: string[]): PageAssets;
  /** Assets for a staff screen whose page module is `pageModule` (a source path). */
  forAdmin(pageModule: string): AdminAssets;
}

export const CLIENT_ENTRY = 'client/entry.tsx';
export const CLIENT_LOADER = 'client/boot.ts';
/** The staff area's own entry: never loaded by a public page. */
export const ADMIN_ENTRY = 'client/admin/entry.tsx';

function readManifest(file: string, clientDir: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No client build at ${clientDir} (missing ${file}): run \`npm run build\` first.`);
  }
}

/**
 * Reads the client build's manifests once at boot: the public pages' and the staff area's (a build of
 * its own, vite.config.ts). The build id is their hash.
 */
export function loadAssetManifest(clientDir: string): AssetManifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  const text = readManifest(file, clientDir);
  const staffText = readManifest(path.join(clientDir, '.vite', 'staff-manifest.json'), clientDir);
  // Keys are source paths and hashed file names: the two builds have no module, so no key, in common.
  const chunks = { ...(JSON.parse(text) as Record<string, ManifestChunk>), ...(JSON.parse(staffText) as Record<string, ManifestChunk>) };
  const entry = chunks[CLIENT_ENTRY];
  const loader = chunks[CLIENT_LOADER];
  const admin = chunks[ADMIN_ENTRY];
  if (!entry || !loader || !admin) throw new Error(`The manifests of ${clientDir} lack ${CLIENT_ENTRY}, ${CLIENT_LOADER} or ${ADMIN_ENTRY}`);
  const url = (f: string) => `/${f}`;

  // Static imports, depth first; each chunk once.
  function collect(key: string, js: Set<string>, css: Set<string>) {
    const chunk = chunks[key];
    if (!chunk || js.has(url(chunk.file))) return;
    js.add(url(chunk.file));
    chunk.css?.forEach((c) => css.add(url(c)));
    chunk.imports?.forEach((i) => collect(i, js, css));
  }

  // A handful of screens, each asked for on every render: worked out once per set of modules.
  const pages = new Map<string, PageAssets>();
  const adminScreens = new Map<string, AdminAssets>();
  return {
    buildId: createHash('sha256').update(text).update(staffText).digest('hex').slice(0, 12),
    builtAt: Math.floor(statSync(file).mtimeMs),
    forPage(pageModules) {
      const key = pageModules.join('|');
      const known = pages.get(key);
      if (known) return known;
      const js = new Set<string>();
      const css = new Set<string>();
      collect(CLIENT_ENTRY, js, css);
      pageModules.forEach((m) => collect(m, js, css));
      js.delete(url(entry.file));
      const assets = { loader: url(loader.file), entry: url(entry.file), modulePreloads: [...js], stylesheets: [...css] };
      pages.set(key, assets);
      return assets;
    },
    forAdmin(pageModule) {
      const known = adminScreens.get(pageModule);
      if (known) return known;
      const js = new Set<string>();
      const css = new Set<string>();
      collect(ADMIN_ENTRY, js, css);
      collect(pageModule, js, css);
      js.delete(url(admin.file));
      const assets = { entry: url(admin.file), modulePreloads: [...js], stylesheets: [...css] };
      adminScreens.set(pageModule, assets);
      return assets;
    },
  };
}
