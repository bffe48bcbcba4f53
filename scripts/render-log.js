// The action's stdout as a person sees it on GitHub, for `npm start`: the runner acts on
// workflow commands (`::add-mask::`, `::group::`, `::stop-commands::`, `::error::`...) and
// never shows them. Printed raw, `::add-mask::<the API key>` would show the very secret
// it hides, so this does what the runner does, in a terminal.

/** Commands the runner acts on without printing anything. */
const SILENT = new Set([
  'add-mask',
  'stop-commands',
  'endgroup',
  'echo',
  'set-output',
  'save-state',
  'set-env',
  'add-path',
  'add-matcher',
  'remove-matcher'
])

const ANNOTATIONS = /** @type {Record<string, string>} */ ({ error: 'Error', warning: 'Warning', notice: 'Notice' })

/**
 * The runner's unescaping of command data and properties (see toCommandValue and
 * toCommandProperties in @actions/core), in one pass so that `%250A` stays `%0A`.
 * @param {string} text
 */
export function unescapeCommand(text) {
  /** @type {Record<string, string>} */
  const map = { '%25': '%', '%0D': '\r', '%0A': '\n', '%3A': ':', '%2C': ',' }
  return text.replace(/%(25|0D|0A|3A|2C)/gi, (match) => map[match.toUpperCase()])
}

export class LogRenderer {
  /** @param {{ debug?: boolean }} [options] `debug` shows `::debug::` lines, as RUNNER_DEBUG=1 does */
  constructor({ debug = false } = {}) {
    this.debug = debug
    /** @type {string[]} longest first, so that a secret containing another is masked whole */
    this.masks = []
    /** @type {string | undefined} while set, lines are printed as they are, commands included */
    this.stopToken = undefined
    this.inGroup = false
    this.partial = ''
  }

  /** @param {string} value */
  addMask(value) {
    // The runner masks each line of a multi-line secret too.
    for (const part of [value, ...value.split(/\r?\n/)]) {
      if (part.trim() !== '' && !this.masks.includes(part)) this.masks.push(part)
    }
    this.masks.sort((a, b) => b.length - a.length)
  }

  /** @param {string} text */
  mask(text) {
    let masked = text
    for (const secret of this.masks) masked = masked.split(secret).join('***')
    return masked
  }

  /**
   * @param {string} chunk stdout as it arrives, possibly ending mid-line
   * @returns {string} what to print for the lines completed by this chunk
   */
  write(chunk) {
    const lines = (this.partial + chunk).split('\n')
    this.partial = lines.pop() ?? ''
    return lines.map((line) => this.renderLine(line)).join('')
  }

  /** @returns {string} what to print for a last line without a newline */
  end() {
    const rest = this.partial
    this.partial = ''
    return rest === '' ? '' : this.renderLine(rest)
  }

  /**
   * @param {string} rawLine
   * @returns {string} zero or more lines, each ending in a newline
   */
  renderLine(rawLine) {
    const line = rawLine.replace(/\r$/, '')
    if (this.stopToken !== undefined) {
      if (line === `::${this.stopToken}::`) {
        this.stopToken = undefined
        return ''
      }
      return this.print(line)
    }
    const command = /^::([A-Za-z][\w-]*)(?: ([^:]*))?::(.*)$/.exec(line)
    if (!command) return this.print(line)
    const [, name, properties = '', data] = command
    switch (name) {
      case 'add-mask':
        this.addMask(unescapeCommand(data))
        return ''
      case 'stop-commands':
        this.stopToken = data
        return ''
      case 'group':
        this.inGroup = true
        return `\n${this.mask(`▸ ${unescapeCommand(data)}`)}\n`
      case 'endgroup':
        this.inGroup = false
        return ''
      case 'debug':
        return this.debug ? this.print(`Debug: ${unescapeCommand(data)}`) : ''
    }
    if (name in ANNOTATIONS) return this.print(`${ANNOTATIONS[name]}${where(properties)}: ${unescapeCommand(data)}`)
    // Another token's end after stop-commands ended, or a command the runner would act on silently.
    if (SILENT.has(name)) return ''
    return this.print(line)
  }

  /** @param {string} text possibly several lines */
  print(text) {
    const indent = this.inGroup ? '  ' : ''
    return this.mask(text)
      .split('\n')
      .map((line) => `${indent}${line}\n`)
      .join('')
  }
}

/**
 * ` (title, at file:line)` from an annotation's properties, or nothing.
 * @param {string} properties `key=value,key=value`, escaped
 */
function where(properties) {
  /** @type {Record<string, string>} */
  const props = {}
  for (const pair of properties.split(',')) {
    const eq = pair.indexOf('=')
    if (eq > 0) props[pair.slice(0, eq).trim()] = unescapeCommand(pair.slice(eq + 1))
  }
  const parts = []
  if (props.title) parts.push(props.title)
  if (props.file) parts.push(`at ${props.file}${props.line ? `:${props.line}` : ''}`)
  return parts.length > 0 ? ` (${parts.join(', ')})` : ''
}
