import { describe, expect, it } from '@jest/globals'
import { parseDuration } from '../src/inputs/parsers.js'
import { rowsOf } from '../src/commands/prune/command.js'
import { classify, type Candidate, type RevisionFacts } from '../src/commands/prune/classify.js'
import { parseNamePattern } from '../src/inputs/name-pattern.js'
import { MAX_OPEN_ROWS, renderTable } from '../src/report/prune-table.js'

describe('name-pattern', () => {
  const pattern = parseNamePattern('agent-pr-{pr}')

  it('matches the whole name only, with digits for {pr}', () => {
    expect(pattern.prOf('agent-pr-1')).toBe(1)
    expect(pattern.prOf('agent-pr-12')).toBe(12)
    // A prefix is not a match, nor is a name with more around it.
    expect(pattern.prOf('agent-pr-1-old')).toBeUndefined()
    expect(pattern.prOf('my-agent-pr-1')).toBeUndefined()
    expect(pattern.prOf('agent-pr-')).toBeUndefined()
    expect(pattern.prOf('agent-pr-x1')).toBeUndefined()
    expect(pattern.prOf('agent-pr-1\n')).toBeUndefined()
    expect(pattern.prOf('AGENT-PR-1')).toBeUndefined()
  })

  it('takes numbers as GitHub writes them: no sign, no leading zero, at most 32 bits', () => {
    expect(pattern.prOf('agent-pr-012')).toBeUndefined()
    expect(pattern.prOf('agent-pr-0')).toBeUndefined()
    expect(pattern.prOf('agent-pr-+1')).toBeUndefined()
    expect(pattern.prOf('agent-pr-١٢')).toBeUndefined()
    expect(pattern.prOf('agent-pr-2147483647')).toBe(2147483647)
    expect(pattern.prOf('agent-pr-2147483648')).toBeUndefined()
    expect(pattern.prOf('agent-pr-12345678901')).toBeUndefined()
  })

  it('matches regex characters literally', () => {
    const dotted = parseNamePattern('a.b+c(pr)-{pr}')
    expect(dotted.prOf('a.b+c(pr)-7')).toBe(7)
    expect(dotted.prOf('aXb+c(pr)-7')).toBeUndefined()
    expect(dotted.prOf('a.bbc(pr)-7')).toBeUndefined()
    expect(parseNamePattern('x$^|\\-{pr}').prOf('x$^|\\-3')).toBe(3)
  })

  it('requires every {pr} to be the same number', () => {
    const twice = parseNamePattern('pr-{pr}-of-{pr}')
    expect(twice.prOf('pr-5-of-5')).toBe(5)
    expect(twice.prOf('pr-5-of-6')).toBeUndefined()
    expect(twice.fill(9)).toBe('pr-9-of-9')
  })

  it('narrows the list by its longest literal part', () => {
    expect(parseNamePattern('pr-{pr}-support-agent').contains).toBe('-support-agent')
    expect(pattern.fill(42)).toBe('agent-pr-42')
  })

  it.each([
    ['agent-pr', 'must contain `{pr}`'],
    ['agent-pr-{PR}', 'must contain `{pr}`'],
    ['agent-{pr}-{pull}', 'may contain `{` and `}` only as `{pr}`'],
    ['agent-{pr}{pr}', 'must have text between two `{pr}`'],
    ['{pr}', 'must contain text besides `{pr}`'],
    ['agent-{pr}\nother', 'must be a single line']
  ])('refuses %j', (raw, message) => {
    expect(() => parseNamePattern(raw)).toThrow(message)
  })
})

describe('durations', () => {
  it('accept d for days', () => {
    expect(parseDuration('7d')).toBe(7 * 86_400_000)
    expect(parseDuration('1.5d')).toBe(36 * 3_600_000)
    expect(() => parseDuration('7 days')).toThrow('`7d`')
  })
})

const NOW = Date.parse('2026-11-20T12:00:00Z')
const DAY = 86_400_000

function candidate(pr: number, extra: Partial<Candidate> = {}): Candidate {
  return { id: `id-${pr}`, name: `agent-pr-${pr}`, pr, latestRevisionId: `rev-${pr}`, ...extra }
}

function revisions(entries: Record<number, RevisionFacts>): Map<string, RevisionFacts> {
  return new Map(Object.entries(entries).map(([pr, facts]) => [`id-${pr}`, facts]))
}

const deployed = (ageDays: number): RevisionFacts => ({ kind: 'read', status: 'DEPLOYED', createdAt: NOW - ageDays * DAY })

describe('classify', () => {
  const open = { kind: 'read' as const, numbers: new Set([1, 2]) }

  it('stale when the pull request is not open; kept when open', () => {
    const verdicts = classify({ candidates: [candidate(1), candidate(3)], open, revisions: revisions({ 3: deployed(1) }), now: NOW })
    expect(verdicts.map((v) => [v.candidate.pr, v.stale, v.reason.kind])).toEqual([
      [1, false, 'open'],
      [3, true, 'not-open']
    ])
  })

  it('tells closed from missing once the single reads say so, and keeps one reopened since the list', () => {
    const pullRequests = new Map([
      [3, 'closed' as const],
      [4, 'missing' as const],
      [5, 'open' as const],
      [6, 'unknown' as const]
    ])
    const verdicts = classify({
      candidates: [3, 4, 5, 6].map((n) => candidate(n)),
      open,
      revisions: revisions({ 3: deployed(1), 4: deployed(1), 5: deployed(1), 6: deployed(1) }),
      pullRequests,
      now: NOW
    })
    expect(verdicts.map((v) => [v.stale, v.reason.kind])).toEqual([
      [true, 'closed'],
      [true, 'missing'],
      [false, 'open'],
      [true, 'not-open']
    ])
  })

  it('never deletes a preview whose newest revision is in progress, or in a status nobody documented', () => {
    const verdicts = classify({
      candidates: [candidate(3), candidate(4), candidate(5)],
      open,
      revisions: revisions({
        3: { kind: 'read', status: 'BUILDING' },
        4: { kind: 'read', status: 'AWAITING_CAPACITY' },
        5: { kind: 'read', status: 'BUILD_FAILED' }
      }),
      maxAgeMs: DAY,
      now: NOW
    })
    expect(verdicts.map((v) => [v.stale, v.reason.kind])).toEqual([
      [false, 'in-progress'],
      [false, 'in-progress'],
      [true, 'not-open']
    ])
  })

  it('deletes for idleness past max-age, by the newest revision, even with its pull request open', () => {
    const verdicts = classify({
      candidates: [candidate(1), candidate(2)],
      open,
      revisions: revisions({ 1: deployed(8), 2: deployed(6) }),
      maxAgeMs: 7 * DAY,
      now: NOW
    })
    expect(verdicts.map((v) => [v.stale, v.reason])).toEqual([
      [true, { kind: 'idle', since: NOW - 8 * DAY }],
      [false, { kind: 'open' }]
    ])
  })

  it('keeps everything whose pull request state is unknown when the list is unreadable; idleness still counts', () => {
    const verdicts = classify({
      candidates: [candidate(3), candidate(4)],
      open: { kind: 'unreadable', reason: 'HTTP 403' },
      revisions: revisions({ 3: deployed(1), 4: deployed(30) }),
      maxAgeMs: 7 * DAY,
      now: NOW
    })
    expect(verdicts.map((v) => [v.stale, v.reason.kind])).toEqual([
      [false, 'unreadable'],
      [true, 'idle']
    ])
  })

  it('keeps a preview whose revision could not be read, or was not read in time', () => {
    const verdicts = classify({
      candidates: [candidate(3), candidate(4)],
      open,
      revisions: revisions({ 3: { kind: 'unreadable', reason: 'HTTP 503' } }),
      now: NOW
    })
    expect(verdicts.map((v) => [v.stale, v.reason.kind])).toEqual([
      [false, 'unreadable'],
      [false, 'not-checked']
    ])
  })

  it('ages a preview without revisions by the deployment', () => {
    const verdicts = classify({
      candidates: [candidate(1, { latestRevisionId: null, createdAt: NOW - 10 * DAY })],
      open,
      revisions: revisions({ 1: { kind: 'none' } }),
      maxAgeMs: 7 * DAY,
      now: NOW
    })
    expect(verdicts[0]).toMatchObject({ stale: true, reason: { kind: 'idle' } })
  })
})

describe('summary table', () => {
  it('lists stale ones first with verdict and reason, and neutralises hostile names', () => {
    const verdicts = classify({
      candidates: [candidate(1), candidate(3, { name: 'agent-pr-3 | <img src=x> `x` [a](b)' })],
      open: { kind: 'read', numbers: new Set([1]) },
      revisions: revisions({ 3: deployed(1) }),
      now: NOW
    })
    const table = renderTable(rowsOf(verdicts, true))
    const lines = table.trim().split('\n')
    expect(lines[2]).toContain('would delete')
    expect(lines[2]).toContain('closed or missing: pull request #3 is not open')
    expect(lines[3]).toContain('kept')
    expect(lines[3]).toContain('open: pull request #1 is open')
    expect(table).not.toMatch(/<img|\| <img|`x`|\[a\]/)
    // Still four cells in the hostile row: the pipe did not split it.
    expect(lines[2].split(' | ')).toHaveLength(4)
  })

  it('counts open previews past the row limit instead of listing them', () => {
    const many = Array.from({ length: MAX_OPEN_ROWS + 5 }, (_, i) => candidate(i + 1))
    const verdicts = classify({
      candidates: many,
      open: { kind: 'read', numbers: new Set(many.map((c) => c.pr)) },
      revisions: new Map(),
      now: NOW
    })
    const table = renderTable(rowsOf(verdicts, false))
    expect(table.split('\n').filter((l) => l.startsWith('| <code>'))).toHaveLength(MAX_OPEN_ROWS)
    expect(table).toContain('…and 5 more previews kept')
  })
})
