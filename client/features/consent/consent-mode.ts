import type { Category } from './config';

/** Google consent mode's storage types, each granted by one consent category. */
export const STORAGE_TYPES = {
  ad_storage: 'advertisement',
  ad_user_data: 'advertisement',
  ad_personalization: 'advertisement',
  analytics_storage: 'analytics',
  functionality_storage: 'functionality',
  personalization_storage: 'functionality',
  security_storage: 'security',
} as const satisfies Record<string, Category>;

export type StorageType = keyof typeof STORAGE_TYPES;
export type ConsentModeState = Record<StorageType, 'granted' | 'denied'>;

export function consentModeState(accepted: readonly string[]): ConsentModeState {
  return Object.fromEntries(
    Object.entries(STORAGE_TYPES).map(([type, category]) => [type, accepted.includes(category) ? 'granted' : 'denied']),
  ) as ConsentModeState;
}

/** Before anyone has chosen: everything denied. */
export const CONSENT_MODE_DEFAULT: ConsentModeState = consentModeState([]);
