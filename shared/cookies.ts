/**
 * The one place that decides a cookie's attributes, for every cookie the site sets: the session and
 * the locale cookie (server), the consent and the locale switcher's (browser). All are Path=/ (but the
 * inquiry's draft, sent to the inquiry's addresses alone) and SameSite=Lax, and Secure whenever the site's public origin is https, whatever the hop in front of
 * the process speaks (TLS usually ends at the load balancer, so the request the server sees is http).
 * The writing is the libraries': Express's `res.cookie` where an Express answer is at hand, else the
 * `cookie` package's `serialize` (a page's action answers a Fetch response; the browser writes
 * `document.cookie`). Both take these options as they are.
 */

/** Whether cookies set for a site at this origin are Secure: its public origin, not the request, decides. */
export function isHttpsOrigin(origin: string): boolean {
  return /^https:/i.test(origin);
}

/** The attributes of every cookie the site sets; `https`: the site's public origin is https (`isHttpsOrigin`). */
export function siteCookie(https: boolean): { path: '/'; sameSite: 'lax'; secure: boolean } {
  return { path: '/', sameSite: 'lax', secure: https };
}
