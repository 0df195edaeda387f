/**
 * The comparison servers of `npm run bench`, each a process of its own on the servers' core:
 *   static  <file> <port>   express.static with compression serving the page's bytes
 *   react-gzip <file> <port> bare renderToPipeableStream of the same document through the compression
 *                           middleware: the page's route tree (its data loaded once, its images' variants
 *                           attached as the site does) inside <html>, with the page's own head and data
 *                           block as fixed strings, so React writes the bytes the site sends
 *   react-collected <file> <port>
 *                           the same render collected whole, then gzip-compressed in one call, as the
 *                           site does with a render: what the site's way saves, without the site's work
 *   replay  <answer.json> <port>
 *                           node:http writing the site's own answer to the page from memory, as the site's
 *                           cache sent it: its status, every header (the security headers, Age, X-Cache and
 *                           X-Request-Id included) and its compressed bytes. The limit of a cached page.
 * Run with scripts/bench/react-router-production.mjs, so React Router is the site's build of it.
 */
// As in the site's process: the comparison is of the code, not of the heap's settings.
import '../../server/site/heap-tuning';
import compression from 'compression';
import express from 'express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { Writable } from 'node:stream';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { i18nForReact } from '../../client/i18n/for-react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { APP_ROOT_ID, DOCUMENT_DATA_ID } from '../../shared/document';
import { startCms } from '../../server/cms/server';
import { loadPageI18n } from '../../server/site/i18n/page-i18n';
import { CLIENT_BUILD_DIR, CONTENT_DIR, LOCALES_DIR } from '../../server/lib/paths';
import { loaderContext, type LoaderDeps } from '../../server/site/routing/loader-context';
import { serverRoutes } from '../../server/site/routing/page-handler';
import { SCREEN_MODULES } from '../../server/site/screens/all';
import { spamGuard } from '../../server/site/spam/judge';
import { accountApi } from '../../server/site/upstream/account-api';
import { createUpstreamClient } from '../../server/site/upstream/client';
import { contentApi } from '../../server/site/upstream/content-api';
import { loadImageVariants } from '../../server/site/upstream/image-variants';
import { attachVariants } from '../../shared/images';

const [kind, arg, portText] = process.argv.slice(2);
const port = Number(portText);
const listen = (server: http.Server) => server.listen(port, '127.0.0.1');

if (kind === 'static') {
  const dir = path.dirname(arg!);
  const app = express();
  app.use(compression());
  app.use(express.static(dir, { index: path.basename(arg!) }));
  listen(http.createServer(app));
} else if (kind === 'replay') {
  const answer = JSON.parse(readFileSync(arg!, 'utf8')) as { status: number; headers: string[]; body: string };
  const body = Buffer.from(answer.body, 'base64');
  listen(http.createServer((_req, res) => res.writeHead(answer.status, answer.headers).end(body)));
} else if (kind === 'react-gzip' || kind === 'react-collected') {
  // The page as the site sent it: the document around the app's root, taken apart once.
  const page = readFileSync(arg!, 'utf8');
  const dataOpen = `<script type="application/json" id="${DOCUMENT_DATA_ID}">`;
  const headInner = page.slice(page.indexOf('<head>') + '<head>'.length, page.indexOf('</head>'));
  const dataJson = page.slice(page.lastIndexOf(dataOpen) + dataOpen.length, page.lastIndexOf('</script>'));
  const url = new URL(page.match(/<link rel="canonical" href="([^"]+)"/)![1]!).pathname;
  const lang = page.match(/<html lang="([^"]+)"/)![1]!;
  const logger = pino({ level: 'silent' });
  const cms = await startCms({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-')), port: 0, contentDir: CONTENT_DIR, logger });
  // The image variants the build made, as the site attaches them: the page's <picture> sources.
  const imageVariants = loadImageVariants(CLIENT_BUILD_DIR);
  const upstream = createUpstreamClient({ baseUrl: cms.url, timeoutMs: 5000, complete: (answer) => attachVariants(answer, imageVariants) });
  const handler = createStaticHandler(serverRoutes(SCREEN_MODULES));
  const deps = {
    api: contentApi(upstream),
    account: accountApi(upstream),
    i18n: loadPageI18n(LOCALES_DIR),
    origin: 'http://localhost',
    logger,
    // The layout's forms carry a time token, as on the site.
    spam: spamGuard(randomBytes(32).toString('base64url')),
  } as unknown as LoaderDeps;
  const request = new Request(new URL(url, 'http://localhost'));
  // One i18next instance for every render: bare React pays for rendering with it, not for making one.
  const requestContext = loaderContext(deps, request);
  const { i18n } = requestContext;
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) throw new Error('the bench page redirects');
  // Bare React must render the page the site renders, not an error page (smaller, and faster).
  if (context.statusCode !== 200 || context.errors) throw new Error(`the bench page did not load: ${context.statusCode}`, { cause: context.errors });
  /** Renders the page into `destination` once the shell is ready (`start` writes the status and headers). */
  const render = (start: () => void, destination: Writable) => {
    const router = createStaticRouter(handler.dataRoutes, context);
    const { pipe } = renderToPipeableStream(
      <html lang={lang}>
        <head dangerouslySetInnerHTML={{ __html: headInner }} />
        <body>
          <div id={APP_ROOT_ID}>
            <I18nextProvider i18n={i18nForReact(i18n)}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </I18nextProvider>
          </div>
          <script type="application/json" id={DOCUMENT_DATA_ID} dangerouslySetInnerHTML={{ __html: dataJson }} />
        </body>
      </html>,
      {
        onShellReady() {
          start();
          pipe(destination);
        },
      },
    );
  };
  if (kind === 'react-gzip') {
    const compress = compression();
    const stream = (res: http.ServerResponse) => render(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }), res);
    listen(http.createServer((req, res) => compress(req as express.Request, res as express.Response, () => stream(res))));
  } else {
    // What the site does with a render: the whole document collected, then compressed in one call.
    const collect = (res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      const body = new Writable({
        write(chunk: Buffer, _encoding, next) {
          chunks.push(chunk);
          next();
        },
      });
      body.on('finish', () => {
        const bytes = gzipSync(Buffer.concat(chunks), { level: 6 });
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': bytes.length, vary: 'Accept-Encoding' })
          .end(bytes);
      });
      render(() => {}, body);
    };
    listen(http.createServer((_req, res) => collect(res)));
  }
} else {
  throw new Error(`unknown bench target ${kind}`);
}
