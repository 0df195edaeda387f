import { useEffect } from 'react';
import { Form, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { staffCan } from '../../shared/api/staff';
import { adminPath, ADMIN_SCREENS, type AdminScreen } from '../../shared/admin/routes';
import { useShell } from './use-shell';

/** The screens the menu offers, in order, to the members whose role may open them. */
const MENU: AdminScreen[] = ['inbox', 'content', 'team', 'audit', 'account'];

/**
 * Around every staff screen: the area's name, the menu of what the member may open, and signing out;
 * before signing in, the language of the screens. Built for a phone first: the menu wraps under the name.
 */
export function Shell() {
  const { t } = useTranslation();
  const { member, locale, languages } = useShell();
  const { pathname, search } = useLocation();
  // Hydrated: what the e2e suite waits for before it clicks (as on the public pages, client/layout/Layout.tsx).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  const withLang = (code: string) => {
    const query = new URLSearchParams(search);
    query.set('lang', code);
    return `${pathname}?${query}`;
  };
  const allowed = (name: AdminScreen) => {
    const access = ADMIN_SCREENS[name].access;
    return member !== null && (access === 'signedIn' || access === 'anyone' || staffCan(member.role, access));
  };
  return (
    <>
      <a className="admin-skip" href="#admin-main">
        {t('shell.skip')}
      </a>
      <header className="admin-header">
        <p className="admin-header__name">{t('shell.name')}</p>
        {member ? (
          <nav aria-label={t('shell.menu')}>
            <ul className="admin-menu">
              {MENU.filter(allowed).map((name) => (
                <li key={name}>
                  <NavLink to={adminPath(name)} end>
                    {t(`titles.${name}`)}
                  </NavLink>
                </li>
              ))}
              <li>
                <Form method="post" action={adminPath('account')} reloadDocument>
                  <input type="hidden" name="intent" value="logout" />
                  <button type="submit" className="admin-link-button">
                    {t('account.logout')}
                  </button>
                </Form>
              </li>
            </ul>
          </nav>
        ) : (
          <nav aria-label={t('shell.language')}>
            <ul className="admin-menu">
              {languages.map(({ code, name }) => (
                <li key={code}>
                  <a href={withLang(code)} aria-current={code === locale ? 'true' : undefined} lang={code} hrefLang={code}>
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
