import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/AppLink';
import { ConsentHost } from '../features/consent/ConsentHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { HeadSync } from './HeadSync';
import { useLayout } from './use-layout';
import { useHydrated } from '../runtime/use-hydrated';

function NotificationBar() {
  const { init } = useLayout();
  const { t } = useTranslation();
  const notification = init.notification;
  if (!notification) return null;
  return (
    // A named region, so no content is left outside a landmark.
    <section className={`notification notification--${notification.level}`} aria-label={t('layout.notification')}>
      <div className="container">{notification.link ? <AppLink link={notification.link}>{notification.message}</AppLink> : notification.message}</div>
    </section>
  );
}

/** The default layout that wraps every page, the 404 page and route errors included. */
export function Layout() {
  const { t } = useTranslation();
  // Once the page's enhanced markup (useHydrated) has committed, the whole page is live
  // (`html[data-hydrated]`, what the e2e suite waits for before it clicks).
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = '';
  }, [hydrated]);
  return (
    <>
      <HeadSync />
      {/* First in the tab order (a keyboard visitor meets the question at once), shown fixed at the bottom right. */}
      <ConsentHost />
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <NotificationBar />
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/* To the top after a navigation, to the hash's element, and back to where the visitor was on back/forward. */}
      <ScrollRestoration />
    </>
  );
}
