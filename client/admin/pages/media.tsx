import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '../../../shared/api/staff-media';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { adminPath } from '../../../shared/admin/routes';
import { PHOTO_ACCEPT, PHOTO_FIELD } from '../../../shared/forms/photos';
import { LOCALES } from '../../../shared/locales';
import { AdminForm, Done, FileField, TextField } from '../AdminForm';
import { dateTime } from '../format';
import { useShell } from '../use-shell';
import { PhotoThumbnail } from '../PhotoThumbnail';

/**
 * The editors' photos: upload one (JPEG, PNG, WebP or HEIC) with what it shows in every language, and
 * the list an image in the content editor is picked from.
 */
export default function Media() {
  const { t } = useTranslation();
  const { items } = useLoaderData() as AdminScreenData['media'];
  const [search] = useSearchParams();
  const done = search.get('done');
  return (
    <section aria-labelledby="media-title">
      <p>
        <Link to={adminPath('content')}>{t('titles.content')}</Link>
      </p>
      <h1 id="media-title">{t('titles.media')}</h1>
      <p>{t('media.intro')}</p>
      <Done message={done ? t(`media.done.${done}`, { defaultValue: '' }) : null} />

      <h2>{t('media.upload')}</h2>
      <AdminForm name="upload" intent="upload" submitLabel={t('media.upload')} encType="multipart/form-data">
        <FileField name={PHOTO_FIELD} label={t('media.photo')} hint={t('media.photoHint')} accept={PHOTO_ACCEPT.join(',')} required />
        <AltFields />
      </AdminForm>

      <h2>{t('media.list')}</h2>
      {items.length === 0 ? <p>{t('media.none')}</p> : null}
      <ul className="admin-media-list">
        {items.map((item) => (
          <MediaEntry key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

/** What the photo shows, for someone who cannot see it: required in every language. */
function AltFields({ values }: { values?: MediaItem['alt'] }) {
  const { t } = useTranslation();
  return (
    <>
      {LOCALES.map((l) => (
        <TextField
          key={l}
          name={`alt.${l}`}
          label={t('media.alt', { language: t(`content.languages.${l}`) })}
          hint={l === 'sl' ? t('media.altHint') : undefined}
          defaultValue={values?.[l]}
          required
        />
      ))}
    </>
  );
}

function MediaEntry({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  const { locale } = useShell();
  return (
    <li className="admin-media-item">
      <PhotoThumbnail image={item} alt={item.alt[locale]} />
      <div>
        <p className="admin-media-item__alt">{item.alt[locale]}</p>
        <p className="admin-field__hint">
          {item.name} · {item.width} × {item.height} · {t('media.by', { by: item.by, at: dateTime(item.createdAt, locale) })}
        </p>
        <details>
          <summary>{t('media.changeAlt')}</summary>
          <AdminForm name={`alt-${item.id}`} intent="alt" submitLabel={t('media.saveAlt')}>
            <input type="hidden" name="id" value={item.id} />
            <AltFields values={item.alt} />
          </AdminForm>
        </details>
      </div>
    </li>
  );
}
