import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          globalSetup: ['test/support/scratch-dir.ts'],
          benchmark: { include: [] },
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/scratch-dir.ts'],
          benchmark: { include: [] },
          environment: 'node',
          // One control plane per run: files share it and must not race each other.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        // `npm run test:soak`: the long create/delete soak (issue 14), never part of `npm test`.
        test: {
          name: 'soak',
          include: ['test/soak/**/*.test.ts'],
          globalSetup: ['test/support/scratch-dir.ts'],
          benchmark: { include: [] },
          environment: 'node',
          fileParallelism: false,
          testTimeout: 1_800_000,
          hookTimeout: 600_000,
        },
      },
      {
        // `vitest bench`: benchmarks only, in their own project so they run once.
        test: {
          name: 'bench',
          include: [],
          benchmark: { include: ['test/bench/**/*.bench.ts'] },
          // Native imports: Vite's module runner wraps exports in getters that distort hot loops.
          experimental: { viteModuleRunner: false },
          environment: 'node',
        },
      },
    ],
  },
});
