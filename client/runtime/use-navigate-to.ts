import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { checkNavigationTarget } from './navigate';

/** navigateTo(url): client navigation on this site, a full load elsewhere (only with `external: true`). */
export function useNavigateTo(): (target: string, options?: { external?: boolean; replace?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (target, options = {}) => {
      const { href, external } = checkNavigationTarget(target, options, window.location.href);
      if (external) window.location.assign(href);
      else await navigate(href, { replace: options.replace });
    },
    [navigate],
  );
}
