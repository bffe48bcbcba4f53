import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmodSync, createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { SCAN_MAX_BYTES, secretInContent } from '../src/operations/archive/secret-content.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import { peekStart } from '../src/operations/archive/scan.js'
import { GIT_ENV } from './helpers/git-repo.js'

/**
 * The commit's files are searched for secrets by one `git grep` per repository, and only the files
 * it names are read and judged by the content scanner (docs/remote-build.md). These tests pin
 * that the verdicts stay those of the scanner reading every file (a table of contents, checked
 * against `secretInContent` over the file on disk), and that git runs a constant number of
 * times whatever the number of files.
 */

const temp = mkdtempSync(join(tmpdir(), 'archive-scan-tracked-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

function write(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
}

function repo(dir: string, files: Record<string, string | Buffer>) {
  mkdirSync(dir, { recursive: true })
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' })
  git('init', '-q')
  write(dir, files)
  git('add', '-f', '.')
  git('commit', '-qm', 'first')
  return { dir, git }
}

const CONFIG = 'apps/agent/langgraph.json'
const AGENT = {
  [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }),
  'apps/agent/agent.py': 'graph = 1\n'
}
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n'
const AWS = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const LFS =
  'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n'

/** Contents that are a secret, near-misses, and the cases where a search and a reader could part: case, binary, attributes, size, line breaks. */
const TABLE: Record<string, string | Buffer> = {
  'pem.txt': KEY,
  'rsa.txt': 'x\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n',
  'encrypted.txt': '-----BEGIN ENCRYPTED PRIVATE KEY-----\n',
  'block.txt': '-----BEGIN PGP PRIVATE KEY BLOCK-----\n',
  'lower-key.txt': '-----begin private key-----\n',
  'bare-key.txt': 'the PRIVATE KEY goes in `secrets`\n',
  'public.txt': '-----BEGIN PUBLIC KEY-----\nMIIB\n',
  'npmrc.txt': '//registry.npmjs.org/:_authToken=npm_0123456789abcdef\n',
  'npmrc-var.txt': '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n',
  'npmrc-json.txt': '{"_authToken": "tok"}\n',
  'npmrc-upper.txt': '_AUTHTOKEN=abc\n',
  'npmrc-lines.txt': '_authToken\n=\nabc\n',
  'yarnrc.txt': 'npmAuthToken: "NpmToken.0123"\n',
  'yarnrc-var.txt': 'npmAuthToken: "${NPM_TOKEN}"\n',
  'yarnrc-equals.txt': 'npmAuthToken = abc\n',
  'aws.txt': `aws_secret_access_key = ${AWS}\n`,
  'aws-upper.txt': `{"AWS_SECRET_ACCESS_KEY": "${AWS}"}\n`,
  'aws-mixed.txt': `Aws_Secret_Access_Key: ${AWS}\n`,
  'aws-39.txt': `aws_secret_access_key=${AWS.slice(1)}\n`,
  'aws-41.txt': `aws_secret_access_key=${AWS}A\n`,
  'aws-passed.txt': 'client(aws_secret_access_key=secret_key)\n',
  'aws-var.txt': 'aws_secret_access_key=${AWS_SECRET}\n',
  'crlf.txt': `line\r\n_authToken=abc\r\n`,
  'utf8.txt': `é中文\n${KEY}`,
  'latin1.bin.txt': Buffer.concat([Buffer.from([0xe9, 0xff, 0x0a]), Buffer.from(`npmAuthToken: x\n`)]),
  'late.txt': `${'a = 1\n'.repeat(100_000)}${KEY}`,
  'binary.txt': Buffer.concat([Buffer.from('\0\0'), Buffer.from(KEY)]),
  'nul-late.txt': Buffer.concat([Buffer.from('x'.repeat(9000)), Buffer.from('\0'), Buffer.from(KEY)]),
  // `.gitattributes` calls it binary: `git grep -I` would skip it, the scanner reads it.
  'said-binary.dat': KEY,
  'big.txt': `${KEY}${'x'.repeat(1024 * 1024)}`,
  'near-big.txt': `${'x'.repeat(1024 * 1024 - 200)}\n${KEY}`,
  'lfs.txt': LFS,
  'lfs-upper.txt': LFS.toUpperCase(),
  'lfs-second-line.txt': `x\n${LFS}`,
  'plain.txt': 'nothing here\n'
}

describe('the commit searched by git grep, then read', () => {
  it("gives, for every file of a table, the content scanner's own verdict, in the checkout and in a submodule at its own commit", async () => {
    const files = Object.fromEntries(Object.entries(TABLE).map(([name, content]) => [`apps/agent/t/${name}`, content]))
    const lib = repo(join(temp, 'table-lib'), { 'tool.py': 'tool = 1\n' })
    const main = repo(join(temp, 'table'), { ...AGENT, ...files, 'apps/agent/.gitattributes': '*.dat binary\n' })
    main.git('submodule', 'add', '-q', lib.dir, 'apps/agent/vendor/lib')
    main.git('commit', '-qm', 'a submodule')
    // The submodule's checkout moves past its first commit, and the parent records the later one: that commit ships, and is searched.
    const inSub = (...args: string[]) =>
      execFileSync('git', args, { cwd: join(main.dir, 'apps/agent/vendor/lib'), env: GIT_ENV, encoding: 'utf8' })
    write(join(main.dir, 'apps/agent/vendor/lib'), { 'later/key.txt': KEY, 'later/plain.txt': 'x\n' })
    inSub('add', '.')
    inSub('commit', '-qm', 'later')
    main.git('add', 'apps/agent/vendor/lib')
    main.git('commit', '-qm', 'the later commit of the submodule')

    const selection = await selectArchiveFiles(await resolveLayout(main.dir, CONFIG), { exclude: [] })
    const found = new Map(selection.leftOut.filter((out) => out.byContent).map((out) => [out.path, out.rule]))

    const judged = [...Object.keys(files), 'apps/agent/vendor/lib/later/key.txt', 'apps/agent/vendor/lib/later/plain.txt']
    const expected = new Map<string, string>()
    for (const path of judged) {
      const abs = join(main.dir, path)
      const rule = await secretInContent(createReadStream(abs), statSync(abs).size)
      if (rule) expected.set(path, rule)
    }
    expect(found).toEqual(expected)
    // The table has both kinds, so that an empty pair cannot pass.
    expect(expected.size).toBeGreaterThan(10)
    expect(expected.get('apps/agent/t/said-binary.dat')).toBe('-----BEGIN PRIVATE KEY-----')
    expect(expected.get('apps/agent/t/aws-upper.txt')).toBe('aws_secret_access_key')
    expect(expected.get('apps/agent/vendor/lib/later/key.txt')).toBe('-----BEGIN PRIVATE KEY-----')
    // A Git LFS pointer is told by its first line, exactly.
    expect(selection.lfsPointersShipped).toEqual(['apps/agent/t/lfs.txt'])
  })
})

describe('names as git has them', () => {
  it('a file whose name holds spaces, a tab, a line break or a colon is listed, searched and judged by its exact name', async () => {
    const odd = ['with space.txt', 'tab\there.txt', 'line\nbreak.txt', 'colon: here.txt', 'é ünïcode.txt', '100755 blob x.txt']
    const files = Object.fromEntries(
      odd.flatMap((name) => [
        [`apps/agent/keys/${name}`, KEY],
        [`apps/agent/plain/${name}`, 'x\n']
      ])
    )
    const { dir, git } = repo(join(temp, 'odd-names'), { ...AGENT, ...files })
    const selection = await selectArchiveFiles(await resolveLayout(dir, CONFIG), { exclude: [] })
    const shipped = selection.entries.filter((entry) => entry.type === 'file').map((entry) => entry.workspacePath)
    expect(shipped.sort()).toEqual(
      git('ls-tree', '-r', '-z', '--name-only', 'HEAD')
        .split('\0')
        .filter((path) => path !== '' && !path.startsWith('apps/agent/keys/'))
        .sort()
    )
    expect(
      selection.leftOut
        .filter((out) => out.byContent)
        .map((out) => out.path)
        .sort()
    ).toEqual(odd.map((name) => `apps/agent/keys/${name}`).sort())
    expect(selection.entries.find((entry) => entry.workspacePath === 'apps/agent/plain/with space.txt')?.size).toBe(2)
  })
})

describe('git runs a constant number of times', () => {
  /** The git commands a selection of a checkout of `count` small files runs (a recording git first on PATH), and what it left out. */
  async function gitAsked(name: string, count: number, extra: Record<string, string> = {}) {
    const files: Record<string, string> = { ...AGENT, ...extra }
    for (let i = 0; i < count; i++) files[`apps/agent/pkg${i % 7}/module${i}.py`] = `value = ${i}\n`
    const { dir } = repo(join(temp, name), files)
    const bin = mkdtempSync(join(temp, 'bin-'))
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${join(bin, 'asked')}'\nexec ${realGit} "$@"\n`, { mode: 0o755 })
    const savedPath = process.env.PATH
    process.env.PATH = `${bin}:${savedPath}`
    try {
      const selection = await selectArchiveFiles(await resolveLayout(dir, CONFIG), { exclude: [] })
      const asked = readFileSync(join(bin, 'asked'), 'utf8').trim().split('\n')
      return { asked, leftOut: selection.leftOut.map((out) => out.path) }
    } finally {
      process.env.PATH = savedPath
    }
  }

  it('one git grep for the scan, whatever the number of files; no file is read through git when none holds a marker', async () => {
    const few = await gitAsked('count-few', 5)
    const many = await gitAsked('count-many', 300)
    expect(many.asked.length).toBe(few.asked.length)
    expect(many.asked.filter((line) => / grep /.test(line))).toHaveLength(1)
    expect(many.asked.filter((line) => /cat-file --batch/.test(line))).toHaveLength(0)
  })

  it('the few files that hold a marker are read in one git cat-file, whatever their number', async () => {
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`apps/agent/keys${i}/k.txt`, KEY]))
    const few = await gitAsked('marked-few', 50, keys(1))
    const many = await gitAsked('marked-many', 50, keys(40))
    expect(many.asked.length).toBe(few.asked.length)
    expect(many.asked.filter((line) => /cat-file --batch/.test(line))).toHaveLength(1)
    expect(many.leftOut).toHaveLength(40)
  })
})

describe('a file the scan will not judge (1 MiB and over) is never read', () => {
  it('not by git grep either: a large file git could not read whole is listed, shipped in the selection, and the scan still finds the key beside it', async () => {
    // The marker is in the large file too: a search that read it would have to read it whole.
    const large = Buffer.alloc(SCAN_MAX_BYTES + 4096, 'a')
    large.write('PRIVATE KEY', large.length - 20)
    const names = ['apps/agent/data/:big (1)*.txt', 'apps/agent/data/plain.bin']
    const { dir, git } = repo(join(temp, 'large-unread'), {
      ...AGENT,
      [names[0]]: large,
      [names[1]]: Buffer.from(large).fill('b', 0, 10),
      'apps/agent/key.txt': KEY
    })
    // Each large blob is cut after its start: git can still tell its size (the header), but any reading of it in full fails.
    for (const name of names) {
      const oid = git('rev-parse', `HEAD:${name}`).trim()
      const object = join(dir, '.git/objects', oid.slice(0, 2), oid.slice(2))
      chmodSync(object, 0o644)
      truncateSync(object, 200)
    }
    const selection = await selectArchiveFiles(await resolveLayout(dir, CONFIG), { exclude: [] })
    expect(selection.entries.map((entry) => entry.workspacePath)).toEqual(expect.arrayContaining(names))
    expect(selection.leftOut.filter((out) => out.byContent).map((out) => out.path)).toEqual(['apps/agent/key.txt'])
  })
})

describe('an LFS pointer handed over in small pieces', () => {
  it('is still seen by its start, and every byte passes through', async () => {
    const pointer = Buffer.from('version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 11\n')
    async function* inPieces(): AsyncIterable<Buffer> {
      for (let at = 0; at < pointer.length; at += 7) yield pointer.subarray(at, at + 7)
    }
    const seen: string[] = []
    const passed: Buffer[] = []
    for await (const chunk of peekStart(inPieces(), 44, (start) => seen.push(start.toString('utf8')))) passed.push(chunk)
    expect(seen).toHaveLength(1)
    expect(seen[0].startsWith('version https://git-lfs.github.com/spec/v1\n')).toBe(true)
    expect(Buffer.concat(passed).equals(pointer)).toBe(true)
  })
})
