import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/AppLink';
import { Footer } from './Footer';
import { Header } from './Header';
import { HeadSync } from './HeadSync';
import { useLayout } from './use-layout';

function NotificationBar() {
  const { init } = useLayout();
  const notification = init.notification;
  if (!notification) return null;
  return (
    <div className={`notification notification--${notification.level}`}>
      <div className="container">
        {notification.link ? <AppLink link={notification.link}>{notification.message}</AppLink> : notification.message}
      </div>
    </div>
  );
}

/** The default layout that wraps every page, the 404 page and route errors included. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <>
      <HeadSync />
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <NotificationBar />
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
