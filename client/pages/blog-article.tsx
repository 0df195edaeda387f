import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { Blocks } from '../components/Blocks';
import { Breadcrumb } from '../components/Breadcrumb';
import { ArticleCard } from '../components/Cards';
import { longDate } from '../components/dates';
import { Img } from '../components/Img';
import { LeadCta } from '../components/LeadCta';

export default function BlogArticlePage() {
  const { article } = useLoaderData() as ScreenData<'blogArticle'>;
  const { t } = useTranslation();
  return (
    <article className="container section article">
      <Breadcrumb />
      <header className="article__header">
        <h1>{article.title}</h1>
        <p className="article__meta">
          <time dateTime={article.publishedAt}>{longDate(t, article.publishedAt)}</time> · {article.author}
        </p>
        <p className="lead">{article.excerpt}</p>
      </header>
      <Img image={article.image} slot="article" className="article__image" lcp />
      <Blocks blocks={article.body} />
      <LeadCta title={t('leads.articleTitle')} text={t('leads.articleText')} />
      {article.related.length ? (
        <aside className="section" aria-labelledby="related-articles">
          <h2 id="related-articles">{t('blog.related')}</h2>
          <div className="grid grid--3">
            {article.related.map((related) => (
              <ArticleCard key={related.id} article={related} />
            ))}
          </div>
        </aside>
      ) : null}
    </article>
  );
}
