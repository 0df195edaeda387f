import { fold } from '../search/analyzer';

/** The fields the inbox's text search looks in: who sent it, where, and what they wrote. */
const SEARCHED_FIELDS = ['nameAndSurname', 'email', 'phone', 'streetAddress', 'postalCode', 'town', 'message', 'note', 'content'];

/** A lead's searchable text, folded as the query is (lowercase, no diacritics); digits of a phone also without spaces. */
export function leadSearchText(data: Record<string, unknown>): string {
  const parts = SEARCHED_FIELDS.map((name) => data[name]).filter((value): value is string => typeof value === 'string');
  const phone = typeof data.phone === 'string' ? data.phone.replace(/\D+/g, '') : '';
  return fold([...parts, phone].join('\n'));
}
