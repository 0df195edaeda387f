import pino from 'pino';
import { loadConfig } from '../config';
import { startCms } from './server';

/** Runs the content API on its own: `npx tsx server/cms/main.ts`. */

// A free port is fine when the BFF starts the CMS itself; standing alone it needs a port one can find.
const STANDALONE_PORT = 3001;

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL });

try {
  const cms = await startCms({
    dataDir: config.DATA_DIR,
    port: config.CMS_PORT || STANDALONE_PORT,
    logger,
    siteUrl: config.PUBLIC_URL,
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM },
    passwordHashConcurrency: config.PASSWORD_HASH_CONCURRENCY,
  });
  logger.info({ url: cms.url }, 'cms listening');

  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'cms shutting down');
    cms.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'cms did not close cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
} catch (error) {
  logger.fatal({ err: error }, 'cms failed to start');
  process.exitCode = 1;
}
