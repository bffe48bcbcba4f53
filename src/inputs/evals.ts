import { readFileSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, relative, resolve } from 'node:path'
import { nearestName } from '../core/similarity.js'
import { parseDuration } from './parsers.js'
import { isMapping } from '../core/mapping.js'
import { parseExpect, type RunExpect } from './checks/registry.js'
import { readPullRequest } from './github-event.js'
import type { InputName } from './names.js'

export type { RunExpect } from './checks/registry.js'
export { valuePathSteps } from './checks/value.js'

export interface EvalCase {
  /** Unique in the suite; `case 1`, `case 2`, ... when not given. */
  name: string
  assistant: string
  /** The graph's input, sent as given. */
  input: Record<string, unknown>
  expect: RunExpect
}

/** `evals`: a suite of runs sent to the deployed revision after DEPLOYED and the checks before it. */
export interface EvalSuite {
  /** Where it was written: the file's workspace-relative path, or `inline`. */
  from: string
  cases: EvalCase[]
  concurrency: number
  repeat: number
  minPasses: number
  /** One run's limit. */
  timeoutMs: number
  /** `timeout` was written: the step's own `timeout` must then be longer (a default is just cut short by the step's deadline). */
  timeoutSet?: boolean
  /** The whole suite's, when given (else the step's time left). */
  timeLimitMs?: number
  /** The share of cases that must pass, 0 to 1. */
  passRate: number
  /** Another deployment's name: the same cases run against its URL too. */
  compareWith?: string
  maxRegressions: number
  /** The LangSmith dataset the runs are recorded in (with `langsmith-api-key`); `<deployment name> CI` when not given. */
  dataset?: string
  /** `max-regressions` was written: the suite gates on the comparison, so one that cannot be made fails the gate. */
  regressionsGated?: boolean
  /** `repeat` was given: fixed runs (v1.4). Without it, `compare-with` runs adaptively (evals/adaptive.ts). */
  repeatGiven?: boolean
  /** The comparison's confidence, 0.5 to 0.999 (default 0.95): the suite's false alarms stay under `1 - confidence`. */
  confidence?: number
  /** Adaptive runs: the most runs of a case on each side (default 8, at most 20). */
  maxRepeat?: number
  /** Whether an undecided comparison fails the gate (default `pass`). */
  onUndecided?: 'pass' | 'fail'
}

export const EVALS_DEFAULTS = { concurrency: 4, repeat: 1, timeoutMs: 2 * 60_000, passRate: 1, maxRegressions: 0 }
/** The comparison's defaults (v1.5): docs/evals-gate.md. */
export const GATE_DEFAULTS = { confidence: 0.95, maxRepeat: 8, onUndecided: 'pass' as const }
export const MAX_REPEAT = 20
/** At most this many cases in a suite, and runs in a step (cases x repeat x 1 or 2 deployments). */
export const MAX_CASES = 200
export const MAX_RUNS = 1000
/** A suite file larger than this is not a suite. */
const MAX_FILE_BYTES = 1024 * 1024

const SUITE_KEYS = [
  'assistant',
  'concurrency',
  'repeat',
  'min-passes',
  'timeout',
  'time-limit',
  'pass-rate',
  'compare-with',
  'max-regressions',
  'confidence',
  'max-repeat',
  'on-undecided',
  'cases',
  'dataset'
]
const CASE_KEYS = ['name', 'assistant', 'input', 'expect']

const EXAMPLE = 'e.g. `cases: [{name: says-pong, input: {messages: [{role: user, content: Say pong.}]}, expect: {contains: pong}}]`'

/**
 * `evals-from: base` on a pull request: the suite file is read from the base commit, before any
 * request to the control plane (operations/evals/suite-at-base.ts), and parsed then. `path` is
 * relative to the workspace, checked to stay inside it.
 */
export interface SuiteAtBase {
  atBase: { path: string; sha: string; workspace: string; githubToken?: string }
}

/** Where the suite is: a file in the workspace, or written inline. */
export type EvalsSource = { file: string } | { inline: string }

/**
 * The `evals` input: a path to a YAML or JSON file in the workspace (relative to
 * `GITHUB_WORKSPACE`), or the suite written inline as a YAML mapping. One line that is not a
 * mapping is a path. Every problem names the key and the fix; no value is repeated (an input
 * may be built from secrets).
 */
export async function parseEvals(
  raw: string,
  context: { env?: NodeJS.ProcessEnv; input?: (name: InputName) => string } = {}
): Promise<{ data?: EvalSuite | SuiteAtBase; problems: string[]; file?: string }> {
  const source = sourceOf(raw)
  const env = context.env ?? process.env
  const workspace = env.GITHUB_WORKSPACE || process.cwd()
  if ('file' in source && context.input?.('evals-from') === 'base') {
    // Not a pull request (a push, a manual run): the checkout is the commit itself, and is read as `checkout`.
    const baseSha = readPullRequest(env)?.baseSha
    if (baseSha !== undefined) {
      const path = relativeInside(source.file, workspace)
      if ('problem' in path) return { problems: [path.problem] }
      return { data: { atBase: { path: path.path, sha: baseSha, workspace } }, problems: [] }
    }
  }
  if ('file' in source) {
    const read = readSuiteFile(source.file, workspace)
    if ('problem' in read) return { problems: [read.problem] }
    return parseSuiteText(read.text, read.path)
  }
  return parseSuiteText(source.inline, 'inline')
}

/** A suite's text read (from a file, the base commit or inline): its value, or its problems, each naming `from` (a file) and the key. */
export async function parseSuiteText(text: string, from: string): Promise<{ data?: EvalSuite; problems: string[]; file?: string }> {
  const { duplicateKeys, parseYaml } = await import('./structured.js')
  // Problems in a file name it, and the advice names it rather than the step's `with:` block.
  const file = from === 'inline' ? {} : { file: from }
  let value: unknown
  try {
    value = parseYaml(text).value
  } catch (error) {
    return {
      problems: [`${from === 'inline' ? '' : `\`${from}\`: `}${(error as Error).message}; write a mapping with \`cases\`, ${EXAMPLE}`],
      ...file
    }
  }
  const problems: string[] = []
  // YAML keeps the last of two equal keys and drops the first without a word: two `cases:` lose a whole list.
  for (const duplicate of duplicateKeys(text)) {
    problems.push(
      `${from === 'inline' ? '' : `\`${from}\`: `}\`${duplicate.path}\` is written ${duplicate.lines.length} times ` +
        `(lines ${duplicate.lines.join(', ')}): YAML would keep the last and drop the others; keep one`
    )
  }
  const suite = readSuite(value, from, problems)
  return problems.length > 0 || !suite ? { problems, ...file } : { data: suite, problems }
}

export function sourceOf(raw: string): EvalsSource {
  const trimmed = raw.trim()
  // A path is one line, and never a YAML mapping (`key: value`, `{...}`).
  if (!/[\r\n]/.test(trimmed) && !trimmed.startsWith('{') && !/:(\s|$)/.test(trimmed)) return { file: trimmed }
  return { inline: raw }
}

/** Whether `to` is not below `from` (the folder itself counts as outside: a suite is a file in it). */
function outside(from: string, to: string): boolean {
  const inside = relative(from, to)
  return inside === '' || inside.startsWith('..') || isAbsolute(inside)
}

/** A path written relative to the workspace, as git names it there (`/` separated); refused when it leaves the workspace. */
function relativeInside(path: string, workspace: string): { path: string } | { problem: string } {
  const full = resolve(workspace, path)
  if (outside(resolve(workspace), full))
    return {
      problem: `the file \`${path}\` is outside the workspace: give the path of a YAML or JSON file in the repository, relative to the workspace (e.g. \`evals/suite.yml\`)`
    }
  return { path: relative(resolve(workspace), full).split('\\').join('/') }
}

function readSuiteFile(path: string, workspace: string): { text: string; path: string } | { problem: string } {
  const fix =
    'give the path of a YAML or JSON file in the repository, relative to the workspace (e.g. `evals/suite.yml`), or write the suite inline'
  const full = resolve(workspace, path)
  if (outside(resolve(workspace), full)) return { problem: `the file \`${path}\` is outside the workspace: ${fix}` }
  let real: string
  try {
    real = realpathSync(full)
  } catch (error) {
    return { problem: `the file \`${path}\` could not be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}): ${fix}` }
  }
  let root = workspace
  try {
    root = realpathSync(workspace)
  } catch {
    // A workspace that cannot be resolved: compared as given.
  }
  // A link inside the workspace may still point out of it.
  if (outside(root, real)) return { problem: `the file \`${path}\` is outside the workspace: ${fix}` }
  const inside = relative(root, real)
  try {
    const stat = statSync(real)
    if (!stat.isFile()) return { problem: `\`${path}\` is not a file: ${fix}` }
    if (stat.size > MAX_FILE_BYTES) return { problem: `the file \`${path}\` is larger than 1 MiB: a suite is at most ${MAX_CASES} cases` }
    return { text: readFileSync(real, 'utf8'), path: inside.split('\\').join('/') }
  } catch (error) {
    return { problem: `the file \`${path}\` could not be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}): ${fix}` }
  }
}

function readSuite(value: unknown, from: string, problems: string[]): EvalSuite | undefined {
  const where = from === 'inline' ? '' : `\`${from}\`: `
  const problem = (text: string) => problems.push(`${where}${text}`)
  if (!isMapping(value)) {
    problem(`must be a YAML or JSON mapping with \`cases\`, ${EXAMPLE}`)
    return undefined
  }
  unknownKeys(value, SUITE_KEYS, '', problem)
  const assistant = optionalText(value, 'assistant', 'assistant', problem, 'a graph id from the config (e.g. `agent`) or an assistant id')
  const concurrency = integer(value, 'concurrency', 1, 16, EVALS_DEFAULTS.concurrency, problem)
  const repeat = integer(value, 'repeat', 1, 10, EVALS_DEFAULTS.repeat, problem)
  const minPasses = integer(value, 'min-passes', 1, 10, repeat, problem)
  if (minPasses > repeat)
    problem(
      `\`min-passes\` (${minPasses}) is more than \`repeat\` (${repeat}): a case runs \`repeat\` times, so at most that many runs can pass; lower \`min-passes\` or raise \`repeat\``
    )
  const timeoutMs = duration(value, 'timeout', 'timeout', problem) ?? EVALS_DEFAULTS.timeoutMs
  const timeLimitMs = duration(value, 'time-limit', 'time-limit', problem) ?? undefined
  const passRate = rate(value['pass-rate'], problem)
  const compareWith = optionalText(value, 'compare-with', 'compare-with', problem, "another deployment's exact name")
  const maxRegressions = integer(value, 'max-regressions', 0, MAX_CASES, EVALS_DEFAULTS.maxRegressions, problem)
  if (value['max-regressions'] !== undefined && compareWith === undefined)
    problem('`max-regressions` needs `compare-with`: a regression is a case that passes on that deployment and fails here')
  const dataset = optionalText(value, 'dataset', 'dataset', problem, 'the LangSmith dataset the runs are recorded in')
  const gate = readGateKeys(value, compareWith !== undefined, problem)
  const cases = readCases(value.cases, assistant, problem)
  if (!cases) return undefined
  const runs = cases.length * repeat * (compareWith === undefined ? 1 : 2)
  if (runs > MAX_RUNS) {
    problem(
      `the suite would send ${runs} runs (${cases.length} cases x ` +
        `\`repeat\` ${repeat}${compareWith === undefined ? '' : ' x 2 deployments'}), more than ${MAX_RUNS}: runs are real agent ` +
        `runs that cost money; lower \`repeat\` or split the suite`
    )
  }
  return {
    from,
    cases,
    concurrency,
    repeat,
    minPasses,
    timeoutMs,
    ...(value.timeout === undefined || value.timeout === null ? {} : { timeoutSet: true }),
    ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
    passRate,
    ...(compareWith === undefined ? {} : { compareWith }),
    maxRegressions,
    ...(dataset === undefined ? {} : { dataset }),
    ...(value['max-regressions'] === undefined ? {} : { regressionsGated: true }),
    ...gate
  }
}

/** The v1.5 keys of the comparison: `confidence`, `max-repeat`, `on-undecided` (each needs `compare-with`). */
function readGateKeys(
  value: Record<string, unknown>,
  compared: boolean,
  problem: (text: string) => void
): Pick<EvalSuite, 'repeatGiven' | 'confidence' | 'maxRepeat' | 'onUndecided'> {
  const repeatGiven = value.repeat !== undefined && value.repeat !== null
  for (const key of ['confidence', 'max-repeat', 'on-undecided']) {
    if (value[key] !== undefined && !compared)
      problem(`\`${key}\` needs \`compare-with\`: it is about the comparison with another deployment; remove it or add \`compare-with\``)
  }
  if (value['max-repeat'] !== undefined && repeatGiven)
    problem(
      '`max-repeat` is for adaptive runs, and `repeat` runs every case a fixed number of times: keep one (without `repeat`, a case whose sides disagree runs again, up to `max-repeat`)'
    )
  const maxRepeat = integer(value, 'max-repeat', 1, MAX_REPEAT, GATE_DEFAULTS.maxRepeat, problem)
  let confidence: number = GATE_DEFAULTS.confidence
  if (value.confidence !== undefined && value.confidence !== null) {
    const text = typeof value.confidence === 'string' || typeof value.confidence === 'number' ? String(value.confidence).trim() : ''
    const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text)
    const share = percent ? Number(percent[1]) / 100 : /^\d*\.\d+$/.test(text) ? Number(text) : NaN
    if (!Number.isFinite(share) || share < 0.5 || share > 0.999)
      problem("`confidence` must be a share from 50% to 99.9% (e.g. `95%`, or `0.95`): the suite's false alarms stay under 1 minus it")
    else confidence = share
  }
  let onUndecided: 'pass' | 'fail' = GATE_DEFAULTS.onUndecided
  if (value['on-undecided'] !== undefined && value['on-undecided'] !== null) {
    if (value['on-undecided'] === 'pass' || value['on-undecided'] === 'fail') onUndecided = value['on-undecided']
    else problem('`on-undecided` must be `pass` (the default: undecided cases never fail the gate by themselves) or `fail`')
  }
  return { ...(repeatGiven ? { repeatGiven } : {}), confidence, maxRepeat, onUndecided }
}

function readCases(raw: unknown, assistant: string | undefined, problem: (text: string) => void): EvalCase[] | undefined {
  if (raw === undefined || raw === null) {
    problem(`\`cases\` is required: a list of cases, ${EXAMPLE}`)
    return undefined
  }
  if (!Array.isArray(raw)) {
    problem(`\`cases\` must be a list of cases (each \`- input: ...\`), ${EXAMPLE}`)
    return undefined
  }
  if (raw.length === 0) {
    problem(`\`cases\` is empty: a suite needs at least one case, ${EXAMPLE}`)
    return undefined
  }
  if (raw.length > MAX_CASES) {
    problem(`\`cases\` has ${raw.length} cases, more than ${MAX_CASES}: split the suite, or keep the cases that tell most`)
    return undefined
  }
  const seen = new Map<string, number>()
  const cases: EvalCase[] = []
  raw.forEach((item, i) => {
    const at = `cases[${i}]`
    if (!isMapping(item)) {
      problem(`\`${at}\` must be a mapping with \`input\` (and \`name\`, \`expect\`)`)
      return
    }
    unknownKeys(item, CASE_KEYS, `${at}.`, problem)
    const name = optionalText(item, 'name', `${at}.name`, problem, 'a short name shown in the table') ?? `case ${i + 1}`
    const first = seen.get(name)
    if (first !== undefined)
      problem(
        `\`${at}.name\` is \`${name.replace(/`/g, "'").slice(0, 60)}\`, as \`cases[${first}].name\` is: names must be unique (the table and \`eval-results\` tell cases apart by them); rename one`
      )
    else seen.set(name, i)
    const own = optionalText(item, 'assistant', `${at}.assistant`, problem, 'a graph id from the config or an assistant id')
    if (own === undefined && assistant === undefined)
      problem(`\`${at}\` has no \`assistant\`: set \`assistant\` at the top of the suite (every case's default) or in the case`)
    const input = item.input
    if (input === undefined || input === null)
      problem(`\`${at}.input\` is required: a mapping, the graph's input (e.g. \`{messages: [{role: user, content: ...}]}\`)`)
    else if (!isMapping(input))
      problem(`\`${at}.input\` must be a mapping (the graph's input, e.g. \`{messages: [...]}\`), not a list or a single value`)
    const expect = parseExpect(item.expect, `${at}.expect`, problem)
    if (isMapping(input) && expect) cases.push({ name, assistant: (own ?? assistant) as string, input, expect })
  })
  return cases.length === raw.length ? cases : undefined
}

function unknownKeys(mapping: Record<string, unknown>, known: readonly string[], prefix: string, problem: (text: string) => void): void {
  for (const key of Object.keys(mapping)) {
    if (known.includes(key)) continue
    if (key.trim() === '') {
      problem(
        `an empty key${prefix ? ` in \`${prefix.slice(0, -1)}\`` : ''} is not a known key: remove it (the keys are ${known.map((k) => `\`${k}\``).join(', ')})`
      )
      continue
    }
    const nearest = nearestName(key, known)
    problem(
      `\`${prefix}${key}\` is not a known key: ${nearest ? `did you mean \`${nearest}\`?` : `the keys are ${known.map((k) => `\`${k}\``).join(', ')}`}`
    )
  }
}

function optionalText(
  mapping: Record<string, unknown>,
  key: string,
  at: string,
  problem: (text: string) => void,
  what: string
): string | undefined {
  const value = mapping[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value.trim() === '' || /[\r\n]/.test(value)) {
    problem(`\`${at}\` must be one line of text: ${what}`)
    return undefined
  }
  return value
}

function integer(
  mapping: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
  fallback: number,
  problem: (text: string) => void
): number {
  const value = mapping[key]
  if (value === undefined || value === null) return fallback
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    problem(`\`${key}\` must be a whole number from ${min} to ${max}`)
    return fallback
  }
  return number
}

/** A duration in ms; undefined when not given, null when malformed (its problem recorded). */
function duration(mapping: Record<string, unknown>, key: string, at: string, problem: (text: string) => void): number | undefined | null {
  const value = mapping[key]
  if (value === undefined || value === null) return undefined
  try {
    // A bare number is seconds, as `timeout` itself reads it.
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error('must be a duration such as `90s` or `2m`')
    return parseDuration(String(value))
  } catch (error) {
    problem(`\`${at}\` ${(error as Error).message.replace(/, got .*$/, '')}`)
    return null
  }
}

/** `95%`, `0.95` or `1`: a share from 0 to 1. */
function rate(value: unknown, problem: (text: string) => void): number {
  if (value === undefined || value === null) return EVALS_DEFAULTS.passRate
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text)
  const share = percent ? Number(percent[1]) / 100 : typeof value === 'number' || /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN
  if (!Number.isFinite(share) || share < 0 || share > 1) {
    problem('`pass-rate` must be a share of the cases from 0% to 100% (e.g. `95%`, or `0.95`)')
    return EVALS_DEFAULTS.passRate
  }
  return share
}
