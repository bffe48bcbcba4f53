/**
 * `dependencies` as the client iterates it (`for dep in config["dependencies"]`): a list's
 * entries, a string's characters (so `"."` is `["."]`), a mapping's keys. Anything else (null,
 * a number, a boolean) cannot be iterated: the client fails on it, and the check says so.
 */
export function dependencyEntries(value: unknown): unknown[] {
  if (value === undefined) return []
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return [...value]
  if (typeof value === 'object' && value !== null) return Object.keys(value)
  return []
}

/** Whether the client can iterate `dependencies` at all (missing is an empty list). */
export function iterableDependencies(value: unknown): boolean {
  return value === undefined || typeof value === 'string' || (typeof value === 'object' && value !== null)
}
