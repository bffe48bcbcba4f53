// `npm run test:real-server`: the checks after DEPLOYED against the official agent server
// (scripts/real-agent-server.js), beside `npm test`, not inside its minute. `npm test` never
// finds these files: they end in `.real.ts`, not `.test.ts`.
import base from './jest.config.js'

/** @type {import('jest').Config} */
export default {
  ...base,
  roots: ['<rootDir>/__tests__/real-server'],
  testMatch: ['**/*.real.ts'],
  // One server for the file; its runs take real time (about half a second each, the server's queue).
  maxWorkers: 1,
  testTimeout: 60_000
}
