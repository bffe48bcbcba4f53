// A `docker` for `npm start` to put first on the action's PATH, so that a registry-login demo
// never runs this machine's Docker: it records each call (its arguments and what it read on
// standard input) as one JSON line in a file, says "Login Succeeded" as Docker does, and
// exits 0. The runner then tells what Docker was asked, the password only as ***.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { delimiter, join } from 'node:path'

/**
 * @typedef {{ argv: string[], stdin: string }} DockerCall
 * @typedef {object} DockerStandIn
 * @property {string} bin the directory holding `docker`, to put first on PATH
 * @property {string} record the file the calls are recorded in, one JSON line each
 * @property {(path: string | undefined) => string} onPath PATH with the stand-in first
 * @property {() => Promise<DockerCall[]>} calls what was recorded, oldest first
 */

/** @param {string} text */
const shellQuoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * Writes the stand-in into `dir`: a shell script (what Docker's lookup on PATH finds, on any
 * Unix) that runs the recorder with this very Node.
 * @param {string} dir an existing directory of this run's
 * @returns {Promise<DockerStandIn>}
 */
export async function writeDockerStandIn(dir) {
  const bin = join(dir, 'docker-stand-in')
  const record = join(dir, 'docker-calls.jsonl')
  const recorder = join(bin, 'record.cjs')
  await mkdir(bin, { recursive: true })
  await writeFile(
    recorder,
    [
      "const { appendFileSync } = require('node:fs')",
      'const chunks = []',
      "process.stdin.on('data', (chunk) => chunks.push(chunk))",
      "process.stdin.on('end', () => {",
      `  appendFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), stdin: Buffer.concat(chunks).toString('utf8') }) + '\\n')`,
      "  process.stdout.write('Login Succeeded\\n')",
      '})',
      ''
    ].join('\n')
  )
  const docker = join(bin, 'docker')
  await writeFile(docker, `#!/bin/sh\n# npm start's stand-in for docker: records the call, runs nothing.\nexec ${shellQuoted(process.execPath)} ${shellQuoted(recorder)} "$@"\n`)
  await chmod(docker, 0o755)
  await writeFile(record, '')
  return {
    bin,
    record,
    onPath: (path) => (path ? `${bin}${delimiter}${path}` : bin),
    calls: async () =>
      (await readFile(record, 'utf8'))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => /** @type {DockerCall} */ (JSON.parse(line)))
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
