// Prints one version's section of CHANGELOG.md, for the release notes (.github/workflows/release.yml).
//   node scripts/changelog-section.js 1.2.3
// Fails when the section is missing or empty: a release without notes is a mistake.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The lines under `## [1.2.3]` (a date after it is allowed), up to the next `## ` heading.
 * @param {string} changelog
 * @param {string} version without the leading `v`
 * @returns {string | undefined}
 */
export function changelogSection(changelog, version) {
  const lines = changelog.replace(/\r\n/g, '\n').split('\n')
  const heading = new RegExp(`^## \\[${version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\](?:\\s|$)`)
  const start = lines.findIndex((line) => heading.test(line))
  if (start < 0) return undefined
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((line) => line.startsWith('## '))
  const body = (end < 0 ? rest : rest.slice(0, end)).join('\n').trim()
  return body === '' ? undefined : `${body}\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const version = (process.argv[2] ?? '').replace(/^v/, '')
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    console.error(`Usage: node scripts/changelog-section.js 1.2.3 (got \`${process.argv[2] ?? ''}\`)`)
    process.exit(2)
  }
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..')
  const section = changelogSection(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version)
  if (!section) {
    console.error(`CHANGELOG.md has no section \`## [${version}]\` with notes: add it (rename [Unreleased]) and tag again.`)
    process.exit(1)
  }
  process.stdout.write(section)
}
