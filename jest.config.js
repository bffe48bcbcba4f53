/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/__tests__/setup/temp-dir.js',
  globalTeardown: '<rootDir>/__tests__/setup/temp-dir-teardown.js',
  // Every answer the simulator gives in a test is checked against the reference; a violation fails that test.
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/sim-answers.js'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // esbuild strips the types (see the transform's header); tsc checks them (`npm run typecheck`).
  transform: { '^.+\\.ts$': '<rootDir>/__tests__/setup/esbuild-transform.js' },
  // Three workers on a 2-core machine (jest's default there is one): several suites spend seconds
  // waiting in real time (the spawned bundle's `timeout` cases, a GitHub that hangs), and a
  // third worker keeps both cores busy meanwhile. Measured on a fresh clone here: 2 workers
  // 64 s, 3 workers 54 s, 4 workers 56 s.
  maxWorkers: 3,
  // Most suites run the action in-process on a virtual clock; bundle.test.ts spawns dist/index.js
  // in real time. The limit leaves room for a loaded machine, not for real waits.
  testTimeout: 30000
}
