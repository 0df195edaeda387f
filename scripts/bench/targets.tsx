/**
 * The comparison servers of `npm run bench`, each started alone on its own core:
 *   static  <file> <port>   express.static with compression serving the page's bytes
 *   react-gzip <file> <port> bare renderToPipeableStream of the same document through the compression
 *                           middleware: the page's route tree (its data loaded once) inside <html>, with
 *                           the page's own head and data block as fixed strings, so React writes the same
 *                           bytes the site sends
 *   limit   <file> <port>   node:http writing the page's bytes, gzip-compressed once, from memory
 */
import compression from 'compression';
import express from 'express';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nProvider } from '../../client/i18n/i18n';
import { createStaticRouter, StaticRouterProvider } from 'react-router';
import { APP_ROOT_ID, DOCUMENT_DATA_ID } from '../../shared/document';
import { startCms } from '../../server/cms/server';
import { loadTranslations } from '../../server/i18n';
import { CONTENT_DIR, LOCALES_DIR } from '../../server/paths';
import { loaderContext, type LoaderDeps } from '../../server/routing/loader-context';
import { createPageHandler } from '../../server/routing/page-handler';
import { accountApi } from '../../server/upstream/account-api';
import { createUpstreamClient } from '../../server/upstream/client';
import { contentApi } from '../../server/upstream/content-api';

const [kind, arg, portText] = process.argv.slice(2);
const port = Number(portText);
const listen = (server: http.Server) => server.listen(port, '127.0.0.1');

if (kind === 'static') {
  const dir = path.dirname(arg!);
  const app = express();
  app.use(compression());
  app.use(express.static(dir, { index: path.basename(arg!) }));
  listen(http.createServer(app));
} else if (kind === 'limit') {
  const body = gzipSync(readFileSync(arg!), { level: 6 });
  const headers = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': body.length, vary: 'Accept-Encoding' };
  listen(http.createServer((_req, res) => res.writeHead(200, headers).end(body)));
} else if (kind === 'react-gzip') {
  // The page as the site sent it: the document around the app's root, taken apart once.
  const page = readFileSync(arg!, 'utf8');
  const dataOpen = `<script type="application/json" id="${DOCUMENT_DATA_ID}">`;
  const headInner = page.slice(page.indexOf('<head>') + '<head>'.length, page.indexOf('</head>'));
  const dataJson = page.slice(page.lastIndexOf(dataOpen) + dataOpen.length, page.lastIndexOf('</script>'));
  const url = new URL(page.match(/<link rel="canonical" href="([^"]+)"/)![1]!).pathname;
  const lang = page.match(/<html lang="([^"]+)"/)![1]!;
  const logger = pino({ level: 'silent' });
  const cms = await startCms({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-')), port: 0, contentDir: CONTENT_DIR, logger });
  const upstream = createUpstreamClient({ baseUrl: cms.url, timeoutMs: 5000 });
  const translations = await loadTranslations(LOCALES_DIR);
  const handler = createPageHandler();
  const deps = { api: contentApi(upstream), account: accountApi(upstream), translations, origin: 'http://localhost', logger } as unknown as LoaderDeps;
  const request = new Request(new URL(url, 'http://localhost'));
  const context = await handler.query(request, { requestContext: loaderContext(deps, request) });
  if (context instanceof Response) throw new Error('the bench page redirects');
  const i18n = translations.instances[lang.slice(0, 2) as keyof typeof translations.instances];
  const compress = compression();
  const render = (res: http.ServerResponse) => {
    const router = createStaticRouter(handler.dataRoutes, context);
    const { pipe } = renderToPipeableStream(
      <html lang={lang}>
        <head dangerouslySetInnerHTML={{ __html: headInner }} />
        <body>
          <div id={APP_ROOT_ID}>
            <I18nProvider value={i18n}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </I18nProvider>
          </div>
          <script type="application/json" id={DOCUMENT_DATA_ID} dangerouslySetInnerHTML={{ __html: dataJson }} />
        </body>
      </html>,
      {
        onShellReady() {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          pipe(res);
        },
      },
    );
  };
  listen(
    http.createServer((req, res) => compress(req as express.Request, res as express.Response, () => render(res))),
  );
} else {
  throw new Error(`unknown bench target ${kind}`);
}
