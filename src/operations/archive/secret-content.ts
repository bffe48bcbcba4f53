/**
 * Secrets found by what a file holds, not its name: a cloud service-account JSON with a private
 * key in it, a `.yarnrc.yml` with `npmAuthToken`, AWS keys pasted into a config. Only text files
 * under SCAN_MAX_BYTES are read (a key file is small; a large or binary file is data), read as
 * a stream with a bounded window: memory does not grow with the file.
 */

/** Files at or over this size are not scanned. */
export const SCAN_MAX_BYTES = 1024 * 1024
/** A NUL in the first bytes makes a file binary, as git decides it: not scanned. */
const BINARY_PROBE_BYTES = 8000

/**
 * What counts, each with the rule the warning names (the marker, never the value). A token's value must be written out (not a
 * `${VAR}` reference to the environment, which holds no secret), so a source file that passes a
 * key along (`aws_secret_access_key=key`) is not one; an AWS secret key is 40 characters.
 */
const PATTERNS: ReadonlyArray<{ rule: string; test: RegExp; holds: string }> = [
  { rule: '-----BEGIN PRIVATE KEY-----', test: /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/, holds: 'PRIVATE KEY' },
  { rule: '_authToken', test: /_authToken["']?\s*[=:]\s*["']?[^\s"'$]/, holds: '_authToken' },
  { rule: 'npmAuthToken', test: /npmAuthToken["']?\s*:\s*["']?[^\s"'$]/, holds: 'npmAuthToken' },
  {
    rule: 'aws_secret_access_key',
    test: /aws_secret_access_key["']?\s*[=:]\s*["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/i,
    holds: 'aws_secret_access_key'
  }
]

/**
 * Text that every match of a rule holds on one line (compared ignoring ASCII case): a file
 * holding none of these breaks no rule, so a search for them (scan-tracked.ts: one `git grep`)
 * finds every file worth reading, and reading those few decides as for any other file.
 */
export const SECRET_MARKERS: readonly string[] = PATTERNS.map((pattern) => pattern.holds)
/** The longest text one match spans: kept from a chunk's end so that a match across two chunks is found. */
const OVERLAP = 256

/**
 * The rule a file's content breaks, or undefined (binary, or nothing found). `size` is the
 * file's size as listed: at or over SCAN_MAX_BYTES nothing is read. `chunks` is the file's
 * content; reading stops at the first match.
 */
export async function secretInContent(chunks: AsyncIterable<Buffer>, size: number): Promise<string | undefined> {
  if (size >= SCAN_MAX_BYTES) return undefined
  const scan = contentScanner()
  for await (const chunk of chunks) {
    const verdict = scan.push(chunk)
    if (!verdict.more) return verdict.rule
  }
  return undefined
}

/** What a scan knows after a chunk: it needs more bytes, or it is done (with the rule found, if any). */
export type ScanVerdict = { more: true } | { more: false; rule?: string }

/** A scan fed chunk by chunk. */
export interface ContentScanner {
  push(chunk: Buffer): ScanVerdict
}

/** A scanner for one file's content: a tail of OVERLAP characters is carried from chunk to chunk, nothing else. */
export function contentScanner(): ContentScanner {
  let tail = ''
  let seen = 0
  let done = false
  return {
    push(chunk) {
      if (done) return { more: false }
      if (seen < BINARY_PROBE_BYTES && chunk.subarray(0, BINARY_PROBE_BYTES - seen).includes(0)) {
        done = true
        return { more: false }
      }
      seen += chunk.length
      // latin1 keeps one character a byte: a UTF-8 sequence split across chunks cannot garble the ASCII that the patterns match.
      const text = tail + chunk.toString('latin1')
      for (const { rule, test } of PATTERNS) {
        if (test.test(text)) {
          done = true
          return { more: false, rule }
        }
      }
      tail = text.slice(-OVERLAP)
      return { more: true }
    }
  }
}
