import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router';
import { ADMIN_SCREEN_NAMES, ADMIN_SCREENS, type AdminScreen } from '../../shared/admin/routes';
import { AdminError } from './AdminError';
import { Shell } from './Shell';

/**
 * The staff area's route tree, rendered on the server and hydrated in the browser: a shell (who is
 * signed in, the menu) around one lazily loaded module per screen (`pages/<name>.tsx`). Loaders and
 * actions are attached by whoever builds the tree: the server's screens (server/site/admin/screens), or in
 * the browser the screen's address asked for its data (client/admin/data.ts).
 */
export const SHELL_ROUTE_ID = 'shell';

export function loadAdminPage(name: AdminScreen): Promise<{ default: React.ComponentType }> {
  return import(`./pages/${name}.tsx`);
}

export interface AdminRouteLoaders {
  shell?: LoaderFunction;
  loader?: (name: AdminScreen) => LoaderFunction | undefined;
  action?: (name: AdminScreen) => ActionFunction | undefined;
}

export function createAdminRoutes(loaders: AdminRouteLoaders = {}): RouteObject[] {
  return [
    {
      id: SHELL_ROUTE_ID,
      loader: loaders.shell,
      element: <Shell />,
      errorElement: <AdminError />,
      children: ADMIN_SCREEN_NAMES.map((name) => ({
        id: name,
        path: ADMIN_SCREENS[name].path,
        loader: loaders.loader?.(name),
        action: loaders.action?.(name),
        errorElement: <AdminError />,
        lazy: async () => ({ Component: (await loadAdminPage(name)).default }),
      })),
    },
  ];
}
