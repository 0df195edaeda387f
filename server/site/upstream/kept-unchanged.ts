/**
 * Objects the site never changes once made, for as long as it keeps them: the upstream cache's answers
 * (every request of a path is handed the same object while it is fresh) and what is made once per
 * answer. A document writes each one's JSON once, not on every render (server/site/render/document.ts).
 */
const keptUnchanged = new WeakSet<object>();

export function unchanged<T>(value: T): T {
  if (typeof value === 'object' && value !== null) keptUnchanged.add(value);
  return value;
}

export function isUnchanged(value: unknown): value is object {
  // A WeakSet holds no primitive: has() is false for one.
  return keptUnchanged.has(value as object);
}
