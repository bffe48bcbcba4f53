// The string formats the reference uses, as FastAPI (pydantic) checks them. A module of its own
// because the compiled validators (compiled-validators.js) import it by URL.

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i

/** @type {Record<string, (value: string) => boolean>} */
export const FORMATS = {
  uuid: (value) => UUID.test(value),
  'date-time': (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) && !Number.isNaN(Date.parse(value))
}
