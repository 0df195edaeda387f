import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from './use-translation';

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A translated sentence with elements inside it: `<name>text</name>` in the string becomes the element
 * given under that name, with the text as its children, so the translation decides where a link sits.
 * Tags do not nest (none of our strings need it); anything else in the string is plain text.
 */
export function Trans({ i18nKey, components }: { i18nKey: string; components: Record<string, ReactElement<{ children?: ReactNode }>> }) {
  const { t } = useTranslation();
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]!];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
