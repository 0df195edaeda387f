import { boundsOfMessage } from '../../../shared/forms/field-spec';
import { INQUIRY_FIELDS } from '../../../shared/forms/inquiry';
import { SERVICE_FIELDS } from '../../../shared/forms/service';

/**
 * The numbers a field error names ("from 20 to 1000"), taken from the bounds the schemas check, so
 * a changed bound changes its message in every language at once.
 */
export function messageParams(message: string): Record<string, number> | undefined {
  return boundsOfMessage(INQUIRY_FIELDS, message) ?? boundsOfMessage(SERVICE_FIELDS, message);
}
