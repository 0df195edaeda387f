import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/build/compile-hints.ts';
import { precompressFiles } from './scripts/build/precompress-files.ts';
import { imageVariants } from './scripts/build/image-variants.ts';
import { shareImages } from './scripts/build/share-images.ts';
import { NEVER_INSTALLED, SERVER_EXTERNALS } from './scripts/build/server-externals.mjs';

/**
 * Two builds: the browser bundle (hashed assets and a manifest the server reads for script, preload
 * and stylesheet tags; image variants, kept between builds in dist/.cache, which no build empties)
 * and, with `--ssr`, the server bundle (the site, the standalone content API, and the staff's and the content's command lines).
 */
/**
 * react-router's package points every import at its development build, whose only difference is
 * `ENABLE_DEV_WARNINGS = true`: warnings built on every render and their strings shipped to phones.
 * Both bundles take its production build instead (the server bundles every dependency but the
 * externals; an external import would be resolved by Node, to the development build).
 */
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

/**
 * `--mode staff`: the staff area (client/admin/), built after the public bundle into the same folder
 * with a manifest of its own. Built apart, it shares no module with a public page: a chunk two entries
 * share holds the union of what both use of a library, and the staff's zod (its full API) made every
 * public form page load 9 KiB more.
 */
export const STAFF_BUILD_MODE = 'staff';

export default defineConfig(({ isSsrBuild, mode }) => ({
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : mode === STAFF_BUILD_MODE
        ? [precompressFiles()]
        : [shareImages('public'), imageVariants('public', 'dist/.cache/image-variants'), compileHints('client/entry.tsx'), precompressFiles('public')]),
  ],
  publicDir: mode === STAFF_BUILD_MODE ? false : 'public',
  build:
    mode === STAFF_BUILD_MODE
      ? {
          outDir: 'dist/client',
          emptyOutDir: false,
          manifest: '.vite/staff-manifest.json',
          target: 'es2022',
          rollupOptions: { input: ['client/admin/entry.tsx'] },
        }
      : isSsrBuild
        ? {
            outDir: 'dist/server',
            emptyOutDir: true,
            target: 'node20',
            sourcemap: true,
            rollupOptions: {
              external: [...SERVER_EXTERNALS, ...NEVER_INSTALLED],
              input: {
                main: 'server/main.ts',
                'embedded-thread': 'server/embedded-thread.ts',
                cms: 'server/cms/main.ts',
                staff: 'server/cms/staff-cli.ts',
                content: 'server/cms/content-cli.ts',
              },
              output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
            },
          }
        : {
            outDir: 'dist/client',
            emptyOutDir: true,
            manifest: true,
            target: 'es2022',
            // The loader (boot.ts) is the page's one script tag; it loads the entry once the page is painted.
            rollupOptions: { input: ['client/entry.tsx', 'client/boot.ts'] },
          },
  // Every dependency in the bundle but the externals: the image's runtime stage then needs their node_modules alone.
  ssr: { noExternal: true },
}));
