import { createContext } from 'react';
import type { Translator } from './translator';

/** The page's translator: one per locale, handed to the tree by `I18nProvider` (server render and browser alike). */
export const I18nContext = createContext<Translator | null>(null);
export const I18nProvider = I18nContext.Provider;
