import { anonymousRequest } from '../request/fetch-request';
import { isPayloadPath, payloadPageUrl, renderPayloadOf } from './payload';
import type { RenderedPage } from './rendered-page';
import { renderDocument, type RenderDeps } from './render-page';
import { SEO_FILES } from './seo-files';

/**
 * Renders a shared URL (`sharedRequestKey`) as an anonymous visitor sees it: what every shared render
 * is, a visitor's or in the background. The SEO files are cache entries but not pages: they are made
 * by their own function (rendered as a page, they would be the 404 page).
 */
export async function renderAnonymously(deps: RenderDeps, url: string): Promise<RenderedPage> {
  const path = url.split('?')[0]!;
  const seoFile = SEO_FILES.get(path);
  if (seoFile) return seoFile(deps);
  const page = isPayloadPath(path)
    ? await renderPayloadOf(deps, anonymousRequest(payloadPageUrl(url), deps.origin))
    : await renderDocument(deps, anonymousRequest(url, deps.origin));
  if (!page) throw new Error('a render with no visitor was aborted');
  return page;
}
