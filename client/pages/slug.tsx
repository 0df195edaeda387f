import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { CategoryView, ProductView } from '../components/ProductView';

/** `/{lang}/{slug}`: a product family or a product, whichever owns the slug. */
export default function SlugPage() {
  const { target } = useLoaderData() as ScreenData<'slug'>;
  return target.type === 'product' ? <ProductView product={target.product} /> : <CategoryView category={target.category} />;
}
