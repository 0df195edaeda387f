import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Menu } from '../../shared/api/contract';
import { AppLink } from '../components/AppLink';
import { useHydrated } from '../runtime/use-hydrated';
import { useSubmenus } from './use-submenus';

/**
 * The main menu. On small screens it is the menu button's panel with every submenu shown; on wide
 * screens a bar whose submenus drop down. Without JavaScript they open on hover and focus (CSS); once
 * hydrated (`main-menu--enhanced`) their state is kept here, so Escape can close one and each
 * submenu's toggle button tells its state.
 */
export function MainMenu({ menu, open }: { menu: Menu; open: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const submenus = useSubmenus();
  // The server's markup and the hydrating render agree; the state takes over after.
  const enhanced = useHydrated();

  const className = ['main-menu', open && 'main-menu--open', enhanced && 'main-menu--enhanced'].filter(Boolean).join(' ');
  return (
    <nav id="main-menu" className={className} aria-label={menu.title}>
      <ul className="container">
        {menu.items.map((item, i) => {
          if (!item.children?.length) {
            return (
              <li key={i}>
                <AppLink link={item.link}>{item.title}</AppLink>
              </li>
            );
          }
          const subId = `${id}-sub-${i}`;
          const expanded = submenus.isOpen(i);
          return (
            <li key={i} className={expanded ? 'main-menu__item main-menu__item--open' : 'main-menu__item'} {...submenus.itemProps(i)}>
              <AppLink link={item.link}>{item.title}</AppLink>
              <button
                type="button"
                className="main-menu__toggle"
                aria-controls={subId}
                // Without JavaScript the button only opens the submenu by taking focus: no state to tell.
                aria-expanded={enhanced ? expanded : undefined}
                onClick={() => submenus.toggle(i)}
              >
                <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                  <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
                <span className="visually-hidden">{t('header.submenu', { title: item.title })}</span>
              </button>
              <ul className="main-menu__sub" id={subId}>
                {item.children.map((child, j) => (
                  <li key={j}>
                    <AppLink link={child.link}>{child.title}</AppLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
