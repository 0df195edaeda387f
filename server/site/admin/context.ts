import type { data, LoaderFunctionArgs } from 'react-router';
import type { StaffLocale, StaffMember } from '../../../shared/api/staff';
import type { AdminActionData, AdminScreenData } from '../../../shared/admin/screens';
import type { AdminScreen } from '../../../shared/admin/routes';
import type { Cookies } from '../request/cookies';
import type { StaffApi } from '../upstream/staff-api';
import type { StaffContentApi } from '../upstream/staff-content-api';
import type { StaffMediaApi } from '../upstream/staff-media-api';
import type { PhotoPreparer } from '../photos/prepare';

/** What a staff screen's loader and action know of the request besides the request itself. */
export interface AdminContext {
  staff: StaffApi;
  /** The content endpoints for editors. */
  content: StaffContentApi;
  /** The editors' photos, and the decoder every uploaded photo goes through (visitors' and editors'). */
  media: StaffMediaApi;
  photos: Pick<PhotoPreparer, 'prepare'>;
  /** The member's session token (the staff cookie), and the member it belongs to; null before signing in. */
  session: string | null;
  member: StaffMember | null;
  locale: StaffLocale;
  cookies: Cookies;
  /** The member's address, for the content API's sign-in limits (TRUST_PROXY's `req.ip`). */
  client: string | null;
  /** The site's public origin is https: its cookies are Secure. */
  https: boolean;
  /** Each language of the screens in its own words. */
  languages: { code: StaffLocale; name: string }[];
}

export type AdminArgs = Omit<LoaderFunctionArgs, 'context'> & { context: AdminContext };

/**
 * One staff screen's server half: its data, and what a post to it does. A loader or an action may
 * answer a redirect (a Response) instead; an action's data is its form's errors and values.
 */
export interface AdminScreenModule<N extends AdminScreen> {
  loader(args: AdminArgs): Promise<AdminScreenData[N] | Response>;
  action?(args: AdminArgs): Promise<AdminActionData | ReturnType<typeof data<AdminActionData>> | Response>;
}
