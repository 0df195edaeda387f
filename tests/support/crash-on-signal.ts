// Loaded into a site process by a test (`startSiteProcess(env, { preload })`): SIGUSR2 throws an error
// that nothing catches, as a bug in a callback would.
process.on('SIGUSR2', () => {
  setImmediate(() => {
    throw new Error('an error nothing caught, thrown for the test');
  });
});
