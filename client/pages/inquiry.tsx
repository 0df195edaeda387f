import { useActionData, useLoaderData, useLocation } from 'react-router';
import type { PublicFormResult, ScreenData } from '../../shared/page-data';
import { PageShell } from '../components/PageShell';
import { ContactAside } from '../features/forms/ContactAside';
import { FormLayout } from '../features/forms/FormParts';
import { InquiryForm } from '../features/forms/InquiryForm';

export default function InquiryPage() {
  const data = useLoaderData() as ScreenData<'inquiry'>;
  const answer = useActionData() as PublicFormResult | undefined;
  const { pathname } = useLocation();
  return (
    <PageShell className="form-page" title={data.meta.title} intro={data.meta.description}>
      <FormLayout aside={<ContactAside />}>
        <InquiryForm data={data} result={answer?.form === 'inquiry' ? answer : undefined} action={pathname} />
      </FormLayout>
    </PageShell>
  );
}
