import { useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { Blocks } from '../components/Blocks';
import { FaqContact } from '../components/FaqList';
import { PageShell } from '../components/PageShell';
import { useLayout } from '../layout/use-layout';

export default function FaqItemPage() {
  const { item, faq } = useLoaderData() as ScreenData<'faqItem'>;
  const { locale } = useLayout();
  const { t } = useTranslation();
  const siblings = faq.categories.find((c) => c.id === item.category.id)?.items.filter((i) => i.id !== item.id) ?? [];
  return (
    <PageShell title={item.question} className="content-page" article>
      <Blocks blocks={item.answer} />
      {siblings.length ? (
        <aside className="section" aria-labelledby="faq-more">
          <h2 id="faq-more">{t('faq.more', { category: item.category.title })}</h2>
          <ul>
            {siblings.map((s) => (
              <li key={s.id}>
                <Link to={pathTo('faqItem', locale, { slug: s.slug })}>{s.question}</Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
      <FaqContact />
    </PageShell>
  );
}
