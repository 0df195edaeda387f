import type { MouseEvent } from 'react';

type Navigate = (path: string, options: { replace: boolean }) => unknown;

let navigate: Navigate | null = null;

/** The browser's router, once there is one (client/entry.tsx); on the server a link is only its `href`. */
export function setInAppNavigation(next: Navigate): void {
  navigate = next;
}

/**
 * The click handler of the site's links (client/components/Link.tsx): one shared function, where
 * react-router's `Link` runs half a dozen hooks per link on every render and hydration (34 links on a
 * product page). It follows react-router's rules: only a plain primary click on a same-site link that
 * opens in this tab navigates on the client, and a link to the current address replaces it in the
 * history instead of adding it again. Anything else is the browser's own (a new tab, a download).
 */
export function followInApp(event: MouseEvent<HTMLAnchorElement>): void {
  if (!navigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = event.currentTarget;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== location.origin) return;
  event.preventDefault();
  const path = `${anchor.pathname}${anchor.search}${anchor.hash}`;
  void navigate(path, { replace: path === `${location.pathname}${location.search}${location.hash}` });
}
