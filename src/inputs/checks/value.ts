import { sameJson } from '../../core/json-values.js'
import { isMapping } from '../../core/mapping.js'
import { nearestName } from '../../core/similarity.js'
import { quote, type CheckKind } from './kind.js'

export interface ValueCheck {
  path: string
  /** `path` read once, by the one grammar (`valuePathSteps`). */
  steps: Array<string | number>
  equals: unknown
}

const KEYS = ['path', 'equals']

/** `value`: a value of the final state (dotted path, `[n]` for a list item) equal to `equals`, compared as JSON. */
export const value: CheckKind<ValueCheck> = {
  name: 'value',
  negatable: true,
  what: 'a mapping with `path` and `equals`',
  example: { path: 'structured_response.intent', equals: 'greet' },
  parse(raw, at, problem) {
    if (!isMapping(raw) || typeof raw.path !== 'string' || !('equals' in raw)) {
      problem(
        `\`${at}\` must be a mapping with \`path\` (e.g. \`structured_response.intent\`) and \`equals\` (the value, compared as JSON)`
      )
      return undefined
    }
    for (const key of Object.keys(raw).filter((k) => !KEYS.includes(k))) {
      const nearest = nearestName(key, KEYS)
      problem(`\`${at}.${key}\` is not a known key: ${nearest ? `did you mean \`${nearest}\`?` : 'the keys are `path`, `equals`'}`)
    }
    const steps = valuePathSteps(raw.path)
    if (!steps) {
      problem(`\`${at}.path\` must be a dotted path into the final state, with \`[n]\` for a list item (e.g. \`messages[1].content\`)`)
      return undefined
    }
    return [{ path: raw.path, steps, equals: raw.equals }]
  },
  judge(check, seen) {
    const found = valueAt(seen.state, check.steps)
    if (!found.found) return { holds: false, said: `\`${check.path}\` is not in the final state` }
    const is = quote(JSON.stringify(found.value) ?? 'undefined')
    if (sameJson(found.value, check.equals)) return { holds: true, said: `\`${check.path}\` is ${is}` }
    return { holds: false, said: `\`${check.path}\` is ${is}, not ${quote(JSON.stringify(check.equals))}` }
  }
}

/** The steps of a `value.path` (`messages[1].content` is `messages`, 1, `content`); undefined when it is not such a path. */
export function valuePathSteps(path: string): Array<string | number> | undefined {
  if (!/^([^.[\]]+|\[\d+\])(\.[^.[\]]+|\[\d+\])*$/.test(path)) return undefined
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((step) => (step[2] !== undefined ? Number(step[2]) : step[1]))
}

/** The value at the path's steps in the final state, or that there is none. */
export function valueAt(state: unknown, steps: ReadonlyArray<string | number>): { found: true; value: unknown } | { found: false } {
  let here: unknown = state
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(here) || step >= here.length) return { found: false }
      here = here[step]
    } else {
      if (!isMapping(here) || !Object.hasOwn(here, step)) return { found: false }
      here = here[step]
    }
  }
  return { found: true, value: here }
}
