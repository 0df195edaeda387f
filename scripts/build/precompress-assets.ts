import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text, and more than a packet. */
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes `{file}.br` and `{file}.gz` beside every hashed text asset, at the highest levels: an asset
 * never changes, so it is compressed once here instead of on every request (server/http/asset-files.ts
 * serves them).
 */
export function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!file.fileName.startsWith('assets/') || !COMPRESSIBLE.test(file.fileName)) return;
          const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (bytes.length < MIN_BYTES) return;
          const target = path.join(outDir, file.fileName);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)]);
        }),
      );
    },
  };
}
