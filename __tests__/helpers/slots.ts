/**
 * At most `count` pieces of work at a time, the rest queued in order. For tests that spawn the
 * bundle concurrently: a handful at once overlaps their waits, but every spawn loading at the same
 * moment on two loaded cores spends seconds just starting, which a bound on the time to exit
 * would count against the action.
 */
export function slots(count: number): <T>(work: () => Promise<T>) => Promise<T> {
  let free = count
  const waiting: Array<() => void> = []
  return async (work) => {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift()
      if (next) next()
      else free++
    }
  }
}
