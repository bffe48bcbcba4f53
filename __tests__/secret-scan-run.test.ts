import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lifecycles, type Simulator } from '../sim/index.js'
import { GIT_ENV, writeFiles } from './helpers/git-repo.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * `secret-scan` in a run (docs/secret-scan.md): `warn` annotates each key at its file and line,
 * with its rule and never its value, lists them in the summary, and deploys; `fail` refuses
 * before any change or upload, naming each by file:line and rule; `off` looks for none.
 */

let sim: Simulator
const temp = mkdtempSync(join(tmpdir(), 'secret-scan-run-'))
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(40) })
})
afterAll(async () => {
  await sim.stop()
  rmSync(temp, { recursive: true, force: true })
})
beforeEach(() => sim.reset())

const CONFIG = 'apps/agent/langgraph.json'
// Made here from parts: no whole key is written in the repository.
const OPENAI_KEY = ['sk-', 'proj-', 'Qm4x'.repeat(20), 'T3Blbk', 'FJ', 'Lr7Tz'.repeat(16)].join('')
const SLACK_TOKEN = ['xo', 'xb-', '482910374651', '-', '5829301746281', '-', 'aZ9kQ2mX7pL4vR8nT1wY3cB6'].join('')

function checkout(): string {
  const workspace = mkdtempSync(join(temp, 'ws-'))
  writeFiles(workspace, {
    [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }),
    'apps/agent/agent.py': `import os\n\nclient = OpenAI(api_key="${OPENAI_KEY}")\ngraph = 1\n`,
    'apps/agent/notify.py': `# alerts\nslack = WebClient(token="${SLACK_TOKEN}")\n`,
    'apps/agent/README.md': 'Set OPENAI_API_KEY (it looks like `sk-proj-...`).\n'
  })
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, env: GIT_ENV })
  git('init', '-q')
  git('add', '.')
  git('commit', '-qm', 'agent')
  return workspace
}

function remoteBuild(workspace: string, extra: Record<string, string> = {}) {
  return runInProcess({
    inputs: {
      'control-plane-url': sim.url,
      'api-key': sim.apiKey,
      name: 'keys-agent',
      source: 'internal_source',
      'graph-config-path': CONFIG,
      'poll-interval': '50ms',
      ...extra
    },
    env: { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: temp }
  })
}

describe('secret-scan', () => {
  it('warn (the default): one warning per key, annotated at its file and line, naming the rule, never the value; the summary lists them; it deploys', async () => {
    const run = await remoteBuild(checkout())
    expect(run.failures).toEqual([])
    expect(run.outcome.kind).toBe('deployed')
    expect(run.annotations.map(({ file, line }) => `${file}:${line}`)).toEqual(['apps/agent/agent.py:3', 'apps/agent/notify.py:2'])
    expect(run.annotations[0].message).toContain('rule `openai-api-key`')
    expect(run.annotations[1].message).toContain('rule `slack-token`')
    expect(run.summary).toContain('Keys in shipped files')
    expect(run.summary).toContain('apps/agent/agent.py:3')
    for (const text of [run.stdout, run.summary, JSON.stringify(run.outputs)]) {
      expect(text).not.toContain(OPENAI_KEY)
      expect(text).not.toContain(SLACK_TOKEN)
    }
    // The files are the agent's code: they ship.
    const [object] = [...sim.storage.objects.values()]
    expect([...object.names].sort()).toEqual(['README.md', 'agent.py', 'langgraph.json', 'notify.py'])
  })

  it('fail: refused before any change or upload, naming each key by file:line and rule, never its value', async () => {
    const run = await remoteBuild(checkout(), { 'secret-scan': 'fail' })
    expect(run.exitCode).toBe(1)
    expect(run.failures).toHaveLength(1)
    expect(run.failures[0]).toContain('`apps/agent/agent.py:3` (OpenAI API key, rule `openai-api-key`)')
    expect(run.failures[0]).toContain('`apps/agent/notify.py:2` (Slack token, rule `slack-token`)')
    expect(run.failures[0]).toContain('secret-scan: fail')
    expect(sim.requests).toEqual([])
    expect(sim.storage.requests).toEqual([])
    expect(run.stdout).not.toContain(OPENAI_KEY)
    expect(run.summary).not.toContain(OPENAI_KEY)
  })

  it('many keys: 50 annotated one by one, the rest counted in one warning and listed in the log; the summary stays short', async () => {
    const workspace = checkout()
    // 6 files of 12 keys each (under the 20 a file gives): 72 findings.
    const token = (file: number, n: number) =>
      ['xo', 'xb-', `48291037465${file}`, '-', `58293017462${n % 10}`, '-', `aZ9kQ2mX7pL4vR8nT1w${file}${n}Y3cB`].join('')
    const files = Object.fromEntries(
      Array.from({ length: 6 }, (_, file) => [
        `apps/agent/fixtures/f${file}.py`,
        Array.from({ length: 12 }, (_, n) => `t${n} = "${token(file, n)}"\n`).join('')
      ])
    )
    writeFiles(workspace, files)
    execFileSync('git', ['add', '.'], { cwd: workspace, env: GIT_ENV })
    execFileSync('git', ['commit', '-qm', 'fixtures'], { cwd: workspace, env: GIT_ENV })
    const run = await remoteBuild(workspace)
    expect(run.outcome.kind).toBe('deployed')
    expect(run.annotations).toHaveLength(50)
    const more = run.warnings.filter((w) => w.startsWith('And '))
    expect(more).toEqual([
      'And 24 more key findings in files the archive ships, not annotated one by one (50 are): the log lists them under ' +
        '"Keys not annotated", the summary counts them all.'
    ])
    expect(run.stdout).toContain('Keys not annotated: 24')
    expect(run.stdout).toContain('`apps/agent/fixtures/f5.py:12` (Slack token, rule `slack-token`)')
    expect(run.summary).toContain('74: ')
    expect(run.summary).toContain('and 69 more (the log lists them)')
    expect(run.stdout).not.toContain(token(5, 11))
  })

  it('off: no key is looked for, nothing is warned about', async () => {
    const run = await remoteBuild(checkout(), { 'secret-scan': 'off' })
    expect(run.failures).toEqual([])
    expect(run.annotations).toEqual([])
    expect(run.summary).not.toContain('Keys in shipped files')
  })

  it('refuses a value it does not know, before any request, naming the input', async () => {
    const run = await remoteBuild(checkout(), { 'secret-scan': 'strict' })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('secret-scan')
    expect(sim.requests).toEqual([])
  })
})
