import { defineConfig } from 'vitest/config';

/**
 * `npm run test:image`: the project's image built from its Dockerfile and run with podman, then
 * compose.yaml's stack (tests/image; README, "The image test"). One file at a time: the containers are
 * heavy, and each test waits for them.
 */
export default defineConfig({
  test: {
    include: ['tests/image/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/image/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
