import type { OfferType } from '../forms/inquiry';
import type { PostedValues } from '../forms/fields';
import type { KeptPhoto } from '../forms/photos';
import type { InquiryProduct, PublicFormScreen } from '../page-data';
import { defineScreen, PUBLIC_FORM } from './define';

/**
 * `offerType`: from the path (a product's call to action), preselected. `measuringGuide`: the path
 * of the article on measuring windows in this locale, linked from the dimensions step (null when
 * the content API does not name it). `product`: the product whose page the inquiry came from (its
 * slug in the path), with what it fixes in the form; null without one, or with the content API down.
 * The step shown is the one its address names (`inquiryStepOf`). `draft`: what the visitor entered in
 * the steps they posted without JavaScript (server/site/drafts/), with the time token of the form's first
 * step, and the photos kept with it (`photos`: chosen on the last step before a Back or a refused
 * Send, docs/decisions/0051); null for none.
 */
export type InquiryData = PublicFormScreen & {
  offerType: OfferType | null;
  product: InquiryProduct | null;
  measuringGuide: string | null;
  draft: { values: PostedValues; formToken?: string; photos: KeptPhoto[] } | null;
};

/**
 * The inquiry form. The optional segments: the step shown (its slug in INQUIRY_STEP_SLUGS; none is
 * the first), an offer type key, preselected (a family's call to action), and then a product's slug in
 * the locale, whose family, system or model is chosen (a product's). Build its paths with `inquiryPath`.
 */
export default defineScreen<InquiryData>()({
  path: { sl: '/povprasevanje/:step?/:offerType?/:product?', en: '/inquiry/:step?/:offerType?/:product?', de: '/anfrage/:step?/:offerType?/:product?' },
  page: 'inquiry',
  traits: PUBLIC_FORM,
  namespaces: ['forms'],
});
