import { publish } from './upload-progress';

/**
 * A form post with files, sent with XMLHttpRequest: fetch reports nothing while a request body
 * uploads (a streamed request body would, but needs HTTP/2 and Chrome only), and a visitor sending
 * 25 MB of photos from a phone must see that it moves. The router's data strategy sends through
 * here when a post holds files (payload.ts loads this module only then); the photo field shows the
 * progress it publishes (upload-progress.ts).
 */

/**
 * Posts `body` as multipart/form-data and resolves with the answer as a `Response`, so the caller
 * reads it as it reads a fetch. Rejects as fetch does: a network failure as a TypeError, an abort
 * (the router's signal: another navigation) as an AbortError.
 */
export function postWithProgress(url: string, body: FormData, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const done = () => {
      signal.removeEventListener('abort', abort);
      publish(null);
    };
    const abort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => publish({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      done();
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    if (signal.aborted) {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', abort);
    publish({ loaded: 0, total: 0 });
    xhr.send(body);
  });
}
