import { describe, expect, it } from 'vitest';
import { canStartSwipe, modalZIndex, shouldCloseOnSwipe, swipeDirection, trapTarget } from '../../client/components/modal-rules';

describe('modal stacking', () => {
  it('is 1000 plus 2 per modal below it', () => {
    expect([0, 1, 2].map(modalZIndex)).toEqual([1000, 1002, 1004]);
  });
});

describe('swipe to close', () => {
  const swipe = { direction: 'right' as const, closeDirection: 'right' as const, size: 400 };

  it('takes the larger axis for the direction', () => {
    expect(swipeDirection({ x: 0, y: 0 }, { x: 50, y: 10 })).toBe('right');
    expect(swipeDirection({ x: 50, y: 0 }, { x: 0, y: 10 })).toBe('left');
    expect(swipeDirection({ x: 0, y: 0 }, { x: 5, y: 60 })).toBe('down');
    expect(swipeDirection({ x: 0, y: 60 }, { x: 5, y: 0 })).toBe('up');
    expect(swipeDirection({ x: 3, y: 3 }, { x: 3, y: 3 })).toBe('none');
    // A tap whose finger drifted is no swipe (else a quick "swipe" would close the panel before its click).
    expect(swipeDirection({ x: 3, y: 3 }, { x: 12, y: 5 })).toBe('none');
    expect(swipeDirection({ x: 3, y: 3 }, { x: 13, y: 5 })).toBe('right');
  });

  it('closes past a tenth of the size, whatever the time', () => {
    expect(shouldCloseOnSwipe({ ...swipe, distance: 41, durationMs: 2000 })).toBe(true);
    expect(shouldCloseOnSwipe({ ...swipe, distance: 40, durationMs: 2000 })).toBe(false);
  });

  it('closes on a quick swipe (300 ms or less), however short', () => {
    expect(shouldCloseOnSwipe({ ...swipe, distance: 10, durationMs: 300 })).toBe(true);
    expect(shouldCloseOnSwipe({ ...swipe, distance: 10, durationMs: 301 })).toBe(false);
  });

  it('never closes in another direction, or when the finger went back at the end', () => {
    expect(shouldCloseOnSwipe({ ...swipe, direction: 'left', distance: 300, durationMs: 100 })).toBe(false);
    expect(shouldCloseOnSwipe({ ...swipe, distance: 300, durationMs: 100, movingBack: true })).toBe(false);
  });

  interface Box {
    tagName: string;
    scrollTop: number;
    scrollLeft: number;
    scrollHeight: number;
    scrollWidth: number;
    clientHeight: number;
    clientWidth: number;
    parentElement: Box | null;
  }
  const el = (tagName: string, parent: Box | null, scroll: Partial<Box> = {}): Box => ({
    tagName,
    scrollTop: 0,
    scrollLeft: 0,
    scrollHeight: 100,
    scrollWidth: 100,
    clientHeight: 100,
    clientWidth: 100,
    parentElement: parent,
    ...scroll,
  });

  it('never starts in a text field or in content scrolled away from its edge', () => {
    const modal = el('DIV', null);
    const list = el('DIV', modal, { scrollTop: 30, scrollHeight: 400 });
    expect(canStartSwipe(el('P', modal), modal, 'down')).toBe(true);
    expect(canStartSwipe(el('INPUT', modal), modal, 'right')).toBe(false);
    expect(canStartSwipe(el('TEXTAREA', modal), modal, 'down')).toBe(false);
    expect(canStartSwipe(el('P', list), modal, 'down')).toBe(false);
    // Scrolled to its bottom, content may start a swipe up.
    expect(canStartSwipe(el('P', el('DIV', modal, { scrollTop: 300, scrollHeight: 400 })), modal, 'up')).toBe(true);
    expect(canStartSwipe(null, modal, 'down')).toBe(false);
  });
});

describe('focus trap', () => {
  const items = ['first', 'middle', 'last'].map((id) => ({ id }));
  const container = { querySelectorAll: () => items } as unknown as ParentNode;

  it('wraps Tab from the last to the first and Shift+Tab from the first to the last', () => {
    expect(trapTarget(container, items[2] as unknown as Element, false)).toBe(items[0]);
    expect(trapTarget(container, items[0] as unknown as Element, true)).toBe(items[2]);
    expect(trapTarget(container, items[1] as unknown as Element, false)).toBeNull();
    // Focus outside (on the panel itself): into it.
    expect(trapTarget(container, null, false)).toBe(items[0]);
  });
});
