// How the site's processes run, wherever they start: `npm start`, `npm run cms`, the bench, and the
// image (the Dockerfile's ENV says the same; tests/unit/runtime-env.test.ts keeps the two equal).
// Why these values: docs/decisions/0022-memory.md.
export const RUNTIME_ENV = {
  // glibc's per-thread malloc arenas kept what the compression threads had freed (130 MB of RSS).
  MALLOC_ARENA_MAX: '2',
  // Blocks of 16 KB and more come from mmap and go back to the system when freed: otherwise glibc raises
  // this threshold as big blocks are freed, and the socket buffers of many uploads at once, the images
  // sharp decodes and their copies all fill its heap, which it can then never hand back whole
  // (docs/decisions/0034-uploads-under-attack.md: 63 MB kept after the upload probes, 10 MB with it).
  MALLOC_MMAP_THRESHOLD_: '16384',
  // V8 sizes its heap from the machine's memory (4 GB here) and let 160 MB of garbage pile up before a
  // full collection; the site's live heap stays under 64 MB at 200 connections. With that limit alone,
  // Node 24 (the image) collected the whole heap every 120 ms under load and never the young
  // generation alone; setting the young generation's size ends that (docs/decisions/0032-gc-on-node-24.md).
  NODE_OPTIONS: '--max-old-space-size=128 --max-semi-space-size=8',
};

/** The environment for a site process: the runtime's defaults under whatever the caller set. */
export function runtimeEnv(env) {
  return { ...RUNTIME_ENV, ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) };
}
