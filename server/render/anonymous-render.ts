import { isPayloadPath, payloadPageUrl, renderPayloadOf } from './payload';
import type { RenderedPage } from './rendered-page';
import { anonymousRequest, renderDocument, type RenderDeps } from './render-page';

/** Renders a page or payload URL as an anonymous visitor sees it: what every shared render is. */
export async function renderAnonymously(deps: RenderDeps, url: string): Promise<RenderedPage> {
  const page = isPayloadPath(url.split('?')[0]!)
    ? await renderPayloadOf(deps, anonymousRequest(payloadPageUrl(url), deps.origin))
    : await renderDocument(deps, anonymousRequest(url, deps.origin));
  if (!page) throw new Error('a render with no visitor was aborted');
  return page;
}
