// Every demo a newcomer can run with `npm start` (each `--demo`, each command's demo, each
// `--scenario`) shows what it is about and nothing else: no warning in its log but the ones
// that are its point. A demo whose seeds lack what its story needs (a config for the config
// check, a revision to compare with) warns about that instead, which a newcomer reads as a
// problem of their own. The lists come from the tables the runner reads, so a new demo or
// scenario is checked here without an edit. In-process, on the virtual clock (helpers/local-run.ts).
import { describe, expect, it } from '@jest/globals'
import { COMMAND_DEMOS, PUSH_DEMOS } from '../scripts/local-demos.js'
import { ROOT } from '../scripts/run-action.js'
import { SCENARIOS } from '../sim/scenarios.js'
import { localRunInProcess as localRun, runDemo } from './helpers/local-run.js'

/**
 * The warnings and errors that are a run's point, by what the run is: anything else in the log
 * fails the test. A demo or scenario not named here may say neither.
 */
const THE_POINT: Record<string, { warnings?: RegExp[]; fails?: RegExp }> = {
  '--demo expected-commit': { fails: /^Error: `main` points to commit \w+ now, not to `expected-commit`/m },
  '--scenario build-failed': { fails: /^Error: .*BUILD_FAILED/m },
  '--scenario deploy-failed': { fails: /^Error: .*DEPLOY_FAILED/m },
  '--scenario create-failed': { fails: /^Error: .*CREATE_FAILED/m },
  '--scenario skipped': { fails: /^Error: .*SKIPPED/m },
  '--scenario timeout': { fails: /^Error: Timed out after 10s waiting for revision/m },
  '--scenario smoke-test-failed': {
    warnings: [/^Warning: The smoke test failed: .*Rolling back \(`on-failure: rollback`\)/],
    fails: /^Error: The smoke test failed/m
  },
  '--scenario evals-regression': {
    warnings: [/^Warning: The evals failed: 2 of 6 cases failed: .*Rolling back \(`on-failure: rollback`\)/],
    fails: /^Error: The evals failed: 2 of 6 cases failed: `refund-window`, `refuses-prompt-injection`/m
  },
  '--scenario evals-langsmith': { fails: /^Error: The evals failed: 2 of 6 cases failed: `refund-window`, `refuses-prompt-injection`/m },
  '--scenario broken-config': { fails: /^Error: The config check found \d+ problems the build would fail on/m }
}

/**
 * What a remote build says of the checkout `npm start` runs in, not of the demo: uncommitted
 * edits under examples/ ship as they are, and the build says so (a developer's worktree).
 */
const OF_THE_CHECKOUT = /^Warning: \d+ tracked files? differs? from commit \w+, checked out: /

/** The log's warning and error lines (as the runner shows them), apart from the expected ones. */
function unexpected(stdout: string, point: { warnings?: RegExp[]; fails?: RegExp } = {}): string[] {
  const log = stdout.slice(0, stdout.indexOf('──── exit code'))
  return log
    .split('\n')
    .filter((line) => /^(Warning|Error):/.test(line))
    .filter((line) => ![...(point.warnings ?? []), OF_THE_CHECKOUT].some((warning) => warning.test(line)))
    .filter((line) => !point.fails?.test(line))
}

describe('every demo shows its point and warns of nothing else', () => {
  it.each(Object.keys(PUSH_DEMOS))('--demo %s', async (name) => {
    const point = THE_POINT[`--demo ${name}`]
    const run = await localRun(['--demo', name, '--phase-ms', '100'])
    expect(run.stderr).toBe('')
    expect(unexpected(run.stdout, point)).toEqual([])
    if (point?.fails) expect(run.stdout).toMatch(point.fails)
    expect(run.code).toBe(point?.fails ? 1 : 0)
    // What the demo seeded for its config check was read, and passed.
    expect(run.stdout).toMatch(/^Config check: ✅ /m)
  })

  it.each(Object.keys(COMMAND_DEMOS))('--input command=%s', async (command) => {
    const run = await runDemo((args) => localRun([...args, '--phase-ms', '100']), command)
    expect(run.stderr).toBe('')
    expect(unexpected(run.stdout)).toEqual([])
    expect(run.code).toBe(0)
  })

  it.each(Object.keys(SCENARIOS))('--scenario %s', async (name) => {
    const point = THE_POINT[`--scenario ${name}`]
    // `npm start` runs in the repository, where the remote builds' examples are.
    const run = await localRun(['--scenario', name, '--phase-ms', '100'], { env: { GITHUB_WORKSPACE: ROOT } })
    expect(unexpected(run.stdout, point)).toEqual([])
    if (point?.fails) expect(run.stdout).toMatch(point.fails)
    expect(run.code).toBe(point?.fails ? 1 : 0)
  })
})
