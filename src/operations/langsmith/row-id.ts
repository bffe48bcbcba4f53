import { createHash } from 'node:crypto'

/** Our namespace for name-based ids (RFC 9562 version 5): fixed, so that the same name gives the same id in every run. */
const NAMESPACE = Buffer.from('6f1d2c4e8a9b4c3da1e27f5b0c9d8e7f', 'hex')

/**
 * A case's example id in LangSmith: a version 5 UUID of the repository (`owner/name`, when the
 * run knows it), the dataset, the case's name and its input. Both sides' runs of a case carry it,
 * so LangSmith pairs them as one example; the next run of the suite carries it again, so the
 * example's history is one line. A case whose input changed is another example (its old runs
 * answered another question). The repository keeps apart two organisations that copied the same
 * example suite under the same dataset name: an id names one example in all of LangSmith.
 */
export function rowId(dataset: string, caseName: string, input: unknown, repository?: string): string {
  const parts = [dataset, caseName, canonical(input)]
  const name = JSON.stringify(repository === undefined ? parts : [repository.toLowerCase(), ...parts])
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16)
  bytes[6] = (bytes[6] & 0x0f) | 0x50
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The value with every mapping's keys in order: the same input written in another key order is the same case. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])])
  )
}
