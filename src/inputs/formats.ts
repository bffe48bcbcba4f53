import { DEPLOYMENT_TYPES, REVISION_SOURCES, SOURCES } from '../api/constants.js'
import type { z } from 'zod'
import { registerSecret } from '../core/masking.js'
import type { InputName } from './names.js'
import { parseNamePattern } from './name-pattern.js'
import {
  parseBoolean,
  parseControlPlaneUrl,
  parseCount,
  parseDuration,
  parseEnum,
  parseHeaderValue,
  parseSingleLine,
  parseUuid
} from './parsers.js'
import { parseHealthCheckPath } from './health-path.js'
import { parseRollbackTo } from './rollback-to.js'
import { parseSecrets } from './secrets.js'
import { parsePaths } from './paths.js'
import { parseCommitSha } from './commit-sha.js'
import { parseArchiveExclude, parseArchiveInclude } from './archive-exclude.js'
import { parseImageReference } from './image-reference.js'
import { parseLangSmithEndpoint } from './langsmith-endpoint.js'

/**
 * How each input's text is read: one entry per input, applied to the inputs the chosen
 * command uses (inputs/read.ts); an input it does not use is warned about, never parsed.
 * Cross-field rules are not here: they belong to each command's input spec.
 */
export type Format<T> =
  | { text: (raw: string) => T }
  /** A YAML/JSON input, read untrimmed; its problems come back as a list. */
  /** `file`: the problems are in this file (the `evals` suite's), which the advice then names instead of the step's `with:` block. */
  | {
      structured: (
        raw: string,
        /** `input`: another input's text or default (`evals` reads `evals-from`), unparsed. */
        context: { env?: NodeJS.ProcessEnv; input?: (name: InputName) => string }
      ) => Promise<{ data?: T; problems: string[]; file?: string }>
    }

const text = <T>(parse: (raw: string) => T): Format<T> => ({ text: parse })
const oneOf = <T extends string>(allowed: readonly T[]): Format<T> => text((v) => parseEnum(v, allowed))

export const FORMATS = {
  'control-plane-url': text(parseControlPlaneUrl),
  'api-key': text(parseHeaderValue),
  'bearer-token': text(parseHeaderValue),
  'tenant-id': text(parseUuid),
  // The command names come from the registry; the shared reader checks them before any other input.
  command: text((v) => v),
  'dry-run': text(parseBoolean),
  name: text(parseSingleLine),
  'deployment-id': text(parseUuid),
  'create-if-missing': text(parseBoolean),
  source: oneOf(SOURCES),
  'revision-source': oneOf(REVISION_SOURCES),
  'repo-url': text(parseSingleLine),
  'integration-id': text(parseUuid),
  'repo-ref': text(parseSingleLine),
  'graph-config-path': text(parseSingleLine),
  'image-uri': text(parseImageReference),
  'source-tarball-path': text(parseSingleLine),
  'deployment-type': oneOf(DEPLOYMENT_TYPES),
  'build-on-push': text(parseBoolean),
  'custom-url': text(parseSingleLine),
  'install-command': text((v) => v),
  'build-command': text((v) => v),
  'listener-id': text(parseUuid),
  'k8s-namespace': text(parseSingleLine),
  'resource-spec': { structured: (v) => checkedYaml(v, (schemas) => schemas.ResourceSpecInput) },
  secrets: {
    structured: async (v) => {
      const parsed = await parseSecrets(v)
      // Registered as soon as read: nothing logged later can show them.
      for (const secret of parsed.secrets ?? []) registerSecret(secret.value, `the value of \`${secret.name}\` in \`secrets\``)
      return { data: parsed.secrets, problems: parsed.problems }
    }
  },
  'secret-references': { structured: (v) => checkedYaml(v, (schemas) => schemas.SecretReferencesInput) },
  'secrets-update': oneOf(['merge', 'replace'] as const),
  wait: text(parseBoolean),
  timeout: text(parseDuration),
  'poll-interval': text(parseDuration),
  'show-logs': text(parseBoolean),
  'rollback-to': text(parseRollbackTo),
  'health-check-path': text(parseHealthCheckPath),
  'health-check-timeout': text(parseDuration),
  'on-failure': oneOf(['fail', 'rollback'] as const),
  'delete-tracing-project': text(parseBoolean),
  'ignore-missing': text(parseBoolean),
  'github-token': text(parseHeaderValue),
  'github-environment': text(parseEnvironmentName),
  'pr-comment': text(parseBoolean),
  'name-pattern': text(parseNamePattern),
  'max-age': text(parseDuration),
  'max-deletions': text(parseCount),
  // Their own parsers come with the features that read them.
  'archive-exclude': text(parseArchiveExclude),
  paths: text(parsePaths),
  'expected-commit': text(parseCommitSha),
  // Inputs whose features land with their issues; each feature may replace its parser.
  'archive-include': text(parseArchiveInclude),
  'secret-scan': oneOf(['warn', 'fail', 'off'] as const),
  'registry-logout': text(parseBoolean),
  'config-check': oneOf(['error', 'warn', 'off'] as const),
  'verify-revision': oneOf(['auto', 'required', 'off'] as const),
  'smoke-test': { structured: async (v) => (await import('./smoke-test.js')).parseSmokeTest(v) },
  // A file in the workspace (read where the workflow's context says it is), or the suite inline.
  evals: { structured: async (v, context) => (await import('./evals.js')).parseEvals(v, context) },
  // Registered for masking before any input is parsed (inputs/read.ts), as the control plane's key is.
  'langsmith-api-key': text(parseHeaderValue),
  'langsmith-endpoint': text(parseLangSmithEndpoint),
  'langsmith-workspace-id': text(parseUuid),
  // Where a suite file is read: the checkout, or (on a pull request) the base commit, which the pull request cannot change.
  'evals-from': oneOf(['checkout', 'base'] as const)
} satisfies Record<InputName, Format<unknown>>

export type InputValue<N extends InputName> = (typeof FORMATS)[N] extends Format<infer T> ? T : never

/** GitHub takes environment names of up to 255 characters on one line. */
function parseEnvironmentName(raw: string): string {
  parseSingleLine(raw)
  if (raw.length > 255) throw new Error('must be at most 255 characters long')
  return raw
}

/**
 * A YAML/JSON input checked against a schema. YAML and zod are loaded only for an
 * input that needs them: most runs set none, and loading them would delay the first request.
 */
async function checkedYaml<T>(value: string, pick: (schemas: typeof import('../api/schemas.js')) => z.ZodType<T>) {
  const [{ parseChecked }, schemas] = await Promise.all([import('./structured.js'), import('../api/schemas.js')])
  return parseChecked(value, pick(schemas))
}
