/**
 * The progress of the post with files under way, which the photo field shows. Apart from the upload
 * itself (upload.ts), which loads only when a post has files: the field is on the page from its first
 * load, the sending code is not.
 */

export interface UploadProgress {
  loaded: number;
  total: number;
}

let current: UploadProgress | null = null;
const listeners = new Set<() => void>();

/** Told by the upload as its body goes up (upload.ts); null once it has ended. */
export function publish(progress: UploadProgress | null): void {
  current = progress;
  for (const listener of listeners) listener();
}

/** The upload under way (null when none), for `useSyncExternalStore`. */
export const uploadProgress = {
  get: (): UploadProgress | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whole percent of an upload; 0 before its size is known. */
export function percentOf(progress: UploadProgress): number {
  return progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
}
