import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { lintWorkflow, workflowFiles } from '../scripts/lint-workflows.js'
import { ROOT } from '../scripts/run-action.js'

const files = await workflowFiles()
const metadata = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'))
const declaredInputs = Object.keys(metadata.inputs)
const declaredOutputs = Object.keys(metadata.outputs)

interface Step {
  id?: string
  uses?: string
  if?: string
  run?: string
  with?: Record<string, unknown>
}

interface Job {
  environment?: unknown
  steps?: Step[]
}

const jobsOf = (file: string) => Object.values((parse(readFileSync(join(ROOT, file), 'utf8')) as { jobs: Record<string, Job> }).jobs)
const runsThisAction = (step: Step) => step.uses === './' || /\/agent-server-deploy-action@v1$/.test(step.uses ?? '')

/** Steps that run this action: the published name in examples, `./` in the project's own workflows. */
function actionSteps(file: string): Step[] {
  const workflow = parse(readFileSync(join(ROOT, file), 'utf8')) as { jobs: Record<string, { steps?: Step[] }> }
  return Object.values(workflow.jobs)
    .flatMap((job) => job.steps ?? [])
    .filter((step) => step.uses === './' || /\/agent-server-deploy-action@v1$/.test(step.uses ?? ''))
}

describe('workflows and examples', () => {
  it("include the examples and the project's CI and dist check", () => {
    expect(files.sort()).toEqual([
      '.github/workflows/check-dist.yml',
      '.github/workflows/ci.yml',
      '.github/workflows/release.yml',
      'examples/deploy-on-push.yml',
      'examples/deploy-with-health-check.yml',
      'examples/manual-deploy-and-promote.yml',
      'examples/manual-rollback.yml',
      'examples/matrix.yml',
      'examples/monorepo.yml',
      'examples/own-image.yml',
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
    const problems = await lintWorkflow(
      'broken.yml',
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n'
    )
    expect(problems.map((p) => p.kind)).toContain('expression')
  })

  it.each(files)('%s passes this action only inputs that action.yml declares', (file) => {
    for (const step of actionSteps(file)) {
      expect(Object.keys(step.with ?? {}).filter((name) => !declaredInputs.includes(name))).toEqual([])
    }
  })

  // actionlint knows the outputs of well-known actions, not of this one: a misspelt output would read as empty.
  it("reads only outputs that action.yml declares from this action's steps", () => {
    const read = files.flatMap((file) => {
      const ids = actionSteps(file).flatMap((step) => (step.id ? [step.id] : []))
      const text = readFileSync(join(ROOT, file), 'utf8')
      return [...text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)]
        .filter(([, id]) => ids.includes(id))
        .map(([, , output]) => `${file}: ${output}`)
    })
    expect(read).toContain('examples/own-image.yml: image-repository')
    expect(read.filter((entry) => !declaredOutputs.includes(entry.split(': ')[1]))).toEqual([])
  })

  // A job's `environment:` records a GitHub deployment for every run, a push that `paths` skipped too.
  it("record the GitHub deployment of a step with `paths` through `github-environment`, never the job's `environment:`", () => {
    const jobs = files
      .flatMap(jobsOf)
      .filter((job) => (job.steps ?? []).some((step) => runsThisAction(step) && step.with?.paths !== undefined))
    expect(jobs.length).toBeGreaterThan(0)
    for (const job of jobs) {
      expect(job.environment).toBeUndefined()
      expect(job.steps?.find((step) => runsThisAction(step) && step.with?.paths !== undefined)?.with?.['github-environment']).toEqual(
        expect.any(String)
      )
    }
  })

  // An empty `expected-commit` checks nothing: a promotion that lost the tested commit must stop, not deploy unchecked.
  it('stop a promotion before deploying when the tested commit it is handed is empty, and pin `repo-ref` to it', () => {
    const promotions = files.flatMap(jobsOf).flatMap((job) =>
      (job.steps ?? []).flatMap((step, index) => {
        const value = step.with?.['expected-commit']
        const expected = typeof value === 'string' ? value : ''
        const handed = /^\$\{\{\s*(needs\.[\w-]+\.outputs\.[\w-]+)\s*\}\}$/.exec(expected)?.[1]
        return runsThisAction(step) && handed ? [{ step, before: (job.steps ?? []).slice(0, index), handed, expected }] : []
      })
    )
    expect(promotions.length).toBeGreaterThan(0)
    for (const { step, before, handed, expected } of promotions) {
      expect(before.filter((guard) => guard.if?.replace(/\s+/g, ' ') === `${handed} == ''` && /exit 1/.test(guard.run ?? ''))).toHaveLength(
        1
      )
      expect(step.with?.['repo-ref']).toBe(expected)
    }
  })

  it('run this action in every example and in CI', () => {
    const notRunningIt = ['.github/workflows/check-dist.yml', '.github/workflows/release.yml']
    for (const file of files.filter((f) => !notRunningIt.includes(f))) expect(actionSteps(file).length).toBeGreaterThan(0)
  })
})
