import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by the site's process. V8 allocates straight into the old generation the objects of
 * any allocation site whose objects mostly survived a young-generation collection; a render's objects
 * are all alive while it runs, so within the first requests React's elements, the router's matches
 * and the loaders' data were old-generation garbage, freed only by full collections: a render cost 3
 * to 18 % more (docs/decisions/0033-no-pretenuring.md). Node refuses the flag in NODE_OPTIONS, so it
 * is set here, before the site serves a request.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
