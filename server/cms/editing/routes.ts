import express, { type Response } from 'express';
import {
  contentDraftBodySchema,
  contentKeySchema,
  contentRedirectBodySchema,
  contentRestoreBodySchema,
  PREVIEW_HEADER,
} from '../../../shared/api/staff-content';
import type { StaffService } from '../staff/service';
import { actorOf, staffGuard, withBody } from '../staff/routes';
import { isContentKind, type ContentEditing, type Edited } from './service';

/** The content endpoints of shared/api/staff-content.ts, for owners and editors. */

const NOT_FOUND = { error: 'not_found' } as const;
const BAD_REQUEST = { error: 'bad_request' } as const;

function answer(res: Response, result: Edited): void {
  if (result === 'not_found') res.status(404).json(NOT_FOUND);
  else if (!result.ok) res.status(400).json({ error: 'invalid_content', problems: result.problems });
  else res.json(result.entity);
}

export function contentEditingRoutes({ editing, staff }: { editing: ContentEditing; staff: StaffService }): express.Router {
  const router = express.Router();
  router.use(['/staff/content', '/staff/redirects'], staffGuard(staff, 'content'));

  /** The kind and key of the path, or a 404 without touching anything. */
  const entity = (req: express.Request, res: Response, work: (kind: Parameters<ContentEditing['entity']>[0], key: string) => void) => {
    const { kind, key } = req.params as { kind: string; key: string };
    if (!isContentKind(kind) || !contentKeySchema.safeParse(key).success) return void res.status(404).json(NOT_FOUND);
    work(kind, key);
  };

  router.get('/staff/content/:kind', (req, res) => {
    if (!isContentKind(req.params.kind)) return void res.status(404).json(NOT_FOUND);
    res.json(editing.list(req.params.kind));
  });
  router.get('/staff/content/:kind/:key', (req, res) =>
    entity(req, res, (kind, key) => {
      const found = editing.entity(kind, key);
      if (found) res.json(found);
      else res.status(404).json(NOT_FOUND);
    }),
  );
  router.put(
    '/staff/content/:kind/:key/draft',
    ...withBody(
      contentDraftBodySchema,
      ({ json, publishAt }, req, res) => {
        if (json === undefined) return void res.status(400).json(BAD_REQUEST);
        entity(req, res, (kind, key) => answer(res, editing.saveDraft(actorOf(res), kind, key, json, publishAt ?? null)));
      },
      // A page of rich text in three languages is larger than the staff area's other posts.
      '1mb',
    ),
  );
  router.post('/staff/content/:kind/:key/discard', (req, res) => entity(req, res, (kind, key) => answer(res, editing.discard(actorOf(res), kind, key))));
  router.post('/staff/content/:kind/:key/publish', (req, res) => entity(req, res, (kind, key) => answer(res, editing.publish(actorOf(res), kind, key))));
  router.post('/staff/content/:kind/:key/unpublish', (req, res) => entity(req, res, (kind, key) => answer(res, editing.unpublish(actorOf(res), kind, key))));
  router.post(
    '/staff/content/:kind/:key/restore',
    ...withBody(contentRestoreBodySchema, (body, req, res) =>
      entity(req, res, (kind, key) => answer(res, editing.restore(actorOf(res), kind, key, body.revision))),
    ),
  );
  router.post('/staff/content/:kind/:key/preview', (req, res) =>
    entity(req, res, (kind, key) => {
      const preview = editing.preview(actorOf(res), kind, key);
      if (preview === 'not_found') res.status(404).json(NOT_FOUND);
      else res.json(preview);
    }),
  );

  router.get('/staff/redirects', (_req, res) => void res.json(editing.redirects()));
  router.post(
    '/staff/redirects',
    ...withBody(contentRedirectBodySchema, (body, _req, res) => {
      const result = editing.addRedirect(actorOf(res), body.from, body.to);
      if (result.ok) res.json(result.redirects);
      else res.status(400).json({ error: 'invalid_content', problems: result.problems });
    }),
  );
  router.post('/staff/redirects/:id/delete', (req, res) => {
    const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : NaN;
    const result = Number.isNaN(id) ? 'not_found' : editing.deleteRedirect(actorOf(res), id);
    if (result === 'not_found') res.status(404).json(NOT_FOUND);
    else res.json(result);
  });

  // The site asks before it answers 404.
  router.get('/redirects', (req, res) => {
    const path = typeof req.query.path === 'string' ? req.query.path : '';
    const to = editing.redirectTarget(path);
    if (to) res.json({ to });
    else res.status(404).json(NOT_FOUND);
  });
  return router;
}

/** The token of a preview read, when the site sends one. */
export const previewTokenOf = (req: express.Request): string | undefined => req.get(PREVIEW_HEADER) || undefined;
