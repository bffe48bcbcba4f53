// What `npm start` shows of the action's stdout and summary (scripts/render-log.js, scripts/summary-text.js).
import { describe, expect, it } from '@jest/globals'
import { LogRenderer, unescapeCommand } from '../scripts/render-log.js'
import { summaryText } from '../scripts/summary-text.js'

function render(stdout: string, options?: { debug?: boolean }): string {
  const renderer = new LogRenderer(options)
  // Split mid-line on purpose: chunks do not end at line ends.
  const middle = Math.floor(stdout.length / 2)
  return renderer.write(stdout.slice(0, middle)) + renderer.write(stdout.slice(middle)) + renderer.end()
}

describe('LogRenderer', () => {
  it('replaces masked values with *** from the mask on, and prints no mask command', () => {
    const out = render('::add-mask::s3cr%25t%0Aline2\nkey s3cr%t here\nline2 alone\nno secret\n')
    expect(out).toBe('key *** here\n*** alone\nno secret\n')
  })

  it('masks the longer of two overlapping secrets whole', () => {
    expect(render('::add-mask::abc\n::add-mask::abcdef\nabcdef abc\n')).toBe('*** ***\n')
  })

  it('shows groups as headings with their lines indented', () => {
    expect(render('before\n::group::Build log\nline\n::endgroup::\nafter\n')).toBe('before\n\n▸ Build log\n  line\nafter\n')
  })

  it('prints lines between stop-commands tokens as they are, without the tokens', () => {
    const out = render('::stop-commands::tok1\n::error::not a command here\n::add-mask::visible\n::tok1::\n::add-mask::hidden\nhidden\n')
    expect(out).toBe('::error::not a command here\n::add-mask::visible\n***\n')
  })

  it('shows annotations readably, with their escapes decoded', () => {
    expect(render('::error::first%0Asecond 100%25\n')).toBe('Error: first\nsecond 100%\n')
    expect(render('::warning title=Unused input,file=a.yml,line=3::`x` is set\n')).toBe('Warning (Unused input, at a.yml:3): `x` is set\n')
    expect(render('::notice::done\n')).toBe('Notice: done\n')
  })

  it('hides debug lines unless asked', () => {
    expect(render('::debug::detail\nx\n')).toBe('x\n')
    expect(render('::debug::detail\n', { debug: true })).toBe('Debug: detail\n')
  })

  it('unescapes in one pass', () => {
    expect(unescapeCommand('%250A%0D%3A%2C')).toBe('%0A\r:,')
  })
})

describe('summaryText', () => {
  it('turns the HTML table into label: value lines and keeps markdown', () => {
    const text = summaryText(
      [
        '## ✅ Deployed <code>support-agent</code>',
        '',
        '<table>',
        '<tr><th align="left">Revision status</th><td><b>DEPLOYED</b></td></tr>',
        '<tr><th align="left">URL</th><td><a href="https://x.example">https://x.example</a></td></tr>',
        '<tr><th align="left">Run</th><td><a href="https://r.example/1">run 1</a></td></tr>',
        '</table>',
        '',
        '<details><summary>Last lines &amp; more</summary>',
        '',
        '```text',
        'a &lt; b',
        '```',
        '</details>',
        '',
        '| Status | Lasted |',
        '|---|---|'
      ].join('\n')
    )
    expect(text).toBe(
      [
        '## ✅ Deployed `support-agent`',
        '',
        'Revision status: DEPLOYED',
        'URL: https://x.example',
        'Run: run 1 (https://r.example/1)',
        '',
        '▸ Last lines & more',
        '',
        '```text',
        'a < b',
        '```',
        '',
        '| Status | Lasted |',
        '|---|---|',
        ''
      ].join('\n')
    )
  })

  it("takes Markdown's backslash escapes out where GitHub does, and only there", () => {
    const text = summaryText(
      [
        '- <code>python\\_version</code>: set <code>&quot;python\\_version&quot;</code> \\(3.11 or higher\\)',
        '',
        'A code span keeps them: `a\\_b`',
        '',
        '| cell \\| with a pipe | \\*bold\\* |',
        '',
        '```text',
        'fenced \\_ stays',
        '```',
        '',
        '<table>',
        '<tr><th align="left">Path</th><td>C:\\_dir</td></tr>',
        '</table>',
        '',
        'After the block: \\_ again'
      ].join('\n')
    )
    expect(text).toBe(
      [
        '- `python_version`: set `"python_version"` (3.11 or higher)',
        '',
        'A code span keeps them: `a\\_b`',
        '',
        '| cell \\| with a pipe | *bold* |',
        '',
        '```text',
        'fenced \\_ stays',
        '```',
        '',
        'Path: C:\\_dir',
        '',
        'After the block: _ again',
        ''
      ].join('\n')
    )
  })

  it('leaves angle brackets that are not HTML tags', () => {
    expect(summaryText('uses: <owner>/<repo>@v1')).toBe('uses: <owner>/<repo>@v1\n')
  })
})
