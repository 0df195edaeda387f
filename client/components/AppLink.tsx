import type { ReactNode } from 'react';
import type { Link } from '../../shared/api/contract';
import { safeExternalUrl } from '../../shared/safe-url';
import { ROUTES, pathTo, type RouteName } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';
import { Link as SiteLink } from './Link';

/** Resolves a content link to a path on this site, or to a checked external URL. */
export function useLinkTarget(): (link: Link) => { href: string; external: boolean } | null {
  const { locale } = useLayout();
  return (link) => {
    if ('url' in link) {
      const href = safeExternalUrl(link.url);
      return href ? { href, external: true } : null;
    }
    if (!(link.route in ROUTES)) return null;
    try {
      return { href: pathTo(link.route as RouteName, locale, link.params), external: false };
    } catch {
      return null;
    }
  };
}

/** A link from content: internal links navigate on the client, external ones open safely in a new tab. */
export function AppLink({ link, className, children }: { link: Link; className?: string; children: ReactNode }) {
  const target = useLinkTarget()(link);
  if (!target) return <span className={className}>{children}</span>;
  if (target.external) {
    return (
      <a className={className} href={target.href} target="_blank" rel="noopener noreferrer external">
        {children}
      </a>
    );
  }
  return (
    <SiteLink className={className} to={target.href}>
      {children}
    </SiteLink>
  );
}
