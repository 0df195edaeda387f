import type { MouseEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followInApp, setInAppNavigation } from '../../client/runtime/in-app-navigation';

const ORIGIN = 'https://www.example.si';

function click(
  href: string,
  init: { button?: number; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean; target?: string; download?: boolean } = {},
) {
  const url = new URL(href, ORIGIN);
  const anchor = {
    target: init.target ?? '',
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    hasAttribute: (name: string) => name === 'download' && !!init.download,
  };
  const event = {
    button: init.button ?? 0,
    ctrlKey: !!init.ctrlKey,
    metaKey: !!init.metaKey,
    shiftKey: !!init.shiftKey,
    altKey: !!init.altKey,
    defaultPrevented: false,
    currentTarget: anchor,
    preventDefault: vi.fn(),
  };
  followInApp(event as unknown as MouseEvent<HTMLAnchorElement>);
  return event.preventDefault;
}

describe('following a site link on the client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', new URL('/en/categories?x=1', ORIGIN));
    setInAppNavigation(navigate);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    navigate.mockReset();
  });

  it('navigates on a plain primary click, adding the page to the history', () => {
    expect(click('/en/faq?q=motor#top')).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/en/faq?q=motor#top', { replace: false });
  });

  it('replaces the history entry of the page the link leads to', () => {
    click('/en/categories?x=1');
    expect(navigate).toHaveBeenCalledWith('/en/categories?x=1', { replace: true });
  });

  it.each([
    ['a middle click', { button: 1 }],
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['a new tab', { target: '_blank' }],
    ['a download', { download: true }],
  ])('leaves %s to the browser', (_name, init) => {
    expect(click('/en/faq', init)).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves another origin to the browser', () => {
    expect(click('https://example.com/en/faq')).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
