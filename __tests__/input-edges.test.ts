import { describe, expect, it } from '@jest/globals'
import { parseDeploymentName } from '../src/inputs/deployment-name.js'
import { pollIntervalProblem } from '../src/inputs/parsers.js'
import { renderBody } from '../src/report/plan.js'

describe('deployment names', () => {
  it.each(['a', 'support-agent', 'Support-Agent-2', 'pr-123-preview', '1st', 'a'.repeat(63)])('takes %s', (name) => {
    expect(parseDeploymentName(name)).toBe(name)
  })

  it.each(['support_agent', 'support agent', '-agent', 'agent-', 'agent.v2', 'agént', 'a'.repeat(64), ''])('refuses %j', (name) => {
    expect(() => parseDeploymentName(name)).toThrow(/ASCII letters, digits and hyphens/)
  })
})

describe('the poll-interval floor', () => {
  it('is 1 s against a remote control plane', () => {
    expect(pollIntervalProblem(1_000, 'https://cp.example.com')).toBeUndefined()
    expect(pollIntervalProblem(999, 'https://cp.example.com')).toMatch(/at least 1s/)
  })

  it('is 50 ms against a loopback control plane', () => {
    expect(pollIntervalProblem(50, 'http://127.0.0.1:8123')).toBeUndefined()
    expect(pollIntervalProblem(50, 'http://localhost:8123')).toBeUndefined()
    expect(pollIntervalProblem(49, 'http://127.0.0.1:8123')).toBe('`poll-interval` must be at least 50ms, got 49ms')
  })

  it('an https URL that only names loopback in its path is not loopback', () => {
    expect(pollIntervalProblem(50, 'https://cp.example.com/127.0.0.1')).toMatch(/at least 1s/)
  })
})

describe('a dry-run plan', () => {
  it('shows an empty secret value as empty, and hides every other', () => {
    const body = renderBody({ secrets: [{ name: 'EMPTY', value: '' }, { name: 'SET', value: 'x' }] })
    expect(JSON.parse(body)).toEqual({ secrets: [{ name: 'EMPTY', value: '' }, { name: 'SET', value: '***' }] })
  })
})
