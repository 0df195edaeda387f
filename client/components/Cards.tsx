import { Link } from './Link';
import type { ArticleSummary, Category, ProductSummary } from '../../shared/api/contract';
import { pathTo } from '../../shared/routes';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../layout/use-layout';
import { longDate } from './dates';
import { Img } from './Img';

export function ProductCard({ product }: { product: ProductSummary }) {
  const { locale } = useLayout();
  return (
    <article className="card">
      <Img image={product.image} slot="card" className="card__image" />
      <div className="card__body">
        <h3 className="card__title">
          <Link to={pathTo('product', locale, { slug: product.slug })}>{product.title}</Link>
        </h3>
        <p>{product.summary}</p>
      </div>
    </article>
  );
}

export function CategoryCard({ category, headingLevel = 3 }: { category: Category; headingLevel?: 2 | 3 }) {
  const { locale } = useLayout();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      <Img image={category.image} slot="card" className="card__image" />
      <div className="card__body">
        <Heading className="card__title">
          <Link to={pathTo('slug', locale, { slug: category.slug })}>{category.title}</Link>
        </Heading>
        <p>{category.summary}</p>
      </div>
    </article>
  );
}

export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const { locale } = useLayout();
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      <Img image={article.image} slot="card" className="card__image" />
      <div className="card__body">
        <p className="card__eyebrow">
          {article.category.title} · <time dateTime={article.publishedAt}>{longDate(t, article.publishedAt)}</time>
        </p>
        <Heading className="card__title">
          <Link to={pathTo('blogArticle', locale, { category: article.category.slug, slug: article.slug })}>{article.title}</Link>
        </Heading>
        <p>{article.excerpt}</p>
      </div>
    </article>
  );
}
