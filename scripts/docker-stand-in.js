// The one stand-in for `docker`: `npm start` puts it first on the action's PATH so that a
// registry-login demo never runs this machine's Docker, and the tests put it there because no
// Docker is installed. It records each call (its arguments, what it read on standard input, its
// process id, and the names of the INPUT_* variables it was given) as one JSON line in a file,
// and behaves as its mode says: succeed ("Login Succeeded", exit 0, as Docker does), fail the way
// `docker login` fails (its error output quoting what it read, with a line shaped like a
// workflow command), or hang until killed.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/**
 * @typedef {'succeed' | 'fail' | 'hang'} StandInMode
 * @typedef {{ argv: string[], stdin: string, pid: number, inputs: string[] }} DockerCall
 * @typedef {object} DockerStandIn
 * @property {string} bin the directory holding `docker`, to put first on PATH
 * @property {string} record the file the calls are recorded in, one JSON line each
 * @property {(path: string | undefined) => string} onPath PATH with the stand-in first
 * @property {() => DockerCall[]} calls what was recorded, oldest first
 * @property {(mode?: StandInMode) => void} reset forgets the calls and sets how the next ones behave ('succeed' unless said)
 */

/** @param {string} text */
const shellQuoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * The recorder, CommonJS whatever the package says (`.cjs`). Its mode is read on each call, so
 * a test can change it between runs.
 * @param {string} record
 * @param {string} modeFile
 */
const recorderSource = (record, modeFile) =>
  [
    "const fs = require('node:fs')",
    'const chunks = []',
    "process.stdin.on('data', (chunk) => chunks.push(chunk))",
    "process.stdin.on('end', () => {",
    "  const stdin = Buffer.concat(chunks).toString('utf8')",
    "  const inputs = Object.keys(process.env).filter((name) => name.toUpperCase().startsWith('INPUT_'))",
    `  fs.appendFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), stdin, pid: process.pid, inputs }) + '\\n')`,
    `  const mode = fs.existsSync(${JSON.stringify(modeFile)}) ? fs.readFileSync(${JSON.stringify(modeFile)}, 'utf8').trim() : 'succeed'`,
    "  if (mode === 'hang') {",
    '    setTimeout(() => undefined, 600000)',
    '    return',
    '  }',
    "  if (mode === 'fail') {",
    "    process.stderr.write('Error response from daemon: login to ' + process.argv.at(-1) + ' with password ' + stdin + ' refused: unauthorized\\n::warning::injected\\r\\nlast line\\n')",
    '    process.exit(1)',
    '  }',
    "  process.stdout.write('Login Succeeded\\n')",
    '})',
    ''
  ].join('\n')

/**
 * Writes the stand-in into `dir`: a shell script (what Docker's lookup on PATH finds, on any
 * Unix) that `exec`s the recorder with this very Node, so the recorded process id is the one
 * the action started, and no `node` need be on the PATH it is given.
 * @param {string} dir an existing directory of this run's
 * @returns {DockerStandIn}
 */
export function writeDockerStandIn(dir) {
  const bin = join(dir, 'docker-stand-in')
  const record = join(dir, 'docker-calls.jsonl')
  const modeFile = join(bin, 'mode')
  const recorder = join(bin, 'record.cjs')
  mkdirSync(bin, { recursive: true })
  writeFileSync(recorder, recorderSource(record, modeFile))
  const docker = join(bin, 'docker')
  writeFileSync(
    docker,
    `#!/bin/sh\n# A stand-in for docker: records the call, runs nothing.\nexec ${shellQuoted(process.execPath)} ${shellQuoted(recorder)} "$@"\n`
  )
  chmodSync(docker, 0o755)
  const reset = (/** @type {StandInMode} */ mode = 'succeed') => {
    writeFileSync(modeFile, mode)
    writeFileSync(record, '')
  }
  reset()
  return {
    bin,
    record,
    onPath: (path) => (path ? `${bin}${delimiter}${path}` : bin),
    calls: () =>
      existsSync(record)
        ? readFileSync(record, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => /** @type {DockerCall} */ (JSON.parse(line)))
        : [],
    reset
  }
}

/**
 * What Docker was asked, to print: each call's command line, and its standard input only as ***
 * with whether it was the push token the control plane handed out (when the runner knows it).
 * @param {DockerCall[]} calls
 * @param {string[] | undefined} issuedTokens the simulator's push tokens; undefined for a real control plane
 * @returns {string[]}
 */
export function describeDockerCalls(calls, issuedTokens) {
  if (calls.length === 0) return ['Docker was not run.']
  return calls.flatMap(({ argv, stdin }) => {
    const password = stdin.trim()
    const input =
      password === ''
        ? 'nothing'
        : issuedTokens === undefined
          ? '*** (the password)'
          : issuedTokens.includes(password)
            ? '*** (the push token the simulator issued)'
            : '*** (a password that is NOT a push token the simulator issued)'
    // Were the password ever an argument, it would still be shown as *** only.
    const line = argv.map((arg) => (password !== '' ? arg.split(password).join('***') : arg)).join(' ')
    return [`Docker was asked: docker ${line}`, `  on its standard input: ${input}`]
  })
}
