/** A share from 0 to 1 as a percentage: `100%`, `83.3%`. */
export function formatShare(share: number): string {
  const value = share * 100
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`
}
