import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { followInApp } from '../runtime/in-app-navigation';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path on this site (from `pathTo`): the links of content that may lead elsewhere are AppLink's. */
  to: string;
};

/** A link to a page of this site: a plain anchor, followed on the client once the page is hydrated. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const follow = onClick
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        onClick(event);
        followInApp(event);
      }
    : followInApp;
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content is the caller's children, in props
  return <a {...props} href={to} onClick={follow} />;
}
