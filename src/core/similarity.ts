/** How alike two names are, to name the nearest known key for a typo (the config check's, `evals`'). */
/** difflib's `SequenceMatcher.ratio()`: twice the characters in matching blocks over both lengths. */
export function similarity(a: string, b: string): number {
  return a.length + b.length === 0 ? 1 : (2 * matched(a, 0, a.length, b, 0, b.length)) / (a.length + b.length)
}

/** Characters in the longest common substring, plus (recursively) those left and right of it, as difflib counts them. */
function matched(a: string, aLo: number, aHi: number, b: string, bLo: number, bHi: number): number {
  let size = 0
  let atA = aLo
  let atB = bLo
  // Keys are short: the plain O(n·m) search is enough.
  for (let i = aLo; i < aHi; i++) {
    for (let j = bLo; j < bHi; j++) {
      let k = 0
      while (i + k < aHi && j + k < bHi && a[i + k] === b[j + k]) k++
      if (k > size) {
        size = k
        atA = i
        atB = j
      }
    }
  }
  if (size === 0) return 0
  return size + matched(a, aLo, atA, b, bLo, atB) + matched(a, atA + size, aHi, b, atB + size, bHi)
}

/** The known name nearest to `name`, when one is close enough (difflib's cutoff, 0.6). */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; score: number } | undefined
  for (const candidate of known) {
    const score = similarity(name, candidate)
    if (score >= 0.6 && (!best || score > best.score)) best = { name: candidate, score }
  }
  return best?.name
}
