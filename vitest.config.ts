import { defineConfig } from 'vitest/config';

// Two projects: `npm run test:unit` runs the fast inner loop alone, `vitest run` (npm test) runs both.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'] } },
    ],
  },
});
