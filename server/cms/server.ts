import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { createCmsApp } from './app';
import { openDb } from './db';
import { migrate } from './migrations';
import { seedContent } from './seed';

export type CmsOptions = {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** The seed folder; the repository's content/ by default. */
  contentDir?: string;
  logger: Logger;
};

export type RunningCms = { url: string; port: number; close(): Promise<void> };

/** Opens, migrates and seeds the content database, then serves the content API on loopback. */
export async function startCms({
  dataDir,
  port,
  host = '127.0.0.1',
  contentDir = resolve(process.cwd(), 'content'),
  logger,
}: CmsOptions): Promise<RunningCms> {
  const db = openDb(dataDir);
  try {
    migrate(db);
    const seeded = seedContent(db, contentDir);
    logger.info({ version: seeded.version, contentDir }, seeded.imported ? 'cms content imported' : 'cms content unchanged');
  } catch (error) {
    db.close();
    throw error;
  }

  const server = createServer(createCmsApp(db, { logger }));
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, host, () => {
        server.off('error', fail);
        done();
      });
    });
  } catch (error) {
    db.close();
    throw error;
  }

  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${actualPort}/`,
    port: actualPort,
    // The database closes only after the last in-flight request has been answered.
    close: () =>
      (closing ??= new Promise<void>((done, fail) => {
        server.close((error) => {
          db.close();
          if (error) fail(error);
          else done();
        });
        server.closeIdleConnections();
      })),
  };
}
