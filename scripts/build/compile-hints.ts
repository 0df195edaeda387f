import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly, off the main thread. */
const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the entry chunk and the chunks it imports statically (React, React DOM, the router, the layout:
 * code that hydration runs almost all of) for eager compilation. Without the hint V8 compiles each
 * function on the main thread when it is first called, inside hydration's tasks; with it the
 * compilation happens while the file streams in. Route chunks are left lazy: most of their code runs
 * only on some pages.
 */
export function compileHints(entrySource: string): Plugin {
  return {
    name: 'compile-hints',
    // Last: Vite puts its preload map at the top of the entry in its own generateBundle, and the hint
    // must be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(entrySource));
        if (!entry || entry.type !== 'chunk') this.error(`no chunk for ${entrySource}`);
        for (const name of [entry.fileName, ...entry.imports]) {
          const chunk = bundle[name];
          if (chunk?.type === 'chunk') chunk.code = HINT + chunk.code;
        }
      },
    },
  };
}
