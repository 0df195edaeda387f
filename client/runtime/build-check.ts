import type { DataStrategyFunction } from 'react-router';

/** How often the browser asks whether a new build is out: hourly, the first time an hour after start. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Whether `/builds/latest.json` names a build other than the running one (a bad answer never does). */
export function isNewBuild(runningId: string, latest: unknown): boolean {
  const id = (latest as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' && id !== runningId;
}

/**
 * Checks for a new build every hour from start; calls `onNewBuild` once when one is out. A failed
 * check is silent: the next one comes an hour later. Returns a stop function.
 */
export function startBuildCheck(runningId: string, onNewBuild: () => void, fetchJson = defaultFetch): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    timer = setTimeout(check, BUILD_CHECK_INTERVAL_MS);
    try {
      // The timestamp query steps past any cache between here and the server.
      if (isNewBuild(runningId, await fetchJson(`/builds/latest.json?${Date.now()}`))) {
        clearTimeout(timer);
        onNewBuild();
      }
    } catch {
      // Offline or a deploy in progress: try again at the next hour.
    }
  };
  timer = setTimeout(check, BUILD_CHECK_INTERVAL_MS);
  return () => {
    clearTimeout(timer);
  };
}

async function defaultFetch(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  return res.ok ? res.json() : null;
}

/**
 * After a new build is out, the next navigation loads the page in full (new assets, new code): any
 * GET to another address, a page of a list (`?page=2`) too. A revalidation of the page on screen
 * (after a post) asks for the same address and stays in the app.
 */
export function needsFullLoad(input: { outdated: boolean; method: string; from: string; to: string }): boolean {
  return input.outdated && input.method === 'GET' && input.from !== input.to;
}

/** The router's data strategy, turned into a full page load for a navigation once a new build is out. */
export function fullLoadOnNewBuild(strategy: DataStrategyFunction, outdated: () => boolean): DataStrategyFunction {
  return (args) => {
    const url = new URL(args.request.url);
    if (
      needsFullLoad({
        outdated: outdated(),
        method: args.request.method,
        from: window.location.pathname + window.location.search,
        to: url.pathname + url.search,
      })
    ) {
      window.location.assign(url.pathname + url.search);
      return new Promise(() => {});
    }
    return strategy(args);
  };
}
