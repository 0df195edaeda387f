import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { data, redirect } from 'react-router';
import type { FormKind, Product, SpamReason } from '../../../shared/api/contract';
import { postedValues, type FieldErrors, type PostedValues } from '../../../shared/forms/fields';
import { stepFields } from '../../../shared/forms/inquiry-form';
import { type Locale } from '../../../shared/locales';
import type { PageMeta, PublicFormResult, PublicFormScreen, RouteErrorData } from '../../../shared/page-data';
import { pathTo } from '../../../shared/routes';
import { GUARD_FIELDS } from '../../../shared/forms/guard';
import { PHOTO_FIELD, PHOTO_LIMITS, REMOVE_PHOTO_FIELD } from '../../../shared/forms/photos';
import { submissionKey } from '../outbox/key';
import { POST_LIMITED_HEADER } from '../request/fetch-request';
import type { OutboxPhoto } from '../outbox/types';
import { clientKey } from '../photos/client-budget';
import { postedPhotos } from '../photos/upload';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import { sameScreen } from './alternates';
import { breadcrumb } from './breadcrumb';
import { draftKey } from '../drafts/key';
import type { DraftPhoto } from '../drafts/types';
import { inquiryAddress, LAST_STEP, type InquiryAddress } from './inquiry-steps';
import type { LoaderContext } from './loader-context';
import type { Args } from './loaders';

/**
 * What the public forms' screens (server/site/screens/inquiry.ts, service.ts, newsletter.ts) share: their
 * pages' data and the steps of a post. A valid post is stored in the outbox (committed durably before anyone is told) and answered with a
 * 303 to the page's `?sent=1`, which shows the thank-you message; the outbox delivers it upstream later.
 * Invalid posts are answered 400 with the errors and the values, so the page shows them again with
 * or without JavaScript. Nothing here logs what was posted.
 */

/** Fields that steer the form rather than fill it: never validated, stored or echoed. */
const CONTROL_FIELDS = new Set<string>(['intent', 'step', 'shown', REMOVE_PHOTO_FIELD, ...Object.values(GUARD_FIELDS)]);

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
/** Every value of a control field (the ticked boxes of a list). */
export function allOf(posted: PostedValues, key: string): string[] {
  const value = posted[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function single(posted: PostedValues, key: string): string | undefined {
  const value = posted[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The spam judgement of a post (server/site/spam/judge.ts): `spam` is the reason to store with it, or
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

export function answer(result: PublicFormResult, status: number, headers?: HeadersInit) {
  return data(result, { status, headers });
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
 * The photos a submission goes with. `keyed`: what its key counts of them (without JavaScript the key
 * hashes what was posted); `spend`: those not yet spent of the sender's hour (all of them unless they
 * were when kept with a draft).
 */
export type SentPhotos = { stored: OutboxPhoto[]; keyed: string[]; spend?: readonly OutboxPhoto[] };

/**
 * Spends the photos' bytes of the sender's hour, as they are stored; the refusal naming the first
 * when they do not fit.
 */
export async function spendPhotos(
  args: Args,
  photos: readonly OutboxPhoto[],
): Promise<{ errors: FieldErrors; photoRefused: NonNullable<PublicFormResult['photoRefused']> } | null> {
  if (await args.context.photos.keep(photos, clientKey(args.context.clientAddress))) return null;
  return { errors: { [PHOTO_FIELD]: 'form.photos.errors.overBudget' }, photoRefused: { name: photos[0]!.name, reason: 'overBudget' } };
}

/**
 * Stores a valid submission and answers with the thank-you redirect; a post seen before (the same
 * key) is the same submission and gets the same answer. When the outbox cannot store it, nothing is
 * acknowledged: 503, the form with its values and a message to try again. `headers` go with every
 * answer but the redirect (a draft's new cookie).
 */
export async function accept(
  args: Args,
  locale: Locale,
  kind: FormKind,
  body: Record<string, unknown> & { submissionId?: string },
  values: PostedValues,
  step?: number,
  photos: SentPhotos = { stored: [], keyed: [] },
  headers?: HeadersInit,
) {
  // Over the forms' rate limit (a shared office or mobile address a bot has used up): nothing stored,
  // everything typed kept, and when to send again.
  const limitedFor = Number(args.request.headers.get(POST_LIMITED_HEADER));
  if (limitedFor > 0) {
    const result: PublicFormResult = { form: kind, values, errors: { form: 'form.errors.tooManyPosts' }, retryAfterMinutes: Math.ceil(limitedFor / 60), step };
    const retry = new Headers(headers);
    retry.set('Retry-After', String(Math.ceil(limitedFor)));
    return data(result, { status: 429, headers: retry });
  }
  // The photos' bytes are spent of the sender's hour only now that they are to be stored (a post refused for a typo costs nothing).
  const refused = await spendPhotos(args, photos.spend ?? photos.stored);
  if (refused)
    return answer({ form: kind, values, ...refused, step: step === undefined ? undefined : firstStepWithError(refused.errors, values, step) }, 429, headers);
  // Without JavaScript the key hashes what was posted: the photos too, so the same words with other photos are another submission.
  const key = submissionKey(kind, photos.keyed.length ? { ...body, [PHOTO_FIELD]: photos.keyed } : body);
  const grant = kind === 'newsletter' ? null : await accountGrant(args, locale);
  // Answered meanwhile (its deadline passed: "not stored, send it again"): storing it now would contradict that answer.
  if (args.request.signal.aborted) return answer({ form: kind, values, errors: { form: 'form.errors.unavailable' }, step }, 503, headers);
  try {
    await args.context.outbox.enqueue({ kind, key, locale, body: grant ? { ...body, accountGrant: grant } : body, photos: photos.stored });
  } catch {
    // The outbox has logged why.
    return answer({ form: kind, values, errors: { form: 'form.errors.unavailable' }, step }, 503, headers);
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
  | { ok: true; stored: OutboxPhoto[]; keyed: string[] }
  | { ok: false; errors: FieldErrors; photoRefused?: NonNullable<PublicFormResult['photoRefused']>; status: 400 | 429 | 503 };

/**
 * The photos posted with a form that takes them: refused while the post was read (too many, too
 * large), or decoded and re-encoded here (server/site/photos/prepare.ts) within the sender's budgets; the
 * first refused one is named. `kept`: how many the inquiry's draft holds already (the count is for both).
 */
export async function photosOf(args: Args, kept = 0): Promise<PhotoOutcome> {
  const posted = postedPhotos(args.request);
  const tooMany =
    kept + posted.photos.length > PHOTO_LIMITS.count ? { name: posted.photos[Math.max(PHOTO_LIMITS.count - kept, 0)]!.name, reason: 'tooMany' as const } : null;
  const refused = posted.refused ?? tooMany;
  if (refused) return { ok: false, errors: { [PHOTO_FIELD]: `form.photos.errors.${refused.reason}` }, photoRefused: refused, status: 400 };
  if (posted.photos.length === 0) return { ok: true, stored: [], keyed: [] };
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
  return { ok: true, stored: prepared.photos, keyed: posted.photos.map((photo) => photo.digest) };
}

/**
 * A plain Send's photos: every one its draft keeps (this post's among them), spent of the sender's
 * hour when they were kept. They are known in the submission's key by the draft that kept them (the
 * one the visitor's cookie named): a second post of the same Send (a double click) finds the draft
 * erased by the first, and must still be the same inquiry. Without a cookie, by their bytes.
 */
export async function draftPhotos(context: LoaderContext, posterDraftId: string | null): Promise<SentPhotos> {
  const kept = context.draftId ? await context.drafts.photos(context.draftId, Date.now()) : [];
  return {
    stored: kept.map(({ name, bytes }) => ({ name, type: 'image/jpeg', bytes })),
    keyed: posterDraftId ? [`draft:${draftKey(posterDraftId)}`] : kept.map((photo) => photo.id),
    spend: [],
  };
}

/** A photo as a draft keeps it: named by the hash of its bytes, so the same photo chosen twice is kept once. */
export function keptPhoto(photo: OutboxPhoto): DraftPhoto {
  return { id: createHash('sha256').update(photo.bytes).digest('base64url'), name: photo.name, bytes: photo.bytes };
}
