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

export interface AssetManifest {
  buildId: string;
  /** When the client build was made (the manifest's modification time), in ms since the epoch. */
  builtAt: number;
  /** Assets for a page whose matched route modules are `pageModules` (source paths). */
  forPage(pageModules: string[]): PageAssets;
}

export const CLIENT_ENTRY = 'client/entry.tsx';
export const CLIENT_LOADER = 'client/boot.ts';

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
  if (!entry || !loader) throw new Error(`${file} lacks ${CLIENT_ENTRY} or ${CLIENT_LOADER}`);
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
  };
}
