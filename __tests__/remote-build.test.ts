import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { pbkdf2, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lifecycles, type Simulator } from '../sim/index.js'
import { IncompleteUpload, putToSignedUrl } from '../src/api/signed-upload.js'
import { errorLines, visibleText } from './helpers/action.js'
import { AGENT_TREE_ARCHIVED, agentTree } from './helpers/agent-tree.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
const tree = agentTree()
const runnerTemp = mkdtempSync(join(tmpdir(), 'runner-temp-'))
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(40) })
})
afterAll(async () => {
  await sim.stop()
  tree.remove()
  rmSync(runnerTemp, { recursive: true, force: true })
})
beforeEach(() => sim.reset())

const CONFIG = 'apps/agent/langgraph.json'

function remoteBuild(name: string, extra: Record<string, string> = {}, workspace = tree.workspace) {
  return runInProcess({
    inputs: {
      'control-plane-url': sim.url,
      'api-key': sim.apiKey,
      name,
      source: 'internal_source',
      'graph-config-path': CONFIG,
      secrets: 'OPENAI_API_KEY=sk-remote-build-0123',
      'poll-interval': '50ms',
      ...extra
    },
    env: { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp }
  })
}

const apiCalls = () => sim.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, '{id}')} ${r.status}`)
const puts = () => sim.storage.requests.filter((r) => r.method === 'PUT')
const signedUrls = () => sim.storage.requests.map((r) => `${sim.storage.url}${r.path}?${new URLSearchParams(r.query)}`)

describe('a remote build from the checkout', () => {
  it('creates the deployment empty, uploads the archive, then one patch builds it', async () => {
    const run = await remoteBuild('remote-agent')
    expect(run.failures).toEqual([])
    expect(run.outcome.kind).toBe('deployed')
    expect(run.outputs.operation).toBe('created')
    expect(apiCalls()).toEqual(
      expect.arrayContaining(['POST /v2/deployments 201', 'POST /v2/deployments/{id}/upload-url 200', 'PATCH /v2/deployments/{id} 200'])
    )
    const create = sim.requests.find((r) => r.method === 'POST' && r.path === '/v2/deployments')
    expect((create?.body as { source_revision_config: unknown }).source_revision_config).toEqual({})
    const patches = sim.requests.filter((r) => r.method === 'PATCH')
    expect(patches).toHaveLength(1)
    const [object] = [...sim.storage.objects.entries()]
    expect(patches[0].body).toEqual({
      source_revision_config: { source_tarball_path: object[0], graph_config_path: CONFIG },
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-remote-build-0123' }]
    })
    // The patch went after the upload was complete.
    const order = [...sim.requests.map((r) => r.method)]
    expect(order.indexOf('PATCH')).toBeGreaterThan(order.indexOf('POST'))
    expect(puts()).toHaveLength(1)
    expect(run.outputs['archive-sha256']).toBe(object[1].sha256)
    expect(run.outcome.shipped).toMatchObject({ kind: 'archive', sha256: object[1].sha256, bytes: object[1].bytes, files: 10 })
    expect([...object[1].names].sort()).toEqual([...AGENT_TREE_ARCHIVED].sort())
    const [revision] = sim.revisions(run.outputs['deployment-id'])
    expect(revision.status).toBe('DEPLOYED')
    // Hosted by the control plane, as a github deployment is: its address is an output.
    expect(run.outputs['deployment-url']).toBe(
      `${sim.url.replace(/^http:/, 'https:')}/hosted/remote-agent-${run.outputs['deployment-id'].slice(0, 8)}`
    )
    // The archive's temporary file is gone.
    expect(readdirSync(runnerTemp)).toEqual([])
  })

  it('warns about the secret files and the symbolic link it left out, and lists every file and every exclusion with its reason, in groups', async () => {
    const run = await remoteBuild('remote-warnings')
    expect(run.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Not archived, secret files: `apps\/agent\/.env` \(`.env`\), `apps\/agent\/.env.production` \(`.env\.\*`\)\. Files known to hold secrets/
        ),
        expect.stringMatching(/^Not archived: `apps\/agent\/readme-link.md` \(symbolic links are never followed/)
      ])
    )
    const lines = [
      'apps/agent/debug.log: `apps/agent/.gitignore`',
      'libs/shared/tests/: `libs/shared/.dockerignore`',
      'apps/agent/__pycache__/: cache or environment directory (`__pycache__/`, always left out)',
      'libs/shared/node_modules/: cache or environment directory (`node_modules/`, always left out)',
      'apps/agent/agent.py (45 bytes)',
      'apps/agent/same-as-agent.py (45 bytes)'
    ]
    for (const line of lines) expect(run.lines).toContain(line)
    // Every file inside a collapsed group, and every item left out in another.
    const opened = run.lines.findIndex((line) => /^group: Files in the archive: 10 \(\d+ bytes before compression\)$/.test(line))
    const group = run.lines.slice(opened + 1, run.lines.indexOf('endgroup', opened))
    expect(opened).toBeGreaterThan(-1)
    expect(group).toHaveLength(10)
    expect(group).toEqual(expect.arrayContaining(['apps/agent/agent.py (45 bytes)', 'libs/shared/shared/tools.py (25 bytes)']))
    const leftOut = run.lines.indexOf('group: Left out of the archive: 9')
    expect(run.lines.slice(leftOut + 1, run.lines.indexOf('endgroup', leftOut))).toContain('apps/agent/debug.log: `apps/agent/.gitignore`')
    expect(run.lines).toContainEqual(
      expect.stringMatching(
        /^Source archive: 10 files from 2 directories, .* compressed, sha256 [0-9a-f]{64}; config at `apps\/agent\/langgraph.json` in it\.$/
      )
    )
  })

  it('sends no control-plane credential to the storage host, and never shows the signed URL', async () => {
    const run = await remoteBuild('remote-secret-url')
    expect(run.exitCode).toBe(0)
    expect(puts()).toHaveLength(1)
    for (const request of sim.storage.requests) {
      expect(Object.keys(request.headers).sort()).toEqual([
        'connection',
        'content-length',
        'content-type',
        'host',
        'user-agent',
        'x-goog-content-length-range'
      ])
      expect(JSON.stringify(request.headers)).not.toContain(sim.apiKey)
    }
    const [url] = signedUrls()
    const signature = puts()[0].query['X-Goog-Signature']
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    const visible = visibleText(run)
    expect(visible).not.toContain(url)
    expect(visible).not.toContain(signature)
    expect(run.stdout).toContain(`::add-mask::${url}`)
  })

  it('updates an existing internal_source deployment with one patch naming the new archive', async () => {
    const seeded = sim.seedDeployment({ name: 'remote-existing', source: 'internal_source' })
    const run = await remoteBuild('remote-existing', { source: '' })
    expect(run.failures).toEqual([])
    expect(run.outputs.operation).toBe('updated')
    const patches = sim.requests.filter((r) => r.method === 'PATCH')
    expect(patches).toHaveLength(1)
    const body = patches[0].body as Record<string, unknown>
    expect(body.revision_source).toBeUndefined()
    expect(body.source_revision_config).toEqual({ source_tarball_path: [...sim.storage.objects.keys()][0], graph_config_path: CONFIG })
    expect(sim.revisions(seeded.id)[0].status).toBe('DEPLOYED')
  })

  it('reports the control plane refusing an upload URL for a deployment of another source, having changed nothing', async () => {
    sim.seedDeployment({ name: 'remote-on-github', source: 'github' })
    const run = await remoteBuild('remote-on-github', { source: '', 'revision-source': 'internal_source' })
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toContain("Upload URLs are only available for 'internal_source' source deployments, not 'github'.")
    expect(sim.requests.filter((r) => r.method === 'PATCH')).toEqual([])
    expect(sim.storage.requests).toEqual([])
  })

  it('tries the upload again after a 5xx and after a reset, with the same URL', async () => {
    sim.storage.addFault({ respond: { status: 503, body: 'backend unavailable' } })
    sim.storage.addFault({ reset: true })
    const run = await remoteBuild('remote-retried')
    expect(run.failures).toEqual([])
    expect(puts().map((r) => r.status)).toEqual([503, 0, 200])
    expect(new Set(puts().map((r) => r.query['X-Goog-Signature'])).size).toBe(1)
    expect(sim.requests.filter((r) => r.path.endsWith('/upload-url'))).toHaveLength(1)
    expect(run.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^The upload host 127\.0\.0\.1:\d+ refused the archive with HTTP 503: backend unavailable\. Trying again in/)
      ])
    )
    expect(sim.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
  })

  it('asks for a new upload URL when the old one expired', async () => {
    sim.storage.addFault({ expire: true })
    const run = await remoteBuild('remote-expired')
    expect(run.failures).toEqual([])
    expect(sim.requests.filter((r) => r.path.endsWith('/upload-url'))).toHaveLength(2)
    expect(puts().map((r) => r.status)).toEqual([400, 200])
    const [patch] = sim.requests.filter((r) => r.method === 'PATCH')
    const objects = [...sim.storage.objects.keys()]
    expect(objects).toHaveLength(1)
    expect((patch.body as { source_revision_config: { source_tarball_path: string } }).source_revision_config.source_tarball_path).toBe(
      objects[0]
    )
    expect(puts()[1].path).toBe(`/upload/${objects[0]}`)
  })

  it('follows no redirect from the storage host, and sends no patch after an upload that did not complete', async () => {
    sim.storage.addFault({ respond: { status: 307, body: '' } })
    const run = await remoteBuild('remote-redirected')
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toMatch(
      /^The upload host 127\.0\.0\.1:\d+ answered with a redirect \(HTTP 307\), which the action does not follow\./
    )
    expect(puts()).toHaveLength(1)
    expect(sim.requests.filter((r) => r.method === 'PATCH')).toEqual([])
    expect(readdirSync(runnerTemp)).toEqual([])
  })

  it('claims no archive shipped when the upload was refused: no archive-sha256, no Archive row', async () => {
    sim.storage.addFault({ respond: { status: 403, body: '<Error><Code>AccessDenied</Code></Error>' }, times: 10 })
    const run = await remoteBuild('remote-refused-upload')
    expect(run.exitCode).toBe(1)
    expect(puts().length).toBeGreaterThan(0)
    expect(sim.storage.objects.size).toBe(0)
    expect(run.outputs['archive-sha256']).toBeUndefined()
    expect(run.summary).not.toMatch(/SHA-256/)
    // This run created the deployment: it is not "unchanged", it is empty.
    expect(errorLines(run).join('\n')).toContain(
      'The deployment was created empty, with nothing built: a re-run uploads the archive and builds it.'
    )
    expect(errorLines(run).join('\n')).not.toContain('Nothing was changed')
    expect(run.lines).toContainEqual(expect.stringMatching(/^Source archive: 10 files/))
  })

  it('says nothing was changed when the upload to an existing deployment failed', async () => {
    sim.seedDeployment({ name: 'remote-existing-refused', source: 'internal_source' })
    sim.storage.addFault({ respond: { status: 403, body: '<Error><Code>AccessDenied</Code></Error>' }, times: 10 })
    const run = await remoteBuild('remote-existing-refused')
    expect(run.exitCode).toBe(1)
    expect(errorLines(run).join('\n')).toContain('Nothing was changed on the deployment: re-run the job.')
    expect(sim.requests.filter((r) => r.method === 'PATCH')).toEqual([])
  })

  it('claims no archive shipped when the deployment is missing and create-if-missing is false', async () => {
    const run = await remoteBuild('remote-missing', { 'create-if-missing': 'false' })
    expect(run.exitCode).toBe(1)
    expect(sim.storage.requests).toEqual([])
    expect(run.outputs['archive-sha256']).toBeUndefined()
  })

  it('sends the patch exactly once when its answer is lost, and follows the revision it made', async () => {
    sim.addFault({ method: 'PATCH', path: /^\/v2\/deployments\/[^/]+$/, applyThen: 'reset' })
    const run = await remoteBuild('remote-lost-answer')
    expect(run.failures).toEqual([])
    expect(sim.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
    const revisions = sim.revisions(run.outputs['deployment-id'])
    expect(revisions).toHaveLength(1)
    expect(run.outputs['revision-id']).toBe(revisions[0].id)
  })

  it('plans on a dry run: builds and describes the archive, asks for no upload URL, uploads nothing', async () => {
    const run = await remoteBuild('remote-dry-run', { 'dry-run': 'true' })
    expect(run.failures).toEqual([])
    expect(run.outputs.operation).toBe('planned')
    expect(run.outputs['archive-sha256']).toMatch(/^[0-9a-f]{64}$/)
    expect(sim.requests.map((r) => r.method)).toEqual(['GET'])
    expect(sim.storage.requests).toEqual([])
    expect(run.lines).toContain('POST /v2/deployments/{id of the new deployment}/upload-url')
    expect(run.lines).toContainEqual(expect.stringMatching(/^Source archive: 10 files/))
    expect(readdirSync(runnerTemp)).toEqual([])
  })

  it('gives the archive that standard tools read: the system tar extracts what was uploaded, file for file', async () => {
    const run = await remoteBuild('remote-system-tar')
    expect(run.exitCode).toBe(0)
    const [object] = [...sim.storage.objects.values()]
    const out = mkdtempSync(join(tmpdir(), 'extracted-'))
    writeFileSync(join(out, 'upload.tar.gz'), object.body as Buffer)
    mkdirSync(join(out, 'x'))
    execFileSync('tar', ['-xzf', join(out, 'upload.tar.gz'), '-C', join(out, 'x')])
    const listed = execFileSync('find', ['.', '-type', 'f'], { cwd: join(out, 'x'), encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((p) => p.slice(2))
      .sort()
    expect(listed).toEqual(AGENT_TREE_ARCHIVED.filter((p) => !p.endsWith('/')).sort())
    for (const path of listed) expect(readFileSync(join(out, 'x', path)).equals(readFileSync(join(tree.workspace, path)))).toBe(true)
    rmSync(out, { recursive: true, force: true })
  })
})

describe('an update whose upload takes a while', () => {
  it('keeps a secret set in the UI during the upload: the merge is made again just before the patch', async () => {
    const first = await remoteBuild('remote-agent-meanwhile')
    expect(first.outcome.kind).toBe('deployed')
    const id = String(first.outputs['deployment-id'])
    const ui = { name: 'SET_IN_THE_UI', value: 'value-set-during-the-upload' }
    sim.addFault({
      method: 'POST',
      path: /\/upload-url$/,
      delayMs: 1,
      times: 1,
      meanwhile: (other) =>
        void other.send('PATCH', `/v2/deployments/${id}`, { secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-remote-build-0123' }, ui] })
    })
    const run = await remoteBuild('remote-agent-meanwhile', { secrets: 'OPENAI_API_KEY=sk-remote-build-4567' })

    expect(run.failures).toEqual([])
    expect(run.outputs.operation).toBe('updated')
    const patch = sim.requests.filter((r) => r.method === 'PATCH' && r.fault === undefined).at(-1)
    expect((patch?.body as { secrets: unknown }).secrets).toEqual([{ name: 'OPENAI_API_KEY', value: 'sk-remote-build-4567' }, ui])
    expect(sim.deployments().find((d) => d.id === id)?.secrets).toEqual([{ name: 'OPENAI_API_KEY', value: 'sk-remote-build-4567' }, ui])
  })
})

describe('bad input for a remote build, refused before any request', () => {
  it('refuses a config file that is not in the workspace', async () => {
    const run = await remoteBuild('remote-missing', { 'graph-config-path': 'apps/missing/langgraph.json' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toMatch(/^Invalid input: `graph-config-path` `apps\/missing\/langgraph.json` is not a file in the workspace/)
    expect(sim.requests).toEqual([])
  })

  it('refuses a dependency outside the workspace as a config problem (the file and the key), under every `config-check` mode', async () => {
    for (const mode of ['error', 'warn', 'off']) {
      const run = await remoteBuild(
        `remote-outside-${mode}`,
        { 'graph-config-path': 'agent/langgraph.json', 'config-check': mode },
        join(tree.workspace, 'apps')
      )
      expect(run.exitCode).toBe(1)
      const said = errorLines(run).join('\n')
      expect(said).toContain('in `agent/langgraph.json`')
      expect(said).toContain("`dependencies[1]`: the local dependency `../../libs/shared` leaves the job's workspace")
      // A config problem is never sent back to the step's inputs, and no mode is said to waive it.
      expect(said).not.toContain('with:')
      expect(said).not.toContain('deploys anyway')
    }
    expect(sim.requests).toEqual([])
  })
})

describe('archive-exclude, in a run (the size limit: archive-limit-run.test.ts)', () => {
  it('leaves out what archive-exclude names, and says so', async () => {
    const run = await remoteBuild('remote-exclude', { 'archive-exclude': '# not needed to build\napps/agent/data/\n*.txt' })
    expect(run.failures).toEqual([])
    const [object] = [...sim.storage.objects.values()]
    expect([...object.names]).not.toContain('apps/agent/data/big.bin')
    expect([...object.names]).not.toContain('apps/agent/prompts/system.txt')
    expect(run.lines).toEqual(
      expect.arrayContaining(['apps/agent/data/: `archive-exclude`', 'apps/agent/prompts/system.txt: `archive-exclude`'])
    )
  })

  it('refuses a pattern that leaves the workspace, before any request', async () => {
    const run = await remoteBuild('remote-bad-exclude', { 'archive-exclude': '../secrets/' })
    expect(errorLines(run)[0]).toContain('`archive-exclude` has a pattern with a `..` segment (`../secrets/`)')
    expect(sim.requests).toEqual([])
  })
})

describe('the upload itself', () => {
  it('does not take a 2xx answered before the whole archive was sent as an upload: the try failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'early-answer-'))
    const file = join(dir, 'source.tar.gz')
    const bytes = 20 * 1024 * 1024
    writeFileSync(file, randomBytes(bytes))
    // Answers at once, reading nothing: it cannot hold the archive.
    const server = createServer((_req, res) => {
      res.writeHead(200)
      res.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const attempt = putToSignedUrl(
        `http://127.0.0.1:${port}/upload/x?X-Goog-Signature=ab`,
        { file, bytes },
        { limitMs: 10_000, idleMs: 10_000 }
      )
      await expect(attempt).rejects.toBeInstanceOf(IncompleteUpload)
      await expect(attempt).rejects.toThrow(/^the host answered after \d+ of 20971520 bytes were sent$/)
    } finally {
      server.closeAllConnections()
      server.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('takes an upload the host answers the moment its last byte arrives: one try, never sent twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-answer-'))
    const file = join(dir, 'source.tar.gz')
    // A few hundred bytes, as a small agent's archive is: the whole file is one chunk, read and sent at once.
    const bytes = 400
    writeFileSync(file, randomBytes(bytes))
    let tries = 0
    const server = createServer((req, res) => {
      tries++
      let received = 0
      req.on('data', (chunk: Buffer) => {
        received += chunk.length
        if (received === bytes) {
          res.writeHead(200)
          res.end()
        }
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      // Many uploads in a row, each while libuv's threads are busy (as when the storage host, or anything else in the
      // process, gunzips or hashes): the file's last read, which says it ended, then comes after the host's answer.
      for (let i = 0; i < 20; i++) {
        const busy = Array.from({ length: 4 }, () => new Promise((resolve) => pbkdf2('x', 'salt', 20_000, 32, 'sha256', resolve)))
        const answer = await putToSignedUrl(
          `http://127.0.0.1:${port}/upload/x?X-Goog-Signature=ab`,
          { file, bytes },
          { limitMs: 10_000, idleMs: 10_000 }
        )
        expect(answer.status).toBe(200)
        await Promise.all(busy)
      }
      expect(tries).toBe(20)
    } finally {
      server.closeAllConnections()
      server.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
