export const id = 172;
export const ids = [172];
export const modules = {

/***/ 7791:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  uploadArchive: () => (/* binding */ uploadArchive)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/api/retry.ts
var retry = __webpack_require__(7018);
// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/core/loopback.ts
var loopback = __webpack_require__(3782);
// EXTERNAL MODULE: ./src/core/time-limit.ts
var time_limit = __webpack_require__(2164);
// EXTERNAL MODULE: ./src/core/version.ts
var version = __webpack_require__(3323);
// EXTERNAL MODULE: ./src/api/abortable.ts
var abortable = __webpack_require__(1018);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
;// CONCATENATED MODULE: ./src/api/file-body.ts


/** Each read takes this much of the file: the size `fs.createReadStream` reads. */
const CHUNK_BYTES = 64 * 1024;
/** Buffers kept for reuse at most. */
const KEPT = 4;
/**
 * A file streamed as a request's body in a few buffers used in turn, so that its upload holds a
 * few hundred KiB, not the file. A fresh buffer per read (as `fs.createReadStream` makes) is freed
 * only when V8 next collects, and an upload makes little garbage of its own to prompt that: a
 * 60 MB archive took the process 40 MB up. A buffer is filled again only once the destination
 * has written it: `pipe` writes each chunk with a callback, which the request calls once its
 * socket is done with the chunk (over TLS, once it is encrypted and sent). A chunk whose callback
 * never comes (a request ended early) leaves its buffer to the collector.
 */
class FileBody extends external_node_stream_.Readable {
    file;
    fd;
    position = 0;
    /** Buffers read into and handed on, by their memory, until the destination has written them. */
    lent = new Map();
    free = [];
    /** A read is under way: the descriptor is closed only after it (its number could be another file's by then). */
    reading = false;
    closeAfterRead;
    constructor(file) {
        super({ highWaterMark: CHUNK_BYTES });
        this.file = file;
    }
    /**
     * As `Readable.pipe`: each chunk written with back-pressure, the destination ended at the end,
     * and reading stopped once the destination closes; and each chunk's buffer given back when its
     * write is done.
     */
    pipe(destination, options) {
        const to = destination;
        const onData = (chunk) => {
            const buffer = this.lent.get(chunk.buffer);
            const written = to.write(chunk, () => buffer && this.giveBack(buffer));
            if (!written) {
                this.pause();
                to.once('drain', () => this.resume());
            }
        };
        this.on('data', onData);
        if (options?.end !== false)
            this.once('end', () => to.end());
        to.once('close', () => {
            this.off('data', onData);
            this.pause();
        });
        to.emit('pipe', this);
        // Paused until piped, as `Readable.pipe` resumes it.
        this.resume();
        return destination;
    }
    _construct(callback) {
        (0,external_node_fs_.open)(this.file, 'r', (error, fd) => {
            this.fd = fd;
            callback(error);
        });
    }
    _read() {
        // Outside Node's small-buffer pool: each is filled whole, and outlives any pool slice.
        const buffer = this.free.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
        this.reading = true;
        (0,external_node_fs_.read)(this.fd, buffer, 0, buffer.length, this.position, (error, bytesRead) => {
            this.reading = false;
            if (this.closeAfterRead) {
                this.closeAfterRead();
                return;
            }
            if (error) {
                this.destroy(error);
                return;
            }
            if (bytesRead === 0) {
                this.giveBack(buffer);
                this.push(null);
                return;
            }
            this.position += bytesRead;
            this.lent.set(buffer.buffer, buffer);
            this.push(buffer.subarray(0, bytesRead));
        });
    }
    _destroy(error, callback) {
        const fd = this.fd;
        this.fd = undefined;
        if (fd === undefined) {
            callback(error);
            return;
        }
        const closing = () => (0,external_node_fs_.close)(fd, () => callback(error));
        if (this.reading)
            this.closeAfterRead = closing;
        else
            closing();
    }
    giveBack(buffer) {
        this.lent.delete(buffer.buffer);
        if (this.free.length < KEPT)
            this.free.push(buffer);
    }
}

// EXTERNAL MODULE: ./src/api/constants.ts
var constants = __webpack_require__(2997);
;// CONCATENATED MODULE: ./src/api/signed-upload.ts







/** What an upload host answers is read up to this much: an error document, never more. */
const ANSWER_LIMIT_BYTES = 64 * 1024;
/** The host answered before the whole archive was sent: its answer, 2xx or not, does not say it has the archive. */
class IncompleteUpload extends Error {
    sent;
    bytes;
    constructor(sent, bytes) {
        super(`the host answered after ${sent} of ${bytes} bytes were sent`);
        this.sent = sent;
        this.bytes = bytes;
    }
}
/**
 * Why a signed URL must not be used, or undefined when it may: it comes from the control
 * plane's answer, and the archive is only ever sent encrypted (http:// on loopback only,
 * for the simulator) and never with a user name in the URL.
 */
function signedUrlProblem(url) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return 'it is not a valid URL';
    }
    if (parsed.username || parsed.password)
        return 'it carries a user name or password';
    if ((0,loopback/* isHttpsOrLoopbackHttp */.k)(parsed))
        return undefined;
    return `it is not https:// (${parsed.protocol}//${parsed.host})`;
}
/**
 * `PUT` of a file to a signed URL, through the same transport as the control plane's
 * requests (an abortable @actions/http-client request, redirects not followed, the answer
 * read linearly and capped), with its own credential rule: the signature in the URL is
 * the only credential. The headers are these three and nothing else, so no control-plane
 * credential (`X-Api-Key`, `Authorization`, `X-Tenant-Id`) can ever go to the upload host.
 * The file is streamed from disk, in a few buffers used in turn (file-body.ts). Ended by
 * `limitMs` (real time: the upload is real I/O) or `signal`, either aborting the request and
 * its socket (core/time-limit.ts). A 2xx counts only
 * when every byte of the file was handed to the request: a host that answers early has not taken
 * the archive (IncompleteUpload).
 */
async function putToSignedUrl(url, body, options) {
    const headers = {
        'Content-Type': 'application/gzip',
        'Content-Length': String(body.bytes),
        'X-Goog-Content-Length-Range': `0,${constants/* MAX_UPLOAD_BYTES */.hR}`
    };
    (0,cancel/* throwIfCancelled */.dZ)(options.signal);
    const source = new FileBody(body.file);
    // The bytes handed to the request: this listener runs just before the pipe's own, which writes
    // the chunk to the request, in the same turn. Not the stream's `end`: that comes after one more
    // read of the file, which a busy thread pool delays past a host that answers the moment the last
    // byte arrives, and a complete upload would count as failed and be sent again.
    let sent = 0;
    source.on('data', (chunk) => (sent += chunk.length));
    // Paused until the request pipes it (pipe resumes it): no chunk is read before it can be sent.
    source.pause();
    // A file that cannot be read ends the try (and, through the time limit's signal, the request),
    // rather than an error no one listens to.
    const unreadable = new Promise((_resolve, reject) => source.once('error', reject));
    unreadable.catch(() => undefined);
    try {
        return await (0,time_limit/* withinTimeLimit */.A0)(async (signal) => {
            const client = (0,abortable/* abortableHttpClient */.Qc)(`${version/* ACTION_NAME */.p}/${version/* ACTION_VERSION */.Y}`, signal, options.idleMs);
            const response = await Promise.race([client.request('PUT', url, source, headers), unreadable]);
            const text = await (0,abortable/* readResponse */.Uk)(response, ANSWER_LIMIT_BYTES);
            const status = response.message.statusCode ?? 0;
            if (status >= 200 && status < 300 && sent !== body.bytes)
                throw new IncompleteUpload(sent, body.bytes);
            return { status, text };
        }, { limitMs: options.limitMs, signal: options.signal });
    }
    finally {
        source.destroy();
    }
}

// EXTERNAL MODULE: ./src/core/clock.ts
var clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/errors.ts
var core_errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
// EXTERNAL MODULE: ./src/api/body.ts
var body = __webpack_require__(3994);
;// CONCATENATED MODULE: ./src/operations/archive/upload.ts









/** Five tries in all: an upload host's 5xx and resets are usually brief. */
const UPLOAD_RETRY = { maxAttempts: 5, baseMs: 1_000, capMs: 15_000 };
/** An upload may take at least this long, and longer for a large archive (below). */
const MIN_UPLOAD_MS = 60_000;
/** The slowest upload speed allowed for, in bytes per millisecond (about 1 MB/s). */
const SLOWEST_BYTES_PER_MS = 1_000;
const MIN_REQUEST_MS = 1_000;
/**
 * Uploads the archive: asks the control plane for a signed URL, then `PUT`s the file
 * there (api/signed-upload.ts: no control-plane credential goes along). A reset, a
 * time-out, 429 or a 5xx is tried again with the same URL after a back-off; an expired
 * URL is replaced by a new one. Every try is bounded by its own time limit and by the
 * step's deadline. Resolves with the object path the patch names once the host has
 * taken the whole archive.
 */
async function uploadArchive(deploymentId, archive, ctx) {
    const policy = ctx.retry ?? UPLOAD_RETRY;
    let target;
    let host = 'the upload host';
    const hint = uploadHint(ctx.created === true);
    return (0,retry/* retrying */.R$)({
        policy,
        clock: ctx.clock,
        deadline: ctx.deadline,
        signal: ctx.signal,
        random: ctx.random,
        announce: (error, waitMs, next) => ctx.log.warn(`${error.message} Trying again in ${(0,clock/* formatDuration */.a)(waitMs)} (attempt ${next} of ${policy.maxAttempts}).`)
    }, async () => {
        if (!target) {
            target = await ctx.client.requestUploadUrl(deploymentId);
            maskSignedUrl(target.upload_url);
            const problem = signedUrlProblem(target.upload_url);
            if (problem) {
                throw new core_errors/* ActionError */.lZ('bad-response', `The control plane answered an upload URL that the archive may not go to: ${problem}.`, "Check `control-plane-url`; report this to the control plane's operators if it persists.");
            }
            host = new URL(target.upload_url).host;
            ctx.log.info(`Uploading the archive (${(0,body/* formatBytes */.z3)(archive.bytes)}) to ${host} (a signed URL, masked), to become \`${target.object_path}\`.`);
        }
        const { upload_url: url, object_path: objectPath } = target;
        let answer;
        try {
            answer = await putToSignedUrl(url, archive, { limitMs: timeLimit(archive.bytes, ctx), idleMs: ctx.idleMs, signal: ctx.signal });
        }
        catch (error) {
            if (error instanceof cancel/* CancelledError */.cc)
                throw error;
            const why = failureOf(error, ctx.idleMs);
            return { retry: new errors/* ApiError */.hD('api-refused', `The upload to ${host} failed (${why}).`, { retryable: true, hint }) };
        }
        const { status, text } = answer;
        if (status >= 200 && status < 300)
            return { done: objectPath };
        if (status >= 300 && status < 400) {
            throw new core_errors/* ActionError */.lZ('api-refused', `The upload host ${host} answered with a redirect (HTTP ${status}), which the action does not follow.`, hint);
        }
        if (expired(status, text)) {
            target = undefined;
            return {
                retry: new errors/* ApiError */.hD('api-refused', `The upload URL expired before the upload (HTTP ${status}); asking the control plane for a new one.`, { status, retryable: true, retryAfterMs: 0 })
            };
        }
        const said = (0,errors/* excerpt */.Kb)(text);
        const error = new errors/* ApiError */.hD('api-refused', `The upload host ${host} refused the archive with HTTP ${status}${said ? `: ${said}` : ''}.`, {
            status,
            retryable: (0,errors/* isRetryableStatus */.PS)(status),
            hint
        });
        if (error.retryable)
            return { retry: error };
        throw error;
    });
}
/** What a failed upload left behind, and what to do. */
function uploadHint(created) {
    const left = created
        ? 'The deployment was created empty, with nothing built: a re-run uploads the archive and builds it.'
        : 'Nothing was changed on the deployment: re-run the job.';
    return `${left} If this persists, report it to the control plane's operators.`;
}
/** A storage host's answer to a signed URL past its time: `ExpiredToken` (GCS), or a 4xx that says it expired. */
function expired(status, text) {
    return (status === 400 || status === 401 || status === 403) && /ExpiredToken|expired/i.test(text);
}
/**
 * Why a try failed, in words that never quote the request: @actions/http-client's stall
 * error names the URL's path and query, which hold the signature.
 */
function failureOf(error, idleMs) {
    if (error instanceof time_limit/* TimeLimitReached */.r_)
        return error.message;
    if (error instanceof IncompleteUpload)
        return error.message;
    const { code, message } = error;
    if (message?.startsWith('Request timeout'))
        return `nothing moved for ${(0,clock/* formatDuration */.a)(idleMs)}`;
    return code ?? 'the connection failed';
}
/** A try's limit: enough for the archive at a slow connection's speed, never past the step's deadline. */
function timeLimit(bytes, ctx) {
    const own = Math.max(MIN_UPLOAD_MS, Math.ceil(bytes / SLOWEST_BYTES_PER_MS));
    return Math.min(own, Math.max(MIN_REQUEST_MS, ctx.deadline - ctx.clock.now()));
}
/**
 * The signed URL is a credential for as long as it is valid: masked whole, and so are its
 * query string and signature, in case a host's error document quotes one of them alone.
 */
function maskSignedUrl(url) {
    (0,masking/* registerSecret */.cl)(url);
    try {
        const parsed = new URL(url);
        (0,masking/* registerSecret */.cl)(parsed.search.slice(1));
        for (const [name, value] of parsed.searchParams)
            if (/signature|sig$|token|credential/i.test(name))
                (0,masking/* registerSecret */.cl)(value);
    }
    catch {
        // Not a URL: refused by the caller, already masked whole.
    }
}


/***/ })

};

//# sourceMappingURL=172.index.js.map