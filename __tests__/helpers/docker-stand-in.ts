import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/**
 * Docker is not on these machines: a stand-in `docker` executable, in a temporary directory put
 * first on PATH, records each call's arguments, standard input and process id, and behaves as
 * told: succeed, fail the way `docker login` fails (its error output quoting what it read, with
 * a line shaped like a workflow command), or hang until killed.
 */
export type StandInMode = 'succeed' | 'fail' | 'hang'

export interface DockerCall {
  argv: string[]
  stdin: string
  pid: number
  /** The INPUT_* variables it was given (none: they hold the action's credentials). */
  inputs: string[]
}

const SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
const dir = __dirname
const chunks = []
process.stdin.on('data', (chunk) => chunks.push(chunk))
process.stdin.on('end', () => {
  const stdin = Buffer.concat(chunks).toString('utf8')
  const inputs = Object.keys(process.env).filter((name) => name.toUpperCase().startsWith('INPUT_'))
  fs.appendFileSync(path.join(dir, 'calls.jsonl'), JSON.stringify({ argv: process.argv.slice(2), stdin, pid: process.pid, inputs }) + '\\n')
  const mode = fs.readFileSync(path.join(dir, 'mode'), 'utf8').trim()
  if (mode === 'hang') {
    setTimeout(() => undefined, 600000)
    return
  }
  if (mode === 'fail') {
    process.stderr.write('Error response from daemon: login to ' + process.argv.at(-1) + ' with password ' + stdin + ' refused: unauthorized\\n::warning::injected\\r\\nlast line\\n')
    process.exit(1)
  }
  process.stdout.write('Login Succeeded\\n')
})
`

export class DockerStandIn {
  readonly dir = mkdtempSync(join(tmpdir(), 'docker-stand-in-'))
  private readonly savedPath = process.env.PATH

  constructor() {
    // The script is CommonJS whatever the package says: a directory of its own has no package.json.
    writeFileSync(join(this.dir, 'docker'), SCRIPT)
    chmodSync(join(this.dir, 'docker'), 0o755)
    this.reset()
  }

  /** Puts the stand-in first on PATH (the real PATH after it, so `node` is found). */
  install(): void {
    process.env.PATH = `${this.dir}${delimiter}${this.savedPath ?? ''}`
  }

  /** A PATH with no `docker` at all. */
  hide(): void {
    process.env.PATH = join(this.dir, 'nothing-here')
  }

  restorePath(): void {
    process.env.PATH = this.savedPath
  }

  reset(mode: StandInMode = 'succeed'): void {
    writeFileSync(join(this.dir, 'mode'), mode)
    rmSync(join(this.dir, 'calls.jsonl'), { force: true })
  }

  calls(): DockerCall[] {
    const file = join(this.dir, 'calls.jsonl')
    if (!existsSync(file)) return []
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as DockerCall)
  }

  remove(): void {
    this.restorePath()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** Whether a process is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
