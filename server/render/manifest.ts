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

/** Reads the client build's manifest once at boot; the build id is the manifest's own hash. */
export function loadAssetManifest(clientDir: string): AssetManifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No client build at ${clientDir} (missing ${file}): run \`npm run build\` first.`);
  }
  const chunks = JSON.parse(text) as Record<string, ManifestChunk>;
  const entry = chunks[CLIENT_ENTRY];
  const loader = chunks[CLIENT_LOADER];
  const admin = chunks[ADMIN_ENTRY];
  if (!entry || !loader || !admin) throw new Error(`${file} lacks ${CLIENT_ENTRY}, ${CLIENT_LOADER} or ${ADMIN_ENTRY}`);
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
    buildId: createHash('sha256').update(text).digest('hex').slice(0, 12),
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
