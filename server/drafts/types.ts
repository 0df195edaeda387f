import type { PostedValues } from '../../shared/forms/fields';

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
  /** Writes the draft; a new one lives until `expiresAt`, an existing one keeps its time. */
  write(id: string, body: DraftBody, expiresAt: number): Promise<void>;
  /** Erases the draft (its inquiry was sent). */
  erase(id: string): Promise<void>;
  /** Erases every draft expired at `now`; answers how many. */
  purge(now: number): Promise<number>;
}
