import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import tls from 'node:tls'
import { isUnknownAuthority, SystemStoreTrust, trustSystemStore } from '../src/core/system-ca.js'
import { runAction } from '../scripts/run-action.js'
import { lifecycles, startSimulator, type Simulator } from '../sim/index.js'
import { deployInputs, errorLines, requireBundle } from './helpers/action.js'

/*
 * Egress-firewall runners (docs/egress-firewall.md): the firewall terminates TLS with its own
 * authority, which is in the system's certificate store only. The action trusts that store beside
 * Node's bundled authorities where the runtime can (Node 24.5+), never turning verification off.
 */

const pem = (name: string) => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----\n`

/** A stand-in for node:tls's two calls, recording what was set. */
function fakeTls(defaults: string[], system: string[] | Error) {
  const set: string[][] = []
  return {
    set,
    api: {
      getCACertificates: (type: 'default' | 'system') => {
        if (type === 'default') return defaults
        if (system instanceof Error) throw system
        return system
      },
      setDefaultCACertificates: (certs: readonly string[]) => void set.push([...certs])
    }
  }
}

describe('trusting the system store', () => {
  it('adds the authorities the defaults lack, once each, compared by content whatever the line breaks', () => {
    const { api, set } = fakeTls([pem('QUJD'), pem('REVG')], [pem('QU\nJD'), pem('R0hJ'), pem('R0hJ'), pem('REVG')])
    expect(trustSystemStore(api)).toEqual({ added: 1 })
    expect(set).toEqual([[pem('QUJD'), pem('REVG'), pem('R0hJ')]])
  })

  it('sets nothing when the store adds nothing', () => {
    const { api, set } = fakeTls([pem('QUJD')], [pem('QUJD')])
    expect(trustSystemStore(api)).toEqual({ added: 0 })
    expect(set).toEqual([])
  })

  it('keeps the defaults when the store cannot be read, and says so', () => {
    const { api, set } = fakeTls([pem('QUJD')], new Error('unreadable'))
    expect(trustSystemStore(api)).toEqual({ unavailable: 'unreadable' })
    expect(set).toEqual([])
  })

  it('does nothing on a runtime without the calls (Node 20, 22)', () => {
    expect(trustSystemStore({})).toEqual({ unavailable: 'runtime' })
    expect(trustSystemStore({ getCACertificates: () => [] })).toEqual({ unavailable: 'runtime' })
  })
})

describe('reading the system store only when a request needs it', () => {
  const unknownAuthority = () =>
    Object.assign(new Error('unable to get local issuer certificate'), { code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' })

  it('sends a request that failed on an unknown authority once more, after adding the store; never reads it again', async () => {
    const { api, set } = fakeTls([pem('QUJD')], [pem('R0hJ')])
    const trust = new SystemStoreTrust(api)
    const reads: unknown[] = []
    trust.onRead = (result) => reads.push(result)
    let attempts = 0
    const send = () => (++attempts === 1 ? Promise.reject(unknownAuthority()) : Promise.resolve('answered'))
    await expect(trust.send(send)).resolves.toBe('answered')
    expect(attempts).toBe(2)
    expect(set).toEqual([[pem('QUJD'), pem('R0hJ')]])
    expect(reads).toEqual([{ added: 1 }])
    // A later failure of the same kind is the certificate's own: not sent again, the store not read again.
    await expect(trust.send(() => Promise.reject(unknownAuthority()))).rejects.toMatchObject({ code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' })
    expect(reads).toHaveLength(1)
  })

  it("does not read the store for a request that succeeds or fails otherwise, and finds the code in fetch's cause", async () => {
    const { api, set } = fakeTls([pem('QUJD')], [pem('R0hJ')])
    const trust = new SystemStoreTrust(api)
    await expect(trust.send(() => Promise.resolve(1))).resolves.toBe(1)
    await expect(trust.send(() => Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })))).rejects.toThrow('refused')
    expect(set).toEqual([])
    expect(isUnknownAuthority(new TypeError('fetch failed', { cause: unknownAuthority() }))).toBe(true)
    expect(isUnknownAuthority(Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }))).toBe(false)
  })

  it('sends again a request that failed at the same time as the one that read the store, reading it once', async () => {
    const { api, set } = fakeTls([pem('QUJD')], [pem('R0hJ')])
    const trust = new SystemStoreTrust(api)
    const failOnce = () => {
      let attempts = 0
      return () => (++attempts === 1 ? Promise.reject(unknownAuthority()) : Promise.resolve(attempts))
    }
    await expect(Promise.all([trust.send(failOnce()), trust.send(failOnce())])).resolves.toEqual([2, 2])
    expect(set).toHaveLength(1)
  })

  it('gives the first error back when the store adds nothing, or the runtime cannot read it', async () => {
    for (const api of [fakeTls([pem('QUJD')], [pem('QUJD')]).api, {}]) {
      let attempts = 0
      const trust = new SystemStoreTrust(api)
      await expect(trust.send(() => (attempts++, Promise.reject(unknownAuthority())))).rejects.toMatchObject({
        code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'
      })
      expect(attempts).toBe(1)
    }
  })
})

/** Node 24.5 and later; the bundle tests spawn the node that runs the tests. */
const supported = typeof (tls as { setDefaultCACertificates?: unknown }).setDefaultCACertificates === 'function'
if (!supported)
  process.stdout.write(
    `system-ca.test.ts: the deploy behind a TLS-terminating firewall is skipped on Node ${process.versions.node}: ` +
      "it has no tls.setDefaultCACertificates (Node 24.5+), so the action keeps Node's bundled authorities there; " +
      'run the suite on Node 24 to exercise it.\n'
  )

/**
 * A test authority and a certificate it signed for 127.0.0.1, made with openssl at test time
 * (two days valid), and a folder standing for the system's store that holds that authority only.
 */
function makeCertificates(dir: string) {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  run(['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test egress firewall authority'])
  run(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1'])
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n')
  run(
    ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', '1', '-days', '2'].concat([
      '-extfile',
      'server.ext',
      '-out',
      'server.pem'
    ])
  )
  mkdirSync(join(dir, 'empty-store'))
  writeFileSync(join(dir, 'no-authority.pem'), '')
  return { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) }
}

/** The firewall: terminates TLS with the test authority's certificate and passes each request on to the simulator. */
async function firewallInFrontOf(sim: Simulator, certificate: { key: Buffer; cert: Buffer }): Promise<{ server: Server; url: string }> {
  const target = new URL(sim.url)
  const server = createServer(certificate, (req, res) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

;(supported ? describe : describe.skip)('a deploy behind a TLS-terminating egress firewall (the bundle, Node 24.5+)', () => {
  let dir: string
  let certificate: { key: Buffer; cert: Buffer }
  beforeAll(() => {
    requireBundle()
    dir = mkdtempSync(join(tmpdir(), 'egress-firewall-'))
    certificate = makeCertificates(dir)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** Deploys through the firewall with `store` as the system's store (OpenSSL's variables, as on Linux). */
  async function deployThrough(store: string) {
    const sim = await startSimulator({ scenario: () => lifecycles.deployed(40) })
    const firewall = await firewallInFrontOf(sim, certificate)
    try {
      const run = await runAction({
        inputs: deployInputs(sim, 'support-agent', { 'control-plane-url': firewall.url }),
        // A clean environment: no NODE_EXTRA_CA_CERTS, no proxy; the store is only what these two name.
        env: { SSL_CERT_FILE: join(dir, store), SSL_CERT_DIR: join(dir, 'empty-store') }
      })
      return { run, sim }
    } finally {
      firewall.server.close()
      firewall.server.closeAllConnections()
      await sim.stop()
    }
  }

  it("deploys when the firewall's authority is in the system store only", async () => {
    const { run, sim } = await deployThrough('ca.pem')
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs['revision-status']).toBe('DEPLOYED')
    expect(sim.deployments()).toHaveLength(1)
  }, 60_000)

  it("still refuses the firewall's certificate when no store holds its authority: verification stays on", async () => {
    const { run, sim } = await deployThrough('no-authority.pem')
    expect(run.exitCode).toBe(1)
    expect(errorLines(run).join('\n')).toMatch(/certificate|issuer/i)
    expect(sim.deployments()).toHaveLength(0)
  }, 60_000)
})
