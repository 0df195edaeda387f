/** The rules of the modal (as vue-final-modal v4), kept apart from the component so they are testable. */

/** Each open modal sits above the previous one; the odd z-index between them is for its overlay's peers. */
export function modalZIndex(position: number): number {
  return 1000 + 2 * Math.max(0, position);
}

export type SwipeDirection = 'up' | 'down' | 'left' | 'right';

/**
 * A finger that moved less than this was tapping, not swiping: a tap on Save whose finger drifts
 * a pixel must save, not close the panel as a quick swipe (about a browser's touch slop).
 */
export const TAP_SLOP_PX = 10;

/** Direction of a finished movement from its start and end points (the larger axis wins). */
export function swipeDirection(start: { x: number; y: number }, end: { x: number; y: number }): SwipeDirection | 'none' {
  const dx = start.x - end.x;
  const dy = start.y - end.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < TAP_SLOP_PX) return 'none';
  return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'left' : 'right') : dy > 0 ? 'up' : 'down';
}

export const SWIPE_DISTANCE_RATIO = 0.1;
export const SWIPE_QUICK_MS = 300;

/**
 * A swipe in the closing direction closes when it covered more than a tenth of the modal's size along
 * it, or was quick (300 ms or less); not when the finger was moving back at the end.
 */
export function shouldCloseOnSwipe(swipe: {
  direction: SwipeDirection | 'none';
  closeDirection: SwipeDirection;
  distance: number;
  size: number;
  durationMs: number;
  movingBack?: boolean;
}): boolean {
  if (swipe.direction !== swipe.closeDirection || swipe.movingBack) return false;
  return Math.abs(swipe.distance) > SWIPE_DISTANCE_RATIO * swipe.size || swipe.durationMs <= SWIPE_QUICK_MS;
}

interface Scrollable {
  tagName: string;
  scrollTop: number;
  scrollLeft: number;
  scrollHeight: number;
  scrollWidth: number;
  clientHeight: number;
  clientWidth: number;
  parentElement: Scrollable | null;
}

/**
 * A swipe never starts in a text field, nor in content that can still scroll towards the swipe (the
 * visitor is scrolling it): every element from the target up to the modal must be at its edge.
 */
export function canStartSwipe(target: Scrollable | null, modal: Scrollable, closeDirection: SwipeDirection): boolean {
  for (let el = target; el; el = el.parentElement) {
    if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return false;
    const atEdge =
      closeDirection === 'down'
        ? el.scrollTop === 0
        : closeDirection === 'up'
          ? el.scrollTop + el.clientHeight >= el.scrollHeight
          : closeDirection === 'right'
            ? el.scrollLeft === 0
            : el.scrollLeft + el.clientWidth >= el.scrollWidth;
    if (!atEdge) return false;
    if (el === modal) return true;
  }
  return false;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element Tab should move to, to keep focus inside the modal; null lets the browser move it. */
export function trapTarget(container: ParentNode, active: Element | null, backwards: boolean): HTMLElement | null {
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return null;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const inside = !!active && items.includes(active as HTMLElement);
  if (backwards && (active === first || !inside)) return last;
  if (!backwards && (active === last || !inside)) return first;
  return null;
}
