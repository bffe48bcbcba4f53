import type { Secret } from '../api/schemas.js'
import type { ParsedYaml } from './structured.js'

/**
 * The `secrets` input: `NAME=VALUE` lines, or a YAML/JSON mapping of names to
 * strings. Problems name the line (or key), never the value.
 */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const NAME_RULE = 'letters, digits and `_`, not starting with a digit'

// A line "looks like NAME=VALUE" when what comes before its first `=` could not be
// YAML syntax. This lets `1BAD=x` get "invalid name on line N" instead of a confusing
// YAML error, while `KEY: a=b` is still read as YAML.
const LINE_FORM = /^[^:{}[\]"'#=]*=/

export interface ParsedSecrets {
  /** Undefined when the input holds only blank and comment lines: nothing to send. */
  secrets?: Secret[]
  problems: string[]
}

/**
 * The values a `secrets` input may hold, without parsing it (a command that does not use
 * it never reads it): each line, and what follows its first `=` or `:`. They are masked all
 * the same, so nothing a later line echoes can show one.
 */
export function unparsedSecretValues(raw: string): string[] {
  return raw.split(/\r?\n/).flatMap((line) => {
    const at = line.search(/[=:]/)
    return at < 0
      ? [line]
      : [
          line,
          line
            .slice(at + 1)
            .trim()
            .replace(/^(["'])(.*)\1$/, '$2')
        ]
  })
}

export async function parseSecrets(raw: string): Promise<ParsedSecrets> {
  const lines = raw.split(/\r?\n/)
  const meaningful = lines.filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
  // An input that is all comments (say, every line commented out) is unset, as `{}` is empty: neither
  // changes the environment (the control plane keeps it when sent an empty list; environment.ts).
  if (meaningful.length === 0) return { problems: [] }
  return meaningful.every((line) => LINE_FORM.test(line)) ? parseLines(lines) : parseMapping(raw)
}

function parseLines(lines: string[]): ParsedSecrets {
  const secrets: Secret[] = []
  const problems: string[] = []
  const firstLineOf = new Map<string, number>()
  lines.forEach((line, index) => {
    const lineNumber = index + 1
    if (line.trim() === '' || line.trimStart().startsWith('#')) return
    const eq = line.indexOf('=')
    const name = line.slice(0, eq)
    if (!NAME.test(name)) {
      problems.push(`line ${lineNumber}: the name before \`=\` must be ${NAME_RULE} (no spaces)`)
      return
    }
    const earlier = firstLineOf.get(name)
    if (earlier !== undefined) {
      problems.push(`line ${lineNumber}: \`${name}\` is already set on line ${earlier}`)
      return
    }
    firstLineOf.set(name, lineNumber)
    const value = line.slice(eq + 1)
    if (value.trim() === '') {
      problems.push(`line ${lineNumber}: ${emptyValue(name)}`)
      return
    }
    secrets.push({ name, value })
  })
  return { secrets, problems }
}

/** YAML is loaded only here: the `NAME=VALUE` form, the usual one, does without it. */
async function parseMapping(raw: string): Promise<ParsedSecrets> {
  const { parseYaml } = await import('./structured.js')
  let parsed: ParsedYaml
  try {
    parsed = parseYaml(raw)
  } catch (error) {
    return { secrets: [], problems: [`must be \`NAME=VALUE\` lines or a YAML/JSON mapping; ${(error as Error).message}`] }
  }
  const { value, lineOf, topLevelKeys } = parsed
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      secrets: [],
      problems: ['must be `NAME=VALUE` lines or a YAML/JSON mapping of names to values']
    }
  }
  const secrets: Secret[] = []
  const problems: string[] = []
  const seen = new Set<string>()
  for (const name of topLevelKeys) {
    if (seen.has(name)) problems.push(`${keyNamed(name)} is set more than once`)
    seen.add(name)
  }
  for (const [name, secretValue] of Object.entries(value as Record<string, unknown>)) {
    const line = lineOf([name])
    const where = `${keyNamed(name)}${line ? ` (line ${line})` : ''}`
    if (!NAME.test(name)) problems.push(`${where}: a secret name must be ${NAME_RULE}`)
    else if (typeof secretValue !== 'string') problems.push(`${where}: the value must be a string; quote it`)
    else if (secretValue.trim() === '') problems.push(`${where}: ${emptyValue(name)}`)
    else secrets.push({ name, value: secretValue })
  }
  return { secrets, problems }
}

/**
 * `NAME=${{ secrets.NAME }}` with no such repository secret reads as `NAME=`: sending it
 * would set the deployment's secret to nothing, and the agent would fail at run time.
 */
function emptyValue(name: string): string {
  return (
    `\`${name}\` is empty: the repository secret it comes from is probably missing (GitHub passes a missing secret as an empty value); ` +
    'add the secret to the repository (or its environment), or remove this line'
  )
}

/** A mapping's key as its problems name it: `key \`NAME\``, or `an empty key`. */
function keyNamed(name: string): string {
  return name === '' ? 'an empty key' : `key \`${name}\``
}
