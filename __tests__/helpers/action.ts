import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { distFreshness } from '../../scripts/dist-fresh.js'
import { ROOT, type ActionRun } from '../../scripts/run-action.js'
import type { Simulator } from '../../sim/index.js'

export const BUNDLE = join(ROOT, 'dist', 'index.js')

/** `npm test` checks this first (pretest); this repeats it for a bundle test run on its own with `npx jest`. */
export function requireBundle(): void {
  if (!existsSync(BUNDLE)) throw new Error('dist/index.js is missing: run `npm run build` before the bundle tests')
  if (!distFreshness().fresh) throw new Error('dist/ was not built from the current sources: run `npm run build` before the bundle tests')
}

export const INTEGRATION_ID = '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d'
export const SECRET_VALUES = ['sk-live-0123456789abcdef', 'p@ss word, with = and #']

/**
 * Inputs of a typical deploy against the simulator. Polling once per phase of its default
 * lifecycle (150 ms a phase) sees every status; polling faster only adds requests.
 */
export function deployInputs(sim: Simulator, name: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'control-plane-url': sim.url,
    'api-key': sim.apiKey,
    name,
    'graph-config-path': 'graph.json',
    'integration-id': INTEGRATION_ID,
    secrets: `OPENAI_API_KEY=${SECRET_VALUES[0]}\nDB_PASSWORD=${SECRET_VALUES[1]}`,
    'poll-interval': '150ms',
    ...extra
  }
}

/** The `::error::` lines of a run, decoded as the runner shows them. */
export function errorLines(run: ActionRun): string[] {
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith('::error::'))
    .map((line) => line.slice('::error::'.length).replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%'))
}

/**
 * Everything the run left where people or other steps can read it, except the
 * `::add-mask::` commands, which the runner consumes to do the masking.
 */
export function visibleText(run: ActionRun): string {
  const log = (run.stdout + run.stderr)
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  return [log, run.summary, ...Object.values(run.outputs)].join('\n')
}
