import { createContext, useContext } from 'react';

export type MessageParams = (message: string) => Record<string, number> | undefined;

/**
 * The numbers a field error names ("from 20 to 1000"), taken from the bounds the form's own spec
 * checks, so a changed bound changes its message in every language at once. The form provides it;
 * a form without number fields (the footer signup) needs none, and so loads no form spec.
 */
const MessageParamsContext = createContext<MessageParams>(() => undefined);

export const MessageParamsProvider = MessageParamsContext.Provider;
export const useMessageParams = () => useContext(MessageParamsContext);
