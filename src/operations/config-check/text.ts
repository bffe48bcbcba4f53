/*
 * The text of a file the config check reads. The build reads the config with Python's `open()`
 * in its UTF-8 locale, so a config whose bytes are not UTF-8 fails there (`UnicodeDecodeError`),
 * while Node's decoder would quietly put U+FFFD in their place and the check would pass it.
 * Such text is marked with a lone surrogate, which decoding UTF-8 never yields (a U+FFFD the
 * file holds itself is valid UTF-8 and stays accepted).
 */

const NOT_UTF8 = '\uDC80'
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** The bytes' text: as UTF-8 when they are; otherwise marked (`isUtf8` false), the rest decoded with U+FFFD. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes)
  } catch {
    return NOT_UTF8 + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  }
}

/** Whether `decodeText` read the text from UTF-8. */
export function isUtf8(text: string): boolean {
  return !text.startsWith(NOT_UTF8)
}
