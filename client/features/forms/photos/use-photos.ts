import { useCallback, useEffect, useRef, useState } from 'react';
import type { Refusal } from './photo-checks';

/** The checks load with the first photo chosen: the page's first load needs none of them (its JavaScript budget). */
const checks = () => import('./photo-checks');

/** A photo the visitor chose: the file, the address its preview reads, and what the preview showed. */
export interface ChosenPhoto {
  id: number;
  file: File;
  url: string;
  /** `checking` until the browser has tried to show it; `icon` for a HEIC it cannot show. */
  view: 'checking' | 'preview' | 'icon';
}

export interface Photos {
  items: readonly ChosenPhoto[];
  /** Why files of the last choice were not added (cleared by the next choice). */
  refused: readonly Refusal[];
  add: (files: readonly File[]) => void;
  remove: (id: number) => void;
  /** The browser showed or failed to show a photo's preview (its `<img>` loaded or not). */
  previewed: (id: number, decoded: boolean) => void;
  /** The files to post, in the order chosen. */
  files: () => File[];
}

let nextId = 1;

/**
 * The photos of a form while the page runs. The form holds them (not the field), so they outlive a
 * step the field is not on; each preview's object URL is revoked when its photo is removed, when the
 * form is sent (`sent`), and when the form goes away.
 */
export function usePhotos(sent: boolean): Photos {
  const [items, setItems] = useState<readonly ChosenPhoto[]>([]);
  const [refused, setRefused] = useState<readonly Refusal[]>([]);
  // The photos as of the last change, read by handlers that run before React renders it (two quick choices).
  const latest = useRef(items);
  const update = useCallback((next: readonly ChosenPhoto[]) => {
    latest.current = next;
    setItems(next);
  }, []);

  useEffect(() => () => latest.current.forEach((item) => URL.revokeObjectURL(item.url)), []);

  useEffect(() => {
    if (!sent) return;
    latest.current.forEach((item) => URL.revokeObjectURL(item.url));
    update([]);
    setRefused([]);
  }, [sent, update]);

  const add = useCallback(
    (files: readonly File[]) =>
      void checks().then(({ admit }) => {
        const { admitted, refused: now } = admit(
          latest.current.map((item) => item.file),
          files,
        );
        const added = admitted.map((file): ChosenPhoto => ({ id: nextId++, file, url: URL.createObjectURL(file), view: 'checking' }));
        update([...latest.current, ...added]);
        setRefused(now);
      }),
    [update],
  );

  const remove = useCallback(
    (id: number) => {
      const item = latest.current.find((photo) => photo.id === id);
      if (item) URL.revokeObjectURL(item.url);
      update(latest.current.filter((photo) => photo.id !== id));
    },
    [update],
  );

  const previewed = useCallback(
    (id: number, decoded: boolean) =>
      void checks().then(({ afterPreview }) => {
        const item = latest.current.find((photo) => photo.id === id);
        if (!item || item.view !== 'checking') return;
        const outcome = afterPreview(item.file, decoded);
        if (outcome === 'refuse') {
          URL.revokeObjectURL(item.url);
          update(latest.current.filter((photo) => photo.id !== id));
          setRefused((current) => [...current, { fileName: item.file.name, reason: 'notAnImage' }]);
        } else {
          update(latest.current.map((photo) => (photo.id === id ? { ...photo, view: outcome } : photo)));
        }
      }),
    [update],
  );

  const files = useCallback(() => latest.current.map((item) => item.file), []);

  return { items, refused, add, remove, previewed, files };
}
