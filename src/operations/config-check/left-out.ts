import type { RichText } from '../../core/outcome.js'
import type { ConfigFiles } from './files.js'

/** A path the config names that the build will not have: gone, outside what ships, or left out by a rule (named). */
export function missingSaid(files: ConfigFiles, path: string | undefined, written: string): RichText {
  const rule = path === undefined ? undefined : files.leftOut?.(path)
  if (rule) return [{ code: written }, ' is not shipped: left out by ', { code: rule }, '.']
  return [{ code: written }, path === undefined ? ' is outside what is shipped.' : ' does not exist.']
}

/**
 * How to ship a file a rule left out, in the words of that rule (a committed file is never told
 * to be committed: a link, a secret, an exclusion each say their own); `otherwise` when no rule
 * left it out.
 */
export function leftOutFix(files: ConfigFiles, path: string | undefined, otherwise: RichText): RichText {
  if (path === undefined || !files.leftOut?.(path)) return otherwise
  return files.leftOutFix?.(path) ?? files.shipFix ?? ['Ship it: change the rule that leaves it out.']
}
