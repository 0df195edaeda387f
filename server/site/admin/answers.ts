import { data } from 'react-router';
import type { AdminActionData } from '../../../shared/admin/screens';
import type { StaffResult } from '../upstream/staff-api';

/** The answers a staff screen's loader or action gives besides its data, and what a post to it holds. */

/** A post's fields, as a form posts them (text only: the staff area takes no files). */
export async function postedFields(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries([...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Elsewhere, after a post or to a screen the member should be on (303: a reload never posts again). */
export function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** A post refused: the form again, with its errors and the values to show (400 unless said). */
export function refused(result: AdminActionData, status = 400, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return data(result, { status, headers });
}

/** The page's answer for a status no screen shows itself (403, 404, 503): the route's error boundary. */
export function failed(status: number): never {
  throw data({ message: String(status) }, { status });
}

/**
 * A refused call's fields as the form shows them: the content API's message keys for its fields, its
 * own error for the whole form (`form`), or the message `fallback` names.
 */
export function errorsOf(result: Extract<StaffResult<unknown>, { ok: false }>, fallback: string): Record<string, string> {
  return result.fields && Object.keys(result.fields).length > 0 ? result.fields : { form: fallback };
}
