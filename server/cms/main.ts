import { ConfigError } from '../lib/settings';
import { exitOnFatalError } from '../lib/log/fatal-errors';
import { createProcessLog } from '../lib/log/process-log';
import { DEFAULT_SITE_URL } from './app';
import { startCms } from './server';
import { cmsOptions, loadCmsSettings, type CmsSettings } from './settings';

/**
 * Runs the content API on its own (`npm run cms`, `node dist/server/cms.js`, or the image with that
 * command): the one instance that several BFF replicas point UPSTREAM_URL at. It listens on HOST (all
 * interfaces by default, as the site does), not on loopback as when the BFF embeds it.
 */

// A free port is fine when the BFF starts the CMS itself; standing alone it needs a port one can find.
const STANDALONE_PORT = 3001;

let settings: CmsSettings;
try {
  settings = loadCmsSettings();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const log = createProcessLog({ level: settings.LOG_LEVEL, bufferBytes: settings.LOG_BUFFER_KB * 1024 });
exitOnFatalError(log);
const { logger } = log;
if (!settings.PUBLIC_URL) logger.warn({ siteUrl: DEFAULT_SITE_URL }, 'PUBLIC_URL is not set: the links in mails point to the default origin');

try {
  const cms = await startCms({
    ...cmsOptions(settings),
    port: settings.CMS_PORT || STANDALONE_PORT,
    host: settings.HOST,
    logger,
    siteUrl: settings.PUBLIC_URL,
    processMetrics: true,
    purgeWebhook: settings.CMS_PURGE_URL && settings.CACHE_PURGE_SECRET ? { url: settings.CMS_PURGE_URL, secret: settings.CACHE_PURGE_SECRET } : undefined,
  });
  logger.info({ url: cms.url }, 'cms listening');

  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'cms shutting down');
    cms.close().then(
      () => {
        logger.info('cms stopped');
        void log.close().then(() => process.exit(0));
      },
      (error: unknown) => {
        logger.error({ err: error }, 'cms did not close cleanly');
        void log.close().then(() => process.exit(1));
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
} catch (error) {
  logger.fatal({ err: error }, 'cms failed to start');
  await log.close();
  process.exitCode = 1;
}
