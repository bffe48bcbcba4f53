import type { CommandWords, RunFacts } from '../core/outcome.js'

/** The words a report may always use: what a command leaves out, filled in once here. */
export type FullWords = CommandWords & Required<Pick<CommandWords, 'doing' | 'nothing'>>

/**
 * The command's own words (from its `about.ts`, carried by the outcome), with the defaults
 * filled in. A run that never learned its command (an unknown `command` value) has none:
 * its noun is empty, and the headings then name no command.
 */
export function wordsOf(facts: Pick<RunFacts, 'command' | 'words'>): FullWords {
  const own = facts.words ?? { noun: facts.command ? facts.command.charAt(0).toUpperCase() + facts.command.slice(1) : '' }
  return { doing: 'Deploying', nothing: 'nothing to change', ...own }
}

/** What the run does, as a sentence's subject: `The deploy`, `The rollback`. */
export function theRun(facts: Pick<RunFacts, 'command' | 'words'>): string {
  return `The ${(wordsOf(facts).noun || 'deploy').toLowerCase()}`
}
