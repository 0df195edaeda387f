import express, { type RequestHandler } from 'express';
import { BlockList, isIP } from 'node:net';
import type { Logger } from 'pino';
import type { i18n as I18n } from 'i18next';
import { ADMIN_PREFIX, ADMIN_SCREENS, LEADS_CSV_PATH } from '../../../shared/admin/routes';
import { isSameOrigin } from '../http/form-posts';
import type { AssetManifest } from '../render/manifest';
import { UpstreamError } from '../upstream/client';
import type { StaffApi } from '../upstream/staff-api';
import type { StaffContentApi } from '../upstream/staff-content-api';
import type { StaffMediaApi } from '../upstream/staff-media-api';
import type { PhotoPreparer } from '../photos/prepare';
import { multipartForms, uploadedPhotos } from '../photos/upload';
import { readStaffSession } from './cookies';
import { createAdminRenderer } from './render';
import { CACHE_CONTROL } from '../cache-control';

export interface AdminAreaDeps {
  staff: StaffApi;
  content: StaffContentApi;
  media: StaffMediaApi;
  /** The decoder of visitors' photos (server/site/photos), which editors' photos go through too. */
  photos: Pick<PhotoPreparer, 'prepare'>;
  /** The site's folder for the photos of posts being answered (uploadFolder). */
  uploadDir: string;
  manifest: AssetManifest;
  strings: I18n;
  origin: string;
  logger: Logger;
  /**
   * Where the staff area may be reached from (ADMIN_ALLOW: addresses and CIDR ranges, as `req.ip`
   * reads them); empty: from anywhere. Anyone else gets the site's ordinary 404.
   */
  allow: readonly string[];
}

/** The staff area's forms are small: a reply is the largest, 10,000 characters. */
const BODY_LIMIT = '64kb';
const CONTENT_BODY_LIMIT = '1mb';

/** `ADMIN_ALLOW`'s entries as one list to check addresses against (config.ts validated them). */
export function allowList(entries: readonly string[]): ((address: string | undefined) => boolean) | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket reads as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The staff area under /admin (docs/decisions/0040-staff-and-leads.md): its screens, a lead's photos
 * and the CSV of the inbox, never stored by any cache, never indexed, posted to from its own pages only.
 */
export function adminArea(deps: AdminAreaDeps): express.Router {
  const router = express.Router();
  const allowed = allowList(deps.allow);
  const render = createAdminRenderer(deps);
  const area = [ADMIN_PREFIX, `${ADMIN_PREFIX}/{*rest}`];

  /** Who may reach the area at all, what its answers say to caches and robots, and that posts come from its own pages. */
  const gateOrigin: RequestHandler = (req, res, next) => {
    // As any address the site does not have: the site's own 404 page, nothing that says an area is here.
    if (allowed && !allowed(req.ip)) return next(Object.assign(new Error('Not Found'), { status: 404 }));
    res.setHeader('Cache-Control', CACHE_CONTROL.privateNoStore);
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (req.method === 'POST' && !isSameOrigin(req, deps.origin)) return void res.status(403).type('text').send('Forbidden');
    next();
  };
  const bodyType: RequestHandler = (req, res, next) => {
    // Its forms post URL-encoded only: any other body would be read as an empty form (a lead's assignee
    // posted empty is "nobody"), so it is refused unread. The media screen's upload was parsed before.
    if (req.method === 'POST' && req.is('application/x-www-form-urlencoded') === false && !uploadedPhotos(req))
      return void res.status(415).type('text').send('Unsupported Media Type');
    next();
  };
  const gate = [gateOrigin, bodyType];
  /**
   * The one multipart post of the area: a photo to the media screen, parsed as visitors' photos are
   * (server/site/photos/upload.ts: streamed to a temporary file, the same size limits, 413 past them), and
   * only from a page of the site with a staff session; whether the member may upload is the screen's
   * access, checked before its action runs.
   */
  const photoUpload: RequestHandler = (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    if (!readStaffSession(req.cookies ?? {})) return void res.status(403).type('text').send('Forbidden');
    parseUpload(req, res, next);
  };
  const parseUpload = multipartForms({
    dir: deps.uploadDir,
    refuse: (_req, res, status) =>
      void res
        .status(status)
        .type('text')
        .send(status === 413 ? 'Payload Too Large' : 'Bad Request'),
  });
  router.post(ADMIN_SCREENS.media.path, gateOrigin, photoUpload);
  // An entity in three languages is a form of hundreds of fields (a field per leaf of its JSON).
  router.use(`${ADMIN_PREFIX}/content/{*rest}`, gate, express.urlencoded({ extended: false, limit: CONTENT_BODY_LIMIT, parameterLimit: 5000 }));
  router.use(area, gate, express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 }));

  /** A binary answer of the content API for the signed-in member (a photo, the CSV), or a 404. */
  const relay =
    (path: (req: express.Request) => string, download?: () => string): RequestHandler =>
    async (req, res, next) => {
      const session = readStaffSession(req.cookies ?? {});
      if (!session) return void res.status(404).end();
      try {
        const query = Object.fromEntries(Object.entries(req.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
        const answer = await deps.staff.bytes(session, path(req), query);
        if (!answer) return void res.status(404).end();
        res.type(answer.type);
        if (download) res.attachment(download());
        res.send(answer.bytes);
      } catch (error) {
        if (error instanceof UpstreamError) return void res.status(503).end();
        next(error);
      }
    };
  router.get(
    `${ADMIN_PREFIX}/leads/:id/photos/:n`,
    relay((req) => `staff/leads/${encodeURIComponent(String(req.params.id))}/photos/${encodeURIComponent(String(req.params.n))}`),
  );
  router.get(
    LEADS_CSV_PATH,
    relay(
      () => 'staff/leads.csv',
      () => `leads-${new Date().toISOString().slice(0, 10)}.csv`,
    ),
  );

  router.get(area, (req, res, next) => void render(req, res).catch(next));
  router.post(area, (req, res, next) => void render(req, res).catch(next));
  return router;
}
