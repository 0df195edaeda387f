import type { PostedValues } from '../../../shared/forms/fields';
import type { KeptPhoto } from '../../../shared/forms/photos';

/** What an inquiry's draft holds: every value entered so far, and the time token of the form's opening. */
export interface DraftBody {
  values: PostedValues;
  /** The first step's time token: the spam judgement counts from when the form opened, not from the last step. */
  formToken?: string;
}

export interface Draft {
  body: DraftBody;
  /** When it is erased, in ms since the epoch: 24 hours after its first step, however often it is written. */
  expiresAt: number;
  /** The photos kept with it, in the order they were chosen (their bytes are read only to send them: `photos`). */
  photos: KeptPhoto[];
}

/** A photo kept with a draft: decoded and re-encoded like every photo sent (server/site/photos/prepare.ts). */
export interface DraftPhoto extends KeptPhoto {
  bytes: Buffer;
}

/** What a post changes of its draft's photos: those it adds, and the ids of those it removes. */
export interface PhotoChange {
  add: readonly DraftPhoto[];
  remove: readonly string[];
}

/** How long a draft lives from its first step (and its cookie with it). */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Inquiries being filled in without JavaScript, between their steps (docs/decisions/0050). A draft
 * is found by the hash of its cookie's secret (`id`): the table holds no bearer secret.
 */
export interface DraftStore {
  /** The draft, or null when there is none or it has expired at `now`. */
  read(id: string, now: number): Promise<Draft | null>;
  /**
   * Writes the draft, and changes its photos with it (one transaction); a new one lives until
   * `expiresAt`, an existing one keeps its time. A photo added twice (the same bytes) is kept once.
   */
  write(id: string, body: DraftBody, expiresAt: number, photos?: PhotoChange): Promise<void>;
  /** The draft's photos with their bytes, in the order chosen (none when it has expired at `now`). */
  photos(id: string, now: number): Promise<DraftPhoto[]>;
  /** Erases the draft and its photos (its inquiry was sent). */
  erase(id: string): Promise<void>;
  /** Erases every draft expired at `now`, with its photos; answers how many. */
  purge(now: number): Promise<number>;
}
