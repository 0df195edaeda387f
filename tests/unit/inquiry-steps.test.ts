import { describe, expect, it } from 'vitest';
import { inquiryAddress, withDraft } from '../../server/site/routing/inquiry-steps';
import { INQUIRY_STEPS, OFFER_TYPES } from '../../shared/forms/inquiry';
import { LOCALES } from '../../shared/locales';
import { INQUIRY_STEP_SLUGS, inquiryPath } from '../../shared/routes';

describe('the inquiry steps’ addresses', () => {
  it.each(LOCALES)('in %s: a slug per step, none an offer type, each address naming its step', (locale) => {
    const slugs: readonly string[] = INQUIRY_STEP_SLUGS[locale];
    expect(slugs).toHaveLength(INQUIRY_STEPS.length);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(OFFER_TYPES as readonly string[]).not.toContain(slug);
    INQUIRY_STEPS.forEach((_, step) => {
      const [, , , slug, offerType, product] = inquiryPath(locale, { step, offerType: 'tende', product: 'a-product' }).split('/');
      expect(inquiryAddress({ step: slug, offerType, product }, locale)).toEqual({ step, offerType: 'tende', product: 'a-product', legacy: false });
    });
    expect(inquiryPath(locale, { step: 0 })).toBe(locale === 'sl' ? '/sl/povprasevanje' : locale === 'en' ? '/en/inquiry' : '/de/anfrage');
  });

  it('tells the first design’s addresses (the offer type first) from step addresses, and refuses the rest', () => {
    expect(inquiryAddress({}, 'en')).toEqual({ step: null, offerType: null, product: undefined, legacy: false });
    expect(inquiryAddress({ step: 'rolete' }, 'en')).toEqual({ step: null, offerType: 'rolete', product: undefined, legacy: true });
    expect(inquiryAddress({ step: 'tende', offerType: 'a-product' }, 'en')).toEqual({ step: null, offerType: 'tende', product: 'a-product', legacy: true });
    expect(inquiryAddress({ step: 'tende', offerType: 'a-product', product: 'more' }, 'en')).toBeNull();
    expect(inquiryAddress({ step: 'kontakt' }, 'en')).toBeNull();
    expect(inquiryAddress({ step: 'contact', offerType: 'no-type' }, 'en')).toBeNull();
  });
});

describe('a step’s post with the draft', () => {
  const draft = (values: Record<string, string | string[]>) => ({ body: { values }, expiresAt: Date.now() + 60_000, photos: [] });

  it('takes the step’s own fields from the post and the other steps from the draft; an unticked box is emptied', () => {
    const kept = draft({ offerType: 'komarniki', system: 'rolo', width: '80', nameAndSurname: 'Maja', email: 'maja@example.com', callBack: 'on' });
    const posted = { offerType: 'rolete', width: '90', nameAndSurname: 'Ana', email: 'ana@example.com' };
    expect(withDraft(kept, posted, 2, new Set())).toEqual({
      offerType: 'komarniki',
      system: 'rolo',
      width: '80',
      nameAndSurname: 'Ana',
      email: 'ana@example.com',
    });
  });

  it('keeps a product field the step did not show yet', () => {
    const kept = draft({ offerType: 'komarniki', system: 'rolo', width: '80', height: '120' });
    expect(withDraft(kept, { offerType: 'komarniki', system: 'rolo', width: '85' }, 1, new Set(['system', 'width']))).toEqual({
      offerType: 'komarniki',
      system: 'rolo',
      width: '85',
      height: '120',
    });
  });

  it('is the post alone without a draft', () => {
    const posted = { offerType: 'rolete' };
    expect(withDraft(null, posted, 0, new Set())).toBe(posted);
  });
});
