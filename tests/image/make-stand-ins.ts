import { makeStandIns } from './stand-ins';

/**
 * `npm run test:image:stand-ins`: the stand-in base images alone, made (or found up to date) ahead of
 * the image test. `.ci/run` runs it in the background beside `npm test`: on a fresh machine it is
 * mostly downloading and unpacking Debian's packages, which the test suite's CPU-bound work leaves
 * room for.
 */
const started = Date.now();
await makeStandIns();
console.log(`image test: stand-in base images ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
