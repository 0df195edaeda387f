import { startCms } from './cms/server';
import { cmsOptions, loadCmsSettings } from './cms/settings';
import type { Config } from './site/settings';
import type { EmbeddedContentApi } from './site/server';

/**
 * The one module that knows both apps: the content API started in the site's process when UPSTREAM_URL
 * is unset (`npm start`, the image's default command), on a loopback port, with its own settings read
 * from the same environment. Neither app imports the other (tests/unit/import-layers.test.ts).
 */
export function embeddedContentApi(config: Config, env: NodeJS.ProcessEnv = process.env): EmbeddedContentApi | undefined {
  if (config.UPSTREAM_URL) return undefined;
  const settings = loadCmsSettings(env);
  return ({ origin, purgeWebhook, logger }) => startCms({ ...cmsOptions(settings), port: settings.CMS_PORT, siteUrl: origin, purgeWebhook, logger });
}
