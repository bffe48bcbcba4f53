import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ROOT } from '../scripts/run-action.js'
import { isLoopbackHost } from '../src/core/loopback.js'
import { safeUrl } from '../src/core/neutralise.js'
import { healthCheckTarget } from '../src/operations/agent-server/health-url.js'
import { parseControlPlaneUrl } from '../src/inputs/parsers.js'
import { signedUrlProblem } from '../src/api/signed-upload.js'

const SRC = join(ROOT, 'src')
const files = (function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : []
  })
})(SRC)

function acceptedAsControlPlane(url: string): boolean {
  try {
    parseControlPlaneUrl(url)
    return true
  } catch {
    return false
  }
}

/** A loopback test written out: the names or the 127/8 octet compared by hand. */
const HAND_WRITTEN = /===\s*'localhost'|===\s*'\[::1\]'|\[0\]\s*===\s*'127'/

describe('the loopback check', () => {
  it.each(['localhost', '127.0.0.1', '127.255.0.9', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })

  it.each([
    '0.0.0.0',
    '128.0.0.1',
    '127.0.0.256',
    '127.0.0',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
    '[::ffff:7f00:1]',
    'example.com'
  ])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })

  it('is written once, in core/loopback.ts, and the control-plane URL, the health-check URL and report links agree on it', () => {
    expect(files.length).toBeGreaterThan(30)
    // The pattern finds a copy (so this test can fail).
    expect(HAND_WRITTEN.test("if (hostname === 'localhost' || hostname === '[::1]') return true")).toBe(true)
    const copies = files.filter((file) => HAND_WRITTEN.test(readFileSync(file, 'utf8'))).map((file) => relative(SRC, file))
    expect(copies).toEqual([join('core', 'loopback.ts')])
    for (const host of ['127.0.0.2', '0.0.0.0']) {
      const url = `http://${host}:8080`
      const loopback = isLoopbackHost(host)
      expect(safeUrl(url, { allowLoopbackHttp: true }) !== undefined).toBe(loopback)
      expect('url' in healthCheckTarget(url, '/ok')).toBe(loopback)
      expect(acceptedAsControlPlane(url)).toBe(loopback)
    }
  })

  /** The scheme rule written out: a comparison with 'http:' anywhere but the one function. */
  const SCHEME_BY_HAND = /protocol\s*[!=]==?\s*'http:'/

  it('"https, or http on loopback" is one function, and the control-plane URL, the signed upload URL, the deployed server\'s URL and report links apply it alike', () => {
    expect(SCHEME_BY_HAND.test("if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return undefined")).toBe(true)
    const copies = files.filter((file) => SCHEME_BY_HAND.test(readFileSync(file, 'utf8'))).map((file) => relative(SRC, file))
    expect(copies).toEqual([join('core', 'loopback.ts')])
    const cases: Array<[string, boolean]> = [
      ['https://api.example.com', true],
      ['https://127.0.0.1:8443', true],
      ['http://127.0.0.2:8080', true],
      ['http://localhost:8080', true],
      ['http://[::1]:8080', true],
      ['http://0.0.0.0:8080', false],
      ['http://api.example.com', false],
      ['ftp://127.0.0.1', false]
    ]
    for (const [url, allowed] of cases) {
      expect({ url, controlPlane: acceptedAsControlPlane(url) }).toEqual({ url, controlPlane: allowed })
      expect({ url, upload: signedUrlProblem(url) === undefined }).toEqual({ url, upload: allowed })
      expect({ url, link: safeUrl(url, { allowLoopbackHttp: true }) !== undefined }).toEqual({ url, link: allowed })
      expect({ url, server: 'url' in healthCheckTarget(url, '/ok') }).toEqual({ url, server: allowed })
    }
    // Links without the loopback allowance take https only.
    expect(safeUrl('http://127.0.0.1:8080')).toBeUndefined()
    expect(safeUrl('https://api.example.com')).toBe('https://api.example.com/')
  })
})
