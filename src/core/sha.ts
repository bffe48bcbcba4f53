/** A commit's full SHA-1 as git writes it (40 hex digits, any case: inputs may be upper-case). */
export const FULL_SHA = /^[0-9a-f]{40}$/i
