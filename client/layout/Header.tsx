import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../shared/routes';
import { marketPhone } from '../../shared/showrooms';
import { phoneText, telHref } from '../../shared/format';
import { SearchBox } from '../components/SearchBox';
import { useHydrated } from '../runtime/use-hydrated';
import { LocaleSwitcher } from './LocaleSwitcher';
import { MainMenu } from './MainMenu';
import { useLayout } from './use-layout';

const SEARCH_ID = 'site-search-box';

/**
 * The market's phone, always in the header bar: on a phone it is the quickest way to a lead (an icon
 * button there, with the number for screen readers; the number itself on wider screens).
 */
function CallLink({ phone }: { phone: string }) {
  const { t } = useTranslation();
  return (
    <a className="call-link" href={telHref(phone)} aria-label={t('header.call', { phone })}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
        />
      </svg>
      <span className="call-link__number">{phoneText(phone)}</span>
    </a>
  );
}

export function Header() {
  const { locale, init, settings } = useLayout();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  // Close the mobile menu and search after a navigation.
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
    setSearchOpen(false);
  }
  // Opened from its button, the search is for typing at once.
  useEffect(() => {
    if (searchOpen) document.querySelector<HTMLInputElement>(`#${SEARCH_ID} input`)?.focus();
  }, [searchOpen]);
  const main = init.menus.find((m) => m.key === 'main');
  const hydrated = useHydrated();
  const menuIcon = (
    <>
      <span aria-hidden="true">☰</span>
      <span className="visually-hidden">{t('header.menu')}</span>
    </>
  );
  const searchIcon = (
    <>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12.6 12.6 17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{t('header.openSearch')}</span>
    </>
  );
  const state = `${open ? ' site-header--menu-open' : ''}${searchOpen ? ' site-header--search-open' : ''}`;
  return (
    <header className={`site-header${state}`}>
      <div className="container site-header__bar">
        <Link className="brand" to={pathTo('index', locale)} aria-label={t('header.home', { name: settings.company_name })}>
          <svg className="brand__mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect x="3" y="4" width="26" height="24" rx="2" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M6 9h20M6 13h20M6 17h20M6 21h20" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="brand__name">{settings.company_name}</span>
        </Link>
        {/* Phones: the search box behind a button, so the header is one row and the page starts near the top. */}
        {hydrated ? (
          <button type="button" className="search-toggle" aria-expanded={searchOpen} aria-controls={SEARCH_ID} onClick={() => setSearchOpen((v) => !v)}>
            {searchIcon}
          </button>
        ) : (
          <a href={`#${SEARCH_ID}`} className="search-toggle">
            {searchIcon}
          </a>
        )}
        <SearchBox locale={locale} id={SEARCH_ID} />
        {/* The way to a quote from every page, beside the call button: words short enough for a phone's row and for one desktop row. */}
        <Link className="quote-link" to={pathTo('inquiry', locale)}>
          {t('header.quote')}
        </Link>
        <CallLink phone={marketPhone(settings, locale)} />
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
