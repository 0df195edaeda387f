import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { ContentPage } from '../components/ContentPage';

export default function BusinessCustomersPage() {
  const { page } = useLoaderData() as ScreenData<'b2b'>;
  return <ContentPage page={page} />;
}
