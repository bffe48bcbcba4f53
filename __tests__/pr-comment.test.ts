import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { GitHubApi } from '../src/github/api.js'
import { markerFor, renderComment, upsertComment } from '../src/github/pr-comment.js'
import { clearSecrets, registerSecret } from '../src/core/masking.js'

beforeEach(() => {
  clearSecrets()
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

describe('the pull-request comment', () => {
  it('starts with a marker that a name cannot close early', () => {
    expect(markerFor('agent-->x')).toBe('<!-- agent-server-deploy:agentx -->')
  })

  it('keeps user text inside its table cell and code span, and redacts secrets', () => {
    registerSecret('https://user:hunter2-secret@x')
    const body = renderComment({
      name: 'a`b|c',
      phase: 'failed',
      url: 'https://user:hunter2-secret@x',
      revisionStatus: 'BUILD_FAILED',
      error: 'Revision r failed: ```boom``` with https://user:hunter2-secret@x'
    })
    expect(body).toContain("### ❌ Deploy of `a'b\\|c` failed")
    expect(body).toContain('| URL | *** |')
    expect(body).toContain("'''boom'''")
    expect(body).not.toContain('hunter2-secret')
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
