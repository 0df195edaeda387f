import { readdir, readFile, writeFile } from 'node:fs/promises';
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
 * Writes `{file}.br` and `{file}.gz` beside every text file of the browser build (the hashed assets and
 * the copies of public/), at the highest levels: a built file never changes, so it is compressed once
 * here instead of on every request (server/site/http/precompressed-files.ts sends them).
 */
export function precompressFiles(publicDir?: string): Plugin {
  return {
    name: 'precompress-files',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = [
        ...Object.values(bundle)
          .filter((file) => file.fileName.startsWith('assets/'))
          .map((file) => ({ name: file.fileName, read: async () => Buffer.from(file.type === 'chunk' ? file.code : file.source) })),
        ...(publicDir ? (await readdir(publicDir, { recursive: true })).map((name) => ({ name, read: () => readFile(path.join(publicDir, name)) })) : []),
      ];
      await Promise.all(
        files.map(async ({ name, read }) => {
          if (!COMPRESSIBLE.test(name)) return;
          const bytes = await read();
          if (bytes.length < MIN_BYTES) return;
          const target = path.join(outDir, name);
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
