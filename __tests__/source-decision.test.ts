import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import type { RevisionSource } from '../src/api/constants.js'
import type { Deployment } from '../src/api/schemas.js'
import {
  archivesBeforeLookup,
  decideSource,
  mayBuildFromGitHubBeforeLookup,
  possibleBeforeLookup,
  type GateId,
  type SourceInputs
} from '../src/commands/deploy/source.js'
import { InputError } from '../src/core/errors.js'
import type { InputName } from '../src/inputs/names.js'
import { errorLines } from './helpers/action.js'
import { commitCheckout } from './helpers/git-checkout.js'
import { BASE_INPUTS, readDeployInputs, VALID_UUID } from './helpers/inputs.js'
import { runInProcess } from './helpers/in-process.js'
import { simulatorWithGitHub } from './helpers/with-github.js'

/**
 * Every combination of `source`, `revision-source`, the deployment the lookup finds (none: a
 * create) and `source-tarball-path` is one row: what the inputs alone say before the lookup (is
 * the checkout archived first?), and what the one decision says after it. Columns:
 * - builds: the source the new revision is built from (or why the deploy is refused, before any change);
 * - as: the deployment's own source (a create sends it as `source`; `?` when one reports none);
 * - archive: `-` none; `first`: archived before the lookup and shipped; `set aside`: archived
 *   before the lookup, not shipped (the lookup decided another source); `after`: archived after the
 *   lookup (only the deployment said `internal_source`);
 * - gates: the gates that apply to the source: C config-check, E expected-commit, P paths; a remote
 *   build's on its archive: K checkout-commit (`expected-commit`), A archive-config-check;
 * - sends: the `revision_source` a patch sends (`-`: none);
 * - commit: `checked` when the built commit is held to `expected-commit` after the build;
 * - warns: the inputs the decision set aside, by name.
 */
const TABLE = `
  source          | revision-source | existing        | tarball | builds                   | as                      | archive   | gates | sends           | commit  | warns
  -               | -               | create          | -       | github                   | creates github          | -         | C E P | -               | checked | -
  -               | -               | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | -
  -               | -               | github          | -       | github                   | as github               | -         | C E P | -               | checked | -
  -               | -               | github          | tarball | github                   | as github               | -         | C E P | -               | checked | -
  -               | -               | internal_source | -       | internal_source          | as internal_source      | after     | K A P | -               | -       | -
  -               | -               | internal_source | tarball | internal_source          | as internal_source      | -         | P     | -               | -       | -
  -               | -               | internal_docker | -       | internal_docker          | as internal_docker      | -         | P     | -               | -       | -
  -               | -               | internal_docker | tarball | internal_docker          | as internal_docker      | -         | P     | -               | -       | -
  -               | -               | no source       | -       | refused: no source known
  -               | -               | no source       | tarball | refused: no source known
  -               | github          | create          | -       | github                   | creates github          | -         | C E P | -               | checked | revision-source
  -               | github          | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | revision-source
  -               | github          | github          | -       | github                   | as github               | -         | C E P | github          | checked | -
  -               | github          | github          | tarball | github                   | as github               | -         | C E P | github          | checked | -
  -               | github          | internal_source | -       | github                   | as internal_source      | -         | C E P | github          | checked | -
  -               | github          | internal_source | tarball | github                   | as internal_source      | -         | C E P | github          | checked | -
  -               | github          | internal_docker | -       | github                   | as internal_docker      | -         | C E P | github          | checked | -
  -               | github          | internal_docker | tarball | github                   | as internal_docker      | -         | C E P | github          | checked | -
  -               | github          | no source       | -       | github                   | as ?                    | -         | C E P | github          | checked | -
  -               | github          | no source       | tarball | github                   | as ?                    | -         | C E P | github          | checked | -
  -               | internal_source | create          | -       | github                   | creates github          | set aside | C E P | -               | checked | revision-source
  -               | internal_source | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | revision-source
  -               | internal_source | github          | -       | internal_source          | as github               | first     | K A P | internal_source | -       | -
  -               | internal_source | github          | tarball | internal_source          | as github               | -         | P     | internal_source | -       | -
  -               | internal_source | internal_source | -       | internal_source          | as internal_source      | first     | K A P | -               | -       | -
  -               | internal_source | internal_source | tarball | internal_source          | as internal_source      | -         | P     | internal_source | -       | -
  -               | internal_source | internal_docker | -       | internal_source          | as internal_docker      | first     | K A P | internal_source | -       | -
  -               | internal_source | internal_docker | tarball | internal_source          | as internal_docker      | -         | P     | internal_source | -       | -
  -               | internal_source | no source       | -       | internal_source          | as ?                    | first     | K A P | internal_source | -       | -
  -               | internal_source | no source       | tarball | internal_source          | as ?                    | -         | P     | internal_source | -       | -
  -               | internal_docker | create          | -       | github                   | creates github          | -         | C E P | -               | checked | revision-source
  -               | internal_docker | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | revision-source
  -               | internal_docker | github          | -       | internal_docker          | as github               | -         | P     | internal_docker | -       | -
  -               | internal_docker | github          | tarball | internal_docker          | as github               | -         | P     | internal_docker | -       | -
  -               | internal_docker | internal_source | -       | internal_docker          | as internal_source      | -         | P     | internal_docker | -       | -
  -               | internal_docker | internal_source | tarball | internal_docker          | as internal_source      | -         | P     | internal_docker | -       | -
  -               | internal_docker | internal_docker | -       | internal_docker          | as internal_docker      | -         | P     | internal_docker | -       | -
  -               | internal_docker | internal_docker | tarball | internal_docker          | as internal_docker      | -         | P     | internal_docker | -       | -
  -               | internal_docker | no source       | -       | internal_docker          | as ?                    | -         | P     | internal_docker | -       | -
  -               | internal_docker | no source       | tarball | internal_docker          | as ?                    | -         | P     | internal_docker | -       | -
  github          | -               | create          | -       | github                   | creates github          | -         | C E P | -               | checked | -
  github          | -               | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | -
  github          | -               | github          | -       | github                   | as github               | -         | C E P | -               | checked | -
  github          | -               | github          | tarball | github                   | as github               | -         | C E P | -               | checked | -
  github          | -               | internal_source | -       | refused: source changed
  github          | -               | internal_source | tarball | refused: source changed
  github          | -               | internal_docker | -       | refused: source changed
  github          | -               | internal_docker | tarball | refused: source changed
  github          | -               | no source       | -       | github                   | as github               | -         | C E P | -               | checked | -
  github          | -               | no source       | tarball | github                   | as github               | -         | C E P | -               | checked | -
  github          | github          | create          | -       | github                   | creates github          | -         | C E P | -               | checked | revision-source
  github          | github          | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | revision-source
  github          | github          | github          | -       | github                   | as github               | -         | C E P | github          | checked | -
  github          | github          | github          | tarball | github                   | as github               | -         | C E P | github          | checked | -
  github          | github          | internal_source | -       | refused: source changed
  github          | github          | internal_source | tarball | refused: source changed
  github          | github          | internal_docker | -       | refused: source changed
  github          | github          | internal_docker | tarball | refused: source changed
  github          | github          | no source       | -       | github                   | as github               | -         | C E P | github          | checked | -
  github          | github          | no source       | tarball | github                   | as github               | -         | C E P | github          | checked | -
  github          | internal_source | create          | -       | github                   | creates github          | set aside | C E P | -               | checked | revision-source
  github          | internal_source | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | revision-source
  github          | internal_source | github          | -       | internal_source          | as github               | first     | K A P | internal_source | -       | -
  github          | internal_source | github          | tarball | internal_source          | as github               | -         | P     | internal_source | -       | -
  github          | internal_source | internal_source | -       | refused: source changed
  github          | internal_source | internal_source | tarball | refused: source changed
  github          | internal_source | internal_docker | -       | refused: source changed
  github          | internal_source | internal_docker | tarball | refused: source changed
  github          | internal_source | no source       | -       | internal_source          | as github               | first     | K A P | internal_source | -       | -
  github          | internal_source | no source       | tarball | internal_source          | as github               | -         | P     | internal_source | -       | -
  github          | internal_docker | create          | -       | github                   | creates github          | -         | C E P | -               | checked | revision-source
  github          | internal_docker | create          | tarball | github                   | creates github          | -         | C E P | -               | checked | revision-source
  github          | internal_docker | github          | -       | internal_docker          | as github               | -         | P     | internal_docker | -       | -
  github          | internal_docker | github          | tarball | internal_docker          | as github               | -         | P     | internal_docker | -       | -
  github          | internal_docker | internal_source | -       | refused: source changed
  github          | internal_docker | internal_source | tarball | refused: source changed
  github          | internal_docker | internal_docker | -       | refused: source changed
  github          | internal_docker | internal_docker | tarball | refused: source changed
  github          | internal_docker | no source       | -       | internal_docker          | as github               | -         | P     | internal_docker | -       | -
  github          | internal_docker | no source       | tarball | internal_docker          | as github               | -         | P     | internal_docker | -       | -
  internal_source | -               | create          | -       | internal_source          | creates internal_source | first     | K A P | -               | -       | -
  internal_source | -               | create          | tarball | internal_source          | creates internal_source | -         | P     | -               | -       | -
  internal_source | -               | github          | -       | refused: source changed
  internal_source | -               | github          | tarball | refused: source changed
  internal_source | -               | internal_source | -       | internal_source          | as internal_source      | first     | K A P | -               | -       | -
  internal_source | -               | internal_source | tarball | internal_source          | as internal_source      | -         | P     | -               | -       | -
  internal_source | -               | internal_docker | -       | refused: source changed
  internal_source | -               | internal_docker | tarball | refused: source changed
  internal_source | -               | no source       | -       | internal_source          | as internal_source      | first     | K A P | internal_source | -       | -
  internal_source | -               | no source       | tarball | internal_source          | as internal_source      | -         | P     | -               | -       | -
  internal_source | github          | create          | -       | internal_source          | creates internal_source | first     | K A P | -               | -       | revision-source
  internal_source | github          | create          | tarball | internal_source          | creates internal_source | -         | P     | -               | -       | revision-source
  internal_source | github          | github          | -       | refused: source changed
  internal_source | github          | github          | tarball | refused: source changed
  internal_source | github          | internal_source | -       | github                   | as internal_source      | set aside | C E P | github          | checked | -
  internal_source | github          | internal_source | tarball | github                   | as internal_source      | -         | C E P | github          | checked | -
  internal_source | github          | internal_docker | -       | refused: source changed
  internal_source | github          | internal_docker | tarball | refused: source changed
  internal_source | github          | no source       | -       | github                   | as internal_source      | set aside | C E P | github          | checked | -
  internal_source | github          | no source       | tarball | github                   | as internal_source      | -         | C E P | github          | checked | -
  internal_source | internal_source | create          | -       | internal_source          | creates internal_source | first     | K A P | -               | -       | revision-source
  internal_source | internal_source | create          | tarball | internal_source          | creates internal_source | -         | P     | -               | -       | revision-source
  internal_source | internal_source | github          | -       | refused: source changed
  internal_source | internal_source | github          | tarball | refused: source changed
  internal_source | internal_source | internal_source | -       | internal_source          | as internal_source      | first     | K A P | -               | -       | -
  internal_source | internal_source | internal_source | tarball | internal_source          | as internal_source      | -         | P     | internal_source | -       | -
  internal_source | internal_source | internal_docker | -       | refused: source changed
  internal_source | internal_source | internal_docker | tarball | refused: source changed
  internal_source | internal_source | no source       | -       | internal_source          | as internal_source      | first     | K A P | internal_source | -       | -
  internal_source | internal_source | no source       | tarball | internal_source          | as internal_source      | -         | P     | internal_source | -       | -
  internal_source | internal_docker | create          | -       | internal_source          | creates internal_source | first     | K A P | -               | -       | revision-source
  internal_source | internal_docker | create          | tarball | internal_source          | creates internal_source | -         | P     | -               | -       | revision-source
  internal_source | internal_docker | github          | -       | refused: source changed
  internal_source | internal_docker | github          | tarball | refused: source changed
  internal_source | internal_docker | internal_source | -       | internal_docker          | as internal_source      | set aside | P     | internal_docker | -       | -
  internal_source | internal_docker | internal_source | tarball | internal_docker          | as internal_source      | -         | P     | internal_docker | -       | -
  internal_source | internal_docker | internal_docker | -       | refused: source changed
  internal_source | internal_docker | internal_docker | tarball | refused: source changed
  internal_source | internal_docker | no source       | -       | internal_docker          | as internal_source      | set aside | P     | internal_docker | -       | -
  internal_source | internal_docker | no source       | tarball | internal_docker          | as internal_source      | -         | P     | internal_docker | -       | -
  internal_docker | -               | create          | -       | internal_docker          | creates internal_docker | -         | P     | -               | -       | -
  internal_docker | -               | create          | tarball | internal_docker          | creates internal_docker | -         | P     | -               | -       | -
  internal_docker | -               | github          | -       | refused: source changed
  internal_docker | -               | github          | tarball | refused: source changed
  internal_docker | -               | internal_source | -       | refused: source changed
  internal_docker | -               | internal_source | tarball | refused: source changed
  internal_docker | -               | internal_docker | -       | internal_docker          | as internal_docker      | -         | P     | -               | -       | -
  internal_docker | -               | internal_docker | tarball | internal_docker          | as internal_docker      | -         | P     | -               | -       | -
  internal_docker | -               | no source       | -       | internal_docker          | as internal_docker      | -         | P     | -               | -       | -
  internal_docker | -               | no source       | tarball | internal_docker          | as internal_docker      | -         | P     | -               | -       | -
  internal_docker | github          | create          | -       | internal_docker          | creates internal_docker | -         | P     | -               | -       | revision-source
  internal_docker | github          | create          | tarball | internal_docker          | creates internal_docker | -         | P     | -               | -       | revision-source
  internal_docker | github          | github          | -       | refused: source changed
  internal_docker | github          | github          | tarball | refused: source changed
  internal_docker | github          | internal_source | -       | refused: source changed
  internal_docker | github          | internal_source | tarball | refused: source changed
  internal_docker | github          | internal_docker | -       | github                   | as internal_docker      | -         | C E P | github          | checked | -
  internal_docker | github          | internal_docker | tarball | github                   | as internal_docker      | -         | C E P | github          | checked | -
  internal_docker | github          | no source       | -       | github                   | as internal_docker      | -         | C E P | github          | checked | -
  internal_docker | github          | no source       | tarball | github                   | as internal_docker      | -         | C E P | github          | checked | -
  internal_docker | internal_source | create          | -       | internal_docker          | creates internal_docker | set aside | P     | -               | -       | revision-source
  internal_docker | internal_source | create          | tarball | internal_docker          | creates internal_docker | -         | P     | -               | -       | revision-source
  internal_docker | internal_source | github          | -       | refused: source changed
  internal_docker | internal_source | github          | tarball | refused: source changed
  internal_docker | internal_source | internal_source | -       | refused: source changed
  internal_docker | internal_source | internal_source | tarball | refused: source changed
  internal_docker | internal_source | internal_docker | -       | internal_source          | as internal_docker      | first     | K A P | internal_source | -       | -
  internal_docker | internal_source | internal_docker | tarball | internal_source          | as internal_docker      | -         | P     | internal_source | -       | -
  internal_docker | internal_source | no source       | -       | internal_source          | as internal_docker      | first     | K A P | internal_source | -       | -
  internal_docker | internal_source | no source       | tarball | internal_source          | as internal_docker      | -         | P     | internal_source | -       | -
  internal_docker | internal_docker | create          | -       | internal_docker          | creates internal_docker | -         | P     | -               | -       | revision-source
  internal_docker | internal_docker | create          | tarball | internal_docker          | creates internal_docker | -         | P     | -               | -       | revision-source
  internal_docker | internal_docker | github          | -       | refused: source changed
  internal_docker | internal_docker | github          | tarball | refused: source changed
  internal_docker | internal_docker | internal_source | -       | refused: source changed
  internal_docker | internal_docker | internal_source | tarball | refused: source changed
  internal_docker | internal_docker | internal_docker | -       | internal_docker          | as internal_docker      | -         | P     | internal_docker | -       | -
  internal_docker | internal_docker | internal_docker | tarball | internal_docker          | as internal_docker      | -         | P     | internal_docker | -       | -
  internal_docker | internal_docker | no source       | -       | internal_docker          | as internal_docker      | -         | P     | internal_docker | -       | -
  internal_docker | internal_docker | no source       | tarball | internal_docker          | as internal_docker      | -         | P     | internal_docker | -       | -
`

const SOURCES = ['-', 'github', 'internal_source', 'internal_docker'] as const
const EXISTING = ['create', 'github', 'internal_source', 'internal_docker', 'no source'] as const
const TARBALL = ['-', 'tarball'] as const
type Row = [source: string, revisionSource: string, existing: string, tarball: string]

function inputsOf([source, revisionSource, , tarball]: Row, target: Partial<SourceInputs> = {}): SourceInputs {
  return {
    ...(source === '-' ? {} : { source }),
    ...(revisionSource === '-' ? {} : { revisionSource: revisionSource as RevisionSource }),
    sourceRevisionConfig: tarball === '-' ? {} : { source_tarball_path: 'uploads/agent.tar.gz' },
    createIfMissing: true,
    ...target
  }
}

function deploymentOf(existing: string): Deployment | undefined {
  if (existing === 'create') return undefined
  return {
    id: 'dep-1',
    name: 'agent',
    latest_revision_id: 'rev-1',
    status: 'READY',
    ...(existing === 'no source' ? {} : { source: existing })
  }
}

const GATE_CODES: Record<GateId, string> = {
  'checkout-commit': 'K',
  'archive-config-check': 'A',
  'config-check': 'C',
  'expected-commit': 'E',
  paths: 'P'
}

/** One row as the code decides it, in the table's columns. */
function decided(row: Row): string[] {
  const inputs = inputsOf(row)
  const first = archivesBeforeLookup(inputs)
  let source
  try {
    source = decideSource(inputs, deploymentOf(row[2]))
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    return [...row, 'refused: no source known']
  }
  // Refused by the plan, with its other problems.
  if (source.problems.some((problem) => /cannot change/.test(problem))) return [...row, 'refused: source changed']
  const archive = source.archivesCheckout ? (first ? 'first' : 'after') : first ? 'set aside' : '-'
  const warns = source.warnings.map((warning) => /^`([a-z-]+)`/.exec(warning)?.[1]).join(', ') || '-'
  return [
    ...row,
    source.builds,
    source.creating ? `creates ${source.deployment}` : `as ${source.deployment ?? '?'}`,
    archive,
    source.gates.map((gate) => GATE_CODES[gate]).join(' '),
    source.revisionSourceSent ?? '-',
    source.fromGitHub ? 'checked' : '-',
    warns
  ]
}

/** A table's rows, by their first `keyCells` cells (the combination). */
function parse(text: string, keyCells: number): Map<string, string[]> {
  const [, ...lines] = text.trim().split('\n')
  return new Map(
    lines.map((line) => line.split('|').map((cell) => cell.trim())).map((cells) => [cells.slice(0, keyCells).join(' | '), cells])
  )
}

const ROWS: Row[] = SOURCES.flatMap((source) =>
  SOURCES.flatMap((revisionSource) =>
    EXISTING.flatMap((existing) => TARBALL.map((tarball): Row => [source, revisionSource, existing, tarball]))
  )
)

describe('one decision of the source, every combination', () => {
  const table = parse(TABLE, 4)

  it('has one row per combination, and no other', () => {
    expect([...table.keys()].sort()).toEqual(ROWS.map((row) => row.join(' | ')).sort())
  })

  it.each(ROWS.map((row) => [row.join(' | '), row] as const))('%s', (key, row) => {
    expect(decided(row)).toEqual(table.get(key))
  })
})

/**
 * Before the lookup, what the inputs alone say: whether a create is possible (`name` with
 * `create-if-missing`; not with `create-if-missing: false` or `deployment-id`), the sources the
 * ways the lookup may end build from (the revision's input rules refuse what none of them takes;
 * `?`: only the deployment can tell, and those rules wait for it), whether the checkout is archived first (some way may be a remote build), and whether the
 * rules see `repo-ref` defaulted to the workflow's ref (no way names another source than `github`).
 */
const BEFORE_LOOKUP = `
  source          | revision-source | lookup      | builds                             | archive       | repo-ref
  -               | -               | may create  | ?                                  | -             | workflow ref
  -               | -               | update only | ?                                  | -             | workflow ref
  -               | github          | may create  | github                             | -             | workflow ref
  -               | github          | update only | github                             | -             | workflow ref
  -               | internal_source | may create  | github or internal_source          | archive first | -
  -               | internal_source | update only | internal_source                    | archive first | -
  -               | internal_docker | may create  | github or internal_docker          | -             | -
  -               | internal_docker | update only | internal_docker                    | -             | -
  github          | -               | may create  | github                             | -             | workflow ref
  github          | -               | update only | github                             | -             | workflow ref
  github          | github          | may create  | github                             | -             | workflow ref
  github          | github          | update only | github                             | -             | workflow ref
  github          | internal_source | may create  | github or internal_source          | archive first | -
  github          | internal_source | update only | internal_source                    | archive first | -
  github          | internal_docker | may create  | github or internal_docker          | -             | -
  github          | internal_docker | update only | internal_docker                    | -             | -
  internal_source | -               | may create  | internal_source                    | archive first | -
  internal_source | -               | update only | internal_source                    | archive first | -
  internal_source | github          | may create  | internal_source or github          | archive first | -
  internal_source | github          | update only | github                             | -             | workflow ref
  internal_source | internal_source | may create  | internal_source                    | archive first | -
  internal_source | internal_source | update only | internal_source                    | archive first | -
  internal_source | internal_docker | may create  | internal_source or internal_docker | archive first | -
  internal_source | internal_docker | update only | internal_docker                    | -             | -
  internal_docker | -               | may create  | internal_docker                    | -             | -
  internal_docker | -               | update only | internal_docker                    | -             | -
  internal_docker | github          | may create  | internal_docker or github          | -             | -
  internal_docker | github          | update only | github                             | -             | workflow ref
  internal_docker | internal_source | may create  | internal_docker or internal_source | archive first | -
  internal_docker | internal_source | update only | internal_source                    | archive first | -
  internal_docker | internal_docker | may create  | internal_docker                    | -             | -
  internal_docker | internal_docker | update only | internal_docker                    | -             | -
`

describe('before the lookup', () => {
  const table = parse(BEFORE_LOOKUP, 3)
  const rows = SOURCES.flatMap((source) =>
    SOURCES.flatMap((revisionSource) => ['may create', 'update only'].map((lookup) => [source, revisionSource, lookup]))
  )

  function said([source, revisionSource, lookup]: string[]): string[] {
    const inputs = inputsOf([source, revisionSource, '', '-'], lookup === 'may create' ? {} : { createIfMissing: false })
    return [
      source,
      revisionSource,
      lookup,
      possibleBeforeLookup(inputs).join(' or ') || '?',
      archivesBeforeLookup(inputs) ? 'archive first' : '-',
      mayBuildFromGitHubBeforeLookup(inputs) ? 'workflow ref' : '-'
    ]
  }

  it('has one row per combination, and no other', () => {
    expect([...table.keys()].sort()).toEqual(rows.map((row) => row.join(' | ')).sort())
  })

  it.each(rows.map((row) => [row.join(' | '), row] as const))('%s', (key, row) => {
    expect(said(row)).toEqual(table.get(key))
  })
})

/**
 * Rows of the table, run in-process against the simulator and the fake GitHub: what was sent.
 * The checkout is a git repository whose commit the fake GitHub's `main` also holds, so that a
 * `github` build and a remote build of it are the same code.
 */
describe('the decision, as the deploy follows it', () => {
  const world = simulatorWithGitHub('source-decision-')
  const REPOSITORY = 'octo-org/support-agent'
  const CONFIG = 'apps/agent/langgraph.json'
  let workspace: string
  let head: string
  let runnerTemp: string

  beforeAll(() => {
    workspace = mkdtempSync(join(world.dir, 'checkout-'))
    runnerTemp = mkdtempSync(join(world.dir, 'runner-temp-'))
    head = commitCheckout(workspace, {
      [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }),
      'apps/agent/agent.py': 'graph = None\n'
    })
  })

  /** `main` at the checkout's commit. */
  function mainAtCheckout(): void {
    world.github.addCommit({ sha: head, files: [CONFIG, 'apps/agent/agent.py'] })
    world.github.moveRef('main', head)
  }

  function deploy(name: string, inputs: Record<string, string>) {
    return runInProcess({
      inputs: {
        'control-plane-url': world.sim.url,
        'api-key': world.sim.apiKey,
        name,
        'github-token': world.github.token,
        'poll-interval': '50ms',
        'graph-config-path': CONFIG,
        ...inputs
      },
      env: {
        GITHUB_API_URL: world.github.url,
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_SHA: head,
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: runnerTemp
      }
    })
  }

  const sent = (method: string, path: RegExp) => world.sim.requests.filter((r) => r.method === method && path.test(r.path))
  const uploadUrls = () => sent('POST', /\/upload-url$/)
  const commitReads = () => world.github.requests.filter((r) => r.path.includes('/commits/'))
  const ignored = (value: string, source: string) =>
    expect.stringContaining(
      `\`revision-source\` (\`${value}\`) is ignored: the deployment does not exist yet, and a create builds its first revision from \`source\` (\`${source}\``
    )

  it('a create with `revision-source: internal_source` and no `source` creates a `github` deployment, runs its gates, and fails a build of another commit than `expected-commit`', async () => {
    mainAtCheckout()
    // `main` moves on right after the `expected-commit` gate read it, before the build starts.
    world.github.moveRef('main', world.github.addCommit({ parents: [head], files: [CONFIG] }), { afterRequests: 1 })
    const pushed = () => world.github.refHead('main')
    const run = await deploy('fresh-agent', {
      'revision-source': 'internal_source',
      'expected-commit': head,
      'integration-id': VALID_UUID,
      'config-check': 'off'
    })
    // The `expected-commit` gate read the ref; the build of the commit `main` moved to fails the step.
    expect(commitReads().map((r) => r.path)).toEqual([`/repos/${REPOSITORY}/commits/main`])
    expect(run.exitCode).toBe(1)
    expect(run.outcome).toMatchObject({ kind: 'failed', operation: 'created', revision: { status: 'DEPLOYED' } })
    expect(errorLines(run)[0]).toContain(`built from commit ${pushed()}, not \`expected-commit\` ${head}`)
    expect(run.warnings).toContainEqual(ignored('internal_source', 'github'))
    expect(sent('POST', /^\/v2\/deployments$/).map((r) => (r.body as { source: string }).source)).toEqual(['github'])
    // The archive built before the lookup was set aside: nothing asked for or uploaded.
    expect(run.lines).toContainEqual(
      expect.stringMatching(
        /^The checkout was archived before the lookup, .* this deploy builds from `github`, so that archive is not shipped\.$/
      )
    )
    expect(uploadUrls()).toEqual([])
    expect(world.sim.storage.requests).toEqual([])
    expect(run.outputs['archive-sha256'] ?? '').toBe('')
  })

  it('a create with `source: internal_source` and `revision-source: github` is a remote build: no GitHub gate, no commit check after the build', async () => {
    mainAtCheckout()
    const run = await deploy('remote-agent', { source: 'internal_source', 'revision-source': 'github', 'expected-commit': head })
    expect(world.github.requests).toEqual([])
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'deployed', operation: 'created' })
    expect(run.warnings).toContainEqual(ignored('github', 'internal_source'))
    expect(sent('POST', /^\/v2\/deployments$/).map((r) => (r.body as { source: string }).source)).toEqual(['internal_source'])
    expect(uploadUrls()).toHaveLength(1)
    expect(sent('PATCH', /./).map((r) => r.body)).toEqual([
      { source_revision_config: { source_tarball_path: expect.any(String), graph_config_path: 'langgraph.json' } }
    ])
  })

  it('an existing deployment that reports no source, with `source: internal_source`, is a remote build of the checkout', async () => {
    const seeded = world.sim.seedDeployment({ name: 'quiet-agent', source: 'internal_source' })
    const { source: _source, ...reportsNone } = world.sim.deployments().find((d) => d.id === seeded.id) as Record<string, unknown>
    world.sim.addFault({
      method: 'GET',
      path: `/v2/deployments/${String(seeded.id)}`,
      respond: { status: 200, body: JSON.stringify(reportsNone) }
    })
    const run = await deploy('quiet-agent', { source: 'internal_source' })
    expect(errorLines(run)).toEqual([])
    expect(run.lines).toContainEqual(expect.stringMatching(/^Found deployment `quiet-agent` \(.*\), source unknown,/))
    expect(run.outcome).toMatchObject({ kind: 'deployed', operation: 'updated' })
    expect(uploadUrls()).toHaveLength(1)
    // It reports no source, so the patch names the one it builds.
    expect(sent('PATCH', /./).map((r) => r.body)).toEqual([
      {
        revision_source: 'internal_source',
        source_revision_config: { source_tarball_path: expect.any(String), graph_config_path: 'langgraph.json' }
      }
    ])
    expect(run.outputs['archive-sha256']).toMatch(/^[0-9a-f]{64}$/)
  })

  it('an existing deployment that reports no source, with neither `source` nor `revision-source`, is refused before any change', async () => {
    const seeded = world.sim.seedDeployment({ name: 'mute-agent' })
    const { source: _source, ...reportsNone } = world.sim.deployments().find((d) => d.id === seeded.id) as Record<string, unknown>
    world.sim.addFault({
      method: 'GET',
      path: `/v2/deployments/${String(seeded.id)}`,
      respond: { status: 200, body: JSON.stringify(reportsNone) }
    })
    const run = await deploy('mute-agent', {})
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toContain(
      'deployment `mute-agent` reports no source, so what this deploy would build from is not known: set `source`'
    )
    expect(world.sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('`source: internal_source` with `revision-source: github` on an existing deployment: the archive built before the lookup is set aside, and the `github` patch runs its gates', async () => {
    mainAtCheckout()
    world.sim.seedDeployment({ name: 'switching-agent', source: 'internal_source' })
    const run = await deploy('switching-agent', { source: 'internal_source', 'revision-source': 'github', 'expected-commit': head })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'deployed', operation: 'updated' })
    expect(uploadUrls()).toEqual([])
    expect(sent('PATCH', /./).map((r) => r.body)).toEqual([
      expect.objectContaining({ revision_source: 'github', source_revision_config: { repo_ref: 'main', graph_config_path: CONFIG } })
    ])
    expect(commitReads()).toHaveLength(1)
    expect(run.outcome.shipped).toBeUndefined()
  })

  it('an archive set aside takes its config check with it: a create of `internal_docker` with `revision-source: internal_source` reports no config check of it', async () => {
    const run = await deploy('image-agent', { source: 'internal_docker', 'revision-source': 'internal_source' })
    expect(run.warnings).toContainEqual(ignored('internal_source', 'internal_docker'))
    // Refused by the rules of the source it creates, after the archive was set aside.
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toContain(
      '`graph-config-path` applies only to `github` and `internal_source` sources, not `internal_docker`'
    )
    expect(run.outcome.checks ?? []).toEqual([])
    expect(world.sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })
})

describe("the revision's input rules before the lookup", () => {
  // Reading the inputs registers the credential for masking, which @actions/core announces on stdout.
  beforeEach(() => {
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
  })
  afterEach(() => {
    jest.restoreAllMocks()
  })

  const refusal = async (inputs: Partial<Record<InputName, string>>) => {
    try {
      await readDeployInputs({ ...BASE_INPUTS, ...inputs })
    } catch (error) {
      if (error instanceof InputError) return error.problems
      throw error
    }
    return []
  }

  it('refuses what no way the lookup may end takes, naming them all', async () => {
    // A create builds `github`, an update `internal_source`: neither takes an image.
    expect(await refusal({ 'revision-source': 'internal_source', 'image-uri': 'registry.example/agent:1' })).toEqual([
      '`image-uri` applies only to `external_docker` and `internal_docker` sources, not `github` or `internal_source`; remove it'
    ])
  })

  it('lets through what one of them takes, for the lookup to decide', async () => {
    // A create builds `internal_source` (which ignores `revision-source`), an update `github`: `repo-ref` is for the update.
    expect(await refusal({ source: 'internal_source', 'revision-source': 'github', 'repo-ref': 'main' })).toEqual([])
  })
})
