import { useActionData, useLoaderData, useLocation } from 'react-router';
import type { PublicFormResult, ScreenData } from '../../shared/page-data';
import { PageShell } from '../components/PageShell';
import { ContactAside } from '../features/forms/ContactAside';
import { FormLayout } from '../features/forms/FormParts';
import { ServiceForm } from '../features/forms/ServiceForm';

export default function ServicePage() {
  const data = useLoaderData() as ScreenData<'service'>;
  const answer = useActionData() as PublicFormResult | undefined;
  const { pathname } = useLocation();
  return (
    <PageShell className="form-page" title={data.meta.title} intro={data.meta.description}>
      <FormLayout aside={<ContactAside />}>
        <ServiceForm data={data} result={answer?.form === 'service' ? answer : undefined} action={pathname} />
      </FormLayout>
    </PageShell>
  );
}
