/**
 * A refusal that the server turns into `{detail}` with the given status, the way FastAPI
 * turns an HTTPException into a response.
 */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {unknown} detail a string, or the array of a 422 validation error
   */
  constructor(status, detail) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`)
    this.status = status
    this.detail = detail
  }
}
