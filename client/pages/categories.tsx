import { useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import type { ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { Img } from '../components/Img';
import { PageShell } from '../components/PageShell';
import { useLayout } from '../layout/use-layout';

export default function CategoriesPage() {
  const { categories, products, meta } = useLoaderData() as ScreenData<'categories'>;
  const { locale } = useLayout();
  return (
    <PageShell title={meta.title} intro={meta.description}>
      <div className="family-list">
        {categories.map((category) => (
          <section key={category.id} className="family" aria-labelledby={`family-${category.id}`}>
            <Img image={category.image} slot="family" className="family__image" />
            <div>
              <h2 id={`family-${category.id}`}>
                <Link to={pathTo('slug', locale, { slug: category.slug })}>{category.title}</Link>
              </h2>
              <p>{category.summary}</p>
              <ul className="family__products">
                {(products[category.id] ?? []).map((p) => (
                  <li key={p.id}>
                    <Link to={pathTo('product', locale, { slug: p.slug })}>{p.title}</Link>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>
    </PageShell>
  );
}
