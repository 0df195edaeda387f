import type { PublicFormScreen } from '../page-data';
import { defineScreen, PUBLIC_FORM } from './define';

export type ServiceData = PublicFormScreen;

/** The service request form. */
export default defineScreen<ServiceData>()({
  path: { sl: '/servis', en: '/service', de: '/service' },
  page: 'service',
  traits: PUBLIC_FORM,
  namespaces: ['forms'],
});
