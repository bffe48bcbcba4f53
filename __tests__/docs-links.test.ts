import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { ROOT } from '../scripts/run-action.js'

/**
 * The README is short because the rest lives in `docs/`: a link that leads nowhere loses what
 * was moved. This fails on a relative link, in any of the repository's Markdown files, to a file
 * that does not exist or to an `#anchor` that its target does not have (GitHub's heading ids,
 * or an explicit `<a id>`).
 */

/** Markdown text without fenced code blocks and inline code spans, where `#` and `[..](..)` are not Markdown. */
function withoutCode(text: string): string {
  return text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '').replace(/(`+)[^`\n]+?\1/g, '')
}

/** GitHub's id for a heading: its text lowercased, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  const text = heading
    .replace(/<[^>]*>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*~]/g, '')
    .trim()
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** Every anchor a Markdown text offers: its headings' ids (repeats numbered as GitHub does) and explicit ids. */
export function anchors(text: string): Set<string> {
  const found = new Set<string>()
  const seen = new Map<string, number>()
  const prose = text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '')
  for (const [, heading] of prose.matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(heading)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    found.add(count === 0 ? base : `${base}-${count}`)
  }
  for (const [, id] of text.matchAll(/<a\s[^>]*?(?:id|name)="([^"]+)"/g)) found.add(id)
  return found
}

/** The relative link targets of a Markdown text: inline links and images, and reference definitions. */
export function relativeLinks(text: string): string[] {
  const prose = withoutCode(text)
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1])
  ]
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

/** What in `file` (repository-relative) links to nothing, given a reader of repository files. */
export function brokenLinks(file: string, read: (path: string) => string | undefined): string[] {
  const text = read(file)
  if (text === undefined) return [`${file}: not found`]
  const problems: string[] = []
  for (const target of relativeLinks(text)) {
    const [path, anchor] = target.split('#', 2)
    const resolved = path === '' ? file : normalize(join(dirname(file), decodeURI(path)))
    const linked = read(resolved)
    if (linked === undefined) {
      problems.push(`${file}: ${target} (no file ${resolved})`)
      continue
    }
    if (anchor !== undefined && anchor !== '' && !anchors(linked).has(anchor))
      problems.push(`${file}: ${target} (no #${anchor} in ${resolved})`)
  }
  return problems
}

/** A file's text; '' for a directory (it exists, and has no anchors); undefined when missing. */
function readRepoFile(path: string): string | undefined {
  const full = join(ROOT, path)
  if (path.startsWith('..') || !existsSync(full)) return undefined
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8')
}

function markdownFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8'
  })
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`)
  return listed.stdout.split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file)))
}

describe('links between the README and docs/', () => {
  const files = markdownFiles()

  it('every relative link in the Markdown files leads to a file, and to an anchor it has', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/local-running.md']))
    const checked = files.flatMap((file) => relativeLinks(readRepoFile(file) ?? ''))
    // Enough links that an extractor finding none could not pass.
    expect(checked.length).toBeGreaterThan(50)
    expect(files.flatMap((file) => brokenLinks(file, readRepoFile))).toEqual([])
  })

  it('the README links every page the rest of its old text moved to, and the v1.3 pages', () => {
    const linked = new Set(relativeLinks(readRepoFile('README.md') ?? '').map((target) => target.split('#')[0]))
    const pages = [
      'local-running',
      'reliability',
      'performance',
      'how-it-decides',
      'development',
      'commands',
      'pull-request-previews',
      'rollback-and-health-checks',
      'remote-build-archive',
      'own-image',
      'paths-and-expected-commit',
      'config-check',
      'verification',
      'remote-build',
      'registry-and-promotion',
      'architecture',
      'control-plane'
    ]
    expect(pages.filter((page) => !linked.has(`docs/${page}.md`))).toEqual([])
  })

  it('detects a missing file and a missing anchor (the check can fail)', () => {
    const repo: Record<string, string> = {
      'README.md':
        '# Title\n## `dry-run: true`\nSee [a](docs/a.md#two-words), [b](docs/b.md), [c](#dry-run-true), [d](#nope), [e](https://example.com/x.md).\n```md\n[f](docs/in-code.md)\n```\n',
      'docs/a.md': '# A\n## Two words\nBack to [the top](../README.md#title) and [gone](../README.md#missing).\n'
    }
    const read = (path: string): string | undefined => repo[path]
    expect(brokenLinks('README.md', read)).toEqual(['README.md: docs/b.md (no file docs/b.md)', 'README.md: #nope (no #nope in README.md)'])
    expect(brokenLinks('docs/a.md', read)).toEqual(['docs/a.md: ../README.md#missing (no #missing in README.md)'])
  })

  it("makes GitHub's heading ids", () => {
    expect(slug('`dry-run: true`')).toBe('dry-run-true')
    expect(slug('New in v1.4')).toBe('new-in-v14')
    expect(slug("`paths`: deploy only when the agent's own files changed")).toBe('paths-deploy-only-when-the-agents-own-files-changed')
    expect(slug("Under GitHub's `@github/local-action`")).toBe('under-githubs-githublocal-action')
    expect([...anchors('# A\n## A\n```sh\n# not a heading\n```\n<a id="x"></a>')]).toEqual(['a', 'a-1', 'x'])
  })
})
