import { boundsOfMessage, type FieldSpecs } from '../../../shared/forms/field-spec';
import type { MessageParams } from './messages';

/** The message numbers of a form's fields (its bounds), for `MessageParamsProvider`. */
export function messageParamsOf(fields: FieldSpecs): MessageParams {
  return (message) => boundsOfMessage(fields, message);
}
