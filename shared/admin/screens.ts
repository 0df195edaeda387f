import type { LeadDetail, LeadPage, StaffAuditPage, StaffInvitation, StaffLocale, StaffMember, StaffRef, StaffTeam } from '../api/staff';
import type { ContentEntity, ContentKind, ContentList, ContentPreview, ContentRedirect } from '../api/staff-content';
import type { MediaItem } from '../api/staff-media';
import type { FieldErrors } from '../forms/fields';
import type { AdminScreen } from './routes';

/** What every staff screen has: who is signed in (null on the sign-in steps) and the language of the screens. */
export interface AdminShellData {
  locale: StaffLocale;
  member: StaffMember | null;
  /** Each language of the screens named in its own words, for the picker before signing in. */
  languages: { code: StaffLocale; name: string }[];
}

/** The inbox's filters as the address carries them (the form's values). */
export type LeadFilterValues = Partial<Record<'kind' | 'status' | 'assignee' | 'offerType' | 'from' | 'to' | 'q' | 'page', string>>;

/** Each screen's data, by name: the server's loader returns it, the screen renders it. */
export interface AdminScreenData {
  inbox: { leads: LeadPage; filter: LeadFilterValues; assignees: StaffRef[] };
  lead: { lead: LeadDetail; assignees: StaffRef[] };
  team: StaffTeam & { me: number };
  audit: StaffAuditPage & { filter: { member?: string; lead?: string } };
  account: Record<string, never>;
  login: { next: string };
  code: { expiresAt: string };
  /** The secret to add to the app: typed, or as the QR code of `uri` (`qr`: its modules as an SVG path, `size` a side). */
  enrol: { secret: string; uri: string; qr: { path: string; size: number } };
  recoveryCodes: { codes: string[] };
  invitation: { invitation: StaffInvitation | null; token: string };
  content: { kinds: readonly ContentKind[] };
  contentList: ContentList;
  /** `media`: the photos an image may be picked from. */
  contentEdit: { entity: ContentEntity; media: MediaItem[] };
  redirects: { redirects: ContentRedirect[] };
  media: { items: MediaItem[] };
}

/**
 * What a post answers when it is not a redirect: the errors of its fields (message keys), the form's own
 * error, and the values to show again. `retryAfter`: seconds before a refused sign-in may try again.
 */
export interface AdminActionData {
  values?: Record<string, string>;
  errors?: FieldErrors;
  /** Which form of the screen answered (a lead's page has several). */
  form?: string;
  /** A success worth saying where the form is (a sent reply, a saved profile). */
  done?: string;
  retryAfter?: number;
  /** Why the content API refused an edit: the seed import's own words, one line each (paths into the entity). */
  problems?: string[];
  /** The entity as the editor's form holds it now (its JSON), when it is not what was saved: a block added, an edit refused. */
  working?: unknown;
  /** A preview link made for the draft. */
  preview?: ContentPreview;
}

export type AdminLoaderData<N extends AdminScreen> = AdminScreenData[N];
