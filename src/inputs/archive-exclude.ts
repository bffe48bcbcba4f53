import { meaningfulLines } from './parsers.js'
/**
 * `archive-exclude`: more patterns to leave out of a remote build's archive, one a line,
 * in `.gitignore` syntax (matched against paths relative to the workspace). Blank lines and
 * `#` comments are skipped, as in a `.gitignore`.
 */
export function parseArchiveExclude(raw: string): string[] {
  return archivePatterns(raw, 'data/*.parquet')
}

/** `archive-include`: untracked files to ship anyway, read as `archive-exclude` is. */
export function parseArchiveInclude(raw: string): string[] {
  return archivePatterns(raw, 'apps/agent/dist/')
}

function archivePatterns(raw: string, example: string): string[] {
  const patterns = meaningfulLines(raw)
  for (const pattern of patterns) {
    if (pattern.trim() !== pattern)
      throw new Error(`has a pattern with leading spaces (\`${pattern}\`): write one pattern a line, without indentation`)
    if (pattern.split('/').includes('..'))
      throw new Error(`has a pattern with a \`..\` segment (\`${pattern}\`): patterns are relative to the workspace and cannot leave it`)
  }
  if (patterns.length === 0) throw new Error(`has no pattern: write one \`.gitignore\` pattern a line, e.g. \`${example}\``)
  return patterns
}
