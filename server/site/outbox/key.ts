import { createHash } from 'node:crypto';
import type { FormKind } from '../../../shared/api/contract';

/**
 * The idempotency key of a submission. With JavaScript the form carries a random id per filling-in,
 * so a double click is one submission and a second inquiry is another. Without JavaScript (or from a
 * cached page) there is none, and the key is a hash of what was posted: posting the same form twice
 * is one submission. The kind is part of the key, so two forms can never collide.
 */
export function submissionKey(kind: FormKind, body: Record<string, unknown> & { submissionId?: string }): string {
  if (body.submissionId) return `${kind}:id:${body.submissionId}`;
  const digest = createHash('sha256').update(canonicalJson(body)).digest('base64url');
  return `${kind}:sha256:${digest}`;
}

/** JSON with keys sorted at every level and undefined dropped, so equal data hashes equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
