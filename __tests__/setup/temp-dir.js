// The suite's temporary files in one folder of their own, removed when the suite ends. The local
// runner keeps each job summary for a person to open, and the bundle tests write event and runner
// files: without this, every `npm test` would leave hundreds of folders in the machine's temp dir.
// Jest starts its workers after this runs, so they and every process they spawn inherit TMPDIR.
// It also makes the simulator's compiled validators before any worker needs them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'agent-deploy-tests-'))
  process.env.TMPDIR = dir
  // Global setup and teardown run in jest's own process: the folder's name waits in its environment.
  process.env.AGENT_DEPLOY_SUITE_TMPDIR = dir
  // The simulator's validators are compiled on first use and kept under node_modules/.cache:
  // compiled here, once, so that the workers find them made instead of all compiling at once.
  await import('../../sim/validation.js')
}

export function teardown() {
  const dir = process.env.AGENT_DEPLOY_SUITE_TMPDIR
  if (dir) rmSync(dir, { recursive: true, force: true })
}
