/** The content codings the site compresses pages and files in. */
export type Encoding = 'br' | 'gzip';

/** Asked on every cache hit, and browsers send only a few distinct headers: each is parsed once. */
const known = new Map<string, Encoding | undefined>();

/**
 * The encoding to answer with: brotli before gzip, none when the client accepts neither (an encoding
 * with `q=0` is refused, per RFC 9110).
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (known.has(acceptEncoding)) return known.get(acceptEncoding);
  const encoding = parsePreferred(acceptEncoding);
  if (known.size < 256) known.set(acceptEncoding, encoding);
  return encoding;
}

function parsePreferred(acceptEncoding: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(token.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
