import { Link, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PREVIEW_PARAM } from '../../../shared/api/staff-content';
import { COMPANY_YEARS_PLACEHOLDER } from '../../../shared/company-years';
import type { AdminActionData, AdminScreenData } from '../../../shared/admin/screens';
import { adminPath } from '../../../shared/admin/routes';
import { LOCALES } from '../../../shared/locales';
import { AdminForm, Done, TextField } from '../AdminForm';
import { ObjectFields, Problems } from '../ContentFields';
import { dateTime } from '../format';
import { useShell } from '../use-shell';

/**
 * One entity in the seed's format: the fields every language shares, then the three languages side by
 * side (stacked on a phone); saving makes the draft, which a preview link shows on the real site and
 * publishing puts there, now or at a time. Every publish is a revision that can become the draft again.
 */
export default function ContentEdit() {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { entity, media } = useLoaderData() as AdminScreenData['contentEdit'];
  const answer = useActionData() as AdminActionData | undefined;
  const [search] = useSearchParams();
  const done = search.get('done');
  const { kind, draft, published, revisions, linkTargets } = entity;
  const json = (answer?.working ?? draft?.json ?? published) as Record<string, unknown>;
  const title = (json?.[locale] as { title?: string } | undefined)?.title ?? t(`content.kinds.${kind}`);
  const localized = LOCALES.filter((l) => json && typeof json[l] === 'object' && json[l] !== null);
  const shared = Object.fromEntries(Object.entries(json ?? {}).filter(([k]) => !(LOCALES as readonly string[]).includes(k)));
  const preview = answer?.form === 'preview' ? answer.preview : undefined;

  return (
    <section aria-labelledby="content-edit-title">
      <p>
        <Link to={adminPath('contentList', { kind })}>{t(`content.kinds.${kind}`)}</Link>
      </p>
      <h1 id="content-edit-title">{title}</h1>
      <p className="admin-field__hint">
        {t(published === null ? 'content.notPublished' : 'content.published')}
        {' · '}
        {draft ? t('content.draftBy', { by: draft.by, at: dateTime(draft.updatedAt, locale) }) : t('content.noDraft')}
        {draft?.publishAt ? ` · ${t('content.scheduledFor', { at: dateTime(draft.publishAt, locale) })}` : ''}
      </p>
      <Done message={done ? t(`content.done.${done}`, { defaultValue: '' }) : null} />

      {draft ? (
        <div className="admin-content-actions">
          <AdminForm name="publish" intent="publish" submitLabel={t('content.publish')} className="admin-form admin-form--inline" />
          <AdminForm name="preview" intent="preview" submitLabel={t('content.preview')} className="admin-form admin-form--inline" />
          <AdminForm name="discard" intent="discard" submitLabel={t('content.discard')} className="admin-form admin-form--inline" danger />
        </div>
      ) : null}
      <Problems form="publish" />
      {preview ? (
        <div className="admin-message admin-message--done" role="status">
          <p>{t('content.previewLinks', { until: dateTime(preview.expiresAt, locale) })}</p>
          <ul>
            {LOCALES.map((l) => (
              <li key={l}>
                <a href={`${preview.paths[l]}?${PREVIEW_PARAM}=${preview.token}`} target="_blank" rel="noopener" lang={l}>
                  {t(`content.languages.${l}`)}: {preview.paths[l]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Problems form="edit" />
      {JSON.stringify(json ?? {}).includes(COMPANY_YEARS_PLACEHOLDER) ? (
        <p className="admin-field__hint">{t('content.yearsPlaceholder', { placeholder: COMPANY_YEARS_PLACEHOLDER })}</p>
      ) : null}
      <AdminForm name="edit" intent="save" submitLabel={t('content.saveDraft')} className="admin-form admin-content-form">
        {answer?.working ? <input type="hidden" name="working" value={JSON.stringify(answer.working)} /> : null}
        {Object.keys(shared).length > 0 ? (
          <fieldset className="admin-content-group">
            <legend>{t('content.common')}</legend>
            <ObjectFields value={shared} path={[]} targets={linkTargets} media={media} />
          </fieldset>
        ) : null}
        <div className="admin-languages">
          {localized.map((l) => (
            <fieldset key={l} className="admin-content-language" lang={l}>
              <legend>{t(`content.languages.${l}`)}</legend>
              <ObjectFields value={json[l]} path={[l]} targets={linkTargets} media={media} />
            </fieldset>
          ))}
        </div>
        <TextField name="publishAt" type="datetime-local" label={t('content.publishAt')} defaultValue={draft?.publishAt ? draft.publishAt.slice(0, 16) : ''} />
      </AdminForm>

      {published !== null && kind !== 'home' && kind !== 'settings' && kind !== 'seo' ? (
        <AdminForm name="unpublish" intent="unpublish" submitLabel={t('content.unpublish')} className="admin-form admin-form--inline" danger />
      ) : null}
      <Problems form="unpublish" />

      <h2>{t('content.revisions')}</h2>
      {revisions.length === 0 ? <p>{t('content.noRevisions')}</p> : null}
      <ul className="admin-content-list">
        {revisions.map((revision) => (
          <li key={revision.id}>
            {t(`content.revisionActions.${revision.action}`, { by: revision.by, at: dateTime(revision.at, locale) })}
            {revision.action !== 'unpublish' ? (
              <AdminForm name={`restore-${revision.id}`} intent="restore" submitLabel={t('content.restore')} className="admin-form admin-form--inline">
                <input type="hidden" name="revision" value={revision.id} />
              </AdminForm>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
