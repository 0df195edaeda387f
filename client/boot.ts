import { APP_ENTRY_ATTRIBUTE, APP_LOADER_ID, APP_MODULES_ATTRIBUTE } from '../shared/app-loader';

/**
 * The only script the HTML loads. The page is complete without JavaScript, so the app (React, the
 * router, the page's modules) is asked for only after the browser has painted it: on a slow phone its
 * download and start-up no longer stand between the visitor and the first paint. Until the app has
 * hydrated, links and forms work as plain HTML, and what is typed stays in the fields (the forms read
 * it when they hydrate). A page opened in a background tab is not painted until it is shown: there the
 * app loads at once, so it is ready when the visitor looks.
 */
function loadApp(): void {
  const loader = document.getElementById(APP_LOADER_ID);
  const entry = loader?.getAttribute(APP_ENTRY_ATTRIBUTE);
  if (!entry) return;
  const modules = loader!.getAttribute(APP_MODULES_ATTRIBUTE)!.split(' ').filter(Boolean);
  document.head.append(
    ...modules.map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href })),
    Object.assign(document.createElement('script'), { type: 'module', src: entry }),
  );
}

// After the first contentful paint as the browser reports it: the frame has then reached the screen. An
// animation frame comes before that, and the app's requests it started could still be under way at the
// paint, which a slow phone's connection (and Lighthouse's simulation of it) then shares with the page.
// Where paint timing is unknown, a timeout queued from an animation frame, which runs after that frame.
// (The paint entry comes to exactly one of the observer's calls.)
if (document.visibilityState === 'hidden') loadApp();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
  new PerformanceObserver((paints) => paints.getEntriesByName('first-contentful-paint')[0] && loadApp()).observe({ type: 'paint', buffered: true });
else requestAnimationFrame(() => setTimeout(loadApp, 0));
