// The JS client's verdict (`@langchain/langgraph-cli`'s `getConfig`), a second judge for the
// corpus's configs with a Node.js graph. Development only: install the client in a temporary
// folder (never as a dependency) and run
//   node scripts/dev/js-client-verdicts.mjs <that folder>/node_modules/@langchain/langgraph-cli
// It adds `verdict.jsClient` ({ accepted, category }) to those cases in
// __tests__/fixtures/config-corpus/*.json; the Python client's verdict stays the one the test holds.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const client = process.argv[2]
if (!client) throw new Error('usage: node scripts/dev/js-client-verdicts.mjs <path to @langchain/langgraph-cli>')
const { getConfig } = await import(pathToFileURL(join(client, 'dist/utils/config.mjs')).href)
const version = JSON.parse(readFileSync(join(client, 'package.json'), 'utf8')).version
const corpus = new URL('../../__tests__/fixtures/config-corpus/', import.meta.url)
const NODE = /\.(ts|mts|cts|js|mjs|cjs)$/

/** @param {string} text */
function hasNodeGraph(text) {
  try {
    const graphs = JSON.parse(text)?.graphs
    if (!graphs || typeof graphs !== 'object') return false
    return Object.values(graphs).some((spec) => {
      const path = typeof spec === 'string' ? spec : spec?.path
      return typeof path === 'string' && NODE.test(path.split(':')[0])
    })
  } catch {
    return false
  }
}

let judged = 0
for (const name of readdirSync(corpus).filter((file) => file.endsWith('.json'))) {
  const file = new URL(name, corpus)
  const group = JSON.parse(readFileSync(file, 'utf8'))
  for (const item of group.cases) {
    const text = item.files[item.config]
    if (!hasNodeGraph(text)) continue
    judged++
    try {
      getConfig(text)
      item.verdict.jsClient = { accepted: true }
    } catch (error) {
      const issue = /** @type {{ issues?: Array<{ path: Array<string | number> }> }} */ (error).issues?.[0]
      item.verdict.jsClient = { accepted: false, category: issue ? `schema: ${issue.path.join('.')}` : 'error' }
    }
  }
  group.jsClient = `@langchain/langgraph-cli@${version} getConfig`
  writeFileSync(file, `${JSON.stringify(group, null, 1)}\n`)
}
console.log(`${judged} cases with a Node.js graph judged by the JS client ${version}`)
