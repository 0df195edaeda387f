const SCRIPT_PROTOCOL = /^[\s\0]*(blob|data|javascript|vbscript):$/i;

/**
 * Where a programmatic navigation may go: a path on this site, or an external URL only when allowed
 * (and never a script-running protocol). Throws the reference's messages otherwise.
 */
export function checkNavigationTarget(target: string, options: { external?: boolean }, currentHref: string): { href: string; external: boolean } {
  const current = new URL(currentHref);
  const url = new URL(target, current);
  // Another origin, `//host`, or a scheme without one (javascript:, data:, mailto:) is external.
  const external = url.origin !== current.origin;
  if (!external) return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
  if (!options.external) throw new Error('Navigating to an external URL is not allowed by default. Use navigateTo(url, { external: true }).');
  if (SCRIPT_PROTOCOL.test(url.protocol)) throw new Error(`Cannot navigate to a URL with '${url.protocol}' protocol.`);
  return { href: url.href, external: true };
}
