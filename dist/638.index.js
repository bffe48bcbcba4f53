export const id = 638;
export const ids = [638];
export const modules = {

/***/ 3786:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h0: () => (/* binding */ signedUrlProblem),
/* harmony export */   hR: () => (/* binding */ MAX_UPLOAD_BYTES),
/* harmony export */   iy: () => (/* binding */ putToSignedUrl),
/* harmony export */   mK: () => (/* binding */ IncompleteUpload),
/* harmony export */   pH: () => (/* binding */ UploadTimeout)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9317);
/* harmony import */ var _core_loopback_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3782);
/* harmony import */ var _core_version_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3323);
/* harmony import */ var _abortable_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1018);





/** The most the upload host takes: the range header of every upload says so. */
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
/** What an upload host answers is read up to this much: an error document, never more. */
const ANSWER_LIMIT_BYTES = 64 * 1024;
/** The upload was given up on after its time limit. */
class UploadTimeout extends Error {
    ms;
    constructor(ms) {
        super(`no answer within ${ms} ms`);
        this.ms = ms;
    }
}
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
    if (parsed.protocol === 'https:')
        return undefined;
    if (parsed.protocol === 'http:' && (0,_core_loopback_js__WEBPACK_IMPORTED_MODULE_3__/* .isLoopbackHost */ .c)(parsed.hostname))
        return undefined;
    return `it is not https:// (${parsed.protocol}//${parsed.host})`;
}
/**
 * `PUT` of a file to a signed URL, through the same transport as the control plane's
 * requests (an abortable @actions/http-client request, redirects not followed, the answer
 * read linearly and capped), with its own credential rule: the signature in the URL is
 * the only credential. The headers are these three and nothing else, so no control-plane
 * credential (`X-Api-Key`, `Authorization`, `X-Tenant-Id`) can ever go to the upload host.
 * The file is streamed from disk. Ended by `limitMs` or `signal`, either aborting the
 * request and its socket. A 2xx counts only when the whole file went into the request:
 * a host that answers early has not taken the archive (IncompleteUpload).
 */
async function putToSignedUrl(url, body, options) {
    (0,_core_cancel_js__WEBPACK_IMPORTED_MODULE_1__/* .throwIfCancelled */ .dZ)(options.signal);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new UploadTimeout(options.limitMs)), options.limitMs);
    const onCancel = () => abort.abort(new _core_cancel_js__WEBPACK_IMPORTED_MODULE_1__/* .CancelledError */ .cc());
    options.signal?.addEventListener('abort', onCancel, { once: true });
    const headers = {
        'Content-Type': 'application/gzip',
        'Content-Length': String(body.bytes),
        'X-Goog-Content-Length-Range': `0,${MAX_UPLOAD_BYTES}`
    };
    const source = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.createReadStream)(body.file);
    let sent = 0;
    let ended = false;
    source.on('data', (chunk) => (sent += chunk.length));
    source.on('end', () => (ended = true));
    try {
        return await new Promise((resolve, reject) => {
            abort.signal.addEventListener('abort', () => reject(abort.signal.reason), { once: true });
            const work = async () => {
                const response = await (0,_abortable_js__WEBPACK_IMPORTED_MODULE_2__/* .abortableHttpClient */ .Q)(`${_core_version_js__WEBPACK_IMPORTED_MODULE_4__/* .ACTION_NAME */ .p}/${_core_version_js__WEBPACK_IMPORTED_MODULE_4__/* .ACTION_VERSION */ .Y}`, abort.signal, options.idleMs).request('PUT', url, source, headers);
                const text = await (0,_abortable_js__WEBPACK_IMPORTED_MODULE_2__/* .readResponse */ .U)(response, abort.signal, ANSWER_LIMIT_BYTES);
                const status = response.message.statusCode ?? 0;
                if (status >= 200 && status < 300 && (!ended || sent !== body.bytes))
                    throw new IncompleteUpload(sent, body.bytes);
                return { status, text };
            };
            work().then(resolve, reject);
        });
    }
    finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onCancel);
        source.destroy();
        if (!abort.signal.aborted)
            abort.abort();
    }
}


/***/ }),

/***/ 3638:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   uploadArchive: () => (/* binding */ uploadArchive)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7018);
/* harmony import */ var _api_signed_upload_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3786);
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9317);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2257);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4296);
/* harmony import */ var _core_masking_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(923);







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
    return (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .retrying */ .R$)({
        policy,
        clock: ctx.clock,
        deadline: ctx.deadline,
        signal: ctx.signal,
        random: ctx.random,
        announce: (error, waitMs, next) => ctx.log.warn(`${error.message} Trying again in ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(waitMs)} (attempt ${next} of ${policy.maxAttempts}).`)
    }, async () => {
        if (!target) {
            target = await ctx.client.requestUploadUrl(deploymentId);
            maskSignedUrl(target.upload_url);
            const problem = (0,_api_signed_upload_js__WEBPACK_IMPORTED_MODULE_2__/* .signedUrlProblem */ .h0)(target.upload_url);
            if (problem) {
                throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ('bad-response', `The control plane answered an upload URL that the archive may not go to: ${problem}.`, 'Check `control-plane-url`; report this to the control plane\'s operators if it persists.');
            }
            host = new URL(target.upload_url).host;
            ctx.log.info(`Uploading the archive (${archive.bytes} bytes) to ${host} (a signed URL, masked), to become \`${target.object_path}\`.`);
        }
        const { upload_url: url, object_path: objectPath } = target;
        let answer;
        try {
            answer = await (0,_api_signed_upload_js__WEBPACK_IMPORTED_MODULE_2__/* .putToSignedUrl */ .iy)(url, archive, { limitMs: timeLimit(archive.bytes, ctx), idleMs: ctx.idleMs, signal: ctx.signal });
        }
        catch (error) {
            if (error instanceof _core_cancel_js__WEBPACK_IMPORTED_MODULE_3__/* .CancelledError */ .cc)
                throw error;
            const why = failureOf(error, ctx.idleMs);
            return { retry: new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD('api-refused', `The upload to ${host} failed (${why}).`, { retryable: true, hint }) };
        }
        const { status, text } = answer;
        if (status >= 200 && status < 300)
            return { done: objectPath };
        if (status >= 300 && status < 400) {
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ('api-refused', `The upload host ${host} answered with a redirect (HTTP ${status}), which the action does not follow.`, hint);
        }
        if (expired(status, text)) {
            target = undefined;
            return { retry: new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD('api-refused', `The upload URL expired before the upload (HTTP ${status}); asking the control plane for a new one.`, { status, retryable: true, retryAfterMs: 0 }) };
        }
        const said = (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .excerpt */ .Kb)(text);
        const error = new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD('api-refused', `The upload host ${host} refused the archive with HTTP ${status}${said ? `: ${said}` : ''}.`, {
            status,
            retryable: (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isRetryableStatus */ .PS)(status),
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
    if (error instanceof _api_signed_upload_js__WEBPACK_IMPORTED_MODULE_2__/* .UploadTimeout */ .pH)
        return `no answer within ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(error.ms)}`;
    if (error instanceof _api_signed_upload_js__WEBPACK_IMPORTED_MODULE_2__/* .IncompleteUpload */ .mK)
        return error.message;
    const { code, message } = error;
    if (message?.startsWith('Request timeout'))
        return `nothing moved for ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(idleMs)}`;
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
    (0,_core_masking_js__WEBPACK_IMPORTED_MODULE_6__/* .registerSecret */ .cl)(url);
    try {
        const parsed = new URL(url);
        (0,_core_masking_js__WEBPACK_IMPORTED_MODULE_6__/* .registerSecret */ .cl)(parsed.search.slice(1));
        for (const [name, value] of parsed.searchParams)
            if (/signature|sig$|token|credential/i.test(name))
                (0,_core_masking_js__WEBPACK_IMPORTED_MODULE_6__/* .registerSecret */ .cl)(value);
    }
    catch {
        // Not a URL: refused by the caller, already masked whole.
    }
}


/***/ })

};

//# sourceMappingURL=638.index.js.map