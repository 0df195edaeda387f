import { z } from 'zod';
import { SUBMISSION_BODY_FIELD } from '../../../shared/api/contract';
import { mediaItemSchema, type MediaUploadBody } from '../../../shared/api/staff-media';
import { PHOTO_FIELD } from '../../../shared/forms/photos';
import type { UpstreamClient } from './client';
import { staffCaller } from './staff-api';

/**
 * An upload's answer waits for its eight variants (AVIF takes seconds of a core for a large photo on a
 * busy machine); the post's own deadline (POST_TIMEOUT_S) still bounds the whole.
 */
const UPLOAD_TIMEOUT_MS = 60_000;

/** The editors' photos (shared/api/staff-media.ts), typed. Never cached. */
export function staffMediaApi(client: UpstreamClient) {
  const call = staffCaller(client);
  return {
    list: (session: string) => call('GET', 'staff/media', z.array(mediaItemSchema), { session }),
    /** A photo the site decoded and cleaned (server/site/photos), as the contract's multipart: the JSON, then the JPEG. */
    upload: (session: string, body: MediaUploadBody, photo: { name: string; type: string; bytes: Buffer }) => {
      const form = new FormData();
      form.append(SUBMISSION_BODY_FIELD, JSON.stringify(body));
      form.append(PHOTO_FIELD, new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
      return call('POST', 'staff/media', mediaItemSchema, { session, body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
    },
    setAlt: (session: string, id: string, body: MediaUploadBody) => call('PUT', `staff/media/${encodeURIComponent(id)}`, mediaItemSchema, { session, body }),
    /** A media file for visitors: its type and bytes, or null (no such file). */
    async file(name: string): Promise<{ type: string; bytes: Buffer } | null> {
      const answer = await client.getBytes(`media/${encodeURIComponent(name)}`);
      return answer.status === 200 ? { type: answer.type, bytes: answer.bytes } : null;
    },
  };
}

export type StaffMediaApi = ReturnType<typeof staffMediaApi>;
