import { redirect } from 'react-router';
import type { PostedValues } from '../../../shared/forms/fields';
import { INQUIRY_STEPS, isOfferType, type OfferType } from '../../../shared/forms/inquiry';
import { stepFields } from '../../../shared/forms/inquiry-form';
import type { Locale } from '../../../shared/locales';
import { inquiryPath, inquiryStepOf } from '../../../shared/routes';
import { newDraftId } from '../drafts/key';
import { clearDraftCookie, draftCookie } from '../drafts/cookie';
import { DRAFT_LIFETIME_MS, type Draft, type DraftBody, type PhotoChange } from '../drafts/types';
import type { LoaderContext } from './loader-context';

/**
 * The inquiry's steps as addresses (docs/decisions/0050-inquiry-steps-and-drafts.md): which step,
 * offer type and product an address names, where a step goes next, and the draft that carries what
 * a visitor without JavaScript entered from one step's page to the next.
 */

export const LAST_STEP = INQUIRY_STEPS.length - 1;

/**
 * What an inquiry address names. `step` is null on the form's own address (the first step, or the
 * step a post names: a page of an earlier build). `legacy`: an address of the first design, with the
 * offer type where the step is now (`/en/inquiry/rolete`, in mails and bookmarks). Null: no such page.
 */
export type InquiryAddress = { step: number | null; offerType: OfferType | null; product: string | undefined; legacy: boolean };

export function inquiryAddress(params: Record<string, string | undefined>, locale: Locale): InquiryAddress | null {
  const { step: first, offerType, product } = params;
  if (first === undefined) return { step: null, offerType: null, product: undefined, legacy: false };
  const step = inquiryStepOf(first, locale);
  if (step !== null) {
    if (offerType !== undefined && !isOfferType(offerType)) return null;
    return { step, offerType: offerType ?? null, product, legacy: false };
  }
  if (isOfferType(first) && product === undefined) return { step: null, offerType: first, product: offerType, legacy: true };
  return null;
}

/** The address of a step of the inquiry opened at `address` (its offer type and product stay in it). */
export function stepPath(locale: Locale, address: InquiryAddress, step: number): string {
  return inquiryPath(locale, { step, offerType: address.offerType ?? undefined, product: address.product });
}

/** The visitor's draft, when their cookie names a live one. */
export async function readDraft(context: LoaderContext): Promise<Draft | null> {
  return context.draftId ? context.drafts.read(context.draftId, Date.now()) : null;
}

/**
 * What a step's post means with the draft: the draft holds the other steps (a page restored from the
 * browser's memory after Back carries them as they were then), the post the fields of its own step.
 * A field of the step missing from the post was emptied (an unticked box); one the step did not show
 * yet (`shown`, the product fields a choice just brought) keeps what it had.
 */
export function withDraft(draft: Draft | null, posted: PostedValues, step: number, shown: ReadonlySet<string>): PostedValues {
  if (!draft) return posted;
  const values: PostedValues = { ...posted, ...draft.body.values };
  const onPage = stepFields(step, { ...values, ...posted }).filter((name) => INQUIRY_STEPS[step]!.id !== 'product' || shown.has(name) || name in posted);
  for (const name of onPage) {
    if (name in posted) values[name] = posted[name]!;
    else delete values[name];
  }
  return values;
}

/**
 * Writes what the visitor entered, and the change of its photos, to their draft: a new one when they
 * have none, with the cookie it needs (`cookie`), which the request's context then names (its page
 * shows it). An existing draft keeps its id and its 24 hours.
 */
export async function writeDraft(
  context: LoaderContext,
  locale: Locale,
  draft: Draft | null,
  body: DraftBody,
  photos?: PhotoChange,
): Promise<{ cookie?: string }> {
  const id = draft ? context.draftId! : newDraftId();
  const expiresAt = draft?.expiresAt ?? Date.now() + DRAFT_LIFETIME_MS;
  await context.drafts.write(id, body, expiresAt, photos);
  context.draftId = id;
  return draft ? {} : { cookie: draftCookie(id, locale, expiresAt, context.secure) };
}

/** Keeps what the visitor entered and sends them to `to` (a 303: Back in the browser then shows a page, never "resend the form?"). */
export async function keepDraft(
  context: LoaderContext,
  locale: Locale,
  draft: Draft | null,
  body: DraftBody,
  to: string,
  photos?: PhotoChange,
): Promise<Response> {
  const { cookie } = await writeDraft(context, locale, draft, body, photos);
  return redirect(to, { status: 303, headers: cookie ? { 'Set-Cookie': cookie } : undefined });
}

/** The inquiry was stored: its draft is erased, and its cookie with it. */
export async function eraseDraft(context: LoaderContext, locale: Locale, answer: Response): Promise<Response> {
  if (!context.draftId) return answer;
  await context.drafts.erase(context.draftId);
  answer.headers.append('Set-Cookie', clearDraftCookie(locale, context.secure));
  return answer;
}
