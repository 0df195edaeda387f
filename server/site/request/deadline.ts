import type { ServerResponse } from 'node:http';

/**
 * A request whose answer was given without its work (a post past its deadline) tells that work to
 * stop, through its response: what was started for it before then (its page's action, photos waiting
 * for the decoder) is aborted; what starts after (the error page that answers it) is not.
 */
const PASSED = Symbol('deadline passed');

export function deadlinePassed(res: ServerResponse): void {
  res.emit(PASSED);
}

export function onDeadlinePassed(res: ServerResponse, stop: () => void): void {
  res.once(PASSED, stop);
}
