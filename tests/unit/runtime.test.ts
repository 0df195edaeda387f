import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, isNewBuild, needsFullLoad, startBuildCheck } from '../../client/runtime/build-check';
import { FIRST_SCROLL_DELAY_MS, hashTarget } from '../../client/runtime/first-scroll';
import { checkNavigationTarget } from '../../client/runtime/navigate';
import { createPrefetchQueue, mayPrefetch, PREFETCH_CONCURRENCY } from '../../client/runtime/prefetch-rules';
import { mayReloadFor, RELOAD_KEY } from '../../client/runtime/reload-guard';
import { until } from '../support/until';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('chunk reload guard', () => {
  it('reloads once per path within 10 s', () => {
    const storage = memoryStorage();
    expect(mayReloadFor('/sl/blog', 1000, storage)).toBe(true);
    expect(JSON.parse(storage.data.get(RELOAD_KEY)!)).toEqual({ path: '/sl/blog', expires: 11_000 });
    expect(mayReloadFor('/sl/blog', 10_999, storage)).toBe(false);
    expect(mayReloadFor('/sl/blog', 11_000, storage)).toBe(true);
  });

  it('another path may reload at once', () => {
    const storage = memoryStorage();
    expect(mayReloadFor('/sl/blog', 0, storage)).toBe(true);
    expect(mayReloadFor('/sl/b2b', 1, storage)).toBe(true);
  });

  it('an unreadable record guards nothing; storage that cannot be written never reloads', () => {
    const storage = memoryStorage();
    storage.data.set(RELOAD_KEY, '{oops');
    expect(mayReloadFor('/en', 0, storage)).toBe(true);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(mayReloadFor('/en', 0, full)).toBe(false);
  });
});

describe('build check', () => {
  afterEach(() => vi.useRealTimers());

  it('a new build is an answer naming another id', () => {
    expect(isNewBuild('abc', { id: 'def', timestamp: 1 })).toBe(true);
    expect(isNewBuild('abc', { id: 'abc', timestamp: 1 })).toBe(false);
    expect(isNewBuild('abc', null)).toBe(false);
    expect(isNewBuild('abc', { id: '' })).toBe(false);
    expect(isNewBuild('abc', '<html>')).toBe(false);
  });

  it('asks hourly from start (first after one hour), with a timestamp query, and reports a new build once', async () => {
    vi.useFakeTimers({ now: 5_000 });
    const answers: (() => unknown)[] = [
      () => ({ id: 'abc' }),
      () => {
        throw new Error('offline');
      },
      () => ({ id: 'def' }),
    ];
    const urls: string[] = [];
    const onNewBuild = vi.fn();
    startBuildCheck('abc', onNewBuild, async (url) => {
      urls.push(url);
      return answers.shift()!();
    });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(urls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toEqual([`/builds/latest.json?${5_000 + BUILD_CHECK_INTERVAL_MS}`]);
    await vi.advanceTimersByTimeAsync(2 * BUILD_CHECK_INTERVAL_MS);
    expect(urls).toHaveLength(3);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * BUILD_CHECK_INTERVAL_MS);
    expect(urls).toHaveLength(3);
  });

  it('then a navigation to another address is a full load; a post or a revalidation of the same address is not', () => {
    expect(needsFullLoad({ outdated: true, method: 'GET', from: '/sl', to: '/sl/blog' })).toBe(true);
    expect(needsFullLoad({ outdated: false, method: 'GET', from: '/sl', to: '/sl/blog' })).toBe(false);
    expect(needsFullLoad({ outdated: true, method: 'GET', from: '/sl/blog', to: '/sl/blog?page=2' })).toBe(true);
    expect(needsFullLoad({ outdated: true, method: 'GET', from: '/sl/blog', to: '/sl/blog' })).toBe(false);
    expect(needsFullLoad({ outdated: true, method: 'POST', from: '/sl', to: '/sl/login' })).toBe(false);
  });
});

describe('link prefetch', () => {
  it('is skipped on data-saver and on 2G', () => {
    expect(mayPrefetch(undefined)).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: '3g' })).toBe(true);
  });

  it('runs at most 4 at once, each key once, and may retry a failed one', async () => {
    const pending = new Map<string, { resolve: () => void; reject: () => void }>();
    const started: string[] = [];
    const queue = createPrefetchQueue(
      (key) =>
        new Promise<void>((resolve, reject) => {
          started.push(key);
          pending.set(key, { resolve, reject });
        }),
    );
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'a']) queue.add(key);
    expect(PREFETCH_CONCURRENCY).toBe(4);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.active).toBe(4);
    pending.get('a')!.resolve();
    pending.get('b')!.reject();
    await until('two places are free', () => started.length === 6);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    queue.add('a');
    queue.add('b');
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    for (const key of ['c', 'd', 'e', 'f']) pending.get(key)!.resolve();
    await until('a freed place is taken', () => started.length === 7);
    // 'b' failed, so it may be asked again; 'a' was done.
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'b']);
  });
});

describe('navigateTo', () => {
  const here = 'https://www.example.si/sl/blog?page=2';

  it('keeps paths on this site, absolute or relative', () => {
    expect(checkNavigationTarget('/sl/izdelek/rolete#opis', {}, here)).toEqual({ href: '/sl/izdelek/rolete#opis', external: false });
    expect(checkNavigationTarget('https://www.example.si/en', {}, here)).toEqual({ href: '/en', external: false });
  });

  it('refuses an external URL without permission', () => {
    const message = 'Navigating to an external URL is not allowed by default. Use navigateTo(url, { external: true }).';
    expect(() => checkNavigationTarget('https://evil.example/x', {}, here)).toThrow(message);
    expect(() => checkNavigationTarget('//evil.example/x', {}, here)).toThrow(message);
    expect(checkNavigationTarget('https://partner.example/x', { external: true }, here)).toEqual({ href: 'https://partner.example/x', external: true });
    expect(checkNavigationTarget('mailto:info@example.si', { external: true }, here).external).toBe(true);
  });

  it('refuses script protocols even with permission', () => {
    expect(() => checkNavigationTarget('javascript:alert(1)', { external: true }, here)).toThrow("Cannot navigate to a URL with 'javascript:' protocol.");
    expect(() => checkNavigationTarget(' JavaScript:alert(1)', { external: true }, here)).toThrow("Cannot navigate to a URL with 'javascript:' protocol.");
    expect(() => checkNavigationTarget('data:text/html,x', { external: true }, here)).toThrow("Cannot navigate to a URL with 'data:' protocol.");
    expect(() => checkNavigationTarget('vbscript:x', { external: true }, here)).toThrow("Cannot navigate to a URL with 'vbscript:' protocol.");
    expect(() => checkNavigationTarget('blob:https://x/1', { external: true }, here)).toThrow("Cannot navigate to a URL with 'blob:' protocol.");
  });
});

describe('first scroll', () => {
  it('waits 1300 ms, for the element the hash names', () => {
    expect(FIRST_SCROLL_DELAY_MS).toBe(1300);
    expect(hashTarget('#faq-3')).toBe('faq-3');
    expect(hashTarget('#a%20b')).toBe('a b');
    expect(hashTarget('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(hashTarget('#')).toBeNull();
    expect(hashTarget('')).toBeNull();
  });
});
