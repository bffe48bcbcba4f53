/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/__tests__/setup/temp-dir.js',
  globalTeardown: '<rootDir>/__tests__/setup/temp-dir-teardown.js',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  // Two workers even on a 2-core machine (jest's default there is one): most suites wait on
  // loopback HTTP, not on the CPU, so a second worker overlaps them (about 37 s -> 31 s here).
  maxWorkers: 2,
  // Most suites run the action in-process on a virtual clock; bundle.test.ts spawns dist/index.js
  // in real time. The limit leaves room for a loaded machine, not for real waits.
  testTimeout: 30000
}
