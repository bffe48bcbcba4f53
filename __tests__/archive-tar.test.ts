import { describe, expect, it } from '@jest/globals'
import { pack } from 'tar-stream'
import { END_OF_TAR, headerBlocks, paddingOf, type TarHeader } from '../src/operations/archive/tar.js'

/**
 * The archive's tar writer (tar.ts) writes the bytes tar-stream 3 wrote for v1.4 and before, so
 * that the same commit keeps its digest: checked here against tar-stream itself, for names plain,
 * long (split into the prefix field), too long or not ASCII (a PAX record), folders and sizes.
 */

const MTIME = new Date(Date.UTC(2000, 0, 1))

async function byTarStream(headers: TarHeader[]): Promise<Buffer> {
  const tar = pack()
  const chunks: Buffer[] = []
  const read = (async () => {
    for await (const chunk of tar as AsyncIterable<Buffer>) chunks.push(chunk)
  })()
  for (const header of headers) {
    const content = Buffer.alloc(header.type === 'file' ? header.size : 0, 'x')
    const full = { ...header, uid: 0, gid: 0, uname: '', gname: '' }
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve())
      if (header.type === 'file') tar.entry(full, content, done)
      else tar.entry(full, done)
    })
  }
  tar.finalize()
  await read
  return Buffer.concat(chunks)
}

function byOurs(headers: TarHeader[]): Buffer {
  const parts: Buffer[] = []
  for (const header of headers) {
    parts.push(...headerBlocks(header))
    if (header.type === 'file') parts.push(Buffer.alloc(header.size, 'x'), Buffer.alloc(paddingOf(header.size)))
  }
  return Buffer.concat([...parts, END_OF_TAR])
}

describe('tar headers', () => {
  it("are byte for byte tar-stream's, for every kind of name", async () => {
    const long = `${'deep/'.repeat(40)}file.py`
    const headers: TarHeader[] = [
      { name: 'apps/', type: 'directory', size: 0, mode: 0o755, mtime: MTIME },
      { name: 'apps/agent.py', type: 'file', size: 9, mode: 0o644, mtime: MTIME },
      { name: 'apps/run.sh', type: 'file', size: 512, mode: 0o755, mtime: MTIME },
      { name: `apps/${'a'.repeat(120)}/x.txt`, type: 'file', size: 1, mode: 0o644, mtime: MTIME },
      { name: long, type: 'file', size: 700, mode: 0o644, mtime: MTIME },
      { name: `apps/${'b'.repeat(600)}.txt`, type: 'file', size: 3, mode: 0o644, mtime: MTIME },
      { name: 'apps/é ünïcode.txt', type: 'file', size: 5, mode: 0o644, mtime: MTIME },
      { name: 'apps/line\nbreak.txt', type: 'file', size: 0, mode: 0o644, mtime: MTIME },
      { name: `${'c'.repeat(110)}/`, type: 'directory', size: 0, mode: 0o755, mtime: MTIME }
    ]
    const ours = byOurs(headers)
    expect(ours.equals(await byTarStream(headers))).toBe(true)
    // Each kind was there: a PAX record, and a name split into the prefix field.
    expect(ours.includes(Buffer.from('PaxHeader'))).toBe(true)
    // The fourth file's header is the sixth block (a folder, a 9-byte file and a 512-byte one before it).
    expect(ours.subarray(5 * 512 + 345, 5 * 512 + 349).toString('latin1')).toBe('apps')
  })
})
