// First: the heap's settings hold for everything the process allocates after it.
import './site/heap-tuning';
import { ConfigError, loadConfig } from './site/settings';
import { exitOnFatalError } from './lib/log/fatal-errors';
import { createProcessLog } from './lib/log/process-log';
import { contentApiThread } from './embedded';
import { startSite, type EmbeddedContentApi } from './site/server';

/** The process: configuration, the site (with its content API unless UPSTREAM_URL names one), and a graceful stop on SIGTERM. */
async function main() {
  let config;
  let startContentApi: EmbeddedContentApi | undefined;
  try {
    config = loadConfig();
    startContentApi = contentApiThread(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createProcessLog({ level: config.LOG_LEVEL, bufferBytes: config.LOG_BUFFER_KB * 1024 });
  exitOnFatalError(log);
  const { logger } = log;
  // Libraries read the variable itself when they load, before this code runs: it cannot be defaulted here.
  if (process.env.NODE_ENV !== 'production' && config.NODE_ENV === 'production') {
    logger.warn('NODE_ENV is not "production": React and Express run their slow development builds (npm start and the Docker image set it)');
  }
  const site = await startSite(config, logger, { log, startContentApi });
  logger.info({ url: site.url, upstream: config.UPSTREAM_URL ?? 'embedded' }, 'site listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await site.close();
    logger.info('stopped');
    await log.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

// A failure to start (a database out of reach...) is a fatal error like any other (exitOnFatalError).
void main();
