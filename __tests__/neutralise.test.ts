import { describe, expect, it } from '@jest/globals'
import { forLog, forMarkdown, forOutput, safeUrl } from '../src/core/neutralise.js'
import { printVerbatim } from '../src/operations/control-plane/logs.js'
import { neutralised } from '../src/report/sink.js'

const ZWJ = '\u200d'
/** Every way server text has of ending a line. */
const BREAKS = ['\n', '\r', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029']

describe('forLog', () => {
  it.each(BREAKS.map((b) => [JSON.stringify(b), b]))('keeps one line through %s', (_shown, brk) => {
    const line = forLog(`building${brk}::set-output name=x::y`)
    expect(line).toBe('building ⏎ ::set-output name=x::y')
    expect(line).not.toMatch(/[\n\r\v\f\u0085\u2028\u2029]/)
  })

  it('a line that would start a workflow command cannot', () => {
    expect(forLog('::error::pwned')).toBe('> ::error::pwned')
    expect(forLog('   ::add-mask::x')).toBe('>    ::add-mask::x')
    expect(forLog('\u0007::warning::bell first')).toBe('> ::warning::bell first')
  })

  it('leaves %0A alone: the runner decodes it only inside a command, which the line cannot start', () => {
    expect(forLog('step failed%0A::error::x')).toBe('step failed%0A::error::x')
  })

  it('drops control characters and bidi overrides, keeps ordinary text and mentions', () => {
    expect(forLog('a\u0000b\u001b[31mc\u202ed @org/team')).toBe('ab[31mcd @org/team')
  })
})

describe('forOutput', () => {
  it.each(BREAKS.map((b) => [JSON.stringify(b), b]))('is one line through %s', (_shown, brk) => {
    expect(forOutput(`https://a.example${brk}evil=1`)).toBe('https://a.example evil=1')
  })

  it('trims and drops control characters', () => {
    expect(forOutput('  DEPLOYED\u0000\r\n')).toBe('DEPLOYED')
  })
})

describe('forMarkdown', () => {
  it('escapes HTML and breaks team mentions', () => {
    const text = forMarkdown('@org/team <img src=x onerror=alert(1)>')
    expect(text).toBe(`@${ZWJ}org/team &lt;img src=x onerror=alert\\(1\\)&gt;`)
    expect(text).not.toMatch(/<|@[a-z]/i)
  })

  it('neutralises links, images and javascript: URLs', () => {
    expect(forMarkdown('[x](javascript:alert(1))')).toBe(`\\[x\\]\\(javascript${ZWJ}:alert\\(1\\)\\)`)
    expect(forMarkdown('![img](https://e.example/p.png)')).toBe(`\\!\\[img\\]\\(https${ZWJ}://e.example/p.png\\)`)
  })

  it('stops bare URLs from being linked', () => {
    expect(forMarkdown('see https://evil.example and www.evil.example')).toBe(`see https${ZWJ}://evil.example and www${ZWJ}.evil.example`)
  })

  it('keeps one line, so a table row or list item stays whole', () => {
    expect(forMarkdown('a\r\n| b |\u2028c\u0085d')).toBe('a \\| b \\| c d')
  })

  it('reads as the original once rendered: plain text is unchanged', () => {
    expect(forMarkdown('Build failed: exit code 2 in step 3.')).toBe('Build failed: exit code 2 in step 3.')
  })

  it('escapes an ampersand so an entity in server text shows as written', () => {
    expect(forMarkdown('&lt;script&gt;')).toBe('&amp;lt;script&amp;gt;')
  })
})

describe('safeUrl', () => {
  it('accepts https:// and returns it normalised', () => {
    expect(safeUrl('https://agent.example.com/path?q=1')).toBe('https://agent.example.com/path?q=1')
    expect(safeUrl('HTTPS://Agent.Example.com')).toBe('https://agent.example.com/')
  })

  it('accepts loopback http:// only when allowed', () => {
    expect(safeUrl('http://127.0.0.1:8123/x')).toBeUndefined()
    expect(safeUrl('http://127.0.0.1:8123/x', { allowLoopbackHttp: true })).toBe('http://127.0.0.1:8123/x')
    expect(safeUrl('http://localhost/', { allowLoopbackHttp: true })).toBe('http://localhost/')
    expect(safeUrl('http://evil.example/', { allowLoopbackHttp: true })).toBeUndefined()
    expect(safeUrl('http://127.0.0.1.evil.example/', { allowLoopbackHttp: true })).toBeUndefined()
  })

  it.each([
    ['a mention and HTML', 'https://x.example/@org/team <img src=x onerror=alert(1)>'],
    ['a line break', 'https://x.example/\n::error::x'],
    ['a carriage return', 'https://x.example/\r'],
    ['a line separator', 'https://x.example/\u2028x'],
    ['NEL', 'https://x.example/\u0085x'],
    ['a tab', 'https://x.example/\tx'],
    ['a zero-width space', 'https://x.\u200bexample/'],
    ['credentials', 'https://user:pass@x.example/'],
    ['a user name', 'https://user@x.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['plain http', 'http://x.example/'],
    ['no scheme', 'x.example/path'],
    ['markdown', '[x](https://x.example)'],
    ['empty', '']
  ])('refuses a URL with %s', (_what, raw) => {
    expect(safeUrl(raw, { allowLoopbackHttp: true })).toBeUndefined()
  })

  it('keeps %-escapes as they are (a decoded %0A would be a line break)', () => {
    expect(safeUrl('https://x.example/a%0Ab')).toBe('https://x.example/a%0Ab')
  })
})

describe('the neutralised sink', () => {
  const collect = () => {
    const written: string[] = []
    const sink = neutralised({
      info: (line) => written.push(line),
      warn: () => undefined,
      notice: () => undefined,
      debug: () => undefined,
      startGroup: () => undefined,
      endGroup: () => undefined,
      setOutput: () => undefined,
      summary: async () => undefined,
      fail: () => undefined
    })
    return { sink, written }
  }

  it("neutralises an info line shaped like printVerbatim's token: only printVerbatim's own lines pass as they are", () => {
    const { sink, written } = collect()
    sink.info('::stop-commands::0123abcd-4567-89ab-cdef-0123456789ab')
    sink.info('::0123abcd-4567-89ab-cdef-0123456789ab::')
    printVerbatim(sink, ['::add-mask::x'])
    expect(written.slice(0, 2)).toEqual([
      '> ::stop-commands::0123abcd-4567-89ab-cdef-0123456789ab',
      '> ::0123abcd-4567-89ab-cdef-0123456789ab::'
    ])
    expect(written[2]).toMatch(/^::stop-commands::[0-9a-f-]{36}$/)
    expect(written[3]).toBe('> ::add-mask::x')
    expect(written[4]).toBe(`::${written[2].slice('::stop-commands::'.length)}::`)
  })
})
