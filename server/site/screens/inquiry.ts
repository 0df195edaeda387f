import { redirect } from 'react-router';
import { fieldErrors } from '../../../shared/forms/fields';
import { GUARD_FIELDS } from '../../../shared/forms/guard';
import { REMOVE_PHOTO_FIELD } from '../../../shared/forms/photos';
import { INQUIRY_STEPS } from '../../../shared/forms/inquiry';
import { inquiryForm, stepFields } from '../../../shared/forms/inquiry-form';
import { LOCALES } from '../../../shared/locales';
import { inquiryPath } from '../../../shared/routes';
import { FRESHNESS } from '../cache-control';
import {
  accept,
  addressOf,
  allOf,
  answer,
  articlePath,
  draftPhotos,
  firstStepWithError,
  isEmpty,
  judged,
  keptPhoto,
  MEASURING_GUIDE,
  meta,
  only,
  photosOf,
  postedStep,
  productParam,
  readPost,
  screen,
  single,
  spendPhotos,
  withSpam,
} from '../routing/form-screens';
import type { PhotoChange } from '../drafts/types';
import { eraseDraft, keepDraft, LAST_STEP, readDraft, stepPath, withDraft, writeDraft } from '../routing/inquiry-steps';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `inquiry` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/inquiry.ts; its page: client/pages/inquiry.tsx.
 */
export default {
  async loader(args, locale) {
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
  async action(args, locale) {
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

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'inquiry'>;
