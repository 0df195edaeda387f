import { Link } from './Link';
import { useTranslation } from 'react-i18next';
import type { OfferType } from '../../shared/forms/inquiry';
import { inquiryPath } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';
import { ContactButtons } from './ContactButtons';

/**
 * The call to action of a product or a product family: the inquiry form with its offer type already
 * chosen (so the visitor starts at the product's own fields), and for a product (its slug) what the
 * product fixes too; the phone and email beside it.
 */
export function InquiryCta({ title, offerType, product }: { title: string; offerType: OfferType; product?: string }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  return (
    <aside className="cta cta--inquiry" aria-labelledby="inquiry-cta">
      <h2 id="inquiry-cta">{t('product.ctaTitle', { product: title })}</h2>
      <p>{t('product.ctaText')}</p>
      <ContactButtons subject={title}>
        <Link className="button" to={inquiryPath(locale, { step: 1, offerType, product })}>
          {t('product.ctaInquiry')}
        </Link>
      </ContactButtons>
    </aside>
  );
}
