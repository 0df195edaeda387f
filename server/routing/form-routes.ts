import { createHash, randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { FormKind, Product, SpamReason } from '../../shared/api/contract';
import { fieldErrors, postedValues, type FieldErrors, type PostedValues } from '../../shared/forms/fields';
import { INQUIRY_STEPS } from '../../shared/forms/inquiry';
import { inquiryForm, stepFields } from '../../shared/forms/inquiry-form';
import { newsletterForm } from '../../shared/forms/newsletter';
import { serviceForm } from '../../shared/forms/service-form';
import { LOCALES, type Locale } from '../../shared/locales';
import type { PageMeta, PublicFormResult, PublicFormScreen, RouteErrorData, ScreenData } from '../../shared/page-data';
import { inquiryPath, pathTo } from '../../shared/routes';
import { GUARD_FIELDS } from '../../shared/forms/guard';
import { PHOTO_FIELD, PHOTO_LIMITS, REMOVE_PHOTO_FIELD } from '../../shared/forms/photos';
import { submissionKey } from '../outbox/key';
import { POST_LIMITED_HEADER } from '../request/fetch-request';
import type { OutboxPhoto } from '../outbox/types';
import { clientKey } from '../photos/client-budget';
import { postedPhotos } from '../photos/upload';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import { sameScreen } from './alternates';
import { breadcrumb } from './breadcrumb';
import { draftKey } from '../drafts/key';
import type { DraftPhoto, PhotoChange } from '../drafts/types';
import { eraseDraft, inquiryAddress, keepDraft, LAST_STEP, readDraft, stepPath, withDraft, writeDraft, type InquiryAddress } from './inquiry-steps';
import type { LoaderContext } from './loader-context';

/**
 * The public forms (inquiry, service request, newsletter): their pages' data and what a post does.
 * A valid post is stored in the outbox (committed durably before anyone is told) and answered with a
 * 303 to the page's `?sent=1`, which shows the thank-you message; the outbox delivers it upstream later.
 * Invalid posts are answered 400 with the errors and the values, so the page shows them again with
 * or without JavaScript. Nothing here logs what was posted.
 */

type Args = Omit<LoaderFunctionArgs | ActionFunctionArgs, 'context'> & { context: LoaderContext };
type FormRoute = FormKind;

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
async function productParam(args: Args, locale: Locale, { offerType, product: slug }: InquiryAddress): Promise<Product | null> {
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

function meta(args: Args, locale: Locale, name: FormRoute, alternates = sameScreen(name)): PageMeta {
  const { t } = args.context;
  const title = t(`${name}.title`);
  return { title, description: t(`${name}.description`), alternates, breadcrumb: breadcrumb(t, locale, { title }) };
}

/** The signed-in visitor's account, or null (signed out, an expired session, or the upstream down: the form works without it). */
async function account(args: Args, locale: Locale) {
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

async function screen(args: Args, locale: Locale): Promise<PublicFormScreen> {
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
function addressOf(args: Args, locale: Locale): InquiryAddress {
  return inquiryAddress(args.params, locale) ?? pageNotFound(args.request);
}

/** The content key of the article the dimensions step links to (content/articles.json). */
const MEASURING_GUIDE = 'measuring-windows';

/**
 * The path of an article named by its content key, in this locale, from the sitemap (every article
 * with its slugs in every locale, cached like any upstream answer). Null when the content API does
 * not name it or is down: the form works without the link.
 */
async function articlePath(args: Args, locale: Locale, key: string): Promise<string | null> {
  try {
    const { entries } = await args.context.api.sitemap();
    const article = entries.find((entry) => entry.route === 'blogArticle' && entry.key === key);
    return article?.route === 'blogArticle' ? pathTo('blogArticle', locale, { category: article.params[locale].category, slug: article.slugs[locale] }) : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

export const formLoaders: { [N in FormRoute]: (args: Args, locale: Locale) => Promise<ScreenData<N>> } = {
  async inquiry(args, locale) {
    const address = addressOf(args, locale);
    if (address.legacy) throw redirect(stepPath(locale, address, 1), 301);
    const { offerType } = address;
    const [base, measuringGuide, product, draft] = await Promise.all([
      screen(args, locale),
      articlePath(args, locale, MEASURING_GUIDE),
      productParam(args, locale, address),
      readDraft(args.context),
    ]);
    // Every step's page names the inquiry's opening as its address in each locale (its canonical link):
    // a step is no page of its own to search engines, and a draft stays in its locale.
    const alternates = Object.fromEntries(
      LOCALES.map((l) => [l, inquiryPath(l, { step: offerType ? 1 : 0, offerType: offerType ?? undefined, product: product?.slugs[l] })]),
    );
    const inquiryProduct = product && { key: product.key, title: product.title, offerType: product.offerType, preset: product.inquiryPreset };
    return {
      ...base,
      offerType,
      product: inquiryProduct,
      measuringGuide,
      // The thank-you page shows no draft: there is none left once sent.
      draft: draft && !base.sent ? { ...draft.body, photos: draft.photos } : null,
      meta: meta(args, locale, 'inquiry', alternates),
    };
  },
  async service(args, locale) {
    return { ...(await screen(args, locale)), meta: meta(args, locale, 'service') };
  },
  async newsletter(args, locale) {
    return { ...(await screen(args, locale)), meta: meta(args, locale, 'newsletter') };
  },
};

async function readPost(request: Request): Promise<{ posted: PostedValues; values: PostedValues }> {
  return splitControls(postedValues(await request.formData()));
}

function splitControls(posted: PostedValues): { posted: PostedValues; values: PostedValues } {
  return { posted, values: Object.fromEntries(Object.entries(posted).filter(([key]) => !CONTROL_FIELDS.has(key))) };
}

/** Every value of a control field (the ticked boxes of a list). */
function allOf(posted: PostedValues, key: string): string[] {
  const value = posted[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** One value of a control field (the first, should it come twice). */
function single(posted: PostedValues, key: string): string | undefined {
  const value = posted[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The spam judgement of a post (server/spam/judge.ts): `spam` is the reason to store with it, or
 * undefined for a person's. A form open longer than a token lives is no judgement: the visitor is
 * asked to send it again, with a token as old as a person's filling-in (they have filled it).
 */
async function judged(args: Args, kind: FormKind, posted: PostedValues): Promise<{ spam?: SpamReason } | { expired: PublicFormResult }> {
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
const withSpam = <B extends object>(body: B, spam: SpamReason | undefined): B => (spam ? { ...body, spam } : body);

function answer(result: PublicFormResult, status: number, headers?: HeadersInit) {
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
type SentPhotos = { stored: OutboxPhoto[]; keyed: string[]; spend?: readonly OutboxPhoto[] };

/**
 * Spends the photos' bytes of the sender's hour, as they are stored; the refusal naming the first
 * when they do not fit.
 */
async function spendPhotos(
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
async function accept(
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

function only(errors: FieldErrors, fields: Iterable<string>): FieldErrors {
  const out: FieldErrors = {};
  for (const field of fields) if (errors[field]) out[field] = errors[field];
  return out;
}

const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0;

/** The step the visitor was on (0-based); anything unreadable is the first. */
function postedStep(posted: PostedValues): number {
  const step = Number(single(posted, 'step'));
  return Number.isInteger(step) ? Math.min(Math.max(step, 0), LAST_STEP) : 0;
}

/** The first step that shows a field with an error. */
function firstStepWithError(errors: FieldErrors, values: PostedValues, fallback: number): number {
  for (let step = 0; step <= LAST_STEP; step++) if (stepFields(step, values).some((field) => errors[field])) return step;
  return fallback;
}

type PhotoOutcome =
  | { ok: true; stored: OutboxPhoto[]; keyed: string[] }
  | { ok: false; errors: FieldErrors; photoRefused?: NonNullable<PublicFormResult['photoRefused']>; status: 400 | 429 | 503 };

/**
 * The photos posted with a form that takes them: refused while the post was read (too many, too
 * large), or decoded and re-encoded here (server/photos/prepare.ts) within the sender's budgets; the
 * first refused one is named. `kept`: how many the inquiry's draft holds already (the count is for both).
 */
async function photosOf(args: Args, kept = 0): Promise<PhotoOutcome> {
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
async function draftPhotos(context: LoaderContext, posterDraftId: string | null): Promise<SentPhotos> {
  const kept = context.draftId ? await context.drafts.photos(context.draftId, Date.now()) : [];
  return {
    stored: kept.map(({ name, bytes }) => ({ name, type: 'image/jpeg', bytes })),
    keyed: posterDraftId ? [`draft:${draftKey(posterDraftId)}`] : kept.map((photo) => photo.id),
    spend: [],
  };
}

/** A photo as a draft keeps it: named by the hash of its bytes, so the same photo chosen twice is kept once. */
function keptPhoto(photo: OutboxPhoto): DraftPhoto {
  return { id: createHash('sha256').update(photo.bytes).digest('base64url'), name: photo.name, bytes: photo.bytes };
}

export const formActions: { [N in FormRoute]: (args: Args, locale: Locale) => Promise<unknown> } = {
  /**
   * The inquiry walks its steps through the server when there is no JavaScript. Every post carries
   * the values of every step and `intent`, to its step's address: `back` goes a step back; `next`
   * validates the step's fields and goes on; each is answered with a 303 to that step's address, what
   * was entered kept in the visitor's draft (inquiry-steps.ts). `send` validates everything and stores
   * the inquiry, erasing the draft. With JavaScript the browser walks the steps and posts `send` alone.
   *
   * Photos (the last step's, docs/decisions/0051): without JavaScript those a Back or a Send carries
   * go to the draft at once, checked, cleaned and spent of the sender's hour as any photo sent, and
   * those the post ticks are removed from it; so a Back, or a Send refused for anything, keeps them,
   * and the Send that is stored takes them all from the draft. With JavaScript the photos are the
   * post's, as they always were.
   */
  async inquiry(args, locale) {
    const address = addressOf(args, locale);
    const { posted, values: postedFields } = await readPost(args.request);
    const step = address.step ?? postedStep(posted);
    const intent = single(posted, 'intent');
    const shown = new Set((single(posted, 'shown') ?? '').split(',').map((f) => f.trim()));
    const { byScript } = args.context;
    // The draft the visitor's cookie names (a post may make a new one, when it has none or it expired).
    const posterDraftId = args.context.draftId;
    // The browser's script posts every value and photo it holds; a plain post's other steps are the draft's.
    const draft = byScript ? null : await readDraft(args.context);
    const values = withDraft(draft, postedFields, step, shown);
    // The token of the form's first step goes on with it (each step is a new page, whose own token would say "just opened").
    const formToken = draft?.body.formToken ?? single(posted, GUARD_FIELDS.token);
    const carried = formToken ? { formToken } : {};
    const body = { values, ...carried };
    const parsed = inquiryForm.safeParse(values);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);

    if (intent === 'next') {
      const go = (to: number) => keepDraft(args.context, locale, draft, body, stepPath(locale, address, to));
      const fields = stepFields(step, values);
      // Which product fields exist depends on the offer type and, for interior shades, on the system:
      // when the visitor's choice brought fields they have not seen yet, the step shows them first.
      if (INQUIRY_STEPS[step]!.id === 'product' && fields.some((field) => !shown.has(field))) {
        const seenErrors = only(
          errors,
          fields.filter((field) => shown.has(field)),
        );
        return isEmpty(seenErrors) ? go(step) : answer({ form: 'inquiry', values, errors: seenErrors, step, ...carried }, 400);
      }
      const stepErrors = only(errors, fields);
      if (!isEmpty(stepErrors)) return answer({ form: 'inquiry', values, errors: stepErrors, step, ...carried }, 400);
      return go(Math.min(step + 1, LAST_STEP));
    }

    const removed = new Set(allOf(posted, REMOVE_PHOTO_FIELD));
    const kept = (draft?.photos ?? []).filter((photo) => !removed.has(photo.id));
    const photos = await photosOf(args, kept.length);
    if (!photos.ok) {
      // A Back is refused only for its photos; a Send names every error.
      const all = { ...(intent === 'back' ? {} : errors), ...photos.errors };
      const refused = photos.photoRefused ? { photoRefused: photos.photoRefused } : {};
      return answer({ form: 'inquiry', values, errors: all, step: firstStepWithError(all, values, step), ...refused, ...carried }, photos.status);
    }
    let change: PhotoChange | undefined;
    if (!byScript && (photos.stored.length > 0 || kept.length < (draft?.photos.length ?? 0))) {
      const overBudget = await spendPhotos(args, photos.stored);
      if (overBudget) return answer({ form: 'inquiry', values, ...overBudget, step, ...carried }, 429);
      change = { add: photos.stored.map(keptPhoto), remove: [...removed] };
    }
    if (intent === 'back') return keepDraft(args.context, locale, draft, body, stepPath(locale, address, Math.max(step - 1, 0)), change);

    const { cookie } = change ? await writeDraft(args.context, locale, draft, body, change) : {};
    const headers = cookie ? { 'Set-Cookie': cookie } : undefined;
    if (!parsed.success) return answer({ form: 'inquiry', values, errors, step: firstStepWithError(errors, values, step), ...carried }, 400, headers);
    const judgement = await judged(args, 'inquiry', formToken ? { ...posted, [GUARD_FIELDS.token]: formToken } : posted);
    if ('expired' in judgement) return answer({ ...judgement.expired, step }, 400, headers);
    const sentPhotos = byScript ? photos : await draftPhotos(args.context, posterDraftId);
    const accepted = await accept(args, locale, 'inquiry', withSpam(parsed.data, judgement.spam), values, step, sentPhotos, headers);
    return accepted instanceof Response ? eraseDraft(args.context, locale, accepted) : accepted;
  },

  async service(args, locale) {
    const { posted, values } = await readPost(args.request);
    const parsed = serviceForm.safeParse(values);
    const photos = await photosOf(args);
    if (!parsed.success || !photos.ok) {
      const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(photos.ok ? {} : photos.errors) };
      const refused = photos.ok || !photos.photoRefused ? {} : { photoRefused: photos.photoRefused };
      return answer({ form: 'service', values, errors, ...refused }, photos.ok ? 400 : photos.status);
    }
    const judgement = await judged(args, 'service', posted);
    if ('expired' in judgement) return answer(judgement.expired, 400);
    const body = parsed.data;
    // A signed-in visitor's request carries their address, so it shows among their submissions.
    if (!body.email) body.email = (await account(args, locale))?.email;
    return accept(args, locale, 'service', withSpam(body, judgement.spam), values, undefined, photos);
  },

  async newsletter(args, locale) {
    const { posted, values } = await readPost(args.request);
    const parsed = newsletterForm.safeParse(values);
    if (!parsed.success) return answer({ form: 'newsletter', values, errors: fieldErrors(parsed.error) }, 400);
    const judgement = await judged(args, 'newsletter', posted);
    if ('expired' in judgement) return answer(judgement.expired, 400);
    // Without JavaScript a post has no id, and its key would be a hash of the address: the same address
    // signing up again (a lost confirmation mail, after unsubscribing) would be taken for the first
    // signup and mail nothing. A signup repeated is harmless (the content API mails once an hour).
    const body = parsed.data.submissionId ? parsed.data : { ...parsed.data, submissionId: randomUUID() };
    return accept(args, locale, 'newsletter', withSpam(body, judgement.spam), values);
  },
};
