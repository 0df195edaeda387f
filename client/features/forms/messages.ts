import { createContext, useContext } from 'react';

export type MessageParams = (message: string) => Record<string, number | string> | undefined;

/**
 * The values a field error names: the numbers of a range ("from 20 to 1000"), taken from the bounds
 * the form's own spec checks, so a changed bound changes its message in every language at once; or
 * what the message itself carries after its key (a refused photo's file name). The form provides it;
 * a form without such messages (the footer signup) needs none, and so loads no form spec.
 */
const MessageParamsContext = createContext<MessageParams>(() => undefined);

export const MessageParamsProvider = MessageParamsContext.Provider;
export const useMessageParams = () => useContext(MessageParamsContext);

/** The locale key of a message: a message is a key, optionally followed by `:` and a value it carries. */
export function messageKey(message: string): string {
  const colon = message.indexOf(':');
  return colon < 0 ? message : message.slice(0, colon);
}
