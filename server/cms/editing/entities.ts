import { SINGLE_CONTENT_KINDS, type ContentKind } from '../../../shared/api/staff-content';
import { LOCALES, type Locale } from '../../../shared/locales';
import type { ContentTexts } from '../content';

/**
 * One entity of the published content's files, in the seed's shape: an element of a list file
 * (products.json) found by its `key`, or the whole of a one-document file (home.json).
 */

const isSingle = (kind: ContentKind) => SINGLE_CONTENT_KINDS.includes(kind);

type Keyed = { key?: unknown };

/** The entity as the files hold it; undefined when they have none of that key (or a null notification). */
export function entityIn(texts: ContentTexts, kind: ContentKind, key: string): unknown {
  const file = JSON.parse(texts[kind]) as unknown;
  if (isSingle(kind)) return key === kind && file !== null ? file : undefined;
  return (file as Keyed[]).find((x) => x.key === key);
}

/** Every entity of a kind, in the file's order. */
export function entitiesIn(texts: ContentTexts, kind: ContentKind): { key: string; json: unknown }[] {
  const file = JSON.parse(texts[kind]) as unknown;
  if (isSingle(kind)) return file === null ? [] : [{ key: kind, json: file }];
  return (file as Keyed[]).map((x) => ({ key: String(x.key), json: x }));
}

/**
 * The files with the entity replaced by `json` (added at the end when new), or taken out (`null`: a
 * list loses the element, the notification bar becomes none). The entity keeps its key: a list
 * element's `key` is the one it is edited under.
 */
export function withEntity(texts: ContentTexts, kind: ContentKind, key: string, json: unknown): ContentTexts {
  let file: unknown;
  if (isSingle(kind)) file = json;
  else {
    const list = (JSON.parse(texts[kind]) as Keyed[]).slice();
    const at = list.findIndex((x) => x.key === key);
    const entity = json === null ? null : { ...(datedPage(kind, list[at], json) as object), key };
    if (entity === null) {
      if (at >= 0) list.splice(at, 1);
    } else if (at >= 0) list[at] = entity;
    else list.push(entity);
    file = list;
  }
  return { ...texts, [kind]: `${JSON.stringify(file, null, 2)}\n` };
}

/** What a list names an entity by in each language: its title, question, or the kind's own name. */
export function titlesOf(kind: ContentKind, json: unknown): Record<Locale, string> {
  const entity = (json ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const t = (entity[locale] ?? {}) as Record<string, unknown>;
      const hero = t.hero as { title?: unknown } | undefined;
      const title = t.title ?? t.question ?? t.message ?? hero?.title ?? entity.key ?? kind;
      return [locale, typeof title === 'string' ? title : kind];
    }),
  ) as Record<Locale, string>;
}

/**
 * A page's date is the day its text last changed (the import's rule), but the export writes every
 * page's date out, so an edit would carry the published one along: an edit that keeps it has it
 * dropped, and the publish (or preview) dates the page. A date the editor changed is theirs.
 */
function datedPage(kind: ContentKind, published: Keyed | undefined, json: unknown): unknown {
  if (kind !== 'pages' || !published) return json;
  const { updatedAt, ...rest } = json as { updatedAt?: unknown };
  return updatedAt === (published as { updatedAt?: unknown }).updatedAt ? rest : json;
}
