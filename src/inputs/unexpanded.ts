/**
 * A value that is a whole workflow expression, left as written: `${{ github.token }}`.
 * A runner evaluates these before the action starts, so one that arrives intact was
 * never evaluated (`@github/local-action` passes action.yml defaults through as text).
 * Sending it would fail later and less clearly (a token "${{ github.token }}" gets a 401),
 * so it counts as unset, and the input's fallback applies.
 */
const WHOLE_EXPRESSION = /^\$\{\{[\s\S]*\}\}$/

export function unlessUnexpanded(value: string): string {
  return WHOLE_EXPRESSION.test(value.trim()) ? '' : value
}
