/**
 * An entity in the seed's format as the editor's form carries it, and back: every leaf of its JSON is a
 * field named by its path (`en.body.2.text`), a list of words a textarea of lines (`en.features.__lines`),
 * a link the link picker's choice (`….__link`, the link as JSON) or a typed address (`….__url`), a block
 * or list element taken out by its `….__remove` box, an image one of the editors' photos (`….__media`,
 * its src, width and height as JSON). The entity as it was gives each value its type, so
 * a form without JavaScript posts it whole and the draft comes back in the seed's shape.
 */

export const BLOCK_TYPES = ['heading', 'paragraph', 'list', 'quote', 'link'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** A new, empty block of a type, as the seed writes it. */
export function emptyBlock(type: BlockType): Record<string, unknown> {
  switch (type) {
    case 'heading':
      return { type, level: 2, text: '' };
    case 'list':
      return { type, ordered: false, items: [] };
    case 'link':
      return { type, text: '', link: { route: 'index' } };
    default:
      return { type, text: '' };
  }
}

/** Fields that hold lists of words even when empty. */
const WORD_LISTS: ReadonlySet<string> = new Set(['features', 'values', 'imagesAlt', 'related', 'items']);

export type Path = (string | number)[];
export const fieldName = (path: Path) => path.join('.');

export const isLink = (value: unknown): value is { route: string; params?: Record<string, string> } | { url: string } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  ('route' in value || 'url' in value) &&
  Object.keys(value).every((k) => ['route', 'params', 'url'].includes(k));

/** An image as the seed writes it: its file and size (its alt text is each language's). */
export type SeedImage = { src: string; width: number; height: number };

export const isImage = (value: unknown): value is SeedImage =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).sort().join() === 'height,src,width';

/** Whether a value is edited as lines of text. */
export function isWordList(value: unknown, key: string | number | undefined): value is string[] {
  return Array.isArray(value) && (value.length > 0 ? value.every((x) => typeof x === 'string') : typeof key === 'string' && WORD_LISTS.has(key));
}

/** Whether a list holds rich-text blocks (new ones may be added). */
export const isBlockList = (value: unknown, key: string | number | undefined): boolean =>
  Array.isArray(value) && (key === 'body' || key === 'intro' || key === 'answer');

/** The entity the posted fields describe, in the shape of `template` (the entity as the form showed it). */
export function fromFields(template: unknown, fields: Record<string, string>, path: Path = []): unknown {
  const name = fieldName(path);
  const key = path.at(-1);
  if (typeof template === 'string') return fields[name] ?? template;
  if (typeof template === 'number') {
    const value = fields[name];
    return value !== undefined && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : template;
  }
  if (typeof template === 'boolean') return name in fields ? fields[name] === 'on' || fields[name] === 'true' : false;
  if (template === null || template === undefined) return template;
  if (isWordList(template, key)) {
    const lines = fields[`${name}.__lines`];
    return lines === undefined
      ? template
      : lines
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean);
  }
  if (isImage(template)) {
    const picked = fields[`${name}.__media`];
    if (!picked) return template;
    try {
      const image = JSON.parse(picked) as unknown;
      return isImage(image) ? image : template;
    } catch {
      return template;
    }
  }
  if (isLink(template)) {
    const url = fields[`${name}.__url`]?.trim();
    if (url) return { url };
    const picked = fields[`${name}.__link`];
    if (picked) {
      try {
        return JSON.parse(picked) as unknown;
      } catch {
        return template;
      }
    }
    return template;
  }
  if (Array.isArray(template)) {
    return template.flatMap((item, i) => (fields[`${fieldName([...path, i])}.__remove`] ? [] : [fromFields(item, fields, [...path, i])]));
  }
  if (typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fromFields(v, fields, [...path, k])]));
  }
  return template;
}

/** The entity with a new block of `type` at the end of the block list at `at` (a field name). */
export function withNewBlock(json: unknown, at: string, type: BlockType): unknown {
  const path = at.split('.');
  const copy = structuredClone(json) as Record<string, unknown>;
  let node: unknown = copy;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  if (Array.isArray(node)) node.push(emptyBlock(type));
  return copy;
}

/**
 * Where an image's alt text is in one language, by where the image is (the seed's shapes): a main
 * image's `imageAlt`, a gallery's `imagesAlt` by position, the home page hero's `hero.imageAlt`.
 */
function altPathOf(path: Path, locale: string): Path | null {
  const [first, second] = path;
  if (path.length === 1 && first === 'image') return [locale, 'imageAlt'];
  if (path.length === 1 && first === 'heroImage') return [locale, 'hero', 'imageAlt'];
  if (path.length === 2 && first === 'images' && typeof second === 'number') return [locale, 'imagesAlt', second];
  return null;
}

/**
 * The entity with the alt texts of every photo newly picked for one of its images (`before`: the
 * entity as it was): a photo's alt texts are its own in each language, which the editor may then change
 * for this place.
 */
export function withPhotoAlts(json: unknown, before: unknown, photos: readonly (SeedImage & { alt: Record<string, string> })[]): unknown {
  if (typeof json !== 'object' || json === null) return json;
  const copy = structuredClone(json) as Record<string, unknown>;
  const old = (before ?? {}) as Record<string, unknown>;
  const places: Path[] = ['image', 'heroImage'].map((k) => [k]);
  if (Array.isArray(copy.images)) copy.images.forEach((_, i) => places.push(['images', i]));
  for (const place of places) {
    const image = at(copy, place);
    const photo = isImage(image) && image.src !== (at(old, place) as SeedImage | undefined)?.src ? photos.find((p) => p.src === image.src) : undefined;
    if (!photo) continue;
    for (const [locale, text] of Object.entries(photo.alt)) {
      const altPath = altPathOf(place, locale);
      const parent = altPath && at(copy, altPath.slice(0, -1));
      if (parent && typeof parent === 'object') (parent as Record<string | number, unknown>)[altPath.at(-1)!] = text;
    }
  }
  return copy;
}

const at = (value: unknown, path: Path): unknown => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
