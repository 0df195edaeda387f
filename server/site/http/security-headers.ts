import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * What Google Tag Manager with Google Analytics 4 needs, as Google documents it for a CSP: the loader
 * and gtag.js, the collection endpoints (regional hosts, hence the wildcards) and their pixel
 * fallbacks. No inline script: custom HTML tags in the container cannot run, by design.
 */
export const TAG_MANAGER_CSP = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

export interface SecurityOptions {
  /** The site is served over https: HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** A tag manager is configured: its origins are allowed. */
  tagManager?: boolean;
}

/**
 * Security headers for every response, set before the first byte. The CSP allows no inline script and
 * no eval: page data travels as JSON blocks and the only scripts are this site's hashed modules (and,
 * only when a tag manager is configured, its origins).
 */
export function securityHeaders({ https, tagManager = false }: SecurityOptions): RequestHandler[] {
  const tags = (directive: keyof typeof TAG_MANAGER_CSP) => (tagManager ? TAG_MANAGER_CSP[directive] : []);
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...tags('script-src')],
          'style-src': ["'self'"],
          // blob: the previews of photos a visitor chooses for a form (object URLs of their own files).
          'img-src': ["'self'", 'data:', 'blob:', ...tags('img-src')],
          'font-src': ["'self'"],
          'connect-src': ["'self'", ...tags('connect-src')],
          'manifest-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
      next();
    },
  ];
}

/**
 * The same headers as a flat `[name, value, ...]` list, read once from the middleware itself, for the
 * answers made outside Express (pages from the HTML cache): they can never differ from the rest.
 */
export function securityHeaderList(options: SecurityOptions): string[] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as Response;
  const handlers = securityHeaders(options);
  const run = (i: number): void =>
    void handlers[i]?.({} as Request, recorder, (err?: unknown) => {
      if (err) throw err;
      run(i + 1);
    });
  run(0);
  return [...headers].flat();
}
