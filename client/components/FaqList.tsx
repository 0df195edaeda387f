import { Link } from './Link';
import { useTranslation } from 'react-i18next';
import type { Faq } from '../../shared/api/contract';
import { pathTo } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';
import { ContactButtons } from './ContactButtons';

export function FaqList({ faq, headingLevel = 2 }: { faq: Faq; headingLevel?: 2 | 3 }) {
  const { locale } = useLayout();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="faq-list">
      {faq.categories.map((category) => (
        <section key={category.id} aria-labelledby={`faq-${category.slug}`}>
          <Heading id={`faq-${category.slug}`}>{category.title}</Heading>
          <ul>
            {category.items.map((item) => (
              <li key={item.id}>
                <Link to={pathTo('faqItem', locale, { slug: item.slug })}>{item.question}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The FAQ's way out: the visitor who did not find an answer reaches the company directly. */
export function FaqContact() {
  const { t } = useTranslation();
  return (
    <aside className="cta" aria-labelledby="faq-contact">
      <h2 id="faq-contact">{t('faq.contactTitle')}</h2>
      <p>{t('faq.contactText')}</p>
      <ContactButtons />
    </aside>
  );
}
