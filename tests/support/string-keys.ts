/** The dotted keys of a UI strings file, plural forms by their base key (as a page asks for them). */
export function stringKeys(value: unknown, prefix = ''): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
    v && typeof v === 'object' ? stringKeys(v, `${prefix}${key}.`) : [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')],
  );
}
