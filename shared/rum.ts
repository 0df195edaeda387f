import { z } from 'zod';
import { LOCALES } from './locales';
import { ROUTE_NAMES, type RouteName } from './routes';

/**
 * The real-user measurement report: what the browser sends to `POST /api/rum` once per page view
 * (client/runtime/rum/) and the server validates, logs and summarises (server/site/bff/rum.ts).
 *
 * It names the screen, never the URL (a query may hold what a visitor typed), and carries no
 * identifier. The browser imports only the types: the schema would bring zod into its chunk.
 */

export const RUM_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type RumMetricName = (typeof RUM_METRICS)[number];

/** Every screen of the route table, and the tree's 404 route (`notFound` in client/routes.tsx). */
export const RUM_ROUTES: ['notFound', ...RouteName[]] = ['notFound', ...ROUTE_NAMES];
export type RumRoute = (typeof RUM_ROUTES)[number];

/** Where the page was in its loading when the metric's moment came (web-vitals' `loadState`). */
const LOAD_STATES = ['loading', 'dom-interactive', 'dom-content-loaded', 'complete'] as const;

/**
 * Above these a value is no measurement of a page but of a tab left in the background or a clock gone
 * wrong: milliseconds for the timings, a score for CLS (which has no fixed top, but 0.25 is already poor).
 */
export const MAX_MS = 120_000;
export const MAX_CLS = 100;

/** A tag name: `img`, `h1`, `my-element`. Never a selector, which could carry ids or classes of content. */
const ELEMENT = /^[a-z][a-z0-9-]{0,31}$/;

const metricSchema = z
  .strictObject({
    name: z.enum(RUM_METRICS),
    value: z.number().min(0),
    rating: z.enum(['good', 'needs-improvement', 'poor']),
    /** LCP: the largest element; CLS: the element that shifted most; INP: the element interacted with. */
    element: z.string().regex(ELEMENT).optional(),
    /** INP only. */
    interaction: z.enum(['pointer', 'keyboard']).optional(),
    loadState: z.enum(LOAD_STATES).optional(),
  })
  .refine((m) => m.value <= (m.name === 'CLS' ? MAX_CLS : MAX_MS), { message: 'value out of range', path: ['value'] });

export type RumMetric = z.infer<typeof metricSchema>;

export const rumReportSchema = z.strictObject({
  route: z.enum(RUM_ROUTES),
  locale: z.enum(LOCALES),
  metrics: z
    .array(metricSchema)
    .min(1)
    .max(RUM_METRICS.length)
    .refine((list) => new Set(list.map((m) => m.name)).size === list.length, { message: 'a metric appears twice' }),
});

export type RumReport = z.infer<typeof rumReportSchema>;
