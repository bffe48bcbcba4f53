// `npm start` at the edges a newcomer meets (issue 38): a demo pointed at a real agent server
// (`--agent-server-url`), RUNNER_TEMP kept after the run, and the job summary printed without
// HTML entities. In-process on the virtual clock (helpers/local-run.ts), one run at a time.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { summaryText } from '../scripts/summary-text.js'
import { forHtml, md } from '../src/report/markdown.js'
import { localRunInProcess as localRun } from './helpers/local-run.js'

describe('--agent-server-url', () => {
  /** A stand-in for a real agent server (`langgraph dev`): healthy, and each run echoes the last message. */
  let server: Server
  let url: string
  const asked: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`)
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        res.setHeader('content-type', 'application/json')
        if (req.url === '/runs/wait') {
          const input = (JSON.parse(body || '{}') as { input?: { messages?: Array<{ content?: string }> } }).input
          const said = input?.messages?.at(-1)?.content ?? ''
          return res.end(JSON.stringify({ messages: [...(input?.messages ?? []), { type: 'ai', content: `echo: ${said}` }] }))
        }
        res.end(req.url === '/info' ? '{"version":"0.4.0"}' : '{"ok":true}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    server.close()
    server.closeAllConnections()
  })

  it("makes the simulator report that server as the deployment's URL, so the checks after DEPLOYED talk to it", async () => {
    const run = await localRun(['--agent-server-url', `${url}/`])
    expect(run.stdout).toContain(
      `Agent server: ${url}, reported as support-agent's URL (the health check, revision proof, smoke test and evals go there).`
    )
    expect(run.stdout).toMatch(new RegExp(`^deployment-url=${url.replace(/\./g, '\\.')}$`, 'm'))
    // The demo's smoke test reached it, and its answer was judged.
    expect(asked).toContain('POST /runs/wait')
    expect(run.stdout).toMatch(/^Smoke test: ✅ .*`echo: ping`/m)
    // A server run locally names no deployment's revision: said, not failed.
    expect(run.stdout).toMatch(/^Revision proof: ⚠️ not proven, because `\/info` has no `host`/m)
    expect(run.code).toBe(0)
  })

  it('is refused when it is no http(s) URL, carries a password, or goes with a real control plane', async () => {
    const notUrl = await localRun(['--agent-server-url', 'localhost:2024'])
    const withPassword = await localRun(['--agent-server-url', 'http://me:pw@127.0.0.1:2024'])
    const real = await localRun(['--agent-server-url', url, '--control-plane-url', 'https://api.example.com'])
    expect(notUrl.code).toBe(2)
    expect(notUrl.stderr).toContain('--agent-server-url takes an http:// or https:// URL, got `localhost:2024`.')
    expect(withPassword.code).toBe(2)
    expect(withPassword.stderr).toContain('must not carry a user or password')
    expect(withPassword.stderr).not.toContain('pw@')
    expect(real.code).toBe(2)
    expect(real.stderr).toContain('--agent-server-url applies to the built-in simulator only')
  })
})

describe('after the run', () => {
  it('keeps RUNNER_TEMP and says where: the eval-results file the action wrote there can be read', async () => {
    const run = await localRun(['--scenario', 'evals'])
    expect(run.code).toBe(0)
    const kept = /^RUNNER_TEMP, and what the action wrote there \(e\.g\. eval-results\), is kept in (\S+)$/m.exec(run.stdout)?.[1]
    expect(kept).toBeDefined()
    expect(existsSync(kept!)).toBe(true)
    const results = /^eval-results=(\S+)$/m.exec(run.stdout)?.[1]
    expect(results?.startsWith(`${kept}/`)).toBe(true)
    expect(readdirSync(kept!).length).toBeGreaterThan(0)
  })
})

describe('the job summary in the terminal', () => {
  it('shows server text as GitHub shows it: no HTML entities, in table cells or in markdown', () => {
    const hostile = `a|b <x> & 'q' "d" \`c\``
    const prose = `a|b <x> & 'q' "d"`
    const summary = `<table><tr><th>Error</th><td>${forHtml(hostile)}</td></tr></table>\n\n${md(prose)}\n`
    const text = summaryText(summary)
    expect(text).toBe(`Error: ${hostile}\n\n${prose}\n`)
    expect(text).not.toMatch(/&#?\w+;/)
  })

  it('leaves what GitHub shows as an entity as one: text written `&amp;lt;` reads `&lt;`', () => {
    expect(summaryText(`<table><tr><th>Note</th><td>${forHtml('&lt; stays')}</td></tr></table>\n`)).toBe('Note: &lt; stays\n')
  })
})
