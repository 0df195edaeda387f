import type { StaffPermission } from '../api/staff';

/**
 * The staff area's route table: every screen under /admin and its path (one path for every language:
 * the member's language is theirs, not the address's). The server's screens, the browser's router and
 * every link derive from it. Paths use react-router syntax.
 */
export const ADMIN_PREFIX = '/admin';

/**
 * Who may open a screen: anyone (the sign-in steps), any signed-in member, or members whose role has a
 * permission (shared/api/staff.ts). The server refuses the others before any loader runs.
 */
export type AdminAccess = 'anyone' | 'signedIn' | StaffPermission;

export const ADMIN_SCREENS = {
  /** The leads of every locale, filtered by the query string. */
  inbox: { path: '/admin', access: 'leads' },
  lead: { path: '/admin/leads/:id', access: 'leads' },
  team: { path: '/admin/team', access: 'staff' },
  audit: { path: '/admin/audit', access: 'audit' },
  /** The member's own name, language and sessions. */
  account: { path: '/admin/account', access: 'signedIn' },
  login: { path: '/admin/login', access: 'anyone' },
  /** The second step: a code from the app, or a recovery code. */
  code: { path: '/admin/login/code', access: 'anyone' },
  /** The first sign-in's second step: setting the app up. */
  enrol: { path: '/admin/login/enrol', access: 'anyone' },
  /** Shown once, after enrolment. */
  recoveryCodes: { path: '/admin/login/recovery-codes', access: 'signedIn' },
  invitation: { path: '/admin/invitation', access: 'anyone' },
  /** The kinds of content an editor changes. */
  content: { path: '/admin/content', access: 'content' },
  contentList: { path: '/admin/content/:kind', access: 'content' },
  /** One entity: its draft in three languages side by side, preview, publishing, revisions. */
  contentEdit: { path: '/admin/content/:kind/:key', access: 'content' },
  redirects: { path: '/admin/redirects', access: 'content' },
  /** The editors' photos: uploading one with its alt texts, and the list to pick from. */
  media: { path: '/admin/media', access: 'content' },
} as const satisfies Record<string, { path: string; access: AdminAccess }>;

export type AdminScreen = keyof typeof ADMIN_SCREENS;
export const ADMIN_SCREEN_NAMES = Object.keys(ADMIN_SCREENS) as AdminScreen[];

/** Not screens: a lead's photo, and the CSV of the inbox's filtered list. */
export const leadPhotoPath = (id: string, index: number) => `/admin/leads/${encodeURIComponent(id)}/photos/${index}`;
export const LEADS_CSV_PATH = '/admin/leads.csv';

/** A screen's path with its parameters, each percent-encoded; `query` appended as given. */
export function adminPath(name: AdminScreen, params: Record<string, string> = {}, query?: URLSearchParams | Record<string, string>): string {
  const path = ADMIN_SCREENS[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`adminPath(${name}): missing parameter '${key}'`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** Where a sign-in goes afterwards: only a path of the staff area, never elsewhere (an open redirect). */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/admin(\/[A-Za-z0-9/_-]*)?(\?[^#\\]*)?$/.test(next) && !next.startsWith('//') ? next : ADMIN_SCREENS.inbox.path;
}
