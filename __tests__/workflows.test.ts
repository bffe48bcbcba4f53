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
  it('include the examples and the project\'s CI and dist check', () => {
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
    const problems = await lintWorkflow('broken.yml', 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n')
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
      return [...text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)].filter(([, id]) => ids.includes(id)).map(([, , output]) => `${file}: ${output}`)
    })
    expect(read).toContain('examples/own-image.yml: image-repository')
    expect(read.filter((entry) => !declaredOutputs.includes(entry.split(': ')[1]))).toEqual([])
  })

  it('run this action in every example and in CI', () => {
    const notRunningIt = ['.github/workflows/check-dist.yml', '.github/workflows/release.yml']
    for (const file of files.filter((f) => !notRunningIt.includes(f))) expect(actionSteps(file).length).toBeGreaterThan(0)
  })
})
