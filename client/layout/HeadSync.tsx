import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLayout, usePageMeta } from './use-layout';

/**
 * Keeps the document head in step after client navigations (apply-head.ts). The server writes the
 * first head itself, from the same `buildHead`, so the two never disagree.
 */
export function HeadSync() {
  const { locale, settings, origin } = useLayout();
  const meta = usePageMeta();
  const first = useRef(meta);
  const { pathname } = useLocation();
  useEffect(() => {
    // The server wrote the first page's head; the code that rewrites it comes with the first navigation.
    if (!meta || meta === first.current) return;
    void import('./apply-head').then(({ applyHead }) => applyHead(meta, { locale, siteName: settings.company_name, origin, path: pathname }));
  }, [meta, locale, settings.company_name, origin, pathname]);
  return null;
}
