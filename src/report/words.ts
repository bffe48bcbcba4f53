import type { CommandWords, RunFacts } from '../core/outcome.js'

/**
 * The command's own words (its definition's, carried by the outcome). A run that never
 * learned its command (an unknown `command` value) has none: its noun is empty, and the
 * headings then name no command.
 */
export function wordsOf(facts: Pick<RunFacts, 'command' | 'words'>): CommandWords {
  return facts.words ?? { noun: facts.command ? facts.command.charAt(0).toUpperCase() + facts.command.slice(1) : '' }
}
