import { useEffect, useRef, type ChangeEvent } from 'react';
import { PHOTO_ACCEPT, PHOTO_FIELD, type KeptPhoto } from '../../../../shared/forms/photos';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../runtime/use-hydrated';
import { describedBy, FieldError } from '../fields';
import { KeptPhotos } from './KeptPhotos';
import { fileSize } from './file-size';
import { PHOTO_MESSAGE_NUMBERS, photoRefusalKey } from './photo-messages';
import type { Photos } from './use-photos';

/**
 * The photos of an inquiry or a service request. Without JavaScript it is a plain file input (the
 * form posts multipart/form-data, the site refuses what it cannot take and the form comes back with
 * the refusal); once the page runs, the input is opened by a button, every choice adds to the photos
 * kept by the form, each shown with a preview, its size and a button that removes it, and a photo
 * the checks refuse is named at once with the reason.
 */
export interface PhotoFieldProps {
  /** Prefix of the element ids (the form's name). */
  form: string;
  /** The locale key of what to photograph for this form. */
  hint: string;
  photos: Photos;
  /** The site's refusal (a field error on `photos`), until the visitor changes the photos. */
  error: string | undefined;
  /** The form came back from a post with errors: without JavaScript its photos were not kept. */
  returned: boolean;
  /** The photos the server keeps for this form without JavaScript (an inquiry's draft), listed above the input. */
  kept?: readonly KeptPhoto[];
  /** The visitor added photos (the site's refusal no longer applies). */
  onChange: () => void;
}

export function PhotoField({ form, hint, photos, error, returned, kept = [], onChange }: PhotoFieldProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  // Only a page the server rendered with the answer lost the photos; in the browser the form keeps them.
  const cameBack = useRef(!hydrated && returned).current;
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /** The place in the list of a photo just removed: focus goes to its neighbour's button, not to the page. */
  const removedAt = useRef<number | null>(null);
  const id = `${form}-${PHOTO_FIELD}`;
  const ids = { label: `${id}-label`, hint: `${id}-hint`, limits: `${id}-limits`, error: `${id}-error` };
  const { items, refused } = photos;
  const hasError = Boolean(error) || refused.length > 0;
  const described = describedBy(ids.hint, ids.limits, hasError && ids.error);

  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
    (buttons?.[Math.min(at, buttons.length - 1)] ?? addButton.current)?.focus();
  }, [items]);

  // Files chosen before the page ran are in the plain input: the form takes them over.
  useEffect(() => {
    const early = input.current;
    if (!hydrated || !early?.files?.length) return;
    photos.add([...early.files]);
    early.value = '';
    onChange();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page starts to run (the handlers are no reason to run again)
  }, [hydrated]);

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    // Emptied, so choosing the same file again is a change, and the input never posts on its own.
    event.currentTarget.value = '';
    if (files.length === 0) return;
    photos.add(files);
    onChange();
  }

  return (
    <div className="field photo-field" role={hydrated ? 'group' : undefined} aria-labelledby={hydrated ? ids.label : undefined}>
      <label htmlFor={id} id={ids.label}>
        {t('form.photos.label')}
      </label>
      <p className="field__hint" id={ids.hint}>
        {t(hint)}
      </p>
      <p className="field__hint" id={ids.limits}>
        {t('form.photos.limits', PHOTO_MESSAGE_NUMBERS)}
      </p>
      {/* With JavaScript the form holds its photos itself: the server's are a plain form's. */}
      {hydrated ? null : <KeptPhotos id={id} photos={kept} />}
      {cameBack && items.length === 0 ? <p className="field__hint photo-field__again">{t('form.photos.chooseAgain')}</p> : null}
      <input
        ref={input}
        id={id}
        type="file"
        // Without JavaScript the input posts the files; with it the form posts the photos it keeps.
        name={hydrated ? undefined : PHOTO_FIELD}
        multiple
        accept={PHOTO_ACCEPT.join(',')}
        className={hydrated ? 'visually-hidden' : undefined}
        tabIndex={hydrated ? -1 : undefined}
        data-field={hydrated ? undefined : PHOTO_FIELD}
        aria-invalid={hasError || undefined}
        aria-describedby={described}
        onChange={chosen}
      />
      {hydrated ? (
        <>
          <div className="photo-field__bar">
            <button
              ref={addButton}
              type="button"
              className="button button--ghost"
              data-field={PHOTO_FIELD}
              aria-describedby={described}
              onClick={() => input.current?.click()}
            >
              {t('form.photos.add')}
            </button>
            <p className="photo-field__count" aria-live="polite">
              {t('form.photos.chosen', { n: items.length, max: PHOTO_MESSAGE_NUMBERS.max })}
            </p>
          </div>
          {items.length ? (
            <ul className="photo-list" ref={list}>
              {items.map((item, index) => (
                <li key={item.id} className="photo-list__item">
                  {item.view === 'icon' ? (
                    <FileIcon />
                  ) : (
                    <img
                      className="photo-list__preview"
                      src={item.url}
                      alt=""
                      onLoad={() => photos.previewed(item.id, true)}
                      onError={() => photos.previewed(item.id, false)}
                    />
                  )}
                  <span className="photo-list__text">
                    <span className="photo-list__name">{item.file.name}</span>
                    <span className="photo-list__size">
                      {fileSize(item.file.size, i18n.language)}
                      {item.view === 'icon' ? ` · ${t('form.photos.noPreview')}` : null}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="photo-list__remove"
                    aria-label={t('form.photos.remove', { name: item.file.name })}
                    onClick={() => {
                      removedAt.current = index;
                      photos.remove(item.id);
                    }}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {error ? (
        <FieldError id={ids.error} message={error} />
      ) : refused.length ? (
        <div className="field__error" id={ids.error} role="alert">
          <span className="visually-hidden">{t('form.errorPrefix')} </span>
          <ul className="photo-field__refused">
            {refused.map((refusal, index) => (
              <li key={`${refusal.fileName}-${index}`}>{t(photoRefusalKey(refusal.reason), { ...PHOTO_MESSAGE_NUMBERS, name: refusal.fileName })}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The preview of a photo the browser cannot show (HEIC outside Safari): a picture's outline. */
function FileIcon() {
  return (
    <span className="photo-list__preview photo-list__preview--icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
        <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <circle cx="9" cy="9.5" r="1.8" fill="currentColor" />
        <path d="M4 18l5-5 3.5 3.5L16 13l4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
