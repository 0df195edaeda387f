import type { ActionFunction, LoaderFunction } from 'react-router';
import { staffCan } from '../../../../shared/api/staff';
import { adminPath, ADMIN_SCREENS, type AdminScreen } from '../../../../shared/admin/routes';
import type { AdminShellData } from '../../../../shared/admin/screens';
import { failed, seeOther } from '../answers';
import type { AdminArgs, AdminContext, AdminScreenModule } from '../context';
import { inbox, lead } from './leads';
import { code, enrol, invitation, login, recoveryCodes } from './sign-in';
import { account, audit, team } from './team';
import { content, contentEdit, contentList, redirects } from './content';
import { media } from './media';

/** Every staff screen's server half, by name (typed: a screen of the route table without one does not build). */
export const ADMIN_SCREEN_MODULES: { [N in AdminScreen]: AdminScreenModule<N> } = {
  inbox,
  lead,
  team,
  audit,
  account,
  login,
  code,
  enrol,
  recoveryCodes,
  invitation,
  content,
  contentList,
  contentEdit,
  redirects,
  media,
};

/**
 * Who may open a screen, checked before its loader or action runs: a screen for members sends anyone
 * else to the sign-in (and back afterwards); one for a role answers 403 to the others. The inbox, the
 * area's front door, sends a member who works no leads to their own account instead.
 */
function admitted(name: AdminScreen, { request, context }: AdminArgs): void {
  const access = ADMIN_SCREENS[name].access;
  if (access === 'anyone') return;
  const url = new URL(request.url);
  if (!context.member) throw seeOther(adminPath('login', {}, { next: url.pathname + url.search }));
  if (access === 'signedIn' || staffCan(context.member.role, access)) return;
  if (name === 'inbox') throw seeOther(adminPath(staffCan(context.member.role, 'content') ? 'content' : 'account'));
  failed(403);
}

export const shellLoader: LoaderFunction = ({ context }): AdminShellData => {
  const { locale, member, languages } = context as unknown as AdminContext;
  return { locale, member, languages };
};

export function screenLoader(name: AdminScreen): LoaderFunction {
  const screen = ADMIN_SCREEN_MODULES[name];
  return (args) => {
    admitted(name, args as unknown as AdminArgs);
    return screen.loader(args as unknown as AdminArgs);
  };
}

export function screenAction(name: AdminScreen): ActionFunction | undefined {
  const action = ADMIN_SCREEN_MODULES[name].action;
  if (!action) return undefined;
  return (args) => {
    admitted(name, args as unknown as AdminArgs);
    return action(args as unknown as AdminArgs);
  };
}
