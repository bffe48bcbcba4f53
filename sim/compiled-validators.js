// The simulator's request and answer validators, compiled once per checkout, not once per process.
//
// Ajv turns a schema into JavaScript; for the reference's 81 parameter and body schemas that
// takes about 250 ms in every process that starts a simulator (every test file: jest gives each
// its own module registry). Ajv's standalone mode writes the same validators out as a module, so
// they are generated once, kept under node_modules/.cache keyed by everything they are made
// from, and imported from there: same Ajv, same options, same code, so the same verdicts.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { FORMATS } from './formats.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const FORMATS_URL = new URL('./formats.js', import.meta.url)
/** @typedef {{ paths: Record<string, Record<string, any>> }} OpenApiDocument */

const DOC_ID = 'sim:reference-openapi'
/** The reference as answers are checked against it: its own components, not closed (answers may carry fields it lacks). */
const RESPONSE_DOC_ID = 'sim:reference-openapi-responses'
/** The prefix of a response schema's key in `byPointer`: the same pointer names a schema of each document. */
export const RESPONSE = 'response:'
/** Error bodies every operation may answer with, whatever its own list says: checked against these. */
export const ERROR_SCHEMAS = {
  detail: pointerTo('components', 'schemas', 'ErrorDetail'),
  validation: pointerTo('components', 'schemas', 'HTTPValidationError')
}
/** Part of the cache key: a change to how the module is written must not reuse an old one. */
const GENERATOR = readFileSync(fileURLToPath(import.meta.url), 'utf8') + readFileSync(fileURLToPath(FORMATS_URL), 'utf8')

/**
 * The JSON pointer of a schema in the document, as ajv addresses it (`#/paths/~1v2~1…`).
 * @param {(string | number)[]} segments
 */
export function pointerTo(...segments) {
  return segments.map((segment) => '/' + encodeURIComponent(String(segment).replaceAll('~', '~0').replaceAll('/', '~1'))).join('')
}

/**
 * Every schema a request is checked against: each operation's parameters and its JSON body.
 * @param {OpenApiDocument} doc
 */
function schemaPointers(doc) {
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => [
      ...(operation.parameters ?? []).map((/** @type {unknown} */ _parameter, /** @type {number} */ index) =>
        pointerTo('paths', template, method, 'parameters', index, 'schema')
      ),
      ...(operation.requestBody ? [pointerTo('paths', template, method, 'requestBody', 'content', 'application/json', 'schema')] : [])
    ])
  )
}

/**
 * Every schema an answer is checked against: each operation's JSON answer by status, and the
 * error bodies.
 * @param {OpenApiDocument} doc
 */
function responsePointers(doc) {
  return [
    ...Object.entries(doc.paths).flatMap(([template, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        Object.entries(operation.responses ?? {})
          .filter(([, response]) => response?.content?.['application/json']?.schema)
          .map(([status]) => pointerTo('paths', template, method, 'responses', status, 'content', 'application/json', 'schema'))
      )
    ),
    ERROR_SCHEMAS.detail,
    ERROR_SCHEMAS.validation
  ]
}

/**
 * The standalone module's text: one export per schema (`v0`, `v1`, …) and `byPointer`, which
 * maps each schema's pointer to its validator (a response schema's with the RESPONSE prefix).
 * `allErrors` so that a 422 lists every problem, as FastAPI's does; `verbose` for the failing
 * value and schema that the messages quote.
 * @param {OpenApiDocument} doc
 * @param {OpenApiDocument} responseDoc
 */
async function moduleText(doc, responseDoc) {
  // Loaded only to generate: a process that finds the module made never evaluates Ajv's compiler.
  const [{ default: Ajv2020Module }, { _ }, { default: standaloneModule }] = await Promise.all([
    import('ajv/dist/2020.js'),
    import('ajv/dist/compile/codegen/index.js'),
    import('ajv/dist/standalone/index.js')
  ])
  const ajv = new Ajv2020Module.default({
    strict: false,
    allErrors: true,
    verbose: true,
    code: { source: true, esm: true, formats: _`formats` }
  })
  // The code calls them as `formats[name]`, imported from formats.js.
  for (const [name, check] of Object.entries(FORMATS)) ajv.addFormat(name, check)
  // The whole document, so that its internal #/components refs resolve.
  ajv.addSchema({ ...doc, $id: DOC_ID })
  ajv.addSchema({ ...responseDoc, $id: RESPONSE_DOC_ID })
  /** @type {Record<string, string>} */
  const exports = {}
  const schemas = [
    ...schemaPointers(doc).map((pointer) => ({ key: pointer, ref: `${DOC_ID}#${pointer}` })),
    ...responsePointers(responseDoc).map((pointer) => ({ key: RESPONSE + pointer, ref: `${RESPONSE_DOC_ID}#${pointer}` }))
  ]
  schemas.forEach(({ ref }, index) => {
    ajv.addSchema({ $ref: ref }, `v${index}`)
    exports[`v${index}`] = `v${index}`
  })
  const byPointer = schemas.map(({ key }, index) => `${JSON.stringify(key)}: v${index}`).join(',\n  ')
  return [
    `import { FORMATS as formats } from ${JSON.stringify(FORMATS_URL.href)}`,
    // Ajv's runtime helpers (deep equality, string length), should its code ask for them.
    `import { createRequire } from 'node:module'`,
    `const require = createRequire(${JSON.stringify(pathToFileURL(join(ROOT, 'package.json')).href)})`,
    standaloneModule.default(ajv, exports),
    `export const byPointer = {\n  ${byPointer}\n}`
  ].join('\n')
}

/**
 * Writes `text` to `file` whole or not at all: another process may be reading or writing the
 * same file at the same moment (jest's workers start together).
 * @param {string} file
 * @param {string} text
 */
function writeWhole(file, text) {
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, text)
  renameSync(partial, file)
}

/**
 * The compiled module's file, made if it is not there yet, under node_modules/.cache (older
 * ones of this checkout removed). Where that cannot be written, a folder of this process's own
 * in the temp dir: never a shared name there, whose file another user could have put in place.
 * @param {OpenApiDocument} doc
 * @param {OpenApiDocument} responseDoc
 */
async function compiledFile(doc, responseDoc) {
  const require = createRequire(import.meta.url)
  const ajvVersion = JSON.parse(readFileSync(require.resolve('ajv/package.json'), 'utf8')).version
  const key = createHash('sha256')
    .update(JSON.stringify(doc))
    .update(JSON.stringify(responseDoc))
    .update(ajvVersion)
    .update(GENERATOR)
    .update(ROOT)
    .digest('hex')
    .slice(0, 16)
  const name = `validators-${key}.mjs`
  const cache = join(ROOT, 'node_modules', '.cache', 'agent-server-sim')
  if (existsSync(join(cache, name))) return join(cache, name)
  // Made before any write is tried: a failure here is the generator's, and says so.
  const text = await moduleText(doc, responseDoc)
  try {
    mkdirSync(cache, { recursive: true })
    writeWhole(join(cache, name), text)
    for (const old of readdirSync(cache))
      if (old.startsWith('validators-') && old.endsWith('.mjs') && old !== name) rmSync(join(cache, old), { force: true })
    return join(cache, name)
  } catch {
    const own = mkdtempSync(join(tmpdir(), 'agent-server-sim-'))
    writeFileSync(join(own, name), text)
    return join(own, name)
  }
}

/**
 * The validator of every request schema in `doc`, by pointer, and of every answer schema in
 * `responseDoc`, by RESPONSE and its pointer.
 * @param {OpenApiDocument} doc
 * @param {OpenApiDocument} responseDoc
 * @returns {Promise<Record<string, import('ajv').ValidateFunction>>}
 */
export async function compiledValidators(doc, responseDoc) {
  const compiled = await import(pathToFileURL(await compiledFile(doc, responseDoc)).href)
  return compiled.byPointer
}
