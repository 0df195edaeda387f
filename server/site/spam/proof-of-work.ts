import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { FormTokens } from './form-token';

/**
 * The proof of work a browser with JavaScript solves before its post (altcha-lib's SHA-256 challenge,
 * self-hosted: no third party sees the visitor). A challenge is valid for an hour, and is signed with
 * the same secret as the time tokens, so any replica checks it.
 */

/**
 * The challenge's range: a browser tries half of it on average, about 5,000 SHA-256 hashes (a fraction
 * of a second on a phone, done while the visitor reads the last step).
 */
export const PROOF_MAX_NUMBER = 10_000;
const CHALLENGE_TTL_MS = 60 * 60_000;

export type ProofOfWork = ReturnType<typeof proofOfWork>;

export function proofOfWork(secret: string, tokens: FormTokens) {
  const hmacKey = `proof-of-work:${secret}`;
  return {
    /** What `GET /api/forms/guard` answers: a fresh time token and a challenge to solve. */
    async guard() {
      const challenge = await createChallenge({ hmacKey, maxnumber: PROOF_MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_TTL_MS) });
      return { token: tokens.issue(), challenge };
    },
    /** Whether a solution (altcha's base64 payload) solves a challenge this site issued, still valid. */
    verify: (payload: string): Promise<boolean> => verifySolution(payload, hmacKey, true).catch(() => false),
  };
}
