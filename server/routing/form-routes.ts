import { STATUS_CODES } from 'node:http';
import { data, redirect } from 'react-router';
import type { FormKind, Product, SpamReason } from '../../shared/api/contract';
import { postedValues, type FieldErrors, type PostedValues } from '../../shared/forms/fields';
import { stepFields } from '../../shared/forms/inquiry-form';
import { type Locale } from '../../shared/locales';
import type { PageMeta, PublicFormResult, PublicFormScreen, RouteErrorData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { GUARD_FIELDS } from '../../shared/forms/guard';
import { PHOTO_FIELD } from '../../shared/forms/photos';
import { submissionKey } from '../outbox/key';
import { POST_LIMITED_HEADER } from '../request/fetch-request';
import type { OutboxPhoto } from '../outbox/types';
import { clientKey } from '../photos/client-budget';
import { postedPhotos } from '../photos/upload';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import { sameScreen } from './alternates';
import { breadcrumb } from './breadcrumb';
import { inquiryAddress, LAST_STEP, type InquiryAddress } from './inquiry-steps';
import type { Args } from './loaders';

/**
 * What the public forms' screens (server/screens/inquiry.ts, service.ts, newsletter.ts) share: their
 * pages' data and the steps of a post. A valid post is stored in the outbox (committed durably before anyone is told) and answered with a
 * 303 to the page's `?sent=1`, which shows the thank-you message; the outbox delivers it upstream later.
 * Invalid posts are answered 400 with the errors and the values, so the page shows them again with
 * or without JavaScript. Nothing here logs what was posted.
 */

/** Fields that steer the form rather than fill it: never validated, stored or echoed. */
const CONTROL_FIELDS = new Set<string>(['intent', 'step', 'shown', ...Object.values(GUARD_FIELDS)]);

function pageNotFound(request: Request): never {
  throw data<RouteErrorData>({ message: `Page Not Found: ${new URL(request.url).pathname}` }, { status: 404, statusText: STATUS_CODES[404] });
}

/**
 * The product in the path (a product page's call to action), from the content API like its page.
 * Unknown, or of another family than the path's offer type: a 404. The content API down: the form
 * opens with the offer type alone, since an inquiry must never wait on the catalogue.
 */
export async function productParam(args: Args, locale: Locale, { offerType, product: slug }: InquiryAddress): Promise<Product | null> {
  if (slug === undefined) return null;
  try {
    const product = await args.context.api.product(locale, slug);
    if (product.offerType !== offerType) pageNotFound(args.request);
    return product;
  } catch (error) {
    if (error instanceof UpstreamNotFound) pageNotFound(args.request);
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

export function meta(args: Args, locale: Locale, name: FormKind, alternates = sameScreen(name)): PageMeta {
  const { t } = args.context;
  const title = t(`${name}.title`);
  return { title, description: t(`${name}.description`), alternates, breadcrumb: breadcrumb(t, locale, { title }) };
}

/** The signed-in visitor's account, or null (signed out, an expired session, or the upstream down: the form works without it). */
export async function account(args: Args, locale: Locale) {
  const { session } = args.context;
  if (!session) return null;
  try {
    const result = await args.context.account.account(locale, session);
    return result.ok ? result.data : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

export async function screen(args: Args, locale: Locale): Promise<PublicFormScreen> {
  const user = await account(args, locale);
  return {
    sent: new URL(args.request.url).searchParams.get('sent') === '1',
    prefill: user && {
      nameAndSurname: user.name,
      email: user.email,
      phone: user.phone,
      streetAddress: user.streetAddress,
      postalCode: user.postalCode,
      town: user.town,
    },
  };
}

/** The step, offer type and product the inquiry's address names; anything else is a 404 without an upstream call. */
export function addressOf(args: Args, locale: Locale): InquiryAddress {
  return inquiryAddress(args.params, locale) ?? pageNotFound(args.request);
}

/** The content key of the article the dimensions step links to (content/articles.json). */
export const MEASURING_GUIDE = 'measuring-windows';

/**
 * The path of an article named by its content key, in this locale, from the sitemap (every article
 * with its slugs in every locale, cached like any upstream answer). Null when the content API does
 * not name it or is down: the form works without the link.
 */
export async function articlePath(args: Args, locale: Locale, key: string): Promise<string | null> {
  try {
    const { entries } = await args.context.api.sitemap();
    const article = entries.find((entry) => entry.route === 'blogArticle' && entry.key === key);
    return article?.route === 'blogArticle' ? pathTo('blogArticle', locale, { category: article.params[locale].category, slug: article.slugs[locale] }) : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

export async function readPost(request: Request): Promise<{ posted: PostedValues; values: PostedValues }> {
  return splitControls(postedValues(await request.formData()));
}

function splitControls(posted: PostedValues): { posted: PostedValues; values: PostedValues } {
  return { posted, values: Object.fromEntries(Object.entries(posted).filter(([key]) => !CONTROL_FIELDS.has(key))) };
}

/** One value of a control field (the first, should it come twice). */
export function single(posted: PostedValues, key: string): string | undefined {
  const value = posted[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The spam judgement of a post (server/spam/judge.ts): `spam` is the reason to store with it, or
 * undefined for a person's. A form open longer than a token lives is no judgement: the visitor is
 * asked to send it again, with a token as old as a person's filling-in (they have filled it).
 */
export async function judged(args: Args, kind: FormKind, posted: PostedValues): Promise<{ spam?: SpamReason } | { expired: PublicFormResult }> {
  const verdict = await args.context.spam.judge(kind, {
    honeypot: single(posted, GUARD_FIELDS.honeypot),
    token: single(posted, GUARD_FIELDS.token),
    proof: single(posted, GUARD_FIELDS.proof),
    byScript: args.context.byScript,
  });
  if ('expired' in verdict) {
    const { values } = splitControls(posted);
    return { expired: { form: kind, values, errors: { form: 'form.errors.expired' }, formToken: args.context.spam.issueFilledToken(kind) } };
  }
  return verdict.spam ? { spam: verdict.reason } : {};
}

/** The body for the outbox: a spam post carries its reason beside the fields (shared/api/contract.ts). */
export const withSpam = <B extends object>(body: B, spam: SpamReason | undefined): B => (spam ? { ...body, spam } : body);

export function answer(result: PublicFormResult, status: number) {
  return data(result, { status });
}

/** After a successful post: a 303 to the thank-you page, so reloading it never posts again. */
function sent(kind: FormKind, locale: Locale): Response {
  return redirect(`${pathTo(kind, locale)}?sent=1`, { status: 303 });
}

/**
 * For a signed-in visitor, a grant that lets their account list this submission (when its address is
 * the account's). Without one (signed out, the session gone, the upstream down) the submission is
 * stored all the same, and only the account's list goes without it.
 */
async function accountGrant(args: Args, locale: Locale): Promise<string | null> {
  const { session } = args.context;
  if (!session) return null;
  try {
    const result = await args.context.account.submissionGrant(locale, session);
    return result.ok ? result.data.grant : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/**
 * Stores a valid submission and answers with the thank-you redirect; a post seen before (the same
 * key) is the same submission and gets the same answer. When the outbox cannot store it, nothing is
 * acknowledged: 503, the form with its values and a message to try again.
 */
export async function accept(
  args: Args,
  locale: Locale,
  kind: FormKind,
  body: Record<string, unknown> & { submissionId?: string },
  values: PostedValues,
  step?: number,
  photos: { stored: OutboxPhoto[]; digests: string[] } = { stored: [], digests: [] },
) {
  // Over the forms' rate limit (a shared office or mobile address a bot has used up): nothing stored,
  // everything typed kept, and when to send again.
  const limitedFor = Number(args.request.headers.get(POST_LIMITED_HEADER));
  if (limitedFor > 0) {
    const result: PublicFormResult = { form: kind, values, errors: { form: 'form.errors.tooManyPosts' }, retryAfterMinutes: Math.ceil(limitedFor / 60), step };
    return data(result, { status: 429, headers: { 'Retry-After': String(Math.ceil(limitedFor)) } });
  }
  // The photos' bytes are spent of the sender's hour only now that they are to be stored (a post refused for a typo costs nothing).
  if (!(await args.context.photos.keep(photos.stored, clientKey(args.context.clientAddress)))) {
    const errors = { [PHOTO_FIELD]: 'form.photos.errors.overBudget' };
    const photoRefused = { name: photos.stored[0]!.name, reason: 'overBudget' as const };
    return answer({ form: kind, values, errors, photoRefused, step: step === undefined ? undefined : firstStepWithError(errors, values, step) }, 429);
  }
  // Without JavaScript the key hashes what was posted: the photos too, so the same words with other photos are another submission.
  const key = submissionKey(kind, photos.digests.length ? { ...body, [PHOTO_FIELD]: photos.digests } : body);
  const grant = kind === 'newsletter' ? null : await accountGrant(args, locale);
  // Answered meanwhile (its deadline passed: "not stored, send it again"): storing it now would contradict that answer.
  if (args.request.signal.aborted) return answer({ form: kind, values, errors: { form: 'form.errors.unavailable' }, step }, 503);
  try {
    await args.context.outbox.enqueue({ kind, key, locale, body: grant ? { ...body, accountGrant: grant } : body, photos: photos.stored });
  } catch {
    // The outbox has logged why.
    return answer({ form: kind, values, errors: { form: 'form.errors.unavailable' }, step }, 503);
  }
  return sent(kind, locale);
}

export function only(errors: FieldErrors, fields: Iterable<string>): FieldErrors {
  const out: FieldErrors = {};
  for (const field of fields) if (errors[field]) out[field] = errors[field];
  return out;
}

export const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0;

/** The step the visitor was on (0-based); anything unreadable is the first. */
export function postedStep(posted: PostedValues): number {
  const step = Number(single(posted, 'step'));
  return Number.isInteger(step) ? Math.min(Math.max(step, 0), LAST_STEP) : 0;
}

/** The first step that shows a field with an error. */
export function firstStepWithError(errors: FieldErrors, values: PostedValues, fallback: number): number {
  for (let step = 0; step <= LAST_STEP; step++) if (stepFields(step, values).some((field) => errors[field])) return step;
  return fallback;
}

type PhotoOutcome =
  | { ok: true; stored: OutboxPhoto[]; digests: string[] }
  | { ok: false; errors: FieldErrors; photoRefused?: NonNullable<PublicFormResult['photoRefused']>; status: 400 | 429 | 503 };

/**
 * The photos posted with a form that takes them: refused while the post was read (too many, too
 * large), or decoded and re-encoded here (server/photos/prepare.ts) within the sender's budgets; the
 * first refused one is named.
 */
export async function photosOf(args: Args): Promise<PhotoOutcome> {
  const posted = postedPhotos(args.request);
  if (posted.refused) return { ok: false, errors: { [PHOTO_FIELD]: `form.photos.errors.${posted.refused.reason}` }, photoRefused: posted.refused, status: 400 };
  if (posted.photos.length === 0) return { ok: true, stored: [], digests: [] };
  const prepared = await args.context.photos.prepare(posted.photos, { client: clientKey(args.context.clientAddress), signal: args.request.signal });
  // Too many posts wait for the decoder (or this one's answer was given already): nothing is acknowledged, the visitor is asked to send again.
  if (!prepared.ok && 'busy' in prepared) return { ok: false, errors: { form: 'form.errors.unavailable' }, status: 503 };
  if (!prepared.ok) {
    const photoRefused = { name: prepared.name, reason: prepared.reason };
    return {
      ok: false,
      errors: { [PHOTO_FIELD]: `form.photos.errors.${prepared.reason}` },
      photoRefused,
      status: prepared.reason === 'overBudget' ? 429 : 400,
    };
  }
  return { ok: true, stored: prepared.photos, digests: posted.photos.map((photo) => photo.digest) };
}
