import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { AppLink } from '../components/AppLink';
import { Blocks } from '../components/Blocks';
import { ArticleCard, CategoryCard } from '../components/Cards';
import { Img } from '../components/Img';
import { Link } from '../components/Link';
import { pathTo } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';

export default function HomePage() {
  const { home } = useLoaderData() as ScreenData<'index'>;
  const { init, locale } = useLayout();
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div>
            <h1>{home.hero.title}</h1>
            <p className="lead">{home.hero.text}</p>
            {/* The first screen offers the inquiry; the products are the second way on. */}
            <div className="hero__actions">
              <AppLink className="button" link={home.hero.cta.link}>
                {home.hero.cta.label}
              </AppLink>
              <Link className="button button--ghost" to={pathTo('categories', locale)}>
                {t('home.heroProducts')}
              </Link>
            </div>
          </div>
          <Img image={home.hero.image} slot="hero" className="hero__image" lcp />
        </div>
      </section>
      <section className="container section">
        <Blocks blocks={home.intro} />
      </section>
      <section className="container section" aria-labelledby="home-families">
        <h2 id="home-families">{t('home.families')}</h2>
        <div className="grid grid--3">
          {init.categories.map((category) => (
            <CategoryCard key={category.id} category={category} />
          ))}
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="home-ctas">
        <div className="container">
          <h2 id="home-ctas" className="visually-hidden">
            {t('home.ctas')}
          </h2>
          <div className="grid grid--4">
            {home.ctas.map((cta) => (
              <div key={cta.key} className={`cta cta--${cta.key}`}>
                <h3>{cta.title}</h3>
                <p>{cta.text}</p>
                <AppLink className="button button--ghost" link={cta.link}>
                  {cta.label}
                </AppLink>
              </div>
            ))}
          </div>
        </div>
      </section>
      {home.latestArticles.length ? (
        <section className="container section" aria-labelledby="home-articles">
          <h2 id="home-articles">{t('home.latestArticles')}</h2>
          <div className="grid grid--3">
            {home.latestArticles.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
