import { redirect } from 'react-router';
import { fieldErrors } from '../../shared/forms/fields';
import { GUARD_FIELDS } from '../../shared/forms/guard';
import { INQUIRY_STEPS } from '../../shared/forms/inquiry';
import { inquiryForm, stepFields } from '../../shared/forms/inquiry-form';
import { LOCALES } from '../../shared/locales';
import { inquiryPath } from '../../shared/routes';
import { FRESHNESS } from '../cache-control';
import {
  accept,
  addressOf,
  answer,
  articlePath,
  firstStepWithError,
  isEmpty,
  judged,
  MEASURING_GUIDE,
  meta,
  only,
  photosOf,
  postedStep,
  productParam,
  readPost,
  screen,
  single,
  withSpam,
} from '../routing/form-routes';
import { eraseDraft, keepDraft, LAST_STEP, readDraft, stepPath, withDraft } from '../routing/inquiry-steps';
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
      draft: draft && !base.sent ? draft.body : null,
      meta: meta(args, locale, 'inquiry', alternates),
    };
  },

  /**
   * The inquiry walks its steps through the server when there is no JavaScript. Every post carries
   * the values of every step and `intent`, to its step's address: `back` goes a step back; `next`
   * validates the step's fields and goes on; each is answered with a 303 to that step's address, what
   * was entered kept in the visitor's draft (inquiry-steps.ts). `send` validates everything and stores
   * the inquiry, erasing the draft. With JavaScript the browser walks the steps and posts `send` alone.
   */
  async action(args, locale) {
    const address = addressOf(args, locale);
    const { posted, values: postedFields } = await readPost(args.request);
    const step = address.step ?? postedStep(posted);
    const intent = single(posted, 'intent');
    const shown = new Set((single(posted, 'shown') ?? '').split(',').map((f) => f.trim()));
    // The browser's script posts every value it holds; a plain post's other steps are the draft's.
    const draft = args.context.byScript ? null : await readDraft(args.context);
    const values = withDraft(draft, postedFields, step, shown);
    // The token of the form's first step goes on with it (each step is a new page, whose own token would say "just opened").
    const formToken = draft?.body.formToken ?? single(posted, GUARD_FIELDS.token);
    const carried = formToken ? { formToken } : {};
    const go = (to: number) => keepDraft(args.context, locale, draft, { values, ...carried }, stepPath(locale, address, to));
    if (intent === 'back') return go(Math.max(step - 1, 0));

    const parsed = inquiryForm.safeParse(values);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (intent === 'next') {
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

    const photos = await photosOf(args);
    if (!parsed.success || !photos.ok) {
      const all = { ...errors, ...(photos.ok ? {} : photos.errors) };
      const refused = photos.ok || !photos.photoRefused ? {} : { photoRefused: photos.photoRefused };
      return answer(
        { form: 'inquiry', values, errors: all, step: firstStepWithError(all, values, step), ...refused, ...carried },
        photos.ok ? 400 : photos.status,
      );
    }
    const judgement = await judged(args, 'inquiry', formToken ? { ...posted, [GUARD_FIELDS.token]: formToken } : posted);
    if ('expired' in judgement) return answer({ ...judgement.expired, step }, 400);
    const accepted = await accept(args, locale, 'inquiry', withSpam(parsed.data, judgement.spam), values, step, photos);
    return accepted instanceof Response ? eraseDraft(args.context, locale, accepted) : accepted;
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'inquiry'>;
