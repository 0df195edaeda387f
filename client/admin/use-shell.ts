import { useRouteLoaderData } from 'react-router';
import type { AdminShellData } from '../../shared/admin/screens';

/** Who is signed in and the screens' language: the shell's data, which every staff screen has. */
export function useShell(): AdminShellData {
  return useRouteLoaderData('shell') as AdminShellData;
}
