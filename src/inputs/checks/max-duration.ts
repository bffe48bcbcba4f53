import { formatDuration } from '../../core/clock.js'
import { parseDuration } from '../parsers.js'
import type { CheckKind } from './kind.js'

/** `max-duration`: the run's wall time at most this. */
export const maxDuration: CheckKind<number> = {
  name: 'max-duration',
  negatable: false,
  what: 'a duration such as `20s`',
  example: '20s',
  parse(raw, at, problem) {
    try {
      // A bare number is seconds, as `timeout` itself reads it.
      if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error('must be a duration such as `90s` or `2m`')
      return [parseDuration(String(raw))]
    } catch (error) {
      problem(`\`${at}\` ${(error as Error).message.replace(/, got .*$/, '')}`)
      return undefined
    }
  },
  judge: (limitMs, seen) => ({
    holds: seen.durationMs <= limitMs,
    said: `took ${formatDuration(seen.durationMs)}, ${seen.durationMs <= limitMs ? 'within' : 'over'} ${formatDuration(limitMs)}`
  })
}
