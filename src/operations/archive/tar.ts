/**
 * Tar headers, byte for byte as tar-stream 3 writes them (the writer of v1.4 and before), so that
 * the same files still give the same digest: ustar, a name over 100 bytes split into the prefix
 * field at a `/`, and a PAX `path` record before the header when the name is not ASCII or does
 * not fit (the header that follows is then named `PaxHeader`, as tar-stream names it). Written
 * here rather than through tar-stream's stream of one small piece per header, per file and per
 * padding: for tens of thousands of small files those pieces cost more than compressing them.
 */

export interface TarHeader {
  name: string
  type: 'file' | 'directory'
  size: number
  mode: number
  mtime: Date
}

const BLOCK = 512
const ZEROS = '0000000000000000000'
const SEVENS = '7777777777777777777'
const USTAR = Buffer.from('ustar\x0000', 'latin1')
/** The end of an archive: two blocks of zeros. */
export const END_OF_TAR = Buffer.alloc(2 * BLOCK)

/** The blocks that announce one entry: its header, preceded by a PAX record when its name needs one. */
export function headerBlocks(header: TarHeader): Buffer[] {
  const plain = encode(header.name, header.type, header.size, header)
  if (plain) return [plain]
  const pax = Buffer.from(withLength(` path=${header.name}\n`), 'utf8')
  const blocks = [encode('PaxHeader', 'pax-header', pax.length, header)!, pax]
  if (pax.length % BLOCK) blocks.push(Buffer.alloc(BLOCK - (pax.length % BLOCK)))
  blocks.push(encode('PaxHeader', header.type, header.size, header)!)
  return blocks
}

/** The zeros that complete a file of `size` bytes to a whole block (none when it ends on one). */
export function paddingOf(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK
}

/** One ustar header block, or undefined when the name cannot be one (not ASCII, or too long to split). */
function encode(fullName: string, type: TarHeader['type'] | 'pax-header', size: number, header: TarHeader): Buffer | undefined {
  let name = fullName
  let prefix = ''
  if (Buffer.byteLength(name) !== name.length) return undefined
  while (name.length > 100) {
    const at = name.indexOf('/')
    if (at === -1) return undefined
    prefix += prefix ? `/${name.slice(0, at)}` : name.slice(0, at)
    name = name.slice(at + 1)
  }
  if (name.length > 100 || prefix.length > 155) return undefined
  const block = Buffer.alloc(BLOCK)
  block.write(name, 0, 'latin1')
  block.write(octal(header.mode & 0o7777, 6), 100, 'latin1')
  block.write(octal(0, 6), 108, 'latin1')
  block.write(octal(0, 6), 116, 'latin1')
  if (size.toString(8).length > 11) {
    // Over 8 GiB: base-256, as tar-stream writes it.
    block[124] = 0x80
    for (let at = 11, left = size; at > 0; at--, left = Math.floor(left / 0x100)) block[124 + at] = left & 0xff
  } else block.write(octal(size, 11), 124, 'latin1')
  block.write(octal((header.mtime.getTime() / 1000) | 0, 11), 136, 'latin1')
  block[156] = 0x30 + (type === 'directory' ? 5 : type === 'pax-header' ? 72 : 0)
  USTAR.copy(block, 257)
  block.write(octal(0, 6), 329, 'latin1')
  block.write(octal(0, 6), 337, 'latin1')
  if (prefix) block.write(prefix, 345, 'latin1')
  block.write(octal(checksum(block), 6), 148, 'latin1')
  return block
}

function octal(value: number, digits: number): string {
  const text = value.toString(8)
  if (text.length > digits) return `${SEVENS.slice(0, digits)} `
  return `${ZEROS.slice(0, digits - text.length)}${text} `
}

function checksum(block: Buffer): number {
  let sum = 8 * 32
  for (let at = 0; at < 148; at++) sum += block[at]
  for (let at = 156; at < BLOCK; at++) sum += block[at]
  return sum
}

/** A PAX record: its own length in decimal first, that length counting itself. */
function withLength(record: string): string {
  const length = Buffer.byteLength(record)
  let digits = Math.floor(Math.log(length) / Math.log(10)) + 1
  if (length + digits >= Math.pow(10, digits)) digits++
  return `${length + digits}${record}`
}
