// The suite's temporary files in one folder of their own, removed when the suite ends. The local
// runner keeps each job summary for a person to open, and the bundle tests write event and runner
// files: without this, every `npm test` would leave hundreds of folders in the machine's temp dir.
// Jest starts its workers after this runs, so they and every process they spawn inherit TMPDIR.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'agent-deploy-tests-'))
  process.env.TMPDIR = dir
  // Global setup and teardown run in jest's own process: the folder's name waits in its environment.
  process.env.AGENT_DEPLOY_SUITE_TMPDIR = dir
}

export function teardown() {
  const dir = process.env.AGENT_DEPLOY_SUITE_TMPDIR
  if (dir) rmSync(dir, { recursive: true, force: true })
}
