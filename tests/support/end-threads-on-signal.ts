// Loaded into a site process by a test (`startSiteProcess(env, { preload })`): SIGUSR2 ends every
// worker thread the process has started, as a crash inside one would (the content API's thread).
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

const started: workerThreads.Worker[] = [];

class RememberedWorker extends workerThreads.Worker {
  constructor(...args: ConstructorParameters<typeof workerThreads.Worker>) {
    super(...args);
    started.push(this);
  }
}

workerThreads.Worker = RememberedWorker;
// The modules that import `Worker` by name see this one too.
syncBuiltinESMExports();

process.on('SIGUSR2', () => {
  for (const worker of started) void worker.terminate();
});
