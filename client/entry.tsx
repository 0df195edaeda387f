import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { APP_ROOT_ID, DOCUMENT_DATA_ID, type DocumentData } from '../shared/document';
import { SCREEN_NAMESPACES } from '../shared/i18n';
import { pathLocale } from '../shared/locales';
import { ROUTE_TRAITS } from '../shared/routes';
import { startTagManager } from './features/consent/tag-manager';
import { storedConsent } from './features/consent/record';
import { browserI18n } from './i18n/browser-i18n';
import { i18nForReact } from './i18n/for-react';
import { createRoutes, LAYOUT_ROUTE_ID, pageRouteId } from './routes';
import { fullLoadOnNewBuild, startBuildCheck } from './runtime/build-check';
import { guardLazyRoutes } from './runtime/chunk-reload';
import { scheduleFirstScroll } from './runtime/first-scroll';
import { setInAppNavigation } from './runtime/in-app-navigation';
import { deserializeErrors, payloadDataStrategy } from './runtime/payload';
import { startLinkPrefetch } from './runtime/prefetch';
import { startRealUserMetrics } from './runtime/rum/start';
import { yieldToMain } from './runtime/yield-to-main';
import './styles/global.css';

/** Every route's data comes from the page payload (see `payloadDataStrategy`); this only marks that it has some. */
const fromPayload = () => null;

/** The first page's lazy route module must be loaded before hydration, or the markup would not match. */
async function resolvePageRoute(routes: RouteObject[], id: string): Promise<void> {
  const route = routes[0]!.children!.find((r) => r.id === id);
  if (typeof route?.lazy !== 'function') return;
  Object.assign(route, await route.lazy());
  route.lazy = undefined;
}

async function mount(): Promise<void> {
  const dataElement = document.getElementById(DOCUMENT_DATA_ID);
  if (!dataElement?.textContent) throw new Error(`#${DOCUMENT_DATA_ID} is missing`);
  const data = JSON.parse(dataElement.textContent) as DocumentData;
  // Before anything else: the consent default is queued, then the tag manager's loader is added.
  if (data.config.gtmId) void startTagManager(data.config.gtmId, storedConsent(document.cookie, Date.now())?.categories ?? null);
  // The page's strings came with it: the instance is ready before anything renders.
  const strings = browserI18n(data.locale, data.strings);
  const routes = createRoutes(
    {
      layout: fromPayload,
      screen: () => fromPayload,
      action: (name) => (ROUTE_TRAITS[name].action ? fromPayload : undefined),
      notFound: fromPayload,
      // A screen with strings of its own renders once they are loaded (each namespace once).
      strings: (name) => strings.load(SCREEN_NAMESPACES[name]),
    },
    [data.locale],
  );
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  const importers = guardLazyRoutes(routes, () => router?.state.navigation.location ?? window.location);
  const pageRoute = pageRouteId(window.location.pathname);
  await resolvePageRoute(routes, pageRoute);
  // The modules have been evaluated; the router's set-up (it ranks the whole route table) and the
  // hydration each get a task of their own.
  await yieldToMain();
  let outdated = false;
  router = createBrowserRouter(routes, {
    hydrationData: {
      loaderData: data.hydration.loaderData,
      actionData: data.hydration.actionData ?? null,
      errors: deserializeErrors(data.hydration.errors),
    },
    dataStrategy: fullLoadOnNewBuild(payloadDataStrategy, () => outdated),
  });
  // The router knows this locale's pages only: another locale's is a document of its own.
  setInAppNavigation((path, options) => (pathLocale(path) === data.locale ? router.navigate(path, options) : window.location.assign(path)));
  await yieldToMain();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for one long task: the painted page stays responsive, and a tap before hydration is replayed.
  startTransition(() => {
    hydrateRoot(
      document.getElementById(APP_ROOT_ID)!,
      <StrictMode>
        <I18nextProvider i18n={i18nForReact(strings.i18n)}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StrictMode>,
    );
  });
  startBuildCheck(data.buildId, () => (outdated = true));
  startLinkPrefetch(importers);
  scheduleFirstScroll();
  startRealUserMetrics(data.config.rumSampleRate, data.locale, [LAYOUT_ROUTE_ID, pageRoute]);
}

mount().catch((error) => console.error('Error while mounting app:', error));
