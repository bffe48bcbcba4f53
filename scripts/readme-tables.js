// Writes the docs' generated parts, between markers, so that they cannot drift: the README's
// input and output tables from action.yml, and the `--scenario` and `--demo` lists of
// docs/local-running.md and sim/README.md from the code's tables (scenario-lists.js).
// `node scripts/readme-tables.js --check` (`npm run docs -- --check`) fails when one is stale.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import { replaceBetween } from './marked-section.js'
import { ROOT } from './run-action.js'
import { LIST_FILES, renderLists } from './scenario-lists.js'

/** @param {string} text */
const cell = (text) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

/**
 * @param {string} actionYaml
 * @returns {{inputs: Array<[string, {description: string, required?: boolean, default?: unknown}]>, outputs: Array<[string, {description: string}]>}}
 */
function declared(actionYaml) {
  const action = parse(actionYaml)
  return { inputs: Object.entries(action.inputs), outputs: Object.entries(action.outputs) }
}

/** @param {unknown} value */
const shownDefault = (value) => (value === undefined ? '' : `\`${value}\``)

/**
 * docs/inputs.md: every input and output with its whole description.
 * @param {string} page
 * @param {string} actionYaml
 * @returns {string} the page with fresh tables
 */
export function renderInputsPage(page, actionYaml) {
  const { inputs, outputs } = declared(actionYaml)
  const inputTable = [
    '| input | required | default | description |',
    '|---|---|---|---|',
    ...inputs.map(
      ([name, spec]) =>
        `| <a id="${name}"></a>\`${name}\` | ${spec.required ? 'yes' : 'no'} | ${shownDefault(spec.default)} | ${cell(spec.description)} |`
    )
  ].join('\n')
  const outputTable = [
    '| output | description |',
    '|---|---|',
    ...outputs.map(([name, spec]) => `| <a id="output-${name}"></a>\`${name}\` | ${cell(spec.description)} |`)
  ].join('\n')
  return replaceBetween(replaceBetween(page, 'inputs', inputTable, INPUTS_PAGE), 'outputs', outputTable, INPUTS_PAGE)
}

/**
 * The README's index of the inputs and outputs: names and defaults, each linked to its row of
 * docs/inputs.md, whose descriptions would not fit in a README read in a few minutes.
 * @param {string} readme
 * @param {string} actionYaml
 * @returns {string} the README with a fresh index
 */
export function renderReadme(readme, actionYaml) {
  const { inputs, outputs } = declared(actionYaml)
  const inputIndex = inputs
    .map(
      ([name, spec]) =>
        `[\`${name}\`](${INPUTS_PAGE}#${name})${spec.required ? ' (required)' : spec.default === undefined ? '' : ` = ${shownDefault(spec.default)}`}`
    )
    .join(' ·\n')
  const outputIndex = outputs.map(([name]) => `[\`${name}\`](${INPUTS_PAGE}#output-${name})`).join(' ·\n')
  return replaceBetween(replaceBetween(readme, 'inputs', inputIndex), 'outputs', outputIndex)
}

export const INPUTS_PAGE = 'docs/inputs.md'

if (import.meta.url === `file://${process.argv[1]}`) {
  const actionYaml = await readFile(join(ROOT, 'action.yml'), 'utf8')
  /** @type {Array<[string, (text: string) => string]>} */
  const generated = [
    ['README.md', (text) => renderReadme(text, actionYaml)],
    [INPUTS_PAGE, (text) => renderInputsPage(text, actionYaml)],
    ...Object.keys(LIST_FILES).map((file) => /** @type {[string, (text: string) => string]} */ ([file, (text) => renderLists(text, file)]))
  ]
  const stale = []
  for (const [file, render] of generated) {
    const path = join(ROOT, file)
    const text = await readFile(path, 'utf8')
    const fresh = render(text)
    if (fresh === text) continue
    stale.push(file)
    if (!process.argv.includes('--check')) await writeFile(path, fresh)
  }
  if (process.argv.includes('--check') && stale.length > 0) {
    console.error(
      `Out of date with action.yml, sim/scenarios.js or scripts/local-demos.js: ${stale.join(', ')}. Run \`npm run docs\` and commit.`
    )
    process.exit(1)
  }
}
