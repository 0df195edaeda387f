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
  const modules = loader!.getAttribute(APP_MODULES_ATTRIBUTE)?.split(' ').filter(Boolean) ?? [];
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.head.append(script);
}

// A timeout queued from an animation frame runs after that frame has been painted.
if (document.visibilityState === 'hidden') loadApp();
else requestAnimationFrame(() => setTimeout(loadApp, 0));
