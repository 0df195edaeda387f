import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { ProductView } from '../components/ProductView';

export default function ProductPage() {
  const { product } = useLoaderData() as ScreenData<'product'>;
  return <ProductView product={product} />;
}
