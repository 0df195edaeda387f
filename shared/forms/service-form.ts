import { formSchema } from './form-schema';
import { SERVICE_FIELDS, type ServiceForm } from './service';

/** The service request's schema, for the browser, the BFF and the outbox. */
export const serviceForm = formSchema<ServiceForm>(SERVICE_FIELDS);
/** What the content API takes: also a request stored before the address was required. */
export const serviceSubmission = formSchema<ServiceForm>(SERVICE_FIELDS, { stored: true });
