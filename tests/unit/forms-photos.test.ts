import { describe, expect, it } from 'vitest';
import { fileSize } from '../../client/features/forms/photos/file-size';
import { admit, afterPreview, isAcceptedType, isHeic } from '../../client/features/forms/photos/photo-checks';
import { PHOTO_MESSAGE_NUMBERS, photoRefusalKey, withPhotoField, withPhotoParams } from '../../client/features/forms/photos/photo-messages';
import { percentOf } from '../../client/runtime/upload-progress';
import { pageI18n } from '../support/i18n';
import { PHOTO_LIMITS, PHOTO_REFUSALS } from '../../shared/forms/photos';
import { LOCALES } from '../../shared/locales';

const MB = 1024 * 1024;
const jpeg = (name: string, size = 2 * MB) => ({ name, size, type: 'image/jpeg' });

describe('the browser checks of chosen photos', () => {
  it('takes JPEG, PNG, WebP and HEIC by type, and HEIC by its ending when the browser gives no type', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'IMAGE/JPEG'])
      expect(isAcceptedType({ name: 'a', size: 1, type }), type).toBe(true);
    expect(isAcceptedType({ name: 'IMG_0412.HEIC', size: 1, type: '' })).toBe(true);
    expect(isAcceptedType({ name: 'scan.heif', size: 1, type: '' })).toBe(true);
    for (const file of [
      { name: 'notes.txt', size: 1, type: 'text/plain' },
      { name: 'drawing.gif', size: 1, type: 'image/gif' },
      { name: 'offer.pdf', size: 1, type: 'application/pdf' },
      { name: 'photo.jpg', size: 1, type: '' },
    ]) {
      expect(isAcceptedType(file), file.name).toBe(false);
    }
  });

  it('admits photos in the order chosen and names each refused one with its reason', () => {
    const { admitted, refused } = admit(
      [],
      [jpeg('a.jpg'), { name: 'notes.txt', size: 10, type: 'text/plain' }, jpeg('huge.jpg', PHOTO_LIMITS.bytesEach + 1), jpeg('b.jpg')],
    );
    expect(admitted.map((file) => file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(refused).toEqual([
      { fileName: 'notes.txt', reason: 'notAnImage' },
      { fileName: 'huge.jpg', reason: 'tooLarge' },
    ]);
  });

  it('takes a photo of exactly the limit, not a byte more', () => {
    expect(admit([], [jpeg('limit.jpg', PHOTO_LIMITS.bytesEach)]).admitted).toHaveLength(1);
    expect(admit([], [jpeg('over.jpg', PHOTO_LIMITS.bytesEach + 1)]).refused).toEqual([{ fileName: 'over.jpg', reason: 'tooLarge' }]);
  });

  it('counts the photos already kept: the sixth is one too many', () => {
    const kept = [1, 2, 3, 4].map((n) => jpeg(`${n}.jpg`, MB));
    const { admitted, refused } = admit(kept, [jpeg('5.jpg', MB), jpeg('6.jpg', MB), jpeg('7.jpg', MB)]);
    expect(admitted.map((file) => file.name)).toEqual(['5.jpg']);
    expect(refused).toEqual([
      { fileName: '6.jpg', reason: 'tooMany' },
      { fileName: '7.jpg', reason: 'tooMany' },
    ]);
  });

  it('keeps all photos together within the total, and a refused photo takes no place', () => {
    const kept = [jpeg('1.jpg', 9 * MB), jpeg('2.jpg', 9 * MB)];
    const { admitted, refused } = admit(kept, [jpeg('big.jpg', 8 * MB), jpeg('small.jpg', 7 * MB)]);
    expect(PHOTO_LIMITS.bytesTotal).toBe(25 * MB);
    expect(refused).toEqual([{ fileName: 'big.jpg', reason: 'totalTooLarge' }]);
    expect(admitted.map((file) => file.name)).toEqual(['small.jpg']);
  });

  it('keeps a HEIC the browser cannot show (a file icon) and refuses any other file it cannot decode', () => {
    const heic = { name: 'IMG_0412.HEIC', size: MB, type: '' };
    expect(isHeic(heic)).toBe(true);
    expect(isHeic({ name: 'x', size: 1, type: 'image/heif' })).toBe(true);
    expect(afterPreview(heic, false)).toBe('icon');
    expect(afterPreview(heic, true)).toBe('preview');
    expect(afterPreview(jpeg('renamed-text.jpg'), false)).toBe('refuse');
    expect(afterPreview(jpeg('window.jpg'), true)).toBe('preview');
  });

  it('writes sizes as each language does: kilobytes below a megabyte, else megabytes', () => {
    const nbsp = (text: string) => text.replace(/\s/g, ' ');
    expect(nbsp(fileSize(2.5 * MB, 'sl'))).toBe('2,5 MB');
    expect(nbsp(fileSize(2.5 * MB, 'de'))).toBe('2,5 MB');
    expect(nbsp(fileSize(2.5 * MB, 'en'))).toBe('2.5 MB');
    expect(nbsp(fileSize(300 * 1024, 'en'))).toBe('300 kB');
    expect(nbsp(fileSize(20, 'sl'))).toBe('1 kB');
  });

  it('tells whole percent of an upload, 0 while its size is unknown', () => {
    expect(percentOf({ loaded: 0, total: 0 })).toBe(0);
    expect(percentOf({ loaded: 512, total: 1024 })).toBe(50);
    expect(percentOf({ loaded: 1023, total: 1024 })).toBe(99);
    expect(percentOf({ loaded: 1024, total: 1024 })).toBe(100);
  });
});

describe('a refused photo as a field error', () => {
  const refused = { name: 'IMG_0412.HEIC', reason: 'tooLarge' } as const;
  const params = withPhotoParams((message) => (message === 'form.errors.width' ? { min: 20, max: 1000 } : undefined), refused);

  it('names the file the answer names, and the limits; other messages keep the form own values', () => {
    expect(params('form.photos.errors.tooLarge')).toEqual({ name: 'IMG_0412.HEIC', max: 5, eachMb: 10, totalMb: 25 });
    expect(params('form.errors.width')).toEqual({ min: 20, max: 1000 });
    expect(params('form.errors.required')).toBeUndefined();
    expect(withPhotoParams(() => undefined, undefined)('form.photos.errors.notAnImage')).toMatchObject({ name: '' });
  });

  it.each(LOCALES)('is written out with the file name and the limits in %s, and reads without a name', (locale) => {
    const { t } = pageI18n(locale);
    const unnamed = withPhotoParams(() => undefined, undefined);
    for (const reason of PHOTO_REFUSALS) {
      const key = photoRefusalKey(reason);
      const text = t(key, params(key));
      expect(text, reason).toContain('IMG_0412.HEIC');
      expect(text, reason).not.toMatch(/\{\{|form\.photos/);
      // A refusal whose answer names no file: the name stands apart, so the sentence still reads.
      expect(t(key, unnamed(key)), reason).not.toMatch(/\{\{|^\s|\s:/);
    }
    expect(t('form.photos.limits', PHOTO_MESSAGE_NUMBERS)).toMatch(/5.*10 MB.*25 MB/);
  });
});

describe('where the photo field stands', () => {
  it('follows the named field in the order of focus and of the error list', () => {
    expect(withPhotoField(['content', 'terms'], 'content')).toEqual(['content', 'photos', 'terms']);
    expect(withPhotoField(['message', 'note', 'terms', 'marketingOptOut'], 'note')).toEqual(['message', 'note', 'photos', 'terms', 'marketingOptOut']);
    // A step without the field the photos follow has no photos.
    expect(withPhotoField(['nameAndSurname', 'email'], 'note')).toEqual(['nameAndSurname', 'email']);
  });
});
