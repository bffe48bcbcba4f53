// Runs the bundled action the way the GitHub runner does: action.yml defaults applied,
// inputs as INPUT_* variables, outputs and summary through GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files. Used by the integration tests and by `npm start`.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** @type {Promise<any> | undefined} */
let actionYml
/**
 * action.yml, parsed once per process (read-only): the tests run the action hundreds of times a
 * file, and parsing its 21 KB of YAML each time cost about 2 s of the suite's CPU.
 * @returns {Promise<any>}
 */
function parsedActionYml() {
  actionYml ??= readFile(join(ROOT, 'action.yml'), 'utf8').then(parse)
  return actionYml
}

/** @returns {Promise<Record<string, unknown>>} the inputs action.yml declares, by name */
async function declaredInputs() {
  return (await parsedActionYml()).inputs ?? {}
}

/** @returns {Promise<string[]>} the input names action.yml declares, which the runner checks a step's `with:` against */
export async function actionInputNames() {
  return Object.keys(await declaredInputs())
}

/** @returns {Promise<Record<string, string>>} defaults of action.yml, as the runner applies them */
export async function actionDefaults() {
  /** @type {Record<string, string>} */
  const defaults = {}
  for (const [name, spec] of Object.entries(await declaredInputs())) {
    const value = /** @type {{default?: unknown}} */ (spec).default
    // Expressions such as ${{ github.token }} are the runner's to evaluate; none here.
    if (value !== undefined && !String(value).includes('${{')) defaults[name] = String(value)
  }
  return defaults
}

/** @returns {Promise<string | undefined>} action.yml's `runs.post`: what the runner runs again at the end of the job, if anything */
export async function actionPostEntry() {
  const runs = (await parsedActionYml()).runs ?? {}
  return typeof runs.post === 'string' ? runs.post : undefined
}

/** The GITHUB_* variables of a push to main, overridable per run. */
export const PUSH_CONTEXT = {
  GITHUB_ACTIONS: 'true',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'octo-org/support-agent',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_REF_NAME: 'main',
  GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
  GITHUB_RUN_ID: '4242',
  GITHUB_WORKFLOW: 'deploy'
}

/**
 * @typedef {object} ActionRun
 * @property {number | null} exitCode
 * @property {string} stdout
 * @property {string} stderr
 * @property {Record<string, string>} outputs
 * @property {string} summary
 * @property {Record<string, string>} [state] what the run kept for the post step (GITHUB_STATE), by name
 */

/**
 * @param {object} options
 * @param {Record<string, string>} options.inputs inputs by their action.yml names
 * @param {Record<string, string>} [options.env] extra or overriding environment
 * @param {string} [options.entry] the script to run, dist/index.js by default
 * @param {(chunk: string) => void} [options.onStdout] live copy of stdout
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onStart] e.g. to signal it
 * @param {string[]} [options.wrapper] a command that runs node, e.g. `/usr/bin/time -f %M` to measure it
 * @param {string} [options.summaryFile] the job summary file (GITHUB_STEP_SUMMARY), kept after the run;
 *   by default one in a directory removed afterwards
 * @returns {Promise<ActionRun>}
 */
export async function runAction({
  inputs,
  env = {},
  entry = join(ROOT, 'dist', 'index.js'),
  onStdout,
  onStart,
  wrapper = [],
  summaryFile
}) {
  const dir = await mkdtemp(join(tmpdir(), 'action-run-'))
  try {
    const files = {
      GITHUB_OUTPUT: join(dir, 'output'),
      GITHUB_STEP_SUMMARY: summaryFile ?? join(dir, 'summary'),
      GITHUB_STATE: join(dir, 'state'),
      GITHUB_ENV: join(dir, 'env'),
      GITHUB_PATH: join(dir, 'path')
    }
    await Promise.all(Object.values(files).map((file) => writeFile(file, '')))
    /** @type {Record<string, string>} */
    const inputEnv = {}
    for (const [name, value] of Object.entries({ ...(await actionDefaults()), ...inputs })) {
      inputEnv[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
    }
    const childEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      RUNNER_TEMP: dir,
      ...PUSH_CONTEXT,
      ...files,
      ...inputEnv,
      ...env
    }
    const { exitCode, stdout, stderr } = await spawnNode([...wrapper, process.execPath, entry], childEnv, onStdout, onStart)
    return {
      exitCode,
      stdout,
      stderr,
      outputs: parseOutputFile(await readFile(files.GITHUB_OUTPUT, 'utf8')),
      summary: await readFile(files.GITHUB_STEP_SUMMARY, 'utf8'),
      state: parseOutputFile(await readFile(files.GITHUB_STATE, 'utf8'))
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * @param {string[]} command
 * @param {Record<string, string>} env
 * @param {((chunk: string) => void) | undefined} onStdout
 * @param {((child: import('node:child_process').ChildProcess) => void) | undefined} onStart
 * @returns {Promise<{exitCode: number | null, stdout: string, stderr: string}>}
 */
function spawnNode(command, env, onStdout, onStart) {
  // Asynchronous on purpose: the simulator often runs in this same process.
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] })
    onStart?.(child)
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk
      onStdout?.(chunk)
    })
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }))
  })
}

/**
 * The runner's file command format: `name<<DELIMITER\nvalue\nDELIMITER\n`.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseOutputFile(text) {
  /** @type {Record<string, string>} */
  const outputs = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i])
    if (!match) continue
    const [, name, delimiter] = match
    const end = lines.indexOf(delimiter, i + 1)
    outputs[name] = lines.slice(i + 1, end).join('\n')
    i = end
  }
  return outputs
}

/**
 * The post step as the runner runs it at the end of the job: the same entry (action.yml's
 * `runs.post`) with the same inputs, and what the main run kept (GITHUB_STATE) as `STATE_*`
 * variables; no summary of its own is kept.
 * @param {object} options
 * @param {Record<string, string>} options.inputs
 * @param {Record<string, string>} options.env
 * @param {Record<string, string>} options.state what the main run kept, by name
 * @param {string} options.entry the post entry, relative to the repository (`dist/index.js`)
 * @param {(chunk: string) => void} [options.onStdout]
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onStart]
 * @returns {Promise<ActionRun>}
 */
export function runActionPost({ inputs, env, state, entry, onStdout, onStart }) {
  const stateEnv = Object.fromEntries(Object.entries(state).map(([name, value]) => [`STATE_${name}`, value]))
  return runAction({ inputs, env: { ...env, ...stateEnv }, entry: join(ROOT, entry), onStdout, onStart })
}
