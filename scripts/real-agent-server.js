// Starts and stops the official JS agent server (`@langchain/langgraph-api`, run by
// `@langchain/langgraph-cli`'s `dev` command, as a developer runs it locally) on a free loopback
// port, serving the deterministic graph in real-agent-server/. The checks after DEPLOYED are
// tried against it (`npm run test:real-server`); the simulator's agent server is our reading of
// the protocol, this one is the protocol's owner's code.
//
// The server lives in its own pinned folder (real-agent-server/, its own package-lock.json), never
// among the action's dependencies: `npm ci --prefix real-agent-server` installs it.
//
//   node scripts/real-agent-server.js          starts it, prints its URL, stops on Ctrl+C
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT } from './run-action.js'

export const REAL_SERVER_DIR = join(ROOT, 'real-agent-server')
const CLI = join(REAL_SERVER_DIR, 'node_modules', '@langchain', 'langgraph-cli', 'dist', 'cli', 'cli.mjs')

/**
 * The process group's leader: it runs the CLI and, when the process that started it is gone (its
 * end of the stdin pipe closes, however it ended: a test runner's timeout, SIGKILL), ends the whole
 * group, so that no server outlives its tests.
 */
const GUARD = `
const { spawn } = require('node:child_process')
const child = spawn(process.execPath, process.argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] })
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
process.stdin.on('end', () => process.kill(0, 'SIGKILL'))
process.stdin.on('error', () => process.kill(0, 'SIGKILL'))
process.stdin.resume()
`

/** The most of the server's own output kept, for the error when it does not start. */
const OUTPUT_KEPT_CHARS = 20_000

/**
 * @typedef {object} RealAgentServer
 * @property {string} url `http://127.0.0.1:<port>`, where `/ok`, `/info` and `/runs/wait` answer
 * @property {number} pid the CLI's process id, also its process group's id
 * @property {() => string} output what the server printed so far (its request log), last part
 * @property {() => number} runsTaken the stateless runs (`POST /runs/wait`) its request log shows so far
 * @property {() => Promise<void>} stop ends the whole process tree (SIGTERM, then SIGKILL after `graceMs`)
 */

/** @returns {Promise<number>} a port free on 127.0.0.1 right now */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** @param {number} pgid @param {NodeJS.Signals | 0} signal @returns {boolean} whether the group still had a process */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false
  }
}

/** How many ports are tried: another process may take the free one before the server binds it. */
const PORT_ATTEMPTS = 3

/**
 * @typedef {object} StartOptions
 * @property {number} [readyWithinMs] how long the server may take to answer (60 s)
 * @property {number} [graceMs] how long stop() waits after SIGTERM before SIGKILL (5 s)
 * @property {Record<string, string>} [env] added to the server's environment (the graph reads `AGENT_VARIANT`)
 */

/**
 * Starts the server and resolves once it says it listens on its port and `GET /ok` answers 200.
 * @param {StartOptions} [options]
 * @returns {Promise<RealAgentServer>}
 */
export async function startRealAgentServer(options = {}) {
  if (!existsSync(CLI)) {
    throw new Error(`The real agent server is not installed: run \`npm ci --prefix real-agent-server\` (looked for ${CLI}).`)
  }
  for (let attempt = 1; ; attempt++) {
    const started = await startOn(await freePort(), options)
    if (!('portTaken' in started) || attempt === PORT_ATTEMPTS) return 'portTaken' in started ? notStarted(started.portTaken) : started
  }
}

/** @param {string} why @returns {never} */
function notStarted(why) {
  throw new Error(`The real agent server did not start: ${why}`)
}

/**
 * @param {number} port
 * @param {StartOptions} options
 * @returns {Promise<RealAgentServer | { portTaken: string }>}
 */
async function startOn(port, { readyWithinMs = 60_000, graceMs = 5_000, env = {} }) {
  const url = `http://127.0.0.1:${port}`
  // Its own process group (detached), so that stop() ends the guard, the CLI, the tsx loader it
  // spawns, the server under it and esbuild's service together.
  const child = spawn(
    process.execPath,
    ['-e', GUARD, CLI, 'dev', '--no-browser', '--no-reload', '--host', '127.0.0.1', '--port', String(port), '--config', 'langgraph.json'],
    {
      cwd: REAL_SERVER_DIR,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      // No analytics call and no browser (the CLI does both by default); no tracing.
      env: {
        ...process.env,
        LANGGRAPH_CLI_NO_ANALYTICS: '1',
        BROWSER: 'none',
        LANGSMITH_TRACING: 'false',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        ...env
      }
    }
  )
  const pid = /** @type {number} */ (child.pid)
  // The pipe stays open as long as this process lives; it keeps nothing here waiting (a socket at run time).
  const guardInput = /** @type {import('node:net').Socket} */ (/** @type {unknown} */ (child.stdin))
  guardInput.unref()
  let output = ''
  // Counted line by line as the log arrives: the output kept is only its last part.
  let runsTaken = 0
  let partLine = ''
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    const text = chunk.toString()
    output = (output + text).slice(-OUTPUT_KEPT_CHARS)
    const lines = (partLine + text).split('\n')
    partLine = lines.pop() ?? ''
    runsTaken += lines.filter((line) => line.includes('<-- POST /runs/wait')).length
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  /** @type {number | null | undefined} */
  let exitCode
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve((exitCode = code))))

  // This process exiting on its own ends the server too (the guard covers it being killed).
  const killNow = () => signalGroup(pid, 'SIGKILL')
  process.once('exit', killNow)

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    process.off('exit', killNow)
    if (!signalGroup(pid, 'SIGTERM')) return
    const end = Date.now() + graceMs
    while (Date.now() < end && signalGroup(pid, 0)) await sleep(100)
    signalGroup(pid, 'SIGKILL')
    await Promise.race([exited, sleep(1_000)])
    child.stdin.destroy()
  }

  // Its own line first: an /ok from whatever else took the port must not pass for this server.
  const listening = `Server running at 127.0.0.1:${port}`
  const deadline = Date.now() + readyWithinMs
  while (Date.now() < deadline && exitCode === undefined) {
    // The CLI stays up when its server cannot bind: the log says so.
    if (output.includes('EADDRINUSE')) {
      await stop()
      return { portTaken: `port ${port} was taken. Its output:\n${output}` }
    }
    if (output.includes(listening)) {
      try {
        const answer = await fetch(`${url}/ok`, { signal: AbortSignal.timeout(1_000) })
        if (answer.ok) return { url, pid, output: () => output, runsTaken: () => runsTaken, stop }
      } catch {
        // Not answering yet.
      }
    }
    await sleep(200)
  }
  await stop()
  const why =
    exitCode !== undefined ? `it exited (code ${exitCode})` : `it did not answer \`GET ${url}/ok\` within ${readyWithinMs / 1000} s`
  return notStarted(`${why}. Its output:\n${output}`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const server = await startRealAgentServer()
  console.log(`The real agent server answers at ${server.url} (graph \`agent\`); Ctrl+C stops it.`)
  const end = () => void server.stop().then(() => process.exit(0))
  process.once('SIGINT', end)
  process.once('SIGTERM', end)
}
