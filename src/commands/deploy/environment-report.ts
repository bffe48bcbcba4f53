import type { CommandDeps } from '../types.js'
import { describeEnvironment, type EnvironmentChange } from './environment.js'
import type { Plan } from './plan.js'

/**
 * What the change does to the deployment's environment, by name, in the log and on record (the
 * summary's row): kept, set, added, removed. A removal is a warning: it deletes what someone set.
 */
export function reportEnvironment(plan: Plan, { log, recorder }: Pick<CommandDeps, 'log' | 'recorder'>): void {
  const environment = plan.environment
  if (!environment) return
  const lists: Array<['secrets' | 'secret-references', EnvironmentChange<unknown> | undefined]> = [
    ['secrets', environment.secrets],
    ['secret-references', environment.references]
  ]
  for (const [what, change] of lists) {
    if (!change) continue
    const line = describeEnvironment(what, change, plan.action === 'create')
    if (change.names.removed.length > 0 || change.removedUnknown) log.warn(line)
    else log.info(line)
  }
  const fact = (change: EnvironmentChange<unknown> | undefined) =>
    change && { ...change.names, sent: change.send !== undefined, ...(change.removedUnknown ? { removedUnknown: true } : {}) }
  recorder.environment({
    mode: environment.mode,
    ...(environment.secrets ? { secrets: fact(environment.secrets) } : {}),
    ...(environment.references ? { references: fact(environment.references) } : {})
  })
}
