// `npm start`: any command of the action, end to end, on this machine. Starts the control-plane
// simulator (unless a control plane URL is given) with what the command needs to act on, and the
// fake GitHub API beside it; rebuilds dist/ only when its recorded source fingerprint differs
// (scripts/dist-fresh.js); runs dist/index.js exactly as the runner would, and prints the log as
// GitHub shows it, then the outputs and the summary, whose file it keeps.
// `npm start -- --help` lists the options; scripts/local-run-core.js does the work.
import { spawnSync } from 'node:child_process'
import { distFreshness } from './dist-fresh.js'
import { startLocalRun } from './local-run-core.js'
import { ROOT, runAction, runActionPost } from './run-action.js'

const session = startLocalRun(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  action: { prepare: buildIfStale, run: runAction, post: runActionPost }
})
process.on('SIGINT', () => {
  if (!session.interrupt()) process.exit(130)
})
process.exitCode = await session.exitCode

/**
 * @param {(line: string) => void} say
 * @returns {number | undefined} the build's exit code when it failed
 */
function buildIfStale(say) {
  if (distFreshness().fresh) return undefined
  say('dist/ was built from other sources than these: building it (npm run build)…')
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' })
  return build.status === 0 ? undefined : (build.status ?? 1)
}
