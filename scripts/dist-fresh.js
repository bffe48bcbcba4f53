// Whether dist/ was built from the sources as they are now, decided by content. File
// times cannot tell: a fresh clone gives every file the time of the checkout, so src/
// often looks newer than the dist/ built from it.
//
//   node scripts/dist-fresh.js           prints whether dist/ is fresh (exit 0) or stale (exit 1)
//   node scripts/dist-fresh.js --check   the same, with what to do; `npm test` runs it first
//   node scripts/dist-fresh.js --write   records the fingerprint in dist/; `npm run build` runs it last
//
// The fingerprint depends only on file paths and contents (no times, no absolute paths),
// so building twice writes the same dist/.source-hash, and CI's "dist matches" check holds.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')

/** What the bundle is built from: every file under src/, the locked dependencies and the compiler settings. */
export const FINGERPRINTED = ['src', 'package-lock.json', 'tsconfig.json']

export const FINGERPRINT_FILE = join('dist', '.source-hash')

/**
 * @param {string} [root]
 * @returns {string} sha256 over the sorted relative paths and contents
 */
export function sourceHash(root = ROOT) {
  const hash = createHash('sha256')
  for (const file of FINGERPRINTED.flatMap((entry) => filesUnder(root, entry)).sort()) {
    // The path too, so that renaming a file changes the fingerprint.
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

/**
 * @param {string} root
 * @param {string} entry a file or directory relative to root
 * @returns {string[]} files relative to root, with `/` separators on every platform
 */
function filesUnder(root, entry) {
  const path = join(root, entry)
  /** @type {import('node:fs').Dirent[]} */
  let children
  try {
    children = readdirSync(path, { withFileTypes: true })
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOTDIR') return [entry]
    throw error
  }
  return children.flatMap((child) =>
    child.isDirectory() ? filesUnder(root, join(entry, child.name)) : [relative(root, join(path, child.name)).split(sep).join('/')]
  )
}

/**
 * @param {string} [root]
 * @returns {{ fresh: boolean, expected: string, recorded?: string }}
 */
export function distFreshness(root = ROOT) {
  const expected = sourceHash(root)
  let recorded
  try {
    recorded = readFileSync(join(root, FINGERPRINT_FILE), 'utf8').trim()
  } catch {
    recorded = undefined
  }
  return { fresh: recorded === expected, expected, recorded }
}

/** @param {string} [root] */
export function writeFingerprint(root = ROOT) {
  writeFileSync(join(root, FINGERPRINT_FILE), `${sourceHash(root)}\n`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--write')) {
    writeFingerprint()
  } else {
    const { fresh, recorded } = distFreshness()
    if (fresh) {
      if (!process.argv.includes('--check')) console.log('dist/ is fresh: built from the current sources.')
    } else {
      console.error(
        recorded === undefined
          ? `dist/ has no ${FINGERPRINT_FILE.replace(/\\/g, '/')}: it was not built by \`npm run build\`. Run \`npm run build\`.`
          : 'dist/ is stale: it was built from other sources than src/, package-lock.json and tsconfig.json now hold. Run `npm run build` (and commit dist/).'
      )
      process.exit(1)
    }
  }
}
