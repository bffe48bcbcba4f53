import type { ControlPlaneClient } from '../../api/client.js'
import { ApiError, excerpt, isRetryableStatus } from '../../api/errors.js'
import { retrying, type RetryPolicy } from '../../api/retry.js'
import type { UploadUrl } from '../../api/schemas.js'
import { IncompleteUpload, putToSignedUrl, signedUrlProblem } from '../../api/signed-upload.js'
import { CancelledError } from '../../core/cancel.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import { registerSecret } from '../../core/masking.js'
import { TimeLimitReached } from '../../core/time-limit.js'
import { formatBytes } from '../../api/body.js'
import type { Stop } from '../../core/stop.js'

export interface UploadContext extends Stop {
  client: Pick<ControlPlaneClient, 'requestUploadUrl'>
  log: Pick<Log, 'info' | 'warn'>
  /** How long the upload may sit without a byte moving. */
  idleMs: number
  retry?: RetryPolicy
  random?: () => number
  /** This run created the deployment just before the upload: a failure leaves it empty, not unchanged. */
  created?: boolean
}

/** Five tries in all: an upload host's 5xx and resets are usually brief. */
const UPLOAD_RETRY: RetryPolicy = { maxAttempts: 5, baseMs: 1_000, capMs: 15_000 }
/** An upload may take at least this long, and longer for a large archive (below). */
const MIN_UPLOAD_MS = 60_000
/** The slowest upload speed allowed for, in bytes per millisecond (about 1 MB/s). */
const SLOWEST_BYTES_PER_MS = 1_000
const MIN_REQUEST_MS = 1_000

/**
 * Uploads the archive: asks the control plane for a signed URL, then `PUT`s the file
 * there (api/signed-upload.ts: no control-plane credential goes along). A reset, a
 * time-out, 429 or a 5xx is tried again with the same URL after a back-off; an expired
 * URL is replaced by a new one. Every try is bounded by its own time limit and by the
 * step's deadline. Resolves with the object path the patch names once the host has
 * taken the whole archive.
 */
export async function uploadArchive(deploymentId: string, archive: { file: string; bytes: number }, ctx: UploadContext): Promise<string> {
  const policy = ctx.retry ?? UPLOAD_RETRY
  let target: UploadUrl | undefined
  let host = 'the upload host'
  const hint = uploadHint(ctx.created === true)
  return retrying<string>(
    {
      policy,
      clock: ctx.clock,
      deadline: ctx.deadline,
      signal: ctx.signal,
      random: ctx.random,
      announce: (error, waitMs, next) =>
        ctx.log.warn(`${error.message} Trying again in ${formatDuration(waitMs)} (attempt ${next} of ${policy.maxAttempts}).`)
    },
    async () => {
      if (!target) {
        target = await ctx.client.requestUploadUrl(deploymentId)
        maskSignedUrl(target.upload_url)
        const problem = signedUrlProblem(target.upload_url)
        if (problem) {
          throw new ActionError(
            'bad-response',
            `The control plane answered an upload URL that the archive may not go to: ${problem}.`,
            "Check `control-plane-url`; report this to the control plane's operators if it persists."
          )
        }
        host = new URL(target.upload_url).host
        ctx.log.info(
          `Uploading the archive (${formatBytes(archive.bytes)}) to ${host} (a signed URL, masked), to become \`${target.object_path}\`.`
        )
      }
      const { upload_url: url, object_path: objectPath } = target
      let answer
      try {
        answer = await putToSignedUrl(url, archive, { limitMs: timeLimit(archive.bytes, ctx), idleMs: ctx.idleMs, signal: ctx.signal })
      } catch (error) {
        if (error instanceof CancelledError) throw error
        const why = failureOf(error, ctx.idleMs)
        return { retry: new ApiError('api-refused', `The upload to ${host} failed (${why}).`, { retryable: true, hint }) }
      }
      const { status, text } = answer
      if (status >= 200 && status < 300) return { done: objectPath }
      if (status >= 300 && status < 400) {
        throw new ActionError(
          'api-refused',
          `The upload host ${host} answered with a redirect (HTTP ${status}), which the action does not follow.`,
          hint
        )
      }
      if (expired(status, text)) {
        target = undefined
        return {
          retry: new ApiError(
            'api-refused',
            `The upload URL expired before the upload (HTTP ${status}); asking the control plane for a new one.`,
            { status, retryable: true, retryAfterMs: 0 }
          )
        }
      }
      const said = excerpt(text)
      const error = new ApiError(
        'api-refused',
        `The upload host ${host} refused the archive with HTTP ${status}${said ? `: ${said}` : ''}.`,
        {
          status,
          retryable: isRetryableStatus(status),
          hint
        }
      )
      if (error.retryable) return { retry: error }
      throw error
    }
  )
}

/** What a failed upload left behind, and what to do. */
function uploadHint(created: boolean): string {
  const left = created
    ? 'The deployment was created empty, with nothing built: a re-run uploads the archive and builds it.'
    : 'Nothing was changed on the deployment: re-run the job.'
  return `${left} If this persists, report it to the control plane's operators.`
}

/** A storage host's answer to a signed URL past its time: `ExpiredToken` (GCS), or a 4xx that says it expired. */
function expired(status: number, text: string): boolean {
  return (status === 400 || status === 401 || status === 403) && /ExpiredToken|expired/i.test(text)
}

/**
 * Why a try failed, in words that never quote the request: @actions/http-client's stall
 * error names the URL's path and query, which hold the signature.
 */
function failureOf(error: unknown, idleMs: number): string {
  if (error instanceof TimeLimitReached) return error.message
  if (error instanceof IncompleteUpload) return error.message
  const { code, message } = error as { code?: string; message?: string }
  if (message?.startsWith('Request timeout')) return `nothing moved for ${formatDuration(idleMs)}`
  return code ?? 'the connection failed'
}

/** A try's limit: enough for the archive at a slow connection's speed, never past the step's deadline. */
function timeLimit(bytes: number, ctx: UploadContext): number {
  const own = Math.max(MIN_UPLOAD_MS, Math.ceil(bytes / SLOWEST_BYTES_PER_MS))
  return Math.min(own, Math.max(MIN_REQUEST_MS, ctx.deadline - ctx.clock.now()))
}

/**
 * The signed URL is a credential for as long as it is valid: masked whole, and so are its
 * query string and signature, in case a host's error document quotes one of them alone.
 */
function maskSignedUrl(url: string): void {
  registerSecret(url)
  try {
    const parsed = new URL(url)
    registerSecret(parsed.search.slice(1))
    for (const [name, value] of parsed.searchParams) if (/signature|sig$|token|credential/i.test(name)) registerSecret(value)
  } catch {
    // Not a URL: refused by the caller, already masked whole.
  }
}
