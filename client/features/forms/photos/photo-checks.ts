import { PHOTO_ACCEPT, PHOTO_LIMITS, type PhotoRefusal } from '../../../../shared/forms/photos';

/**
 * The browser's early checks of the photos a visitor chooses, with the limits the site enforces
 * (shared/forms/photos.ts): the visitor hears at once what the site would refuse after the upload.
 * The site still decodes every photo; these checks only spare a wasted upload.
 */

/** What the checks read of a file (a `File` has it; tests pass plain objects). */
export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

export interface Refusal {
  fileName: string;
  reason: PhotoRefusal;
}

const ACCEPTED_TYPES: readonly string[] = PHOTO_ACCEPT.filter((entry) => !entry.startsWith('.'));
const ACCEPTED_ENDINGS: readonly string[] = PHOTO_ACCEPT.filter((entry) => entry.startsWith('.'));
const HEIC_TYPES = ['image/heic', 'image/heif'];
const HEIC_ENDINGS = ['.heic', '.heif'];

const ending = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** In the picker's `accept` list: by the type the browser reports, or by the name's ending (HEIC often has no type). */
export function isAcceptedType(file: FileFacts): boolean {
  return ACCEPTED_TYPES.includes(file.type.toLowerCase()) || ACCEPTED_ENDINGS.includes(ending(file.name));
}

/**
 * HEIC or HEIF: most browsers other than Safari cannot show it, and the site decodes it, so a failed
 * preview is no reason to refuse it.
 */
export function isHeic(file: FileFacts): boolean {
  return HEIC_TYPES.includes(file.type.toLowerCase()) || HEIC_ENDINGS.includes(ending(file.name));
}

/**
 * Which of the newly chosen files join the ones already kept, in the order chosen, and why each
 * other one does not: a type outside the list, larger than one photo may be, one too many, or more
 * than all photos together may be. A refused file takes no place, so a later smaller one may fit.
 */
export function admit<T extends FileFacts>(kept: readonly FileFacts[], chosen: readonly T[]): { admitted: T[]; refused: Refusal[] } {
  const admitted: T[] = [];
  const refused: Refusal[] = [];
  let count = kept.length;
  let total = kept.reduce((sum, file) => sum + file.size, 0);
  for (const file of chosen) {
    const reason: PhotoRefusal | undefined = !isAcceptedType(file)
      ? 'notAnImage'
      : file.size > PHOTO_LIMITS.bytesEach
        ? 'tooLarge'
        : count >= PHOTO_LIMITS.count
          ? 'tooMany'
          : total + file.size > PHOTO_LIMITS.bytesTotal
            ? 'totalTooLarge'
            : undefined;
    if (reason) {
      refused.push({ fileName: file.name, reason });
    } else {
      admitted.push(file);
      count += 1;
      total += file.size;
    }
  }
  return { admitted, refused };
}

/**
 * What a failed preview means: a HEIC the browser cannot show is kept (with a file icon); any other
 * file the browser cannot decode is not an image.
 */
export function afterPreview(file: FileFacts, decoded: boolean): 'preview' | 'icon' | 'refuse' {
  if (decoded) return 'preview';
  return isHeic(file) ? 'icon' : 'refuse';
}
