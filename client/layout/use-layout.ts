import { useMatches, useRouteLoaderData } from 'react-router';
import type { LayoutData, PageMeta } from '../../shared/page-data';
import { pathTo, type RouteName, type RouteParams } from '../../shared/routes';

const LAYOUT_ID = 'layout';

/** The layout's data (init for the current locale). Only called under the layout route. */
export function useLayout(): LayoutData {
  const data = useRouteLoaderData(LAYOUT_ID) as LayoutData | undefined;
  if (!data) throw new Error('useLayout outside the layout route');
  return data;
}

/** The layout's data where it may be missing (the error page, when init itself failed). */
export function useOptionalLayout(): LayoutData | undefined {
  return useRouteLoaderData(LAYOUT_ID) as LayoutData | undefined;
}

/** The current page's meta (title and alternates), from the deepest route that has it. */
export function usePageMeta(): PageMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const meta = (matches[i]?.data as { meta?: PageMeta } | undefined)?.meta;
    if (meta) return meta;
  }
  return undefined;
}

/** Builds a path to a screen in the current locale. */
export function useRoutePath(): (name: RouteName, params?: RouteParams) => string {
  const { locale } = useLayout();
  return (name, params) => pathTo(name, locale, params);
}
