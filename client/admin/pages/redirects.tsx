import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { adminPath } from '../../../shared/admin/routes';
import { AdminForm, Done, TextField } from '../AdminForm';
import { Problems } from '../ContentFields';

/** The redirects table: old addresses and where they send visitors; added by hand or by a renamed page. */
export default function Redirects() {
  const { t } = useTranslation();
  const { redirects } = useLoaderData() as AdminScreenData['redirects'];
  const [search] = useSearchParams();
  const done = search.get('done');
  return (
    <section aria-labelledby="redirects-title">
      <p>
        <Link to={adminPath('content')}>{t('titles.content')}</Link>
      </p>
      <h1 id="redirects-title">{t('titles.redirects')}</h1>
      <p>{t('redirects.intro')}</p>
      <Done message={done ? t(`redirects.done.${done}`, { defaultValue: '' }) : null} />
      {redirects.length === 0 ? <p>{t('redirects.none')}</p> : null}
      <ul className="admin-content-list">
        {redirects.map((redirect) => (
          <li key={redirect.id}>
            <code>{redirect.from}</code> → <code>{redirect.to}</code>
            <AdminForm name={`delete-${redirect.id}`} intent="delete" submitLabel={t('redirects.delete')} className="admin-form admin-form--inline" danger>
              <input type="hidden" name="id" value={redirect.id} />
            </AdminForm>
          </li>
        ))}
      </ul>
      <h2>{t('redirects.add')}</h2>
      <Problems form="add" translate />
      <AdminForm name="add" intent="add" submitLabel={t('redirects.add')}>
        <TextField name="from" label={t('redirects.from')} required />
        <TextField name="to" label={t('redirects.to')} required />
      </AdminForm>
    </section>
  );
}
