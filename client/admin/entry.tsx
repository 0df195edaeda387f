import { createInstance } from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { ADMIN_DATA_ID, ADMIN_ROOT_ID, type AdminDocumentData } from '../../shared/admin/document';
import { ADMIN_I18N } from '../../shared/admin/i18n';
import { deserializeErrors } from '../runtime/payload';
import { adminDataStrategy } from './data';
import { createAdminRoutes } from './routes';
import './admin.css';

/** Every route's data comes from the screen's address (see `adminDataStrategy`); this only marks that it has some. */
const fromServer = () => null;

/** The first screen's lazy module, loaded before hydration so the markup matches. */
async function resolveScreen(routes: RouteObject[]): Promise<void> {
  const matched = matchRoutes(routes, window.location)?.at(-1)?.route;
  if (typeof matched?.lazy !== 'function') return;
  Object.assign(matched, await matched.lazy());
  matched.lazy = undefined;
}

async function mount(): Promise<void> {
  const element = document.getElementById(ADMIN_DATA_ID);
  if (!element?.textContent) throw new Error(`#${ADMIN_DATA_ID} is missing`);
  const data = JSON.parse(element.textContent) as AdminDocumentData;
  const i18n = createInstance();
  // The strings came with the page: nothing is fetched, and the first render reads what the server wrote.
  void i18n.init({ ...ADMIN_I18N, lng: data.locale, resources: { [data.locale]: data.strings } });
  const routes = createAdminRoutes({ shell: fromServer, loader: () => fromServer, action: () => fromServer });
  await resolveScreen(routes);
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: data.hydration.loaderData, actionData: data.hydration.actionData ?? null, errors: deserializeErrors(data.hydration.errors) },
    dataStrategy: adminDataStrategy,
  });
  startTransition(() => {
    hydrateRoot(
      document.getElementById(ADMIN_ROOT_ID)!,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

mount().catch((error) => console.error('Error while mounting app:', error));
