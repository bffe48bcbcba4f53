import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { lifecycles, type Simulator } from '../sim/index.js'
import { deployInputs } from './helpers/action.js'
import { clock, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'
import { rewritingProxy } from './helpers/rewriting-proxy.js'

/**
 * Each outcome as the user meets it: the summary's heading, the PR comment's heading, the
 * GitHub deployment status and the last log line say the same one; failures open with
 * the cause and what to do. Run in-process against the simulator and the fake GitHub API,
 * on the virtual clock: the time-out and the cancel cost no real time.
 */
const NAME = 'support-agent-pr-42'
let sim: Simulator
let github: FakeGitHub
let dir: string

beforeAll(async () => {
  sim = await startSimulatorOnClock()
  github = await startFakeGitHub()
  dir = mkdtempSync(join(tmpdir(), 'outcome-views-'))
  const event = {
    action: 'synchronize',
    number: 42,
    pull_request: {
      number: 42,
      head: { sha: 'feedfacecafebeef0123456789abcdef01234567', ref: 'feature-x', repo: { full_name: 'octo-org/support-agent' } },
      base: { ref: 'main', repo: { full_name: 'octo-org/support-agent' } }
    }
  }
  writeFileSync(join(dir, 'event.json'), JSON.stringify(event))
})
afterAll(async () => {
  await Promise.all([sim.stop(), github.stop()])
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  sim.reset()
  github.reset()
})

function env(): Record<string, string> {
  return {
    GITHUB_REPOSITORY: 'octo-org/support-agent',
    GITHUB_REF: 'refs/pull/42/merge',
    GITHUB_HEAD_REF: 'feature-x',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_RUN_ID: '4242',
    GITHUB_API_URL: github.url
  }
}

async function runWith(extra: Record<string, string> = {}, options: { cancelAfterMs?: number; controlPlane?: string } = {}) {
  const controller = new AbortController()
  // The workflow is cancelled once that much virtual time has passed.
  if (options.cancelAfterMs) clock.whenPast(clock.now() + options.cancelAfterMs, () => controller.abort())
  const inputs = {
    ...deployInputs(sim, NAME, { 'github-environment': 'pr-42', 'pr-comment': 'true', 'github-token': github.token }),
    ...(options.controlPlane ? { 'control-plane-url': options.controlPlane } : {}),
    ...extra
  }
  const result = await runInProcess({ inputs, env: env(), signal: controller.signal })
  expect(result.summaries).toHaveLength(1)
  const comment = github.comments.at(-1)?.body ?? ''
  return {
    ...result,
    summary: result.summaries[0],
    comment,
    heading: (md: string) =>
      md
        .split('\n')
        .find((l) => l.startsWith('#'))
        ?.replace(/^#+ /, '')
  }
}

/** A first deploy that succeeds, so the next run updates a deployment that serves a revision. */
async function serving(options: { keepComment?: boolean } = {}): Promise<string> {
  sim.setScenario(lifecycles.deployed(20))
  await runWith()
  // A delete edits the comment the deploy left; it never creates one.
  if (!options.keepComment) github.reset()
  return sim.deployments()[0].active_revision_id as string
}

const lastState = () => github.statuses.at(-1)?.state

describe('one outcome, said the same everywhere', () => {
  it('deployed: same heading in summary and comment, GitHub success with the URL, a last line with outcome, deployment, revision and URL', async () => {
    sim.setScenario(lifecycles.deployed(20))
    const r = await runWith()
    expect(r.outcome.kind).toBe('deployed')
    expect(r.heading(r.summary)).toBe(`✅ Deployed <code>${NAME}</code>, revision not proven`)
    expect(r.heading(r.comment)).toBe(r.heading(r.summary))
    expect(github.statuses.at(-1)).toMatchObject({
      state: 'success',
      description: `Deployed ${NAME}, revision not proven`,
      environment_url: r.outputs['deployment-url']
    })
    expect(r.lines.at(-1)).toBe(
      `Outcome: deployed: deployment \`${NAME}\` (${r.outputs['deployment-id']}), revision ${r.outputs['revision-id']} (DEPLOYED), ${r.outputs['deployment-url']}.`
    )
    // The comment's facts are an HTML table: no empty markdown header row.
    expect(r.comment).not.toContain('| | |')
    expect(r.comment).toContain(`<tr><th align="left">Revision</th><td><code>${r.outputs['revision-id']}</code></td></tr>`)
  })

  it('build failure: the cause and what to do first, then the log tail, then the facts; names the revision still serving', async () => {
    const previous = await serving()
    sim.setScenario(lifecycles.buildFailed(20))
    const r = await runWith()
    expect(r.outcome.kind).toBe('failed')
    for (const text of [r.summary, r.comment]) {
      expect(r.heading(text)).toBe(`❌ Deploy of <code>${NAME}</code> failed`)
      const cause = text.indexOf('**What went wrong:** Revision')
      const todo = text.indexOf('**What to do:** Read the build log')
      const facts = text.indexOf('<table>')
      expect(cause).toBeGreaterThan(0)
      expect(todo).toBeGreaterThan(cause)
      expect(facts).toBeGreaterThan(todo)
      // The status message is wrapped text, not a code block that scrolls.
      expect(text).toContain('did not complete successfully: exit code: 1')
      expect(text).not.toMatch(/```text\nRevision/)
      expect(text).toContain(`still serves the previous revision <code>${previous}</code>`)
      expect(text).toContain(`<code>READY</code>, serving the previous revision <code>${previous}</code>`)
    }
    expect(r.summary.indexOf('Last ')).toBeLessThan(r.summary.indexOf('<table>'))
    expect(r.summary).toContain('<details open><summary>Last')
    expect(lastState()).toBe('failure')
    expect(r.lines.at(-1)).toMatch(
      /^Outcome: failed: deployment `support-agent-pr-42` \(\S+\), revision \S+ \(BUILD_FAILED\), https:\/\/\S+ \(`command: deploy`\)\.$/
    )
  })

  it('time-out while building: still deploying, GitHub deployment left in_progress, where to follow it, timeout shown as given', async () => {
    sim.setScenario(lifecycles.stuck('BUILDING'))
    const r = await runWith({ timeout: '2s' })
    expect(r.outcome.kind).toBe('still-deploying')
    expect(r.failures).toHaveLength(1)
    for (const text of [r.summary, r.comment]) {
      expect(r.heading(text)).toBe(`⏳ <code>${NAME}</code> is still deploying: this run stopped waiting at its timeout`)
      expect(text).not.toMatch(/failed/i)
      expect(text).toContain('**What to do:** The revision goes on on the control plane')
    }
    expect(github.statuses.map((s) => s.state)).toEqual(['in_progress', 'in_progress'])
    expect(github.statuses.at(-1)?.description).toBe(`${NAME} is still deploying: this run stopped waiting at its timeout`)
    expect(r.lines).toContainEqual(expect.stringContaining("within the step's `timeout` of 2s"))
    expect(r.lines.at(-1)).toMatch(/^Outcome: still deploying: deployment `support-agent-pr-42`.*\(BUILDING\)/)
    expect(r.summary).toMatch(/\| BUILDING \| \+\S+ \| \d+s \(until the time-out\) \|/)
  })

  it('cancelled while building: still deploying, in_progress, and the last status lasts until the cancel', async () => {
    sim.setScenario(lifecycles.stuck('BUILDING'))
    const r = await runWith({}, { cancelAfterMs: 1500 })
    expect(r.outcome.kind).toBe('still-deploying')
    expect(r.heading(r.comment)).toBe(`⏳ <code>${NAME}</code> is still deploying: this run was cancelled while waiting`)
    expect(r.heading(r.summary)).toBe(r.heading(r.comment))
    expect(r.comment).toContain('nothing was cancelled there')
    expect(lastState()).toBe('in_progress')
    // Polled every 50 ms for 1.5 s: the span must reach the cancel, not stop at the last poll.
    const lasted = r.outcome.timeline!.at(-1)!
    expect(lasted.startedAt + lasted.durationMs).toBeGreaterThanOrEqual(1500)
    expect(r.summary).toContain('(until the cancel)')
  })

  it('SKIPPED: the heading says the step failed, nothing claims what serves instead, and the GitHub deployment becomes inactive', async () => {
    sim.setScenario(lifecycles.skipped(20))
    const r = await runWith()
    expect(r.outcome.kind).toBe('superseded')
    expect(r.heading(r.summary)).toBe(`❌ Deploy of <code>${NAME}</code> failed: the control plane skipped its revision`)
    expect(r.heading(r.comment)).toBe(r.heading(r.summary))
    expect(r.summary).toContain('**What went wrong:**')
    expect(r.summary).not.toMatch(/deployed instead/)
    expect(lastState()).toBe('inactive')
    expect(r.lines.at(-1)).toMatch(/^Outcome: failed \(revision skipped\): /)
  })

  it('dry run: planned, and neither the GitHub deployment nor the comment is touched', async () => {
    await serving()
    const r = await runWith({ 'dry-run': 'true' })
    expect(r.heading(r.summary)).toBe(`📝 Dry run of deploy for <code>${NAME}</code>: nothing was changed`)
    // Only the config check's read of the commit's files: no deployment, status or comment.
    expect(github.requests.filter((r) => !/\/(git\/trees|contents)\//.test(r.path))).toEqual([])
    expect(r.lines.at(-1)).toMatch(/^Outcome: planned \(dry run\): /)
  })

  it('delete: the comment says the preview is gone; both say what happened to the tracing project and the GitHub environment', async () => {
    await serving({ keepComment: true })
    const r = await runWith({ command: 'delete', 'delete-tracing-project': 'true' })
    expect(r.outcome.kind).toBe('deleted')
    expect(r.heading(r.summary)).toBe(`🗑️ Deleted <code>${NAME}</code>`)
    expect(r.heading(r.comment)).toBe(r.heading(r.summary))
    expect(r.comment).toContain("This pull request's preview is gone")
    for (const text of [r.summary, r.comment]) {
      expect(text).toContain('Its tracing project went too')
      expect(text).toContain('The GitHub deployments of environment <code>pr-42</code> are marked inactive')
    }
    expect(github.statuses.map((s) => s.state)).toContain('inactive')
    expect(r.lines.at(-1)).toMatch(/^Outcome: deleted: deployment `support-agent-pr-42`/)
  })

  it('delete keeping the tracing project says so', async () => {
    await serving()
    const r = await runWith({ command: 'delete' })
    expect(r.summary).toContain(`Its tracing project <code>${NAME}</code> was kept`)
  })
})

describe('hostile server text', () => {
  const HOSTILE_URL = 'https://x.example/@org/team <img src=https://evil.example/p.png>'
  const HOSTILE_MESSAGE = '::set-output name=pwned::1\n::error::fake\n@org/team [click](https://evil.example) <b>bold</b>'

  it('a url with @org/team <img> is never linked, output or sent to GitHub; a status message with workflow commands and line breaks stays inert', async () => {
    sim.setScenario({ ...lifecycles.buildFailed(20), statusMessage: HOSTILE_MESSAGE })
    const proxy = await rewritingProxy(sim.url, (body) => {
      const rewrite = (item: Record<string, unknown>) => {
        if (item && typeof item === 'object' && 'source_config' in item) item.url = HOSTILE_URL
        return item
      }
      if (body && typeof body === 'object' && Array.isArray((body as { resources?: unknown }).resources)) {
        ;(body as { resources: Array<Record<string, unknown>> }).resources.forEach(rewrite)
        return body
      }
      return rewrite(body as Record<string, unknown>)
    })
    try {
      const r = await runWith({}, { controlPlane: proxy.url })
      expect(r.outcome.kind).toBe('failed')
      // Inside a fenced code block (the log's tail) nothing renders and no one is notified.
      for (const text of [r.summary, r.comment].map((t) => t.replace(/```text\n[\s\S]*?\n```/g, ''))) {
        expect(text).not.toContain('<img')
        expect(text).not.toMatch(/@org\/team/) // a joiner after every @
        expect(text).not.toContain('<b>bold</b>')
        expect(text).not.toContain('[click](https://evil.example)')
        expect(text).toMatch(/(&lt;|&#60;)img src=https:\S*\/\/evil.example\/p.png(&gt;|&#62;)/)
      }
      expect(r.comment).toContain('(not an https:// URL, so not linked and not set as the output)')
      expect(r.outputs['deployment-url']).toBeUndefined()
      expect(github.statuses.some((s) => s.environment_url !== undefined)).toBe(false)
      expect(r.lines).toContainEqual(
        expect.stringMatching(/^warning: The control plane reported a deployment URL that is not an https:\/\/ URL/)
      )
      expect(Object.values(r.outputs).filter((value) => /[\r\n]/.test(value))).toEqual([])
      // The literal log: the status message is there, and none of its commands starts a line.
      expect(r.stdout).toContain('set-output name=pwned::1')
      expect(r.stdout.split('\n').filter((line) => /^\s*::(set-output|error::fake)/.test(line))).toEqual([])
    } finally {
      await proxy.stop()
    }
  })
})

describe('the runner sink', () => {
  it('writes server text as one log line that cannot start a workflow command', async () => {
    const { actionsSink } = await import('../src/report/sink.js')
    const written: string[] = []
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0)
    try {
      actionsSink.info('::set-output name=pwned::1\n::error::fake')
    } finally {
      write.mockRestore()
    }
    const lines = written.join('').split(/\r?\n/).filter(Boolean)
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(/^\s*::/)
    expect(lines[0]).toContain('set-output name=pwned::1')
  })
})
