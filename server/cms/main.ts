import { ConfigError, loadConfig, type Config } from '../config';
import { exitOnFatalError } from '../log/fatal-errors';
import { createProcessLog } from '../log/process-log';
import { CONTENT_DIR } from '../paths';
import { DEFAULT_SITE_URL } from './app';
import { startCms } from './server';

/**
 * Runs the content API on its own (`npm run cms`, `node dist/server/cms.js`, or the image with that
 * command): the one instance that several BFF replicas point UPSTREAM_URL at. It listens on HOST (all
 * interfaces by default, as the site does), not on loopback as when the BFF embeds it.
 */

// A free port is fine when the BFF starts the CMS itself; standing alone it needs a port one can find.
const STANDALONE_PORT = 3001;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const log = createProcessLog({ level: config.LOG_LEVEL, bufferBytes: config.LOG_BUFFER_KB * 1024 });
exitOnFatalError(log);
const { logger } = log;
if (!config.PUBLIC_URL) logger.warn({ siteUrl: DEFAULT_SITE_URL }, 'PUBLIC_URL is not set: the links in mails point to the default origin');

try {
  const cms = await startCms({
    dataDir: config.DATA_DIR,
    port: config.CMS_PORT || STANDALONE_PORT,
    host: config.HOST,
    contentDir: CONTENT_DIR,
    logger,
    siteUrl: config.PUBLIC_URL,
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM },
    companyLocale: config.COMPANY_LOCALE,
    passwordHashConcurrency: config.PASSWORD_HASH_CONCURRENCY,
    mailAttachmentsMaxBytes: config.MAIL_ATTACHMENTS_MAX_MB * 1024 * 1024,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_S * 1000,
    trustProxy: config.CMS_TRUST_PROXY,
    staffIdleMinutes: config.STAFF_IDLE_MINUTES,
    opsToken: config.OPS_TOKEN,
    processMetrics: true,
    purgeWebhook: config.CMS_PURGE_URL && config.CACHE_PURGE_SECRET ? { url: config.CMS_PURGE_URL, secret: config.CACHE_PURGE_SECRET } : undefined,
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
