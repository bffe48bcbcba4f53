import type { RichText } from '../../core/outcome.js'
import { pythonStr, versionFix } from './python-values.js'
import { truthy, type RawConfig } from './problem.js'
import type { Validated } from './validate.js'

/*
 * The image the build starts from (`FROM`), as the client's `docker_tag` writes it: the base
 * image, then a tag made of the api version, the language's version and the distribution. A
 * value that makes no valid image reference, or names no image (a tag of `None` or `３.１２`),
 * fails the build at its first line, whatever the client's validation said.
 */

type Problem = (key: string, what: RichText, fix: RichText) => void

/** A Docker image reference: lowercase path components (a registry host's may have capitals), an optional registry port, an optional tag. */
const IMAGE =
  /^[A-Za-z0-9]+(?:(?:[._]|__|-+)[A-Za-z0-9]+)*(?::[0-9]+)?(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?$/
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/
const API_RANGE = /^(~=|>~=)\s*([\s\S]+)$/
/** `_API_VERSION_PART_PATTERN`: the floor of a range, with only `dev` and `rc` pre-releases. */
const API_FLOOR = /^\d+(?:\.\d+)?(?:\.\d+)?(?:\.?(?:dev|rc)\d+)?$/
/** `semver_pattern` of `_image_supports_uv`. */
const BASE_VERSION = /:(\d+(?:\.\d+)?(?:\.\d+)?)(?:-|$)/
const DISTROS = ['debian', 'wolfi', 'bookworm']

/** `default_base_image`. */
function defaultBase(build: Validated['build']): string {
  return build === 'node' ? 'langchain/langgraphjs-api' : 'langchain/langgraph-api'
}

/** The image reference's rules; `taken` holds the keys that already have a problem (one problem is said once). */
export function imageRules(config: RawConfig, validated: Validated, taken: Set<string>, problem: Problem): void {
  const say: Problem = (key, what, fix) => {
    if (taken.has(key)) return
    taken.add(key)
    problem(key, what, fix)
  }
  const written = config.base_image
  if (truthy(written) && typeof written !== 'string')
    say(
      'base_image',
      ['must be a string: an image name.'],
      ['Write e.g. ', { code: '"base_image": "langchain/langgraph-api"' }, ', or remove the key.']
    )
  const base = truthy(written) && typeof written === 'string' ? written : defaultBase(validated.build)
  if (validated.build === 'uv' && !supportsUv(base)) {
    say(
      'base_image',
      [{ code: base }, ' has no uv, which a uv source needs (', { code: 'langchain/langgraph-api' }, ' 0.2.47 or later).'],
      ['Use a newer base image, or remove ', { code: 'base_image' }, '.']
    )
  }
  const internal = config._INTERNAL_docker_tag
  if (truthy(internal)) {
    if (!TAG.test(pythonStr(internal)))
      say(
        '_INTERNAL_docker_tag',
        ['must be an image tag (letters, digits, ', { code: '.' }, ', ', { code: '-' }, ', ', { code: '_' }, ').'],
        ['Fix the tag, or remove the key.']
      )
    return finalReference(`${base}:${pythonStr(internal)}`, taken, say)
  }
  const node = validated.build === 'node'
  const versionKey = node ? 'node_version' : 'python_version'
  const version = node ? validated.rawNode : validated.rawPython
  const versionText = pythonStr(version)
  // A version left out takes the client's default (or, with no graph, the config is refused for that): only a written one is judged.
  if (versionKey in config && !(node ? /^[0-9]+$/ : /^[0-9]+\.[0-9]+(?:-[a-z]+)?$/).test(versionText)) {
    const fallback = node ? '20' : '3.11'
    const what: RichText = truthy(version)
      ? ['makes the image tag ', { code: versionText }, ', which names no image: the tag takes plain ASCII digits.']
      : ['is empty, so the image tag would be ', { code: versionText || '(nothing)' }, ', which names no image.']
    say(versionKey, what, [
      'Write ',
      { code: `"${versionKey}": "${versionFix(version, node ? 'node' : 'python', fallback)}"` },
      ', or remove the key (the default is ',
      { code: fallback },
      ').'
    ])
  }
  const distro = 'image_distro' in config ? config.image_distro : 'debian'
  if (!truthy(distro))
    say(
      'image_distro',
      ['is empty, so the image tag would end in ', { code: `-${pythonStr(distro)}` }, ', which names no image.'],
      ['Remove the key (the default is ', { code: 'debian' }, '), or write e.g. ', { code: '"wolfi"' }, '.']
    )
  else if (typeof distro !== 'string' || !DISTROS.includes(distro)) taken.add('image_distro') // validate.ts says so
  const api = config.api_version
  const range = truthy(api) && typeof api === 'string' ? API_RANGE.exec(api) : null
  const serverBase = base.includes('/langgraph-server') && !truthy(api)
  if (typeof written === 'string' && lastSegment(base).includes(':') && !serverBase) {
    say(
      'base_image',
      [{ code: base }, ' has a tag, and the build adds its own after it, which makes no image name.'],
      ['Remove the tag from ', { code: 'base_image' }, "; pin the server's version with ", { code: 'api_version' }, '.']
    )
  }
  if (range && !API_FLOOR.test(range[2].trim())) {
    say(
      'api_version',
      [
        'is a range whose lowest version the build cannot read: only releases and ',
        { code: 'dev' },
        ' or ',
        { code: 'rc' },
        ' pre-releases (e.g. ',
        { code: '0.9.0rc1' },
        ').'
      ],
      ['Write e.g. ', { code: '"api_version": "~=0.4.0"' }, ', or pin one version.']
    )
  }
  const distroTag = distro === 'debian' ? '' : `-${pythonStr(distro)}`
  const versionDistro = `${versionText}${distroTag}`
  const language = node ? 'node' : 'py'
  // A range's release is picked from PyPI at build time: its floor stands in for it here.
  const apiTag = range ? range[2].trim() : truthy(api) ? pythonStr(api) : undefined
  if (apiTag === undefined && base.includes('/langgraph-server') && !base.includes(versionDistro))
    return finalReference(`${base}-${language}${versionDistro}`, taken, say)
  finalReference(`${base}:${apiTag === undefined ? versionDistro : `${apiTag}-${language}${versionDistro}`}`, taken, say)
}

/** Whatever the parts, the reference must be one Docker reads; said only when no part was blamed already. */
function finalReference(reference: string, taken: Set<string>, say: Problem): void {
  if (IMAGE.test(reference)) return
  if (['base_image', '_INTERNAL_docker_tag', 'python_version', 'node_version', 'image_distro', 'api_version'].some((key) => taken.has(key)))
    return
  say(
    'base_image',
    ['with the rest of the config makes the image name ', { code: reference }, ', which is not a valid image reference.'],
    ['Write a lowercase image name without a tag.']
  )
}

function lastSegment(image: string): string {
  return image.slice(image.lastIndexOf('/') + 1)
}

/** `_image_supports_uv`: not the trial image, and a version tag (when there is one) of at least 0.2.47. */
function supportsUv(base: string): boolean {
  if (base === 'langchain/langgraph-trial') return false
  const match = BASE_VERSION.exec(base)
  if (!match) return true
  const [major = 0, minor = 0, patch = 0] = match[1].split('.').map(Number)
  return major > 0 || minor > 2 || (minor === 2 && patch >= 47)
}
