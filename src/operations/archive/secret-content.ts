import { isFinding, KEY_KEYWORDS, KEY_RULES } from './secret-rules.js'

/**
 * Secrets found by what a file holds, not its name: a cloud service-account JSON with a private
 * key in it, a `.yarnrc.yml` with `npmAuthToken`, AWS keys pasted into a config. Only text files
 * under SCAN_MAX_BYTES are read (a key file is small; a large or binary file is data), read as
 * a stream with a bounded window: memory does not grow with the file. The same read finds keys
 * written into a file (secret-rules.ts), each with its line.
 */

/** Files at or over this size are not scanned. */
export const SCAN_MAX_BYTES = 1024 * 1024
/** A NUL in the first bytes makes a file binary, as git decides it: not scanned. */
const BINARY_PROBE_BYTES = 8000

/**
 * What makes a file a credential file by what it holds (it is left out whole), each with the rule
 * the warning names (the marker, never the value). A token's value must be written out (not a
 * `${VAR}` reference to the environment, which holds no secret), so a source file that passes a
 * key along (`aws_secret_access_key=key`) is not one; an AWS secret key is 40 characters. A
 * marker counts with `=`, `:` or only a space before the value: a Dockerfile's `ENV
 * AWS_SECRET_ACCESS_KEY <key>`, yarn v1's `.yarnrc` line `"//registry.npmjs.org/:_authToken" "<token>"`
 * (a space-separated value is a token's: 16 characters or more, a digit among them, so that prose
 * naming the marker is not one).
 */
const PATTERNS: ReadonlyArray<{ rule: string; test: RegExp; holds: string }> = [
  { rule: '-----BEGIN PRIVATE KEY-----', test: /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/, holds: 'PRIVATE KEY' },
  {
    rule: '_authToken',
    test: /_authToken(?:["']?\s*[=:]\s*["']?[^\s"'$]|["']?[ \t]+["']?(?=[^\s"'$]*\d)[A-Za-z0-9_.+/=-]{16,})/,
    holds: '_authToken'
  },
  { rule: 'npmAuthToken', test: /npmAuthToken["']?\s*:\s*["']?[^\s"'$]/, holds: 'npmAuthToken' },
  {
    rule: 'aws_secret_access_key',
    test: /aws_secret_access_key["']?(?:\s*[=:]\s*|[ \t]+)["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/i,
    holds: 'aws_secret_access_key'
  }
]

/**
 * Text that every match of a credential rule holds on one line (compared ignoring ASCII case): a
 * file holding none of these breaks no such rule, so a search for them (scan-tracked.ts: one `git
 * grep`) finds every file worth reading, and reading those few decides as for any other file. The
 * key rules' keywords (secret-rules.ts) are searched for alongside when keys are looked for.
 */
export const SECRET_MARKERS: readonly string[] = PATTERNS.map((pattern) => pattern.holds)
/** The longest text one credential match spans: kept from a chunk's end so that a match across two chunks is found. */
const OVERLAP = 256
/** A line longer than this (minified code) is judged in parts, each part's last OVERLAP characters judged again with the next. */
const LONG_LINE = 64 * 1024
/** Findings kept for one file: a file of a thousand tokens needs no thousand warnings. */
export const FINDINGS_PER_FILE = 20

/** A key written into a file: the rule it matched and the line (from 1). Never the value. */
export interface KeyFinding {
  rule: string
  line: number
}

/** What a file's content holds: the credential rule that makes it a credential file, or the keys found in it (none: nothing). */
export interface ContentVerdict {
  credential?: string
  keys: KeyFinding[]
}

/**
 * The rule a file's content breaks, or undefined (binary, or nothing found). `size` is the
 * file's size as listed: at or over SCAN_MAX_BYTES nothing is read. `chunks` is the file's
 * content; reading stops at the first match.
 */
export async function secretInContent(chunks: AsyncIterable<Buffer>, size: number): Promise<string | undefined> {
  return (await scanContent(chunks, size, { keys: false })).credential
}

/**
 * What a file's content holds: a credential rule's marker (reading stops there), else, with
 * `keys`, every key found (secret-rules.ts) with its line. Binary files and files at or over
 * SCAN_MAX_BYTES hold nothing.
 */
export async function scanContent(chunks: AsyncIterable<Buffer>, size: number, options: { keys: boolean }): Promise<ContentVerdict> {
  if (size >= SCAN_MAX_BYTES) return { keys: [] }
  const scan = contentScanner(options)
  for await (const chunk of chunks) {
    const verdict = scan.push(chunk)
    if (!verdict.more) return scan.end()
  }
  return scan.end()
}

/** What a scan knows after a chunk: it needs more bytes, or it is done (with the rule found, if any). */
export type ScanVerdict = { more: true } | { more: false; rule?: string }

/** A scan fed chunk by chunk, then ended. */
export interface ContentScanner {
  push(chunk: Buffer): ScanVerdict
  /** What the file holds, once every chunk was pushed (or a verdict said no more). */
  end(): ContentVerdict
}

/**
 * A scanner for one file's content: a tail of OVERLAP characters is carried from chunk to chunk
 * for the credential rules, and the current line's text (at most LONG_LINE) for the key rules.
 */
export function contentScanner(options: { keys: boolean } = { keys: false }): ContentScanner {
  let tail = ''
  let seen = 0
  let done = false
  let credential: string | undefined
  const keys = options.keys ? keyScanner() : undefined
  return {
    push(chunk) {
      if (done) return { more: false }
      if (seen < BINARY_PROBE_BYTES && chunk.subarray(0, BINARY_PROBE_BYTES - seen).includes(0)) {
        done = true
        keys?.drop()
        return { more: false }
      }
      seen += chunk.length
      // latin1 keeps one character a byte: a UTF-8 sequence split across chunks cannot garble the ASCII that the patterns match.
      const read = chunk.toString('latin1')
      const text = tail + read
      for (const { rule, test } of PATTERNS) {
        if (test.test(text)) {
          done = true
          credential = rule
          return { more: false, rule }
        }
      }
      tail = text.slice(-OVERLAP)
      keys?.push(read)
      return { more: true }
    },
    end() {
      if (credential) return { credential, keys: [] }
      return { keys: keys?.end() ?? [] }
    }
  }
}

/** The key rules over a file's text, line by line: each finding once per rule and line, at most FINDINGS_PER_FILE. */
function keyScanner() {
  let pending = ''
  let line = 1
  const found: KeyFinding[] = []
  const seen = new Set<string>()
  const judge = (block: string, firstLine: number) => {
    if (found.length >= FINDINGS_PER_FILE) return
    // One pass for every rule's words: most blocks hold none, and no rule runs on them.
    const words = new Set<string>()
    for (const match of block.matchAll(KEYWORDS)) words.add(match[0].toLowerCase())
    if (words.size === 0) return
    for (const rule of KEY_RULES) {
      if (!rule.keywords.some((word) => words.has(word))) continue
      rule.pattern.lastIndex = 0
      for (let match = rule.pattern.exec(block); match; match = rule.pattern.exec(block)) {
        if (!isFinding(rule, match[1] ?? match[0])) continue
        const at = firstLine + newlinesIn(block, match.index)
        const key = `${rule.id}\0${at}`
        if (seen.has(key)) continue
        seen.add(key)
        found.push({ rule: rule.id, line: at })
        if (found.length >= FINDINGS_PER_FILE) return
      }
    }
  }
  return {
    push(text: string) {
      const all = pending + text
      const last = all.lastIndexOf('\n')
      if (last >= 0) {
        const block = all.slice(0, last)
        judge(block, line)
        line += newlinesIn(block, block.length) + 1
        pending = all.slice(last + 1)
      } else {
        pending = all
      }
      if (pending.length > LONG_LINE) {
        judge(pending, line)
        pending = pending.slice(-OVERLAP)
      }
    },
    /** A binary file: nothing it holds is a finding. */
    drop() {
      pending = ''
      found.length = 0
    },
    end(): KeyFinding[] {
      if (pending) judge(pending, line)
      pending = ''
      return [...found].sort((a, b) => a.line - b.line || (a.rule < b.rule ? -1 : 1))
    }
  }
}

/** Every key rule's words, ignoring case (the same words the `git grep` looks for). */
const KEYWORDS = new RegExp(KEY_KEYWORDS.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi')

/** How many line breaks `text` holds before `end`. */
function newlinesIn(text: string, end: number): number {
  let count = 0
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) count++
  return count
}
