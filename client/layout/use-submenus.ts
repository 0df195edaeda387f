import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { useLocation } from 'react-router';

type State = { index: number | null; pinned: boolean };
const CLOSED: State = { index: null, pinned: false };

/**
 * Which desktop submenu is open, for content shown on hover or focus (WCAG 1.4.13): it opens when
 * the pointer or keyboard focus reaches its item and stays while either is on the item or its
 * submenu (hoverable, persistent); Escape closes it without moving the pointer (dismissible), and it
 * stays closed until the pointer or focus leaves the item and comes back. The toggle button opens it
 * for touch, where there is no hover ("pinned": it stays open until focus leaves).
 *
 * Focus opens a submenu only when the browser shows a focus ring (`:focus-visible`): a tap or click
 * on the toggle focuses it too, and opening on that focus would make the click's toggle close it.
 */
export function useSubmenus() {
  const [state, setState] = useState<State>(CLOSED);
  const hovered = useRef<number | null>(null);
  const items = useRef(new Map<number, HTMLLIElement>());
  const location = useLocation();

  // A navigation (a submenu link chosen) closes it: the new page is not to be covered.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setState(CLOSED);
  }

  const close = (index: number) => setState((s) => (s.index === index ? CLOSED : s));

  // On the document: the pointer can rest on a submenu while focus is elsewhere.
  const open = state.index;
  useEffect(() => {
    if (open === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setState(CLOSED);
      // Focus in the submenu would be left on a hidden link: it goes back to the item's toggle.
      const item = items.current.get(open);
      const sub = item?.querySelector('ul');
      if (sub?.contains(document.activeElement)) item?.querySelector<HTMLButtonElement>('button')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return {
    isOpen: (index: number) => state.index === index,

    itemProps: (index: number) => ({
      ref: (element: HTMLLIElement | null) => {
        if (element) items.current.set(index, element);
        else items.current.delete(index);
      },
      onPointerEnter(event: PointerEvent<HTMLLIElement>) {
        if (event.pointerType !== 'mouse') return;
        hovered.current = index;
        setState((s) => (s.index === index ? s : { index, pinned: false }));
      },
      onPointerLeave(event: PointerEvent<HTMLLIElement>) {
        if (event.pointerType !== 'mouse') return;
        hovered.current = null;
        // Keyboard focus inside keeps it open; so does the toggle's click (until focus leaves).
        if (event.currentTarget.querySelector(':focus-visible')) return;
        setState((s) => (s.index === index && !s.pinned ? CLOSED : s));
      },
      onFocus(event: FocusEvent<HTMLLIElement>) {
        const fromOutside = !event.currentTarget.contains(event.relatedTarget);
        if (fromOutside && event.target.matches(':focus-visible')) setState({ index, pinned: false });
      },
      onBlur(event: FocusEvent<HTMLLIElement>) {
        if (!event.currentTarget.contains(event.relatedTarget) && hovered.current !== index) close(index);
      },
    }),

    toggle: (index: number) => setState((s) => (s.index === index ? CLOSED : { index, pinned: true })),
  };
}
