import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { ContentPage } from '../components/ContentPage';

export default function ContentPageRoute() {
  const { page } = useLoaderData() as ScreenData<'page'>;
  return <ContentPage page={page} />;
}
