import { z } from 'zod';
import * as s from '../../../shared/api/staff-content';
import type { UpstreamClient } from './client';
import { staffCaller } from './staff-api';

/** The content endpoints for the staff (shared/api/staff-content.ts), typed: what the editors' screens ask. Never cached. */
export function staffContentApi(client: UpstreamClient) {
  const call = staffCaller(client);
  const entityPath = (kind: s.ContentKind, key: string) => `staff/content/${kind}/${encodeURIComponent(key)}`;
  return {
    list: (session: string, kind: s.ContentKind) => call('GET', `staff/content/${kind}`, s.contentListSchema, { session }),
    entity: (session: string, kind: s.ContentKind, key: string) => call('GET', entityPath(kind, key), s.contentEntitySchema, { session }),
    saveDraft: (session: string, kind: s.ContentKind, key: string, json: unknown, publishAt: string | null) =>
      call('PUT', `${entityPath(kind, key)}/draft`, s.contentEntitySchema, { session, body: { json, publishAt } }),
    discard: (session: string, kind: s.ContentKind, key: string) =>
      call('POST', `${entityPath(kind, key)}/discard`, s.contentEntitySchema, { session, body: {} }),
    publish: (session: string, kind: s.ContentKind, key: string) =>
      call('POST', `${entityPath(kind, key)}/publish`, s.contentEntitySchema, { session, body: {} }),
    unpublish: (session: string, kind: s.ContentKind, key: string) =>
      call('POST', `${entityPath(kind, key)}/unpublish`, s.contentEntitySchema, { session, body: {} }),
    restore: (session: string, kind: s.ContentKind, key: string, revision: number) =>
      call('POST', `${entityPath(kind, key)}/restore`, s.contentEntitySchema, { session, body: { revision } }),
    preview: (session: string, kind: s.ContentKind, key: string) =>
      call('POST', `${entityPath(kind, key)}/preview`, s.contentPreviewSchema, { session, body: {} }),
    redirects: (session: string) => call('GET', 'staff/redirects', z.array(s.contentRedirectSchema), { session }),
    addRedirect: (session: string, body: { from: string; to: string }) => call('POST', 'staff/redirects', z.array(s.contentRedirectSchema), { session, body }),
    deleteRedirect: (session: string, id: number) => call('POST', `staff/redirects/${id}/delete`, z.array(s.contentRedirectSchema), { session, body: {} }),
  };
}

export type StaffContentApi = ReturnType<typeof staffContentApi>;
