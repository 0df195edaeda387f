import { z } from 'zod';
import { SUBMISSION_BODY_FIELD, submissionAckSchema } from '../../../shared/api/contract';
import { PHOTO_FIELD } from '../../../shared/forms/photos';
import type { DeliveryOutcome, OutboxPhoto, Submission } from '../outbox/types';
import { UpstreamError, type UpstreamClient } from './client';

/**
 * Refusals of the submission itself (400 invalid, 413 too large, 422...): trying again cannot help.
 * Other 4xx are about the upstream's state or setup, not the submission: 408, 425 and 429 say "not
 * now"; 401 and 403 are credentials, 404 an endpoint not deployed yet or a wrong UPSTREAM_URL. Those
 * submissions wait (with warnings in the log) until it is fixed, rather than pile up as dead letters.
 */
const NOT_ABOUT_THE_SUBMISSION = new Set([401, 403, 404, 408, 425, 429]);
const isPermanent = (status: number) => status >= 400 && status < 500 && !NOT_ABOUT_THE_SUBMISSION.has(status);

/** The contract's refusal: an error code and, for a 400, the fields it names (names only, never values). */
const errorSchema = z.object({
  error: z.string().max(100),
  fields: z.union([z.record(z.string(), z.unknown()), z.array(z.string())]).optional(),
});

function refusalReason(json: unknown): string {
  const parsed = errorSchema.safeParse(json);
  if (!parsed.success) return 'unknown';
  const { error, fields } = parsed.data;
  const names = fields === undefined ? [] : Array.isArray(fields) ? fields : Object.keys(fields);
  return names.length ? `${error}: ${names.slice(0, 20).join(', ').slice(0, 400)}` : error;
}

/** The contract's multipart form of a submission with photos: `body` (its JSON) first, then one `photos` part each. */
function withPhotos(body: unknown, photos: readonly OutboxPhoto[]): FormData {
  const form = new FormData();
  form.append(SUBMISSION_BODY_FIELD, JSON.stringify(body));
  for (const photo of photos)
    form.append(
      PHOTO_FIELD,
      new Blob([new Uint8Array(photo.bytes.buffer as ArrayBuffer, photo.bytes.byteOffset, photo.bytes.byteLength)], { type: photo.type }),
      photo.name,
    );
  return form;
}

/**
 * The forms endpoints of the contract (`POST forms/{kind}?lang=` with an Idempotency-Key), as the
 * outbox's delivery: every answer is sorted into delivered, rejected for good, or worth another try.
 * Nothing here reads or reports the body: reasons are status codes and the contract's error codes.
 */
export function formsApi(client: UpstreamClient) {
  return {
    /** A photo the company's mail links (its token); null when the token opens none. */
    async linkedPhoto(token: string): Promise<{ bytes: Buffer; disposition: string | null } | null> {
      const { status, type, disposition, bytes } = await client.getBytes(`submission-photos/${encodeURIComponent(token)}`);
      return status === 200 && type.startsWith('image/jpeg') ? { bytes, disposition } : null;
    },

    async submit({ kind, key, locale, body, photos = [] }: Submission): Promise<DeliveryOutcome> {
      const path = `forms/${kind}`;
      let answer: { status: number; json: unknown };
      try {
        answer = await client.send('POST', path, photos.length ? withPhotos(body, photos) : body, {
          params: { lang: locale },
          headers: { 'idempotency-key': key },
        });
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        // A 4xx whose body is not JSON (a proxy's error page) is still a refusal.
        if (error.kind === 'contract' && error.status !== undefined && isPermanent(error.status)) {
          return { outcome: 'rejected', status: error.status, reason: 'not_json' };
        }
        return { outcome: 'failed', reason: error.kind, status: error.status };
      }
      const { status, json } = answer;
      if (status >= 200 && status < 300) {
        const ack = submissionAckSchema.safeParse(json);
        return ack.success ? { outcome: 'delivered', upstreamId: ack.data.id } : { outcome: 'failed', reason: 'contract', status };
      }
      if (isPermanent(status)) {
        return { outcome: 'rejected', status, reason: refusalReason(json) };
      }
      return { outcome: 'failed', reason: 'status', status };
    },
  };
}

export type FormsApi = ReturnType<typeof formsApi>;
