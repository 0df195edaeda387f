import { useTranslation } from 'react-i18next';
import type { CategoryDetail, Product } from '../../shared/api/contract';
import { Blocks } from './Blocks';
import { Breadcrumb } from './Breadcrumb';
import { ProductCard } from './Cards';
import { Img } from './Img';
import { InquiryCta } from './InquiryCta';
import { RecentlyViewed } from './RecentlyViewed';

export function ProductView({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <article className="container section product">
      <Breadcrumb />
      <div className="product__intro">
        <div>
          <h1>{product.title}</h1>
          <p className="lead">{product.summary}</p>
          <InquiryCta title={product.title} offerType={product.offerType} product={product.slug} />
        </div>
        <Img image={product.image} slot="intro" className="product__image" lcp />
      </div>
      <div className="product__details">
        <Blocks blocks={product.body} />
        {product.features.length ? (
          <section aria-labelledby="product-features">
            <h2 id="product-features">{t('product.features')}</h2>
            <ul className="checklist">
              {product.features.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      {product.variants.length ? (
        <section className="section" aria-labelledby="product-variants">
          <h2 id="product-variants">{t('product.variants')}</h2>
          <div className="grid grid--3">
            {product.variants.map((v, i) => (
              <div className="panel" key={i}>
                <h3>{v.title}</h3>
                <p>{v.description}</p>
              </div>
            ))}
          </div>
        </section>
      ) : null}
      {product.options.length ? (
        <section className="section" aria-labelledby="product-options">
          <h2 id="product-options">{t('product.options')}</h2>
          <dl className="options">
            {product.options.map((o, i) => (
              <div key={i}>
                <dt>{o.title}</dt>
                <dd>{o.values.join(', ')}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {product.images.length ? (
        <section className="section" aria-label={t('product.gallery')}>
          <div className="grid grid--2">
            {product.images.map((image, i) => (
              <Img key={i} image={image} slot="half" className="product__gallery-image" />
            ))}
          </div>
        </section>
      ) : null}
      <RecentlyViewed current={product} />
    </article>
  );
}

export function CategoryView({ category }: { category: CategoryDetail }) {
  const { t } = useTranslation();
  return (
    <div className="container section">
      <Breadcrumb />
      <div className="product__intro">
        <div>
          <h1>{category.title}</h1>
          <p className="lead">{category.summary}</p>
          <InquiryCta title={category.title} offerType={category.offerType} />
        </div>
        <Img image={category.image} slot="intro" className="product__image" lcp />
      </div>
      <Blocks blocks={category.body} />
      <section className="section" aria-labelledby="category-products">
        <h2 id="category-products">{t('categories.products', { category: category.title })}</h2>
        <div className="grid grid--3">
          {category.products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      </section>
    </div>
  );
}
