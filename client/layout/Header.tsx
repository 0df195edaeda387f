import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { pathTo } from '../../shared/routes';
import { SearchBox } from '../components/SearchBox';
import { useHydrated } from '../runtime/use-hydrated';
import { LocaleSwitcher } from './LocaleSwitcher';
import { MainMenu } from './MainMenu';
import { useLayout } from './use-layout';

export function Header() {
  const { locale, init, settings } = useLayout();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  // Close the mobile menu after a navigation.
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  const main = init.menus.find((m) => m.key === 'main');
  const hydrated = useHydrated();
  const menuIcon = (
    <>
      <span aria-hidden="true">☰</span>
      <span className="visually-hidden">{t('header.menu')}</span>
    </>
  );
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link className="brand" to={pathTo('index', locale)} aria-label={t('header.home', { name: settings.company_name })}>
          <svg className="brand__mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect x="3" y="4" width="26" height="24" rx="2" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M6 9h20M6 13h20M6 17h20M6 21h20" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="brand__name">{settings.company_name}</span>
        </Link>
        <SearchBox locale={locale} />
        {/* The same link for everyone (pages stay cacheable); signed in, the login leads to the profile. */}
        <Link className="account-link" to={pathTo('login', locale)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <circle cx="10" cy="7" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M3 18c1.2-3.5 4-5 7-5s5.8 1.5 7 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <span className="account-link__label">{t('header.account')}</span>
        </Link>
        <LocaleSwitcher />
        {hydrated ? (
          <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen((v) => !v)}>
            {menuIcon}
          </button>
        ) : (
          // Without JavaScript, a link to the menu, which opens as the page's target (`:target`).
          <a href="#main-menu" className="menu-toggle">
            {menuIcon}
          </a>
        )}
      </div>
      {main ? <MainMenu menu={main} open={open} /> : null}
    </header>
  );
}
