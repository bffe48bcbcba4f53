import { setFlagsFromString } from 'node:v8'

/**
 * V8 doubles its young generation (where new objects are made) each time enough of them
 * survive a collection, up to 2 x 16 MiB on Node 20 and 2 x 32 MiB on Node 24, and seldom gives
 * it back. Listing a commit of 50,000 files builds that many long-lived records, so the young
 * generation grows to its maximum: measured, 34 MB of a 148 MB peak on Node 20 and 67 MB of
 * 208 MB on Node 24, for memory that holds almost nothing once the listing is built. Held at its
 * size while the files are listed and scanned, it stayed at 4 to 8 MB, and the archive's peak
 * (with the upload's, api/file-body.ts) is 118 to 123 MB and 129 to 143 MB, in about the same time.
 *
 * The action cannot start its own Node with `--max-semi-space-size` (the runner starts it), so
 * the growth factor is set at run time, the one young-generation setting V8 reads at each
 * collection rather than once at start-up: 1 is "do not grow", V8's default 2 comes back once
 * the last holder is done. Node documents `setFlagsFromString` as "use with care": only this
 * integer flag is set, and only to the two values V8 itself uses. Should a later V8 refuse a
 * factor below 2, the hold would do nothing (no harm): the test that builds 300,000 records in
 * a Node of the suite's own version would then fail, and say so.
 */
const DO_NOT_GROW = '--semi-space-growth-factor=1'
const V8_DEFAULT = '--semi-space-growth-factor=2'

let holders = 0

/**
 * Runs `work` with the young generation kept at the size it has; nested and overlapping calls
 * share the setting, which is restored when the last one settles, whether it resolved or threw.
 */
export async function withYoungGenerationHeld<T>(
  work: () => Promise<T>,
  setFlags: (flags: string) => void = setFlagsFromString
): Promise<T> {
  if (holders++ === 0) setFlags(DO_NOT_GROW)
  try {
    return await work()
  } finally {
    if (--holders === 0) setFlags(V8_DEFAULT)
  }
}
