/**
 * The one place that decides a cookie's attributes, for every cookie the site sets: the session and
 * the locale cookie (server), the consent and the locale switcher's (browser). All are Path=/ and
 * SameSite=Lax, and Secure whenever the site's public origin is https, whatever the hop in front of
 * the process speaks (TLS usually ends at the load balancer, so the request the server sees is http).
 */

/** Whether cookies set for a site at this origin are Secure: its public origin, not the request, decides. */
export function isHttpsOrigin(origin: string): boolean {
  return /^https:/i.test(origin);
}

export type CookieOptions = {
  /** The site's public origin is https: see `isHttpsOrigin`. */
  https: boolean;
  /** The browser's scripts never read it. */
  httpOnly?: boolean;
  maxAgeSeconds?: number;
  expires?: Date;
};

/**
 * A `Set-Cookie` value (or a `document.cookie` assignment). The value is percent-encoded, so nothing
 * in it can end the value and add an attribute of its own.
 */
export function cookieString(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`);
  parts.push('Path=/');
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.https) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}
