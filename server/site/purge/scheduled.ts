import type { Logger } from 'pino';

/** setTimeout's longest delay (about 24.8 days); a later moment is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * This replica's purge at the moment the content changes by itself: the content API says, with its
 * answers, in how many milliseconds an article dated in the future comes out (NEXT_CHANGE_HEADER), and
 * at that moment every cached page and upstream answer goes, so lists, the home page, related
 * articles, the sitemap, search and the article's own page (a cached 404 until then) show it at once.
 * Every replica reads the content API itself, so each keeps its own timer: nothing to fan out. One
 * timer, for the earliest moment announced; everything is purged, as such moments are rare (an
 * article a week) and which cached page lists the article is not known here.
 */
export function scheduledPurge(purge: () => void, logger: Logger, now = Date.now) {
  let due: number | null = null;
  let timer: NodeJS.Timeout | undefined;

  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, Math.min(Math.max(0, due! - now()), MAX_DELAY_MS)).unref();
  };
  const fire = () => {
    if (due === null) return;
    if (now() < due) return arm();
    due = null;
    logger.info('scheduled content change: cached pages purged');
    purge();
  };

  return {
    /** The content changes by itself in `ms` milliseconds (an answer's NEXT_CHANGE_HEADER). */
    changesIn(ms: number): void {
      if (!Number.isFinite(ms) || ms < 0) return;
      const at = now() + ms;
      if (due !== null && due <= at) return;
      due = at;
      arm();
    },
    stop(): void {
      clearTimeout(timer);
      due = null;
    },
  };
}
