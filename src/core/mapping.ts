/** A JSON or YAML mapping (an object that is not a list): what configs, suites and agent states are read as. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
