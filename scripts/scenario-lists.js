// The lists of names the docs give for `--scenario` and `--demo`, written from the tables the
// code reads (sim/scenarios.js, scripts/local-demos.js), so that a scenario or demo added there
// appears in docs/local-running.md and sim/README.md at the next `npm run docs`, and
// `node scripts/readme-tables.js --check` (CI, and a test) fails until it does.
import { SCENARIOS } from '../sim/scenarios.js'
import { PUSH_DEMOS } from './local-demos.js'
import { replaceBetween } from './marked-section.js'

/** The files holding generated lists, relative to the repository, and the lists each holds. */
export const LIST_FILES = {
  'docs/local-running.md': ['scenarios', 'demos'],
  'sim/README.md': ['scenarios']
}

/** @param {string} text */
const cell = (text) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

/** @param {Record<string, string>} inputs */
const inputList = (inputs) =>
  Object.entries(inputs)
    .map(([name, value]) => (value === '' ? `\`${name}\` empty` : `\`${name}: ${value}\``))
    .join(', ')

/** @returns {string} one row per scenario: its name, what happens, and the inputs it needs */
export function scenarioTable() {
  return [
    '| `--scenario` | what happens | inputs it needs (`npm start` sets them) |',
    '|---|---|---|',
    ...Object.entries(SCENARIOS).map(([name, s]) => `| \`${name}\` | ${cell(s.about)} | ${s.inputs ? cell(inputList(s.inputs)) : ''} |`)
  ].join('\n')
}

/** @returns {string} one row per `--demo` of `npm start` */
export function demoTable() {
  return [
    '| `--demo` | what it shows |',
    '|---|---|',
    ...Object.entries(PUSH_DEMOS).map(([name, demo]) => `| \`${name}\` | ${cell(demo.about)} |`)
  ].join('\n')
}

/** @type {Record<string, () => string>} */
const LISTS = { scenarios: scenarioTable, demos: demoTable }

/**
 * @param {string} text one of LIST_FILES
 * @param {string} file its path, for the error when it lacks a list's markers
 * @returns {string} the text with its lists fresh
 */
export function renderLists(text, file) {
  const lists = /** @type {Record<string, string[]>} */ (LIST_FILES)[file] ?? []
  return lists.reduce((fresh, list) => replaceBetween(fresh, list, LISTS[list](), file), text)
}
