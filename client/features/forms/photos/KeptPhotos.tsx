import { useTranslation } from 'react-i18next';
import { REMOVE_PHOTO_FIELD, type KeptPhoto } from '../../../../shared/forms/photos';
import { PHOTO_MESSAGE_NUMBERS } from './photo-messages';

/**
 * The photos an inquiry's draft keeps (chosen on its last step before a Back or a refused Send,
 * docs/decisions/0051): each by its name, with a box that removes it when the form is posted. A plain
 * form can do no more: the photos stay on the server, and only their names come back.
 */
export function KeptPhotos({ id, photos }: { id: string; photos: readonly KeptPhoto[] }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <div className="photo-kept">
      <p className="photo-kept__title" id={`${id}-kept`}>
        {t('form.photos.keptTitle')}
      </p>
      <p className="field__hint">{t('form.photos.keptHint', PHOTO_MESSAGE_NUMBERS)}</p>
      <ul className="photo-list" aria-labelledby={`${id}-kept`}>
        {photos.map((photo) => (
          <li key={photo.id} className="photo-list__item photo-list__item--kept">
            <span className="photo-list__name">{photo.name}</span>
            <label className="photo-kept__remove">
              <input type="checkbox" name={REMOVE_PHOTO_FIELD} value={photo.id} aria-label={t('form.photos.remove', { name: photo.name })} />
              {t('form.photos.keptRemove')}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
