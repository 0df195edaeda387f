import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';
import { canStartSwipe, modalZIndex, shouldCloseOnSwipe, swipeDirection, trapTarget, type SwipeDirection } from './modal-rules';

/** Open modals, bottom first: the z-index of each and who answers Escape. */
const stack: symbol[] = [];

interface ModalProps {
  /** Called on Escape, a click on the overlay, the close swipe; the owner unmounts the modal. */
  onClose: () => void;
  /** The id of the element naming the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Where the panel sits: `right` is a full-height bar on the right, `center` a box. */
  placement?: 'right' | 'center';
  /** The swipe that closes it (touch). Defaults to towards its edge. */
  swipeToClose?: SwipeDirection | 'none';
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog, rendered into <body> (in the browser only): stacked z-index, focus kept inside and
 * given back on close, Escape closes the topmost, swipe to close on touch screens.
 */
export function Modal({ onClose, labelledBy, describedBy, placement = 'center', swipeToClose, className, children }: ModalProps) {
  const [key] = useState(() => Symbol('modal'));
  const [zIndex, setZIndex] = useState(() => modalZIndex(stack.length));
  const panel = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const close = swipeToClose ?? (placement === 'right' ? 'right' : 'down');
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const instanceId = useId();

  useEffect(() => {
    stack.push(key);
    setZIndex(modalZIndex(stack.indexOf(key)));
    const returnTo = document.activeElement as HTMLElement | null;
    const el = panel.current!;
    (el.querySelector<HTMLElement>('[data-autofocus]') ?? el).focus();
    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== key) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const target = trapTarget(el, document.activeElement, event.shiftKey);
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(key), 1);
      // Back to where the visitor was, if that is still on the page.
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [key]);

  // Touch only: a mouse drag selects text.
  const swipe = useRef<{ x: number; y: number; time: number; last: number; back: boolean } | null>(null);
  const horizontal = close === 'left' || close === 'right';
  const sign = close === 'right' || close === 'down' ? 1 : -1;
  const onTouchStart = (event: React.TouchEvent) => {
    const touch = event.touches[0];
    if (close === 'none' || !touch || !canStartSwipe(event.target as HTMLElement, panel.current!, close as SwipeDirection)) return;
    swipe.current = { x: touch.clientX, y: touch.clientY, time: Date.now(), last: 0, back: false };
  };
  const onTouchMove = (event: React.TouchEvent) => {
    const touch = event.touches[0];
    const s = swipe.current;
    if (!s || !touch) return;
    const moved = Math.max(0, sign * (horizontal ? touch.clientX - s.x : touch.clientY - s.y));
    s.back = moved < s.last;
    s.last = moved;
    setOffset(moved);
  };
  const onTouchEnd = (event: React.TouchEvent) => {
    const touch = event.changedTouches[0];
    const s = swipe.current;
    swipe.current = null;
    setOffset(0);
    if (!s || !touch || close === 'none') return;
    const el = panel.current!;
    const end = { x: touch.clientX, y: touch.clientY };
    const distance = horizontal ? end.x - s.x : end.y - s.y;
    const size = horizontal ? el.offsetWidth : el.offsetHeight;
    if (
      shouldCloseOnSwipe({
        direction: swipeDirection(s, end),
        closeDirection: close as SwipeDirection,
        distance,
        size,
        durationMs: Date.now() - s.time,
        movingBack: s.back,
      })
    ) {
      onCloseRef.current();
    }
  };

  return createPortal(
    <div className={`modal modal--${placement}${className ? ` ${className}` : ''}`} style={{ zIndex }} data-modal={instanceId}>
      <div className="modal__overlay" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panel}
        className="modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        style={offset ? { transform: `translate${horizontal ? 'X' : 'Y'}(${sign * offset}px)` } : undefined}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => {
          swipe.current = null;
          setOffset(0);
        }}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
