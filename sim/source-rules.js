import { ApiError } from './errors.js'
import { referenceDocument } from './validation.js'

/**
 * Which request fields each deployment source may carry, read from the reference document's
 * own descriptions ("Only applicable for `github` source.", "can only be set for
 * `external_docker` source deployments", "buildable sources (`github`, `internal_source`) ...
 * Must be `null` for all other sources") rather than written from the client's assumptions, so
 * that the simulator refuses what the reference refuses even when the client and the simulator
 * would otherwise share a mistake.
 *
 * @typedef {{ where: string, field: string, sources: string[] }} FieldRule
 */

const schemas = referenceDocument.components.schemas

/**
 * @param {any} property a property schema; its description, or that of the schema it refers to
 * @returns {string}
 */
function descriptionOf(property) {
  if (property.description) return property.description
  const ref = property.$ref ?? property.anyOf?.find((/** @type {any} */ branch) => branch.$ref)?.$ref
  return ref ? (schemas[ref.split('/').at(-1)]?.description ?? '') : ''
}

/** @param {string} text */
const backticked = (text) => [...text.matchAll(/`([a-z_]+)`/g)].map((match) => /** @type {string} */ (match[1]))

/**
 * @param {string} field
 * @param {string} description
 * @returns {string[] | undefined} the sources the field is applicable for; undefined: any source
 */
function applicableSources(field, description) {
  const text = description.replaceAll('<br>', ' ')
  const only = /only applicable for `([a-z_]+)` source/i.exec(text) ?? /can only be set for `([a-z_]+)` source/i.exec(text)
  if (only) return [/** @type {string} */ (only[1])]
  const buildable = /buildable sources \(([^)]*)\)[^.]*\.\s*Must be `null` for all other sources/i.exec(text)
  if (buildable) return backticked(/** @type {string} */ (buildable[1]))
  const applicable = /Applicable for `([a-z_]+)` source/.exec(text)
  if (applicable) {
    // image_uri says "Applicable for `external_docker` source" (not "only"): the image sources are
    // external_docker and internal_docker (an image pushed to the managed registry: docs/control-plane.md), so
    // both may carry an image; the buildable sources may not.
    return field === 'image_uri' ? [/** @type {string} */ (applicable[1]), 'internal_docker'] : [/** @type {string} */ (applicable[1])]
  }
  return undefined
}

/**
 * @param {string} schemaName
 * @param {string} where how the field is named in a refusal, e.g. source_config
 * @returns {FieldRule[]}
 */
function rulesOf(schemaName, where) {
  return Object.entries(schemas[schemaName].properties).flatMap(([field, property]) => {
    const sources = applicableSources(field, descriptionOf(property))
    return sources ? [{ where, field, sources }] : []
  })
}

/**
 * Where the control plane's owners read a field otherwise than the reference's description, their
 * reading wins (docs/control-plane.md, "As the owners read it"): both of their command-line clients
 * send `deployment_type` on the create of a remote build (`internal_source`) and of a pushed image
 * (`internal_docker`), not only of `github`; and their Terraform provider limits `resource_spec` to
 * no source (it models it for every source it manages, `github` included, and its Go client sends
 * one on an `external_docker` create). `undefined`: any source.
 * @type {Record<string, string[] | undefined>}
 */
const AS_THE_OWNERS_READ_IT = {
  deployment_type: ['github', 'internal_source', 'internal_docker'],
  resource_spec: undefined
}

/**
 * @param {FieldRule[]} rules
 * @returns {FieldRule[]}
 */
function asTheOwnersReadIt(rules) {
  return rules.flatMap((rule) => {
    if (!Object.hasOwn(AS_THE_OWNERS_READ_IT, rule.field)) return [rule]
    const sources = AS_THE_OWNERS_READ_IT[rule.field]
    return sources ? [{ ...rule, sources }] : []
  })
}

/** Exported so a test can show the derived table, and fail if the reference's wording changes. */
export const FIELD_RULES = {
  sourceConfig: asTheOwnersReadIt(rulesOf('SourceConfigRequest', 'source_config')),
  revisionConfig: rulesOf('SourceRevisionConfigRequest', 'source_revision_config'),
  top: rulesOf('DeploymentCreateRequest', '').filter((rule) => rule.field === 'secret_references')
}

/**
 * @param {FieldRule[]} rules
 * @param {Record<string, any> | null | undefined} values
 * @param {string} source
 */
function check(rules, values, source) {
  for (const { where, field, sources } of rules) {
    // null means "not given" to this API; false is a value (build_on_push: false is still sent).
    if (values?.[field] == null || sources.includes(source)) continue
    const name = where ? `${where}.${field}` : field
    throw new ApiError(400, `${name} is only applicable for source ${sources.map((s) => `'${s}'`).join(' or ')}, not '${source}'.`)
  }
}

/**
 * The field-by-source rules of a create, plus the rule the reference states for tags.
 * @param {Record<string, any>} body a DeploymentCreateRequest that passed schema validation
 */
export function checkCreateSources(body) {
  check(FIELD_RULES.top, body, body.source)
  check(FIELD_RULES.sourceConfig, body.source_config, body.source)
  check(FIELD_RULES.revisionConfig, body.source_revision_config, body.source)
  checkTagRule(body.source_config, body.source_revision_config)
}

/**
 * @param {Record<string, any>} body a DeploymentPatchRequest that passed schema validation
 * @param {string} deploymentSource
 */
export function checkPatchSources(body, deploymentSource) {
  check(FIELD_RULES.top, body, deploymentSource)
  check(FIELD_RULES.sourceConfig, body.source_config, deploymentSource)
  // revision_source overrides the source for this revision only (DeploymentPatchRequest).
  check(FIELD_RULES.revisionConfig, body.source_revision_config, body.revision_source ?? deploymentSource)
  checkTagRule(body.source_config, body.source_revision_config)
}

/**
 * "Cannot be enabled when `source_revision_config.repo_ref` specifies a tag" (build_on_push).
 * @param {Record<string, any> | null | undefined} config
 * @param {Record<string, any> | null | undefined} revisionConfig
 */
function checkTagRule(config, revisionConfig) {
  if (config?.build_on_push === true && String(revisionConfig?.repo_ref ?? '').startsWith('refs/tags/')) {
    throw new ApiError(400, 'source_config.build_on_push cannot be enabled when source_revision_config.repo_ref is a tag.')
  }
}
