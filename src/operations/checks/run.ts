import type { Check, CheckContext } from './types.js'

/**
 * Runs the checks in order: every verdict goes on record, and the first failure ends the list
 * and the step (a later check would prove nothing about a revision already found wanting). Each
 * check answers a cancel itself, as its requests and waits do.
 */
export async function runChecks<C extends CheckContext>(checks: ReadonlyArray<Check<C>>, ctx: C): Promise<void> {
  let failed: { failure: Error; label: string } | undefined
  for (const check of checks) {
    if (!check.appliesTo(ctx)) continue
    if (failed) {
      // Not run: a check that has a row for it says so (`evals` after a failed smoke test).
      const row = check.notRun?.(ctx, `the ${failed.label.toLowerCase()} failed first`)
      if (row) ctx.recorder.checked(row)
      continue
    }
    const { verdict, failure } = await check.run(ctx)
    if (verdict) ctx.recorder.checked(verdict)
    if (failure) failed = { failure, label: verdict?.label ?? check.id }
  }
  if (failed) throw failed.failure
}
