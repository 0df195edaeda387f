// Loaded with `--import` by the bench's comparison servers: react-router's package points Node at its
// development build (the site's bundle takes the production one, vite.config.ts), so bare React would
// otherwise render with the slower one and flatter the site.
import { register } from 'node:module';

const production = new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url).href;
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === 'react-router' ? { url: ${JSON.stringify(production)}, shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
