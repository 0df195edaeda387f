import { createContext, useContext } from 'react';

export type MessageParams = (message: string) => Record<string, number | string> | undefined;

/**
 * The values a field error names: the numbers of a range ("from 20 to 1000"), taken from the bounds
 * the form's own spec checks, so a changed bound changes its message in every language at once, or
 * the file of a refused photo (photos/photo-messages.ts). The form provides it;
 * a form without number fields (the footer signup) needs none, and so loads no form spec.
 */
const MessageParamsContext = createContext<MessageParams>(() => undefined);

export const MessageParamsProvider = MessageParamsContext.Provider;
export const useMessageParams = () => useContext(MessageParamsContext);
