import { solveChallenge } from 'altcha-lib/v1';
import { formGuardSchema } from '../../shared/api/bff';
import { formTokens } from '../../server/site/spam/form-token';

/** The key the test sites sign their forms' time tokens with (FORM_TOKEN_SECRET). */
export const TEST_FORM_TOKEN_SECRET = 'test-only-key-signing-the-forms-time-tokens';

/**
 * A time token as the site issued it to a visitor who opened the form a minute ago: what a person's
 * post carries. Tests of the spam judgement itself take the token from the page instead.
 */
export const personsToken = (): string => formTokens(TEST_FORM_TOKEN_SECRET).issue(60_000);

/** The control fields of a person's plain post (no JavaScript): the honeypot left empty, a minute-old token. */
export const personsFields = () => ({ website: '', formToken: personsToken() });

/**
 * A page's HTML with its forms' time tokens blanked: every render of a page it does not keep carries
 * a token of its own moment, so two renders are the same page but for them.
 */
export const withoutFormTokens = (html: string) => html.replace(/\b[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}\b/g, 'form-token');

/** What the site's script fetches and solves before a post: the guard's token and the solved proof (altcha's payload). */
export async function solvedGuard(siteUrl: string): Promise<{ token: string; proof: string }> {
  const guard = formGuardSchema.parse(await (await fetch(new URL('/api/forms/guard', siteUrl))).json());
  const { challenge, salt, algorithm, signature, maxnumber } = guard.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error('the proof of work was not solved');
  return { token: guard.token, proof: btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })) };
}
