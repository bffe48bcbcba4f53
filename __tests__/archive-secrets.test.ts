import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { writeArchive } from '../src/operations/archive/build.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { scanContent, secretInContent } from '../src/operations/archive/secret-content.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import { GIT_ENV, writeFiles as write } from './helpers/git-repo.js'

/**
 * Secret files never ship (docs/remote-build-archive.md): by name (v1.3's list and v1.4's), and
 * by content (a private key block or a registry token in a small text file), tracked or not;
 * every near-miss name ships; `archive-include` brings one in only by its exact path. Each case
 * is checked in a real archive, listed by the system's `tar`.
 */

const temp = mkdtempSync(join(tmpdir(), 'archive-secrets-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const CONFIG = 'apps/agent/langgraph.json'
const AGENT = {
  [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }),
  'apps/agent/agent.py': 'graph = 1\n'
}

/** A checkout whose commit holds `tracked`, and `untracked` beside it. */
function checkout(tracked: Record<string, string>, untracked: Record<string, string> = {}): string {
  const workspace = mkdtempSync(join(temp, 'ws-'))
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, env: GIT_ENV, encoding: 'utf8' })
  git('init', '-q')
  write(workspace, tracked)
  git('add', '-f', '.')
  git('commit', '-qm', 'first')
  write(workspace, untracked)
  return workspace
}

/** What the system's tar lists in the archive built for the workspace (files only, workspace-relative), and the selection. */
async function archived(workspace: string, include: string[] = []) {
  const layout = await resolveLayout(workspace, CONFIG)
  const selection = await selectArchiveFiles(layout, { exclude: [], include })
  const written = await writeArchive(selection.entries, temp)
  const listed = execFileSync('tar', ['-tzf', written.file], { encoding: 'utf8' }).trim().split('\n')
  await written.remove()
  return { shipped: listed.filter((name) => !name.endsWith('/')).map((name) => `apps/agent/${name}`), selection }
}

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n'
const SECRET_NAMES = [
  '.env',
  '.ENV',
  '.env.local',
  '.env-prod',
  '.env_staging',
  '.envrc',
  '.env.d/prod',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '.git-credentials',
  '.pgpass',
  '.htpasswd',
  '.docker/config.json',
  '.aws/credentials',
  '.kube/config',
  'id_rsa',
  'ID_ED25519',
  'keys/server.pem',
  'keys/tls.key',
  'keys/cert.p12',
  'keys/cert.pfx',
  'keys/app.jks',
  'keys/release.keystore',
  // v1.5: credential files by kind.
  'kubeconfig',
  'deploy/KUBECONFIG',
  'application_default_credentials.json',
  'terraform.tfstate',
  'infra/terraform.tfstate.backup',
  'infra/prod.tfstate',
  '.streamlit/secrets.toml',
  'config/secrets.yml',
  'prod.env',
  'settings/local.env',
  'keys/server.ppk'
]
const SECRET_CONTENTS: Record<string, string> = {
  'service-account.json': JSON.stringify({ type: 'service_account', private_key_id: 'abc', private_key: PRIVATE_KEY }),
  'deploy/ssh_key': `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n`,
  'config/rsa.txt': `header\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n`,
  '.yarnrc.yml': 'npmRegistryServer: "https://npm.example"\nnpmAuthToken: "NpmToken.0123456789abcdef"\n',
  'settings/npm.cfg': '//registry.npmjs.org/:_authToken=npm_0123456789abcdefABCDEF\n',
  'settings/aws.ini':
    '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n',
  'settings/creds.json': '{"AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}\n',
  // v1.5: the markers without `=` or `:`.
  'docker/Dockerfile': `FROM python:3.12\nENV AWS_SECRET_ACCESS_KEY ${'Ab3+'.repeat(10)}\n`,
  'yarn1/.yarnrc': `"//registry.npmjs.org/:_authToken" "${['npm', '_', 'Q7'.repeat(18)].join('')}"\n`
}
/** Names and contents that look like a secret's but are not one: each ships. */
const NEAR_MISSES: Record<string, string> = {
  '.envoy.yaml': 'static_resources: {}\n',
  'environment.py': 'ENV = "prod"\n',
  '.environment': 'x\n',
  'env.example': 'KEY=\n',
  'id_rsa.pub': 'ssh-rsa AAAA user@host\n',
  'keys/README.md': 'Put the private key in the `secrets` input.\n',
  'docs/prose.json': JSON.stringify({
    help: 'Never commit a private key; -----BEGIN CERTIFICATE----- is fine. Set _authToken from the environment.'
  }),
  '.yarnrc.yml.example': 'npmAuthToken: "${NPM_TOKEN}"\n',
  'ci/npmrc.txt': '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n',
  'client.py': 'boto3.client("s3", aws_secret_access_key=secret_key)\n',
  'cert.crt': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  'kube/config': 'not the .kube folder\n',
  'model.bin': `\0\0binary${PRIVATE_KEY}`,
  // v1.5: templates ship (they hold names, not values), and names near the new credential files.
  '.env.example': 'OPENAI_API_KEY=sk-...\nLANGSMITH_API_KEY=\n',
  '.env.sample': 'ANTHROPIC_API_KEY=<your-key>\n',
  'deploy/.env.template': 'GITHUB_TOKEN=${GITHUB_TOKEN}\n',
  'streamlit/secrets.toml': 'not the .streamlit folder\n',
  'docs/kubeconfig.md': 'How to write a kubeconfig.\n',
  'config/secrets.yml.example': 'api_key: <%= ENV["API_KEY"] %>\n',
  'environment.envrc.md': 'x\n',
  Dockerfile: 'FROM python:3.12\nENV AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY}\n',
  '.yarnrc': 'registry "https://registry.npmjs.org/"\n'
}

describe('secret files never ship, tracked or not', () => {
  const secretFiles = Object.fromEntries(SECRET_NAMES.map((path) => [`apps/agent/${path}`, 'TOKEN=secret\n']))
  const contentFiles = Object.fromEntries(Object.entries(SECRET_CONTENTS).map(([path, text]) => [`apps/agent/${path}`, text]))
  const nearMisses = Object.fromEntries(Object.entries(NEAR_MISSES).map(([path, text]) => [`apps/agent/${path}`, text]))

  it.each([
    ['tracked', true],
    ['untracked, named in archive-include by a wildcard', false]
  ])('%s: every secret name and content stays out, each named with its rule; every near miss ships', async (_label, tracked) => {
    const all = { ...secretFiles, ...contentFiles, ...nearMisses }
    const workspace = tracked ? checkout({ ...AGENT, ...all }) : checkout(AGENT, all)
    const { shipped, selection } = await archived(workspace, tracked ? [] : ['apps/agent/**'])
    for (const path of [...Object.keys(secretFiles), ...Object.keys(contentFiles)])
      expect({ path, shipped: shipped.includes(path) }).toEqual({ path, shipped: false })
    for (const path of Object.keys(nearMisses)) expect({ path, shipped: shipped.includes(path) }).toEqual({ path, shipped: true })
    const secrets = new Map(selection.leftOut.filter((item) => item.reason === 'secret').map((item) => [item.path, item]))
    expect(secrets.get('apps/agent/.envoy.yaml')).toBeUndefined()
    expect(secrets.get('apps/agent/.env.d/')?.rule).toBe('.env.*')
    expect(secrets.get('apps/agent/.env_staging')?.rule).toBe('.env_*')
    expect(secrets.get('apps/agent/.aws/credentials')?.rule).toBe('.aws/credentials')
    expect(secrets.get('apps/agent/keys/release.keystore')?.rule).toBe('*.keystore')
    expect(secrets.get('apps/agent/service-account.json')).toMatchObject({ rule: '-----BEGIN PRIVATE KEY-----', byContent: true })
    expect(secrets.get('apps/agent/.yarnrc.yml')?.rule).toBe('npmAuthToken')
    expect(secrets.get('apps/agent/settings/npm.cfg')?.rule).toBe('_authToken')
    expect(secrets.get('apps/agent/settings/aws.ini')?.rule).toBe('aws_secret_access_key')
    expect(secrets.get('apps/agent/settings/local.env')?.rule).toBe('*.env')
    expect(secrets.get('apps/agent/keys/server.ppk')?.rule).toBe('*.ppk')
    expect(secrets.get('apps/agent/.streamlit/secrets.toml')?.rule).toBe('.streamlit/secrets.toml')
    expect(secrets.get('apps/agent/infra/terraform.tfstate.backup')?.rule).toBe('terraform.tfstate.backup')
    expect(secrets.get('apps/agent/docker/Dockerfile')?.rule).toBe('aws_secret_access_key')
    expect(secrets.get('apps/agent/yarn1/.yarnrc')?.rule).toBe('_authToken')
    // Named by its rule, never by what it holds.
    expect(JSON.stringify(selection.leftOut)).not.toMatch(/MIIE|NpmToken|npm_0123|wJalrX/)
  })

  it('archive-include ships a secret file only by its exact path, never a bare name at any depth or a wildcard', async () => {
    const workspace = checkout(
      { ...AGENT, 'apps/agent/.npmrc': 'registry=https://registry.example/\n', 'apps/agent/sa.json': PRIVATE_KEY },
      { 'apps/agent/.env': 'KEY=1\n' }
    )
    expect((await archived(workspace, ['.npmrc', '*.json', '.env', 'apps/agent/.npm*'])).shipped).toEqual(['apps/agent/agent.py', CONFIG])
    const named = await archived(workspace, ['apps/agent/.npmrc', '/apps/agent/sa.json', 'apps/agent/.env'])
    expect(named.shipped).toEqual(['apps/agent/.env', 'apps/agent/.npmrc', 'apps/agent/agent.py', CONFIG, 'apps/agent/sa.json'])
  })
})

describe('a file `archive-include` names exactly', () => {
  it('ships whatever it holds, and is still looked at for keys: a key in it is a finding', async () => {
    const token = ['gh', 'p_', 'Zq8RtY3uWm5LpKx7NcV2bHd9FgJs4AeQ1oTi'].join('')
    const workspace = checkout(
      { ...AGENT, 'apps/agent/settings.py': `import os\n\nGITHUB_TOKEN = "${token}"\n` },
      { 'apps/agent/.env.local': `GITHUB_TOKEN=${token}\n` }
    )
    const include = ['apps/agent/settings.py', 'apps/agent/.env.local']
    const { shipped, selection } = await archived(workspace, include)
    expect(shipped).toEqual(['apps/agent/.env.local', 'apps/agent/agent.py', CONFIG, 'apps/agent/settings.py'])
    expect(selection.keyFindings.map(({ path, line, rule }) => `${path}:${line} ${rule}`)).toEqual([
      'apps/agent/.env.local:1 github-token',
      'apps/agent/settings.py:3 github-token'
    ])
    expect(JSON.stringify(selection)).not.toContain(token)
    // `secret-scan: off`: named files ship and nothing is looked for.
    const off = await selectArchiveFiles(await resolveLayout(workspace, CONFIG), { exclude: [], include, secretScan: 'off' })
    expect(off.keyFindings).toEqual([])
    expect(off.entries.map((entry) => entry.workspacePath)).toContain('apps/agent/.env.local')
  })
})

describe('`.env` templates', () => {
  it('ship unless they hold a key; one that does is left out, named by its rule and line, never its value', async () => {
    const token = ['gh', 'p_', 'Zq8RtY3uWm5LpKx7NcV2bHd9FgJs4AeQ1oTi'].join('')
    const workspace = checkout({
      ...AGENT,
      'apps/agent/.env.example': `# copy to .env\nGITHUB_TOKEN=${token}\n`,
      'apps/agent/.env.sample': 'GITHUB_TOKEN=ghp_...\n',
      // The other spelling: templates too, not `*.env` files.
      'apps/agent/example.env': 'GITHUB_TOKEN=\n',
      'apps/agent/config/template.env': `GITHUB_TOKEN=${token}\n`
    })
    const { shipped, selection } = await archived(workspace)
    expect(shipped).toEqual(['apps/agent/.env.sample', 'apps/agent/agent.py', 'apps/agent/example.env', CONFIG])
    const [left, other] = selection.leftOut.filter((item) => item.reason === 'secret')
    expect(left).toMatchObject({ path: 'apps/agent/.env.example', rule: 'github-token', byContent: true })
    expect(other).toMatchObject({ path: 'apps/agent/config/template.env', rule: 'github-token', byContent: true })
    expect(left.why).toContain('line 2')
    expect(selection.keyFindings).toEqual([])
    expect(JSON.stringify(selection)).not.toContain(token)
    // With `secret-scan: off` too: the template ships only without a key, whatever that input says.
    const off = await selectArchiveFiles(await resolveLayout(workspace, CONFIG), { exclude: [], secretScan: 'off' })
    expect(off.leftOut.filter((item) => item.reason === 'secret').map((item) => [item.path, item.rule])).toEqual([
      ['apps/agent/.env.example', 'github-token'],
      ['apps/agent/config/template.env', 'github-token']
    ])
  })
})

describe('the content scan', () => {
  const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part, 'latin1')))

  it('finds a marker split across two chunks, and reads no further than the first match', async () => {
    expect(await secretInContent(chunks('{"key": "-----BEGIN PRIV', 'ATE KEY-----\\nMII"}'), 100)).toBe('-----BEGIN PRIVATE KEY-----')
    let read = 0
    async function* many() {
      for (;;) {
        read++
        yield Buffer.from(read === 1 ? '_authToken=abc\n' : 'x'.repeat(1024))
      }
    }
    expect(await secretInContent(many(), 1000)).toBe('_authToken')
    expect(read).toBe(1)
  })

  it('numbers the lines of keys across chunks split anywhere, and finds a key in a line longer than its window', async () => {
    const key = ['AK', 'IA', 'QWERTYUIOP234567'].join('')
    const text = `one\ntwo ${key}\r\n${'x = 1\n'.repeat(40)}${'y'.repeat(200_000)} ${key} ${'z'.repeat(100_000)}\nlast ${key}`
    const want = [
      { rule: 'aws-access-key-id', line: 2 },
      { rule: 'aws-access-key-id', line: 43 },
      { rule: 'aws-access-key-id', line: 44 }
    ]
    for (const size of [997, 4096, 65_536, 100_003, text.length]) {
      const parts = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
        Buffer.from(text.slice(i * size, (i + 1) * size), 'latin1')
      )
      expect({ size, keys: (await scanContent(Readable.from(parts), text.length, { keys: true })).keys }).toEqual({ size, keys: want })
    }
  })

  it('does not read a file of 1 MiB or more, nor past the start of a binary one', async () => {
    expect(await secretInContent(chunks(PRIVATE_KEY), 1024 * 1024)).toBeUndefined()
    expect(await secretInContent(chunks('\0', PRIVATE_KEY), 200)).toBeUndefined()
  })
})
