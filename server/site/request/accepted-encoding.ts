import Negotiator from 'negotiator';

/** The content codings the site compresses pages and files in, brotli first. */
export type Encoding = 'br' | 'gzip';
const OFFERED: readonly Encoding[] = ['br', 'gzip'];

/** Asked on every cache hit, and browsers send only a few distinct headers: each is negotiated once. */
const known = new Map<string, Encoding | undefined>();

/**
 * The encoding to answer with: brotli whenever the client accepts it, whatever weight it gives gzip
 * (brotli is smaller, and both cost the same here), else gzip, else none. An encoding with `q=0` is
 * refused, and `*` stands for any encoding the header does not name (RFC 9110, section 12.5.3).
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (known.has(acceptEncoding)) return known.get(acceptEncoding);
  const accepted = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encodings(OFFERED);
  const encoding = OFFERED.find((offered) => accepted.includes(offered));
  if (known.size < 256) known.set(acceptEncoding, encoding);
  return encoding;
}
