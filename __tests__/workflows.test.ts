import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { lintWorkflow, workflowFiles } from '../scripts/lint-workflows.js'
import { ROOT } from '../scripts/run-action.js'

const files = await workflowFiles()
const declaredInputs = Object.keys(parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')).inputs)

interface Step {
  uses?: string
  with?: Record<string, unknown>
}

/** Steps that run this action: the published name in examples, `./` in the project's own workflows. */
function actionSteps(file: string): Step[] {
  const workflow = parse(readFileSync(join(ROOT, file), 'utf8')) as { jobs: Record<string, { steps?: Step[] }> }
  return Object.values(workflow.jobs)
    .flatMap((job) => job.steps ?? [])
    .filter((step) => step.uses === './' || /\/agent-server-deploy-action@v1$/.test(step.uses ?? ''))
}

describe('workflows and examples', () => {
  it('include the nine examples and the project\'s CI and dist check', () => {
    expect(files.sort()).toEqual([
      '.github/workflows/check-dist.yml',
      '.github/workflows/ci.yml',
      '.github/workflows/release.yml',
      'examples/deploy-on-push.yml',
      'examples/deploy-with-health-check.yml',
      'examples/manual-deploy-and-promote.yml',
      'examples/manual-rollback.yml',
      'examples/matrix.yml',
      'examples/prune-previews.yml',
      'examples/pull-request-preview.yml',
      'examples/remote-build.yml',
      'examples/self-hosted-docker.yml'
    ])
  })

  it.each(files)('%s passes actionlint', async (file) => {
    const problems = await lintWorkflow(file, readFileSync(join(ROOT, file), 'utf8'))
    expect(problems.map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual([])
  })

  it('actionlint does report a broken workflow', async () => {
    const problems = await lintWorkflow('broken.yml', 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n')
    expect(problems.map((p) => p.kind)).toContain('expression')
  })

  it.each(files)('%s passes this action only inputs that action.yml declares', (file) => {
    for (const step of actionSteps(file)) {
      expect(Object.keys(step.with ?? {}).filter((name) => !declaredInputs.includes(name))).toEqual([])
    }
  })

  it('run this action in every example and in CI', () => {
    const notRunningIt = ['.github/workflows/check-dist.yml', '.github/workflows/release.yml']
    for (const file of files.filter((f) => !notRunningIt.includes(f))) expect(actionSteps(file).length).toBeGreaterThan(0)
  })
})
