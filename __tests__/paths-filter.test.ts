import { describe, expect, it } from '@jest/globals'
import { parsePaths } from '../src/inputs/paths.js'

const filter = (...patterns: string[]) => parsePaths(patterns.join('\n'))

/**
 * Every example of the "Patterns to match file paths" table of GitHub's filter pattern cheat
 * sheet (workflow syntax): the patterns, the paths GitHub lists as matching, and (where the
 * table says so) those it lists as not matching.
 */
const CHEAT_SHEET: Array<{ patterns: string[]; match: string[]; noMatch?: string[] }> = [
  { patterns: ['*'], match: ['README.md', 'server.rb'] },
  { patterns: ['*.jsx?'], match: ['page.js', 'page.jsx'] },
  { patterns: ['**'], match: ['all/the/files.md'] },
  { patterns: ['*.js'], match: ['app.js', 'index.js'] },
  { patterns: ['**.js'], match: ['index.js', 'js/index.js', 'src/js/app.js'] },
  { patterns: ['docs/*'], match: ['docs/README.md', 'docs/file.txt'] },
  { patterns: ['docs/**'], match: ['docs/README.md', 'docs/mona/octocat.txt'] },
  { patterns: ['docs/**/*.md'], match: ['docs/README.md', 'docs/mona/hello-world.md', 'docs/a/markdown/file.md'] },
  { patterns: ['**/docs/**'], match: ['docs/hello.md', 'dir/docs/my-file.txt', 'space/docs/plan/space.doc'] },
  { patterns: ['**/README.md'], match: ['README.md', 'js/README.md'] },
  { patterns: ['**/*src/**'], match: ['a/src/app.js', 'my-src/code/js/app.js'] },
  { patterns: ['**/*-post.md'], match: ['my-post.md', 'path/their-post.md'] },
  { patterns: ['**/migrate-*.sql'], match: ['migrate-10909.sql', 'db/migrate-v1.0.sql', 'db/sept/migrate-v1.sql'] },
  { patterns: ['*.md', '!README.md'], match: ['hello.md'], noMatch: ['README.md', 'docs/hello.md'] },
  { patterns: ['*.md', '!README.md', 'README*'], match: ['hello.md', 'README.md', 'README.doc'] }
]

describe("paths: GitHub's filter pattern cheat sheet", () => {
  it.each(CHEAT_SHEET)('$patterns', ({ patterns, match, noMatch = [] }) => {
    const paths = filter(...patterns)
    for (const file of match) expect([file, paths.matches(file)]).toEqual([file, true])
    for (const file of noMatch) expect([file, paths.matches(file)]).toEqual([file, false])
  })

  it('keeps `*` within one folder, `?` to the character before it, and `**` across folders', () => {
    expect(filter('*').matches('docs/file.txt')).toBe(false)
    expect(filter('*.js').matches('src/app.js')).toBe(false)
    expect(filter('docs/*').matches('docs/mona/octocat.txt')).toBe(false)
    expect(filter('*.jsx?').matches('page.jsxx')).toBe(false)
    expect(filter('*.jsx?').matches('page.jsa')).toBe(false)
    expect(filter('**.js').matches('src/app.ts')).toBe(false)
    expect(filter('agents/**x').matches('agents/a/b/box')).toBe(true)
    expect(filter('ab+c.txt').matches('abbbc.txt')).toBe(true)
    expect(filter('ab+c.txt').matches('ac.txt')).toBe(false)
    expect(filter('v[12]?.txt').matches('v.txt')).toBe(true)
    expect(filter('v[12]?.txt').matches('v2.txt')).toBe(true)
  })

  it('matches dot files, takes parentheses and a later `!` literally as GitHub does, and a special character in a class', () => {
    expect(filter('**').matches('.github/workflows/deploy.yml')).toBe(true)
    expect(filter('agents/*').matches('agents/.env.example')).toBe(true)
    expect(filter('[{]a[,]b[}].txt').matches('a.txt')).toBe(false)
    expect(filter('[{]a[,]b[}].txt').matches('{a,b}.txt')).toBe(true)
    expect(filter('@(x).md').matches('@(x).md')).toBe(true)
    expect(filter('a!b').matches('a!b')).toBe(true)
    expect(filter('[*].md').matches('*.md')).toBe(true)
    expect(filter('[*].md').matches('a.md')).toBe(false)
  })

  it('lets a later pattern override an earlier one, and leaves out a file that no pattern matches', () => {
    const paths = filter('agents/support/**', '!agents/support/**/*.md', 'agents/support/prompts/*.md', 'libs/shared/**')
    expect(paths.matches('agents/support/graph.py')).toBe(true)
    expect(paths.matches('agents/support/README.md')).toBe(false)
    expect(paths.matches('agents/support/prompts/system.md')).toBe(true)
    expect(paths.matches('libs/shared/util.py')).toBe(true)
    expect(paths.matches('agents/billing/graph.py')).toBe(false)
  })

  it('ignores blank lines, comment lines and surrounding spaces', () => {
    const paths = parsePaths('\n  agents/support/**  \n\n# the shared library\nlibs/**\n')
    expect(paths.patterns).toEqual(['agents/support/**', 'libs/**'])
    expect(paths.matches('libs/a.py')).toBe(true)
  })

  it.each([
    ['!', /`!` must be followed by a pattern/],
    ['agents/**\n!', /`!` must be followed by a pattern/],
    ['!docs/**', /only `!` patterns/],
    ['?foo', /no character before it/],
    ['docs/+', /no character before it/],
    ['docs/*?', /no character before it/],
    ['[abc.txt', /`\[` without its `\]`/],
    ['/agents/**', /without a leading `\/`/],
    ['- agents/support/**', /YAML list marker \(`- `\).*write `agents\/support\/\*\*` without the `- `/],
    ['agents/**, libs/**', /has a `,`: patterns are not separated by commas; write one pattern a line/],
    ['agents/**,libs/**', /has a `,`/],
    ['agents\\support\\**', /has a `\\`: paths are written with `\/`/],
    ['docs\\', /has a `\\`/],
    ['agents/{support,billing}/**', /has braces: GitHub's syntax has no `\{a,b\}` alternatives/],
    ['agents/support/', /ends with `\/`: patterns match files, never a directory; write `agents\/support\/\*\*`/],
    ['!agents/support/', /ends with `\/`/],
    ['C:/repo/agents/**', /is an absolute path/],
    ['./agents/**', /never start with `.\/`/],
    ['# only a comment', /has no pattern/]
  ])('refuses %j', (raw, problem) => {
    expect(() => parsePaths(raw)).toThrow(problem)
  })
})

describe('paths judged as a set against a commit, in order, as GitHub applies it', () => {
  const dead = (raw: string, files: string[]) => parsePaths(raw).judge(files)

  it('names each pattern (not `!` ones) that matches none of the files, in order', () => {
    expect(
      dead('agents/suport/**\nlibs/shared/**\n!**/*.md\ndocs/*.rst', ['agents/support/graph.py', 'libs/shared/util.py', 'README.txt'])
    ).toEqual({
      dead: [
        { pattern: 'agents/suport/**', why: 'matches-none' },
        { pattern: 'docs/*.rst', why: 'matches-none' }
      ],
      keepsNone: false
    })
    expect(dead('agents/suport/**\nlibs/shared/**\n!**/*.md\ndocs/*.rst', ['agents/suport/x', 'docs/a.rst', 'libs/shared/a'])).toEqual({
      dead: [],
      keepsNone: false
    })
  })

  it('a pattern whose every file a later `!` removes keeps nothing, and a set that keeps no file says so', () => {
    const files = ['agents/support/graph.py', 'agents/billing/graph.py', 'README.md']
    expect(dead('agents/support/**\n!agents/**', files)).toEqual({
      dead: [{ pattern: 'agents/support/**', why: 'all-excluded' }],
      keepsNone: true
    })
    expect(dead('agents/support/**\n!agents/**\nREADME.md', files)).toEqual({
      dead: [{ pattern: 'agents/support/**', why: 'all-excluded' }],
      keepsNone: false
    })
    // A `!` before it does not remove what it adds back; a later pattern that adds a file back keeps it.
    expect(dead('!agents/**\nagents/support/**', files)).toEqual({ dead: [], keepsNone: false })
    expect(dead('agents/**\n!agents/support/**', files)).toEqual({ dead: [], keepsNone: false })
    expect(dead('agents/support/**\n!agents/**\nagents/support/graph.py', files)).toEqual({ dead: [], keepsNone: false })
  })
})
