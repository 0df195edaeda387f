import type { Image, Slugs } from '../../../shared/api/contract';

/** Helpers shared by the queries: turning stored columns back into contract shapes. */

/** JSON columns were validated on import, so reading them back needs no second check. */
export function fromJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export function imageOf(json: string, alt: string): Image {
  return { ...fromJson<Omit<Image, 'alt'>>(json), alt };
}

/**
 * A column holding the entity's slug in every locale, as a JSON object. `translations` is the
 * translations table, `owner` its column pointing at the entity and `id` the entity's id expression.
 */
export function slugsColumn(translations: string, owner: string, id: string): string {
  return `(SELECT json_group_object(locale, slug) FROM ${translations} WHERE ${owner} = ${id}) AS slugs`;
}

export function slugsOf(json: string): Slugs {
  return fromJson<Slugs>(json);
}

/** A condition matching the ids of a JSON array bound as `@ids`. */
export const ID_IN_LIST = 'IN (SELECT value FROM json_each(@ids))';

/** Rows fetched by id, put back in the order the ids were asked for. */
export function inIdOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Groups rows by a key, keeping their order. */
export function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
