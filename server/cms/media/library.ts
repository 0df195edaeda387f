import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ImageVariant } from '../../../shared/api/contract';
import { MEDIA_PREFIX, mediaFileSchema, type MediaItem, type MediaUploadBody } from '../../../shared/api/staff-media';
import { VARIANT_ENCODING, VARIANT_EXTENSION, VARIANT_TYPES, variantWidths } from '../../../shared/images';
import type { Db } from '../db';
import type { Actor, StaffService } from '../staff/service';

/**
 * The editors' photos (docs/decisions/0046-editors-images.md): each stored as the cleaned JPEG the BFF
 * sent and its AVIF and WebP variants at the site's widths, made once as it is uploaded, in the media
 * folder beside the database (which `npm run backup` copies). A file is named by the photo's hash,
 * never changes, and is written before the row that names it.
 */

type MediaRow = { id: string; name: string; width: number; height: number; alt: string; variants: string; created_at: string; member_name: string };

/** The public path of a media file. */
const mediaSrc = (file: string) => `${MEDIA_PREFIX}${file}`;

export interface MediaLibraryOptions {
  db: Db;
  /** The media folder (DATA_DIR/media). */
  dir: string;
  staff: Pick<StaffService, 'audit'>;
  now?: () => Date;
}

export function mediaLibrary({ db, dir, staff, now = () => new Date() }: MediaLibraryOptions) {
  mkdirSync(dir, { recursive: true });
  const all = db.prepare<[], MediaRow>('SELECT * FROM content_media ORDER BY created_at DESC, id');
  const byId = db.prepare<[string], MediaRow>('SELECT * FROM content_media WHERE id = ?');
  const upsert = db.prepare<{
    id: string;
    name: string;
    width: number;
    height: number;
    alt: string;
    variants: string;
    at: string;
    memberId: number;
    memberName: string;
  }>(
    `INSERT INTO content_media (id, name, width, height, alt, variants, created_at, member_id, member_name)
     VALUES (@id, @name, @width, @height, @alt, @variants, @at, @memberId, @memberName)
     ON CONFLICT (id) DO UPDATE SET alt = excluded.alt, name = excluded.name`,
  );
  const setAlt = db.prepare<[string, string]>('UPDATE content_media SET alt = ? WHERE id = ?');

  const itemOf = (row: MediaRow): MediaItem => ({
    id: row.id,
    src: mediaSrc(`${row.id}.jpg`),
    width: row.width,
    height: row.height,
    alt: JSON.parse(row.alt) as MediaItem['alt'],
    variants: JSON.parse(row.variants) as ImageVariant[],
    name: row.name,
    createdAt: row.created_at,
    by: row.member_name,
  });

  // Every public answer is walked for media images: the list is read once per change, not per answer.
  let variantsBySrc: Map<string, ImageVariant[]> | undefined;

  /** Written whole or not at all: a process stopped mid-write leaves no cut file at a name that is served for a year. */
  async function store(file: string, bytes: Buffer): Promise<void> {
    const path = join(dir, file);
    await writeFile(`${path}.${process.pid}.part`, bytes);
    await rename(`${path}.${process.pid}.part`, path);
  }

  return {
    list: (): MediaItem[] => all.all().map(itemOf),

    /**
     * Stores a photo (a JPEG the BFF cleaned, checked again by the caller) and its variants, one after
     * the other (AVIF takes a core for a second or more: the pages keep the other), then its row. The
     * same photo again keeps its files and takes the new alt texts.
     */
    async upload(by: Actor, body: MediaUploadBody, photo: { name: string; bytes: Buffer }): Promise<MediaItem> {
      const id = createHash('sha256').update(photo.bytes).digest('hex').slice(0, 20);
      const { width, height } = await sharp(photo.bytes).metadata();
      await store(`${id}.jpg`, photo.bytes);
      const variants: ImageVariant[] = [];
      for (const type of VARIANT_TYPES) {
        for (const w of variantWidths(width)) {
          const resized = sharp(photo.bytes).resize({ width: w, withoutEnlargement: true });
          const bytes = await (type === 'image/avif' ? resized.avif(VARIANT_ENCODING[type]) : resized.webp(VARIANT_ENCODING[type])).toBuffer();
          const file = `${id}-${w}w.${VARIANT_EXTENSION[type]}`;
          await store(file, bytes);
          variants.push({ src: mediaSrc(file), width: w, type });
        }
      }
      const at = now();
      db.transaction(() => {
        upsert.run({
          id,
          name: photo.name,
          width,
          height,
          alt: JSON.stringify(body.alt),
          variants: JSON.stringify(variants),
          at: at.toISOString(),
          memberId: by.id,
          memberName: by.name,
        });
        staff.audit(by, { action: 'media_upload', detail: { id, name: photo.name } }, at);
      }).immediate();
      variantsBySrc = undefined;
      return itemOf(byId.get(id)!);
    },

    /** New alt texts for a photo; null when there is none of that id. */
    setAlt(by: Actor, id: string, body: MediaUploadBody): MediaItem | null {
      const changed = db.transaction(() => {
        if (setAlt.run(JSON.stringify(body.alt), id).changes === 0) return false;
        staff.audit(by, { action: 'media_alt', detail: { id } });
        return true;
      })();
      return changed ? itemOf(byId.get(id)!) : null;
    },

    /** Each photo's variants by its `src`, for the public answers that show it. */
    variants(): ReadonlyMap<string, ImageVariant[]> {
      return (variantsBySrc ??= new Map(all.all().map((row) => [mediaSrc(`${row.id}.jpg`), JSON.parse(row.variants) as ImageVariant[]])));
    },

    /** Where a media file is on disk; null for a name that is none. */
    pathOf(file: string): string | null {
      return mediaFileSchema.safeParse(file).success ? join(dir, file) : null;
    },
  };
}

export type MediaLibrary = ReturnType<typeof mediaLibrary>;
