import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { GitHubApi } from '../src/github/api.js'
import { markerFor, renderComment, upsertComment } from '../src/github/pr-comment.js'
import { clearSecrets, registerSecret } from '../src/core/masking.js'
import { viewOf } from '../src/report/view.js'

beforeEach(() => {
  clearSecrets()
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

describe('the pull-request comment', () => {
  it('starts with a marker that a name cannot close early', () => {
    expect(markerFor('agent-->x')).toBe('<!-- agent-server-deploy:agentx -->')
  })

  it('keeps user text inside its code span and table cell, and redacts secrets', () => {
    registerSecret('hunter2-secret')
    const view = viewOf({
      startedAt: 0,
      finishedAt: 1,
      outcome: {
        kind: 'failed',
        command: 'deploy',
        subject: { kind: 'deployment', name: 'a`b|c<i>' },
        deployment: { id: 'd1', name: 'a`b|c<i>', url: 'https://user:hunter2-secret@x' },
        revisionId: 'r1',
        revision: { id: 'r1', status: 'BUILD_FAILED' },
        error: 'Revision r failed: ```boom``` with hunter2-secret\nFix it.',
        problem: { what: 'Revision r failed: ```boom``` with hunter2-secret', todo: 'Fix it.' }
      }
    })
    const body = renderComment(view, 'https://github.com/o/r/actions/runs/1')
    expect(body).toContain('### ❌ Deploy of <code>a\\`b\\|c&lt;i&gt;</code> failed')
    expect(body).toContain('<tr><th align="left">Deployment</th><td><code>a&#96;b&#124;c&#60;i&#62;</code> (<code>d1</code>)</td></tr>')
    // A URL with credentials is never linked.
    expect(body).toContain('<tr><th align="left">URL</th><td><code>https://user:***@\u200dx</code> (not an https:// URL')
    expect(body).toContain('**What to do:** Fix it.')
    expect(body).not.toContain('hunter2-secret')
    expect(body).toContain('Updated by [this workflow run](https://github.com/o/r/actions/runs/1).')
  })

  it('is not taken over from a comment that only quotes the marker', async () => {
    const calls: string[] = []
    const api = {
      listComments: async () => [{ id: 7, body: `> ${markerFor('agent')}\nwhy does this say failed?` }],
      updateComment: async (id: number) => void calls.push(`update ${id}`),
      createComment: async () => void calls.push('create')
    } as unknown as GitHubApi
    expect(await upsertComment(api, 5, 'agent', 'body', { createIfMissing: true })).toBe('created')
    expect(calls).toEqual(['create'])
  })

  it('is found by its marker and edited, created only when asked', async () => {
    const calls: string[] = []
    const api = {
      listComments: async () => [
        { id: 1, body: 'an unrelated comment' },
        { id: 2, body: `${markerFor('other')}\n…` },
        { id: 3, body: `${markerFor('agent')}\n…` }
      ],
      updateComment: async (id: number) => void calls.push(`update ${id}`),
      createComment: async () => void calls.push('create')
    } as unknown as GitHubApi
    expect(await upsertComment(api, 7, 'agent', 'new', { createIfMissing: true })).toBe('updated')
    expect(await upsertComment(api, 7, 'missing', 'new', { createIfMissing: false })).toBe('none')
    expect(await upsertComment(api, 7, 'missing', 'new', { createIfMissing: true })).toBe('created')
    expect(calls).toEqual(['update 3', 'create'])
  })
})
