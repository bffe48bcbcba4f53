// Writes the README's input and output tables from action.yml, between markers, so
// they cannot drift. `node scripts/readme-tables.js --check` fails when the README is stale.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from './run-action.js'

/** @param {string} text */
const cell = (text) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

/**
 * @param {string} readme
 * @param {string} actionYaml
 * @returns {string} the README with fresh tables
 */
export function renderReadme(readme, actionYaml) {
  const action = parse(actionYaml)
  /** @type {Array<[string, {description: string, required?: boolean, default?: unknown}]>} */
  const inputs = Object.entries(action.inputs)
  /** @type {Array<[string, {description: string}]>} */
  const outputs = Object.entries(action.outputs)
  const inputTable = [
    '| input | required | default | description |',
    '|---|---|---|---|',
    ...inputs.map(
      ([name, spec]) =>
        `| \`${name}\` | ${spec.required ? 'yes' : 'no'} | ${spec.default === undefined ? '' : `\`${spec.default}\``} | ${cell(spec.description)} |`
    )
  ].join('\n')
  const outputTable = [
    '| output | description |',
    '|---|---|',
    ...outputs.map(([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`)
  ].join('\n')
  return replaceBetween(replaceBetween(readme, 'inputs', inputTable), 'outputs', outputTable)
}

/**
 * @param {string} text
 * @param {string} marker
 * @param {string} content
 */
function replaceBetween(text, marker, content) {
  const start = `<!-- ${marker}:start -->`
  const end = `<!-- ${marker}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} … ${end} markers`)
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readmePath = join(ROOT, 'README.md')
  const readme = await readFile(readmePath, 'utf8')
  const fresh = renderReadme(readme, await readFile(join(ROOT, 'action.yml'), 'utf8'))
  if (process.argv.includes('--check')) {
    if (fresh !== readme) {
      console.error('README.md tables are out of date with action.yml: run `npm run docs`.')
      process.exit(1)
    }
  } else {
    await writeFile(readmePath, fresh)
  }
}
