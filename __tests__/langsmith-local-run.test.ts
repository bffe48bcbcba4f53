// `npm start -- --scenario evals-langsmith`: the suite's runs recorded in the LangSmith stand-in,
// and what a newcomer reads of it. In-process, on the virtual clock (helpers/local-run.ts).
import { describe, expect, it } from '@jest/globals'
import { localRunInProcess as localRun } from './helpers/local-run.js'

describe('evals-langsmith', () => {
  it('records both sides as experiments in one dataset, and the summary links their comparison', async () => {
    const run = await localRun(['--scenario', 'evals-langsmith', '--phase-ms', '100'])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /^LangSmith stand-in on http:\/\/127\.0\.0\.1:\d+ \(langsmith-endpoint and langsmith-api-key point there\)\.$/m
    )
    expect(run.stdout).toMatch(/^### Evals: ❌ \*\*worse than `support-agent-prod` on 2 cases\*\*: `refund-window` 0\/\d vs \d\/\d/m)
    expect(run.stdout).toMatch(
      /^📎 Whole results: \[both sides in LangSmith\]\(http:\/\/127\.0\.0\.1:\d+\/o\/[0-9a-f-]{36}\/datasets\/[0-9a-f-]{36}\/compare\?selectedSessions=[0-9a-f-]{36},[0-9a-f-]{36}\)/m
    )
    const recorded = run.stdout.slice(run.stdout.indexOf('──── LangSmith (the stand-in) ────'))
    // Every run is a row: each case once a side, and the two whose sides disagreed again, both sides alike.
    const rows = (side: string) =>
      Number(
        new RegExp(`^POST /api/v1/datasets/upload-experiment → 200: ${side} @ \\w{7} · run \\d+, (\\d+) rows$`, 'm').exec(recorded)?.[1]
      )
    expect(rows('support-agent \\(this revision\\)')).toBeGreaterThan(6)
    expect(rows('support-agent-prod \\(compared\\)')).toBe(rows('support-agent \\(this revision\\)'))
    expect(recorded).toMatch(/^Dataset "support-agent CI" \([0-9a-f-]{36}\): 6 examples, 2 experiments$/m)
    // The stand-in's key is masked like any other.
    expect(run.stdout).not.toContain('sim-langsmith-key')
  })
})
