import { useActionData, useLoaderData, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
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

/**
 * A move from one step to another (the form's buttons, Back and Forward) is the same inquiry: its data
 * stays, the step comes from the address, and no request is made. Another offer type or product, a
 * query (the thank-you) or a post loads it again.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const sameInquiry = currentParams.offerType === nextParams.offerType && currentParams.product === nextParams.product && currentUrl.search === nextUrl.search;
  return formMethod || !sameInquiry ? defaultShouldRevalidate : false;
}
