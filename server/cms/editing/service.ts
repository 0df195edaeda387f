import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import {
  CONTENT_KINDS,
  PREVIEW_TTL_MINUTES,
  SINGLE_CONTENT_KINDS,
  type ContentEntity,
  type ContentKind,
  type ContentList,
  type ContentPreview,
  type ContentRedirect,
} from '../../../shared/api/staff-content';
import { LOCALES } from '../../../shared/locales';
import { pathTo } from '../../../shared/routes';
import { ContentError, parseContent, type ContentTexts } from '../content';
import type { Content } from '../content-schema';
import type { Db } from '../db';
import { writeContent } from '../import';
import { publicationInstant } from '../publication';
import { contentTexts, exportContent, hasContent } from '../content-export';
import { readContentVersion, storeContent } from '../seed';
import type { Actor, Author, StaffService } from '../staff/service';
import { entitiesIn, entityIn, titlesOf, withEntity } from './entities';
import { linkTargets } from './link-targets';
import { affectedPaths, entityPages, livePaths } from './purge-paths';
import { redirectStore } from './redirects';

/**
 * Editing the content (docs/decisions/0045-editing-content.md): drafts in the seed's format, previews,
 * publishing now or at a time, unpublishing, revisions and the redirects of renamed pages. Every change
 * is audited in its own transaction; a publish tells the site which pages changed (`onPublished`).
 */

export type Refused = { ok: false; problems: string[] };
export type Edited = { ok: true; entity: ContentEntity } | Refused | 'not_found';

type DraftRow = { kind: string; key: string; json: string; updated_at: string; member_id: number | null; member_name: string; publish_at: string | null };
type RevisionRow = {
  id: number;
  kind: string;
  key: string;
  json: string | null;
  at: string;
  member_name: string;
  action: 'publish' | 'unpublish' | 'scheduled';
};

class Rollback extends Error {}

export interface ContentEditingOptions {
  db: Db;
  staff: Pick<StaffService, 'audit'>;
  logger: Logger;
  /** After a publish is committed: the site's pages it changed (none: every page). */
  onPublished?: (paths: string[]) => void;
  now?: () => Date;
}

export function contentEditing({ db, staff, logger, onPublished, now = () => new Date() }: ContentEditingOptions) {
  const redirects = redirectStore(db);
  const draftOf = db.prepare<[string, string], DraftRow>('SELECT * FROM content_drafts WHERE kind = ? AND key = ?');
  const draftsOf = db.prepare<[string], DraftRow>('SELECT * FROM content_drafts WHERE kind = ? ORDER BY updated_at');
  const dueDrafts = db.prepare<[string], DraftRow>('SELECT * FROM content_drafts WHERE publish_at IS NOT NULL AND publish_at <= ? ORDER BY publish_at');
  const saveDraft = db.prepare<{ kind: string; key: string; json: string; at: string; memberId: number; memberName: string; publishAt: string | null }>(
    `INSERT INTO content_drafts (kind, key, json, updated_at, member_id, member_name, publish_at) VALUES (@kind, @key, @json, @at, @memberId, @memberName, @publishAt)
     ON CONFLICT (kind, key) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at, member_id = excluded.member_id,
       member_name = excluded.member_name, publish_at = excluded.publish_at`,
  );
  const deleteDraft = db.prepare<[string, string]>('DELETE FROM content_drafts WHERE kind = ? AND key = ?');
  const revisionsOf = db.prepare<[string, string], RevisionRow>('SELECT * FROM content_revisions WHERE kind = ? AND key = ? ORDER BY id DESC LIMIT 50');
  const revisionById = db.prepare<[number, string, string], RevisionRow>('SELECT * FROM content_revisions WHERE id = ? AND kind = ? AND key = ?');
  const insertRevision = db.prepare<{
    kind: string;
    key: string;
    json: string | null;
    at: string;
    memberId: number | null;
    memberName: string;
    action: string;
  }>('INSERT INTO content_revisions (kind, key, json, at, member_id, member_name, action) VALUES (@kind, @key, @json, @at, @memberId, @memberName, @action)');
  const insertPreview = db.prepare<[string, string, string, string]>('INSERT INTO content_previews (token_hash, kind, key, expires_at) VALUES (?, ?, ?, ?)');
  const previewByHash = db.prepare<[string, string], { kind: string; key: string }>(
    'SELECT kind, key FROM content_previews WHERE token_hash = ? AND expires_at > ?',
  );
  const deleteExpiredPreviews = db.prepare<[string]>('DELETE FROM content_previews WHERE expires_at <= ?');

  /** The last previewed draft's whole content, parsed (one entry: previews are one editor's at a time). */
  const previewContent = new Map<string, { content: Content; due: Date | undefined }>();
  /**
   * The published content in the seed's format, as the export writes it: the database is the truth
   * (docs/decisions/0047-content-lifecycle.md). Exported again only when the content version changes:
   * every write of content goes through storeContent, which sets a new one.
   */
  let exported: { version: string | undefined; texts: ContentTexts } | undefined;
  const files = (): ContentTexts => {
    if (!hasContent(db)) throw new Error('no published content: the seed was never imported');
    const version = readContentVersion(db);
    if (!exported || exported.version !== version) exported = { version, texts: contentTexts(exportContent(db)) };
    return exported.texts;
  };
  const audit = (by: Author, action: Parameters<StaffService['audit']>[1]['action'], detail: Record<string, unknown>, at: Date) =>
    staff.audit(by, { action, detail }, at);
  const problemsOf = (error: unknown): Refused => {
    if (error instanceof ContentError) return { ok: false, problems: error.problems };
    throw error;
  };
  /** The whole content with the entity as given, checked as the seed import checks it. */
  const checked = (texts: ContentTexts, source: string): Content => parseContent(source, texts);

  function entity(kind: ContentKind, key: string): ContentEntity | undefined {
    const texts = files();
    const published = entityIn(texts, kind, key) ?? null;
    const draft = draftOf.get(kind, key);
    const revisions = revisionsOf.all(kind, key);
    if (published === null && !draft && revisions.length === 0 && !SINGLE_CONTENT_KINDS.includes(kind)) return undefined;
    const content = checked(texts, 'the published content');
    return {
      kind,
      key,
      published,
      draft: draft ? { json: JSON.parse(draft.json) as unknown, updatedAt: draft.updated_at, by: draft.member_name, publishAt: draft.publish_at } : null,
      revisions: revisions.map((row) => ({ id: row.id, at: row.at, by: row.member_name, action: row.action })),
      linkTargets: Object.fromEntries(LOCALES.map((locale) => [locale, linkTargets(content, locale)])) as ContentEntity['linkTargets'],
    };
  }

  /** Makes `json` (null: none) the entity's published state: the whole checked, stored, redirected, kept as a revision. */
  function apply(by: Author, kind: ContentKind, key: string, json: unknown, action: RevisionRow['action'], at: Date): { ok: true; paths: string[] } | Refused {
    try {
      return db
        .transaction(() => {
          const texts = files();
          const before = checked(texts, 'the published content');
          const after = checked(withEntity(texts, kind, key, json), `${kind} "${key}"`);
          storeContent(db, after, at);
          for (const locale of LOCALES) {
            const old = entityPages(kind, key, before, locale);
            const now = entityPages(kind, key, after, locale);
            for (const [id, path] of now) {
              redirects.live(path);
              const previous = old.get(id);
              if (previous && previous !== path) redirects.add(previous, path, at.toISOString());
            }
          }
          insertRevision.run({
            kind,
            key,
            json: json === null ? null : JSON.stringify(json),
            at: at.toISOString(),
            memberId: by.id,
            memberName: by.name,
            action,
          });
          deleteDraft.run(kind, key);
          const auditAction = action === 'unpublish' ? 'content_unpublish' : 'content_publish';
          audit(by, auditAction, { kind, key, ...(action === 'scheduled' ? { scheduled: true } : {}) }, at);
          return { ok: true as const, paths: affectedPaths(kind, key, before, after) };
        })
        .immediate();
    } catch (error) {
      return problemsOf(error);
    }
  }

  function published(result: { ok: true; paths: string[] } | Refused, kind: ContentKind, key: string): Edited {
    if (!result.ok) return result;
    onPublished?.(result.paths);
    return { ok: true, entity: entity(kind, key)! };
  }

  return {
    list(kind: ContentKind): ContentList {
      const texts = files();
      const drafts = new Map(draftsOf.all(kind).map((row) => [row.key, row]));
      const items = entitiesIn(texts, kind).map(({ key, json }) => {
        const draft = drafts.get(key);
        drafts.delete(key);
        return { key, titles: titlesOf(kind, json), published: true, draft: Boolean(draft), publishAt: draft?.publish_at ?? null };
      });
      // New entities, drafted and never published, after the published ones.
      for (const [key, draft] of drafts)
        items.push({ key, titles: titlesOf(kind, JSON.parse(draft.json)), published: false, draft: true, publishAt: draft.publish_at });
      return { kind, items };
    },

    entity,

    /** Saves an edit as the draft, refused as the seed import would refuse it were it published. */
    saveDraft(by: Actor, kind: ContentKind, key: string, json: unknown, publishAt: string | null): Edited {
      const at = now();
      try {
        checked(withEntity(files(), kind, key, json), `${kind} "${key}"`);
      } catch (error) {
        return problemsOf(error);
      }
      db.transaction(() => {
        saveDraft.run({ kind, key, json: JSON.stringify(json), at: at.toISOString(), memberId: by.id, memberName: by.name, publishAt });
        audit(by, publishAt ? 'content_schedule' : 'content_draft', { kind, key, ...(publishAt ? { publishAt } : {}) }, at);
      })();
      return { ok: true, entity: entity(kind, key)! };
    },

    discard(by: Actor, kind: ContentKind, key: string): Edited {
      const dropped = db.transaction(() => {
        if (deleteDraft.run(kind, key).changes === 0) return false;
        audit(by, 'content_discard', { kind, key }, now());
        return true;
      })();
      if (!dropped) return 'not_found';
      const left = entity(kind, key);
      return left ? { ok: true, entity: left } : 'not_found';
    },

    publish(by: Actor, kind: ContentKind, key: string): Edited {
      const draft = draftOf.get(kind, key);
      if (!draft) return 'not_found';
      return published(apply(by, kind, key, JSON.parse(draft.json), 'publish', now()), kind, key);
    },

    unpublish(by: Actor, kind: ContentKind, key: string): Edited {
      if (entityIn(files(), kind, key) === undefined) return 'not_found';
      // Only the notification bar may be none; the other single documents are the site's own.
      if (SINGLE_CONTENT_KINDS.includes(kind) && kind !== 'notification') return { ok: false, problems: [`${kind} cannot be taken off the site`] };
      return published(apply(by, kind, key, null, 'unpublish', now()), kind, key);
    },

    /** An earlier revision becomes the draft, to be previewed and published. */
    restore(by: Actor, kind: ContentKind, key: string, revision: number): Edited {
      const row = revisionById.get(revision, kind, key);
      if (!row || row.json === null) return 'not_found';
      const result = this.saveDraft(by, kind, key, JSON.parse(row.json), null);
      if (result !== 'not_found' && result.ok) audit(by, 'content_restore', { kind, key, revision }, now());
      return result;
    },

    /** Publishes every draft whose time has come, as the member who scheduled it. */
    publishDue(): number {
      let count = 0;
      for (const draft of dueDrafts.all(now().toISOString())) {
        const kind = draft.kind as ContentKind;
        const by = { id: draft.member_id, name: draft.member_name };
        const result = apply(by, kind, draft.key, JSON.parse(draft.json), 'scheduled', now());
        if (result.ok) {
          count++;
          onPublished?.(result.paths);
        } else {
          // Something published since makes it invalid: it stays a draft, unscheduled, for its editor to see.
          logger.warn({ kind, key: draft.key, problems: result.problems.length }, 'scheduled publish refused');
          db.prepare('UPDATE content_drafts SET publish_at = NULL WHERE kind = ? AND key = ?').run(kind, draft.key);
        }
      }
      return count;
    },

    /** A preview link's token for the entity's draft, valid PREVIEW_TTL_MINUTES. */
    preview(by: Actor, kind: ContentKind, key: string): ContentPreview | 'not_found' {
      const draft = draftOf.get(kind, key);
      if (!draft) return 'not_found';
      const content = checked(withEntity(files(), kind, key, JSON.parse(draft.json)), 'the preview');
      const paths = Object.fromEntries(
        LOCALES.map((locale) => [locale, entityPages(kind, key, content, locale).values().next().value ?? pathTo('index', locale)]),
      ) as ContentPreview['paths'];
      const at = now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + PREVIEW_TTL_MINUTES * 60_000).toISOString();
      db.transaction(() => {
        deleteExpiredPreviews.run(at.toISOString());
        insertPreview.run(hashOf(token), kind, key, expiresAt);
        audit(by, 'content_preview', { kind, key }, at);
      })();
      return { token, expiresAt, paths };
    },

    /**
     * Runs a read as if the token's draft were published: the draft is written inside a transaction
     * that is rolled back once the read is done (better-sqlite3 is synchronous: no other request sees
     * it). `at`: the time the read is to see the site at: an article dated later is previewed as the
     * site will show it then, not as the 404 it is until then. Undefined when the token is unknown or
     * expired; the read is then not run.
     */
    previewed<T>(token: string, read: (at: Date) => T): { value: T } | undefined {
      const found = previewByHash.get(hashOf(token), now().toISOString());
      const draft = found && draftOf.get(found.kind, found.key);
      if (!found || !draft) return undefined;
      // A preview's page asks several reads of the same draft: it is parsed and checked once.
      const memo = `${found.kind}/${found.key}@${draft.updated_at}#${readContentVersion(db)}`;
      let prepared = previewContent.get(memo);
      if (!prepared) {
        const json = JSON.parse(draft.json) as { publishedAt?: unknown };
        prepared = {
          content: checked(withEntity(files(), found.kind as ContentKind, found.key, json), 'the preview'),
          due: found.kind === 'articles' && typeof json.publishedAt === 'string' ? publicationInstant(json.publishedAt) : undefined,
        };
        previewContent.clear();
        previewContent.set(memo, prepared);
      }
      const { content, due } = prepared;
      const at = due && due > now() ? due : now();
      let value: T | undefined;
      try {
        db.transaction(() => {
          writeContent(db, content, now().toISOString());
          value = read(at);
          throw new Rollback();
        })();
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
      return { value: value as T };
    },

    redirects: (): ContentRedirect[] => redirects.list(),
    redirectTarget: (path: string) => redirects.target(path),

    /** A redirect an editor adds: never away from a live page, never round in a loop. */
    addRedirect(by: Actor, from: string, to: string): { ok: true; redirects: ContentRedirect[] } | Refused {
      const at = now();
      const live = livePaths(checked(files(), 'the published content'));
      const problems: string[] = [];
      if (from === to) problems.push('redirects.errors.same');
      if (live.has(from)) problems.push('redirects.errors.live');
      if (!live.has(to) && redirects.target(to) === undefined) problems.push('redirects.errors.target');
      // Following `to` through the table must never come back to `from`.
      const seen = new Set([from]);
      for (let next: string | undefined = to; next !== undefined; next = redirects.target(next)) {
        if (seen.has(next)) {
          problems.push('redirects.errors.loop');
          break;
        }
        seen.add(next);
      }
      if (problems.length > 0) return { ok: false, problems };
      db.transaction(() => {
        redirects.add(from, to, at.toISOString());
        audit(by, 'redirect_added', { from, to }, at);
      })();
      onPublished?.([from]);
      return { ok: true, redirects: redirects.list() };
    },

    deleteRedirect(by: Actor, id: number): ContentRedirect[] | 'not_found' {
      const at = now();
      const gone = redirects.list().find((r) => r.id === id);
      if (!gone) return 'not_found';
      db.transaction(() => {
        redirects.remove(id);
        audit(by, 'redirect_deleted', { from: gone.from, to: gone.to }, at);
      })();
      onPublished?.([gone.from]);
      return redirects.list();
    },
  };
}

export type ContentEditing = ReturnType<typeof contentEditing>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const isContentKind = (value: string): value is ContentKind => (CONTENT_KINDS as readonly string[]).includes(value);
