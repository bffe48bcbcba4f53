export const id = 924;
export const ids = [924];
export const modules = {

/***/ 5877:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ ask)
/* harmony export */ });
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9317);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2257);
/* harmony import */ var _core_time_limit_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2164);
/* harmony import */ var _core_version_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3323);
/* harmony import */ var _abortable_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1018);
/* harmony import */ var _body_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3994);






/** One request to `endpoint` (its URL and every header of the caller's). Never throws but on cancellation. */
async function ask(endpoint, request) {
    // Real time unless the clock measures limits itself (a test's virtual clock): a request is real I/O.
    const limit = (0,_core_time_limit_js__WEBPACK_IMPORTED_MODULE_2__/* .startTimeLimit */ .r5)({ limitMs: request.limitMs, signal: request.signal, clock: request.clock });
    const started = {};
    try {
        return await send(endpoint, request, limit.signal, started);
    }
    catch (error) {
        if (request.signal?.aborted)
            throw new _core_cancel_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc();
        const status = started.status === undefined ? {} : { status: started.status };
        // Headers came and the body did not end: the server was working (keep-alives), it gave no result in time.
        if (limit.signal.aborted)
            return {
                answered: false,
                what: `no ${started.status === undefined ? 'answer' : 'result'} within ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(request.limitMs)}`,
                refused: false,
                timedOut: true,
                ...status
            };
        const code = error.code;
        return { answered: false, what: `no answer (${code ?? error.message})`, refused: code === 'ECONNREFUSED', ...status };
    }
    finally {
        limit.end();
    }
}
/**
 * One attempt through the control-plane client's transport (api/abortable.ts: @actions/http-client
 * with the runner's proxy settings, no redirect followed, aborted by `signal`), its body read by the
 * same capped reader. The attempt's own limit is also its idle limit: in real time the abort comes
 * first, so the socket's timeout only stands in for the one @actions/http-client would set itself.
 */
async function send(endpoint, request, signal, started) {
    const body = request.json === undefined ? null : JSON.stringify(request.json);
    const headers = {
        ...(request.maxBytes > 0 ? { Accept: 'application/json' } : {}),
        ...(body === null ? {} : { 'Content-Type': 'application/json' }),
        ...endpoint.headers
    };
    const client = (0,_abortable_js__WEBPACK_IMPORTED_MODULE_3__/* .abortableHttpClient */ .Qc)(`${_core_version_js__WEBPACK_IMPORTED_MODULE_5__/* .ACTION_NAME */ .p}/${_core_version_js__WEBPACK_IMPORTED_MODULE_5__/* .ACTION_VERSION */ .Y}`, signal, Math.max(1, request.limitMs));
    // A 3xx is an answer like any other: the client follows no redirect.
    const response = await client.request(request.method, endpoint.url, body, headers);
    const status = response.message.statusCode ?? 0;
    started.status = status;
    const header = (0,_abortable_js__WEBPACK_IMPORTED_MODULE_3__/* .retryAfterOf */ .sT)(response);
    const retryAfter = header === undefined ? {} : { retryAfter: header };
    if (request.maxBytes <= 0) {
        response.message.destroy();
        return { answered: true, status, ...retryAfter };
    }
    try {
        return { answered: true, status, body: await (0,_abortable_js__WEBPACK_IMPORTED_MODULE_3__/* .readResponse */ .Uk)(response, request.maxBytes), ...retryAfter };
    }
    catch (error) {
        // The body reader rejects with Errors only.
        if (signal.aborted)
            throw error;
        if (error instanceof _body_js__WEBPACK_IMPORTED_MODULE_4__/* .BodyTooLarge */ .KQ)
            return { answered: true, status, bodyProblem: `the answer was larger than ${(0,_body_js__WEBPACK_IMPORTED_MODULE_4__/* .formatBytes */ .z3)(request.maxBytes)}, so it was not read` };
        return { answered: true, status, bodyProblem: `the answer broke off (${error.message})` };
    }
}


/***/ }),

/***/ 8619:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ defineCommand)
/* harmony export */ });
/** Keeps a definition's input type, so the registry can pair it with its spec. */
function defineCommand(definition) {
    return definition;
}


/***/ }),

/***/ 7548:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Wv: () => (/* binding */ waitAfter),
/* harmony export */   gc: () => (/* binding */ waitToAskAgain),
/* harmony export */   sp: () => (/* binding */ MAX_ASKS)
/* harmony export */ });
/* harmony import */ var _cancel_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9317);

/** A hard stop besides the deadline, so that no clock mistake can make a loop endless. */
const MAX_ASKS = 200;
/** The wait before ask number `asked + 1`: 1 s, 2 s, 4 s, ... up to 10 s (a new revision often starts cold). */
function waitAfter(asked) {
    return Math.min(10_000, 1_000 * 2 ** (asked - 1));
}
/** Waits before asking again, if that leaves time before the stop's deadline; false when it does not (then nothing is waited). */
async function waitToAskAgain(stop, asked, ms = waitAfter(asked)) {
    if (stop.clock.now() + ms >= stop.deadline)
        return false;
    await (0,_cancel_js__WEBPACK_IMPORTED_MODULE_0__/* .sleepUnlessCancelled */ .xE)(stop.clock, ms, stop.signal);
    return true;
}


/***/ }),

/***/ 7673:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SMOKE_TEST_DEFAULT_TIMEOUT_MS: () => (/* binding */ SMOKE_TEST_DEFAULT_TIMEOUT_MS),
/* harmony export */   parseSmokeTest: () => (/* binding */ parseSmokeTest)
/* harmony export */ });
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5165);
/* harmony import */ var _core_mapping_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(305);


const SMOKE_TEST_DEFAULT_TIMEOUT_MS = 2 * 60_000;
const KEYS = ['assistant', 'input', 'expect', 'timeout'];
const EXAMPLE = 'e.g. `{"assistant": "agent", "input": {"messages": [{"role": "user", "content": "ping"}]}, "expect": "pong"}`';
/**
 * The `smoke-test` input: a YAML or JSON mapping. Problems name the key and the fix; values are
 * not repeated (an input may be built from secrets).
 */
async function parseSmokeTest(raw) {
    const { parseYaml } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(762)]).then(__webpack_require__.bind(__webpack_require__, 8762));
    let value;
    try {
        value = parseYaml(raw).value;
    }
    catch (error) {
        return { problems: [`${error.message}; write a mapping, ${EXAMPLE}`] };
    }
    if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_1__/* .isMapping */ .p)(value))
        return { problems: [`must be a YAML or JSON mapping with \`assistant\` and \`input\`, ${EXAMPLE}`] };
    const problems = [];
    for (const key of Object.keys(value)) {
        if (!KEYS.includes(key))
            problems.push(`${(0,_parsers_js__WEBPACK_IMPORTED_MODULE_0__/* .codeOrEmpty */ .KR)(key, 'an empty key')} is not a known key (known: ${KEYS.map((k) => `\`${k}\``).join(', ')})`);
    }
    const { assistant, input, expect } = value;
    if (assistant === undefined || assistant === null)
        problems.push('`assistant` is required: a graph id from the config (e.g. `agent`) or an assistant id');
    else if (typeof assistant !== 'string' || assistant.trim() === '' || /[\r\n]/.test(assistant))
        problems.push('`assistant` must be one line of text: a graph id from the config or an assistant id');
    if (input === undefined || input === null)
        problems.push('`input` is required: a mapping, the graph\'s input (e.g. `{"messages": [...]}`)');
    else if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_1__/* .isMapping */ .p)(input))
        problems.push('`input` must be a mapping (the graph\'s input, e.g. `{"messages": [...]}`), not a list or a single value');
    if (expect !== undefined && (typeof expect !== 'string' || expect === ''))
        problems.push('`expect` must be text the answer must contain; quote it if it looks like a number');
    let timeoutMs;
    const timeout = value.timeout;
    if (timeout !== undefined) {
        try {
            // A bare number is seconds, as `timeout` itself reads it.
            if (typeof timeout !== 'string' && typeof timeout !== 'number')
                throw new Error('must be a duration such as `90s` or `2m`');
            timeoutMs = (0,_parsers_js__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E9)(String(timeout));
        }
        catch (error) {
            problems.push(`\`timeout\` ${error.message.replace(/, got .*$/, '')}`);
        }
    }
    if (problems.length > 0)
        return { problems };
    return {
        data: {
            assistant: assistant,
            input: input,
            ...(expect !== undefined ? { expect: expect } : {}),
            ...(timeoutMs !== undefined ? { timeoutMs } : {})
        },
        problems
    };
}


/***/ }),

/***/ 320:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  P: () => (/* reexport */ ask/* ask */.k),
  R: () => (/* binding */ serverEndpoint)
});

// EXTERNAL MODULE: ./src/api/client.ts
var client = __webpack_require__(7085);
// EXTERNAL MODULE: ./src/core/loopback.ts
var loopback = __webpack_require__(3782);
;// CONCATENATED MODULE: ./src/operations/agent-server/health-url.ts

/**
 * The URL to check: the deployment's URL as the control plane reported it, plus `path`.
 * Refused (with the reason) unless the base is https:// (http:// only on loopback) with
 * no user name, and the joined URL kept the base's origin and path.
 *
 * `reportedUrl` must be the deployment's `url` field from the control plane, never an
 * input: the credential goes only where the control plane says the deployment is.
 */
function healthCheckTarget(reportedUrl, path) {
    if (!reportedUrl) {
        return { refused: 'the control plane reported no URL for this deployment, so there is nowhere the credential may be sent' };
    }
    let base;
    try {
        base = new URL(reportedUrl);
    }
    catch {
        return { refused: 'the URL the control plane reported for this deployment is not a valid URL' };
    }
    const where = `\`${base.protocol}//${base.host}\``;
    if (!(0,loopback/* isHttpsOrLoopbackHttp */.k)(base)) {
        return {
            refused: `the deployment's URL ${where} is not https:// (http:// is allowed only on loopback), and the credential must not travel unencrypted`
        };
    }
    if (base.username || base.password)
        return { refused: "the deployment's URL contains a user name or password" };
    const basePath = base.pathname.replace(/\/+$/, '');
    let joined;
    try {
        joined = new URL(`${base.origin}${basePath}${path}`);
    }
    catch {
        return { refused: `\`health-check-path\` does not make a valid URL with ${where}` };
    }
    // The input rules already prevent this; checked again on the URL actually requested.
    if (joined.origin !== base.origin || joined.username || joined.password || !joined.pathname.startsWith(`${basePath}/`)) {
        return { refused: `\`health-check-path\` would move the request away from ${where}${basePath}` };
    }
    return { url: joined.toString() };
}

// EXTERNAL MODULE: ./src/api/ask.ts
var ask = __webpack_require__(5877);
;// CONCATENATED MODULE: ./src/operations/agent-server/agent-server.ts


/**
 * The one way to talk to a deployed agent server (the health probe, `GET /info`,
 * `POST /runs/wait`), so that its trust rules hold for every request in one place:
 * - only the URL the control plane reported for this deployment, https:// (http:// on loopback
 *   only), with the path kept under it (health-url.ts);
 * - the credential header the control plane takes, and nothing else of ours;
 * - sent by the action's one requester (api/ask.ts): no redirect followed (the credential would
 *   go along to wherever it points), the body read capped, every attempt bounded in time and
 *   aborted when given up on, the runner's proxy settings.
 */
/** The requester (api/ask.ts), by the names its agent-server callers know it by. */

/** The deployment's reported URL plus `path`, with the control plane's credential; refused when the URL is not one it may travel to. */
function serverEndpoint(deployment, path, connection) {
    const target = healthCheckTarget(deployment.url, path);
    if ('refused' in target)
        return target;
    return { url: target.url, headers: (0,client/* credentialHeaders */.w0)(connection) };
}


/***/ }),

/***/ 1155:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U9: () => (/* binding */ GATE_NEEDS_COMPARISON),
/* harmony export */   cQ: () => (/* binding */ lookUpCompared),
/* harmony export */   iN: () => (/* binding */ passRateNote)
/* harmony export */ });
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9317);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _control_plane_find_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1064);



/**
 * The deployment `compare-with` names, by exact name; or why there is none to compare with. The
 * run and the dry run both ask, so a dry run finds a misspelt name before a real run's gate does.
 */
async function lookUpCompared(client, name, limits) {
    let found;
    try {
        found = await (0,_control_plane_find_js__WEBPACK_IMPORTED_MODULE_2__/* .findDeploymentByName */ .X0)(client, name, limits);
    }
    catch (error) {
        if (error instanceof _core_cancel_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc)
            throw error;
        return { why: `it could not be looked up (${(0,_core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)})` };
    }
    return found ? { found } : { why: 'no deployment has that name' };
}
/** The note a suite with `pass-rate: 0%` gets: such a gate passes whatever the agent answers. */
function passRateNote(passRate) {
    return passRate === 0
        ? '`evals`: `pass-rate: 0%` passes any result: the suite is only reported, not a gate on the answers (raise `pass-rate` to gate)'
        : undefined;
}
/** Why a suite that compares cannot be gated without the comparison: it set `max-regressions`. */
const GATE_NEEDS_COMPARISON = 'the suite sets `max-regressions`, a gate on the comparison, and the comparison it asks for cannot be made';


/***/ }),

/***/ 317:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ verdict)
/* harmony export */ });
/** The `evals` row of the checks table: evals.ts (the check, the dry run's plan) and evals-run.ts (the run) both make it. */
function verdict(status, detail, elapsedMs) {
    return { id: 'evals', label: 'Evals', status, detail, ...(elapsedMs === undefined ? {} : { elapsedMs }) };
}


/***/ }),

/***/ 1877:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ planEvals),
/* harmony export */   g: () => (/* binding */ evalsCheck)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_quoted_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(891);
/* harmony import */ var _evals_results_fields_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3388);
/* harmony import */ var _inputs_evals_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3046);
/* harmony import */ var _evals_compare_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1155);
/* harmony import */ var _evals_verdict_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(317);






/**
 * `evals`: a suite of runs sent to the deployed revision after DEPLOYED and the checks
 * before it, judged on the agent's output (evals/judge.ts). With `compare-with`, the same cases
 * go to that deployment too, side by side. The gate: the pass rate at least `pass-rate`, and
 * regressions (cases that pass there and fail here) at most `max-regressions`; a failed gate is
 * a failed check (`on-failure: rollback` applies). A suite that cannot run (no URL) fails the
 * step and rolls nothing back: nothing was found against the revision. The run is evals-run.ts.
 */
const evalsCheck = {
    id: 'evals',
    appliesTo: (ctx) => ctx.settings.verification.evals !== undefined,
    // Loaded only by a run that has a suite: a deploy without `evals` loads none of it.
    run: async (ctx) => (await __webpack_require__.e(/* import() */ 931).then(__webpack_require__.bind(__webpack_require__, 3931))).runEvals(ctx, ctx.settings.verification.evals),
    // After a failed smoke test: the row and the `eval-results` file say the suite was not run.
    notRun(ctx, why) {
        const suite = ctx.settings.verification.evals;
        let file;
        try {
            file = (0,_evals_results_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .writeNotRunResults */ .k1)(ctx.settings.verification.resultsDir, suite, why, {
                revisionId: ctx.revision.id,
                finishedAt: ctx.clock.now()
            });
        }
        catch (error) {
            ctx.log.warn(`\`evals\`: the results file (\`eval-results\`) could not be written: ${(0,_core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc)(error)}`);
        }
        ctx.recorder.evalsNotRun(why, file);
        ctx.log.info(`Evals: not run: ${why}.`);
        return (0,_evals_verdict_js__WEBPACK_IMPORTED_MODULE_4__/* .verdict */ .W)('not-checked', ['not run: ', ...(0,_core_quoted_js__WEBPACK_IMPORTED_MODULE_5__/* .quoted */ .TL)(why)]);
    }
};
/**
 * A dry run: the suite was read and checked with the other inputs (any problem refused the run
 * before this); it says how many runs it would send, and sends none. `compare-with`'s name is
 * looked up (a read), so a misspelt one is found now: with `max-regressions` the real run's gate
 * would fail on it.
 */
async function planEvals(suite, deps) {
    if (!suite)
        return;
    const { log, recorder } = deps;
    const runs = suite.cases.length * suite.repeat;
    const note = (0,_evals_compare_js__WEBPACK_IMPORTED_MODULE_3__/* .passRateNote */ .iN)(suite.passRate);
    if (note)
        log.warn(`${note}.`);
    const adaptive = suite.compareWith !== undefined && !suite.repeatGiven;
    let compare = '';
    if (suite.compareWith !== undefined) {
        const other = await (0,_evals_compare_js__WEBPACK_IMPORTED_MODULE_3__/* .lookUpCompared */ .cQ)(deps.client, suite.compareWith, deps);
        if ('why' in other) {
            const then = suite.regressionsGated
                ? `; the real run's gate would fail: ${_evals_compare_js__WEBPACK_IMPORTED_MODULE_3__/* .GATE_NEEDS_COMPARISON */ .U9}`
                : '; the real run would run the suite on this revision alone';
            log.warn(`\`evals\`: \`compare-with\` \`${suite.compareWith}\`: ${other.why}${then}.`);
            compare = `, and none to \`${suite.compareWith}\` (\`compare-with\`: ${other.why})`;
        }
        else {
            compare =
                `, and as many to \`${suite.compareWith}\` (\`compare-with\`)` +
                    (adaptive
                        ? `, then again on both sides for the cases whose sides disagree, up to ${suite.maxRepeat ?? _inputs_evals_js__WEBPACK_IMPORTED_MODULE_2__.GATE_DEFAULTS.maxRepeat} runs a side`
                        : '');
        }
    }
    const said = `the suite (${suite.from === 'inline' ? 'inline' : `\`${suite.from}\``}) is ` +
        `valid: ${suite.cases.length} case${plural(suite.cases.length)}; it would ` +
        `send ${runs} run${plural(runs)}${suite.repeat > 1 ? ` (x${suite.repeat}, \`repeat\`)` : ''}${compare}, real agent runs that ` +
        `cost money`;
    log.info(`Dry run: evals: ${said}. None was sent.`);
    recorder.checked((0,_evals_verdict_js__WEBPACK_IMPORTED_MODULE_4__/* .verdict */ .W)('not-checked', ['not run (dry run): ', ...(0,_core_quoted_js__WEBPACK_IMPORTED_MODULE_5__/* .quoted */ .TL)(said)]));
}
const plural = (n) => (n === 1 ? '' : 's');


/***/ }),

/***/ 10:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  M: () => (/* binding */ AFTER_DEPLOYED)
});

// EXTERNAL MODULE: ./src/operations/checks/evals.ts
var evals = __webpack_require__(1877);
// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/operations/agent-server/agent-server.ts + 1 modules
var agent_server = __webpack_require__(320);
;// CONCATENATED MODULE: ./src/operations/agent-server/health-check.ts



const ATTEMPT_LIMIT_MS = 10_000;
const BASE_MS = 1_000;
const CAP_MS = 10_000;
/** A hard stop besides the deadline, so no clock mistake can make the loop endless. */
const MAX_ATTEMPTS = 500;
/**
 * Requests `url` until it answers 2xx or the deadline comes. A new revision often
 * starts cold, so early failures are expected: each attempt is logged and the next
 * waits longer (1 s, 2 s, 4 s, ... up to 10 s). Every attempt has a time limit
 * (never past the deadline), and one given up on is aborted, its socket closed.
 */
async function checkHealth(options) {
    const { clock, deadline, signal, log, url } = options;
    const start = clock.now();
    let last = 'not checked: no time was left before the deadline';
    let attempts = 0;
    while (attempts < MAX_ATTEMPTS) {
        (0,cancel/* throwIfCancelled */.dZ)(signal);
        const remaining = deadline - clock.now();
        if (remaining <= 0)
            break;
        attempts++;
        const result = await attempt(url, options.headers, Math.min(options.attemptLimitMs ?? ATTEMPT_LIMIT_MS, remaining), signal);
        last = result.what;
        const elapsed = (0,core_clock/* formatDuration */.a)(clock.now() - start);
        if (result.healthy) {
            log(`Health check attempt ${attempts}: GET ${url} answered ${result.what} after ${elapsed}: healthy.`);
            return { healthy: true, url, attempts, elapsedMs: clock.now() - start, last };
        }
        const waitMs = Math.min(options.capMs ?? CAP_MS, (options.baseMs ?? BASE_MS) * 2 ** (attempts - 1));
        if (clock.now() + waitMs >= deadline) {
            log(`Health check attempt ${attempts}: GET ${url}: ${result.what} (${elapsed} since the first); no time left for another.`);
            break;
        }
        log(`Health check attempt ${attempts}: GET ${url}: ${result.what}; trying again in ${(0,core_clock/* formatDuration */.a)(waitMs)}.`);
        await (0,cancel/* sleepUnlessCancelled */.xE)(clock, waitMs, signal);
    }
    return { healthy: false, url, attempts, elapsedMs: clock.now() - start, last };
}
/** One GET whose status is the answer (the body means nothing here, and a hostile one could be endless). */
async function attempt(url, headers, limitMs, signal) {
    const answer = await (0,agent_server/* askServer */.P)({ url, headers }, { method: 'GET', limitMs, signal, maxBytes: 0 });
    if (!answer.answered)
        return { healthy: false, what: answer.what };
    const { status } = answer;
    if (status >= 200 && status < 300)
        return { healthy: true, what: `HTTP ${status}` };
    if (status >= 300 && status < 400)
        return { healthy: false, what: `HTTP ${status} (a redirect, not followed: the credential stays with the reported URL)` };
    return { healthy: false, what: `HTTP ${status}` };
}

// EXTERNAL MODULE: ./src/core/run-context.ts
var run_context = __webpack_require__(4448);
;// CONCATENATED MODULE: ./src/operations/agent-server/verify-health.ts





/**
 * The health check of a DEPLOYED revision: the deployment's reported URL plus the path,
 * until it answers 2xx. Each attempt goes to the log, the verdict to the recorder (so
 * the summary shows it). Returns the failure, not thrown: `health-check-failed` when the check
 * fails, `health-check-not-made` when the URL is not one the credential may go to (then no
 * request is made, and nothing is known about the revision's health); undefined when healthy.
 */
async function verifyHealth(options) {
    const { health, deployment, clock, log, recorder } = options;
    const target = (0,agent_server/* serverEndpoint */.R)(deployment, health.path, options.connection);
    if ('refused' in target) {
        recorder.health({ healthy: false, attempts: 0, elapsedMs: 0, last: `not made: ${target.refused}` });
        // Not a failed check: the revision may be healthy, so this must not trigger a rollback.
        return new errors/* ActionError */.lZ('health-check-not-made', `The health check of deployment \`${deployment.name}\` could not be made: ${target.refused}.`, 'The credential goes only to the https:// URL that the control plane reports for the deployment; without one, remove `health-check-path`.');
    }
    const start = clock.now();
    const ownLimit = start + health.timeoutMs;
    // The check's phase: `health-check-timeout` from now, or the step's deadline if that is sooner.
    const phase = run_context/* RunContext */.ZI.of(options).until(ownLimit);
    const { deadline } = phase;
    log.info(`Checking health: GET ${target.url} until it answers 2xx, for up to ${(0,core_clock/* formatDuration */.a)(deadline - start)}…`);
    const verdict = await checkHealth({
        url: target.url,
        headers: target.headers,
        ...phase.stop(),
        log: log.info
    });
    recorder.health(verdict);
    if (verdict.healthy)
        return undefined;
    const limit = options.deadline < ownLimit ? "the step's `timeout`" : '`health-check-timeout`';
    return new errors/* ActionError */.lZ('health-check-failed', `The health check failed: GET ${target.url} did not answer 2xx in ${verdict.attempts} attempt${verdict.attempts === 1 ? '' : 's'} ` +
        `over ${(0,core_clock/* formatDuration */.a)(verdict.elapsedMs)} (last: ${verdict.last}), and ${limit} allowed no more.`, 'Each attempt is in the log. A server that starts slowly needs a longer `health-check-timeout`; one that keeps failing needs a fix' +
        (options.suggestRollback ? ' (or `on-failure: rollback`, to serve the previous revision again automatically).' : '.'));
}

;// CONCATENATED MODULE: ./src/operations/checks/health.ts

/**
 * `health-check-path`: the deployment's URL answers 2xx. Keeps its own `health` fact and row
 * (verify-health.ts), so it returns no verdict; its failure is returned, for the list's loop to throw.
 */
const healthCheck = {
    id: 'health-check',
    appliesTo: (ctx) => ctx.settings.health !== undefined,
    async run(ctx) {
        const failure = await verifyHealth({ ...ctx, health: ctx.settings.health, suggestRollback: ctx.settings.suggestRollback });
        return failure ? { failure } : {};
    }
};

// EXTERNAL MODULE: ./src/core/back-off.ts
var back_off = __webpack_require__(7548);
// EXTERNAL MODULE: ./src/core/quoted.ts
var quoted = __webpack_require__(891);
;// CONCATENATED MODULE: ./src/operations/checks/serving-revision.ts







/** An `/info` answer is a few hundred bytes; anything near this is not one. */
const INFO_MAX_BYTES = 64 * 1024;
/** One ask's limit: a server that takes longer to say its revision is not answering. */
const ASK_LIMIT_MS = 10_000;
/** The most revisions read to place an id (one page, newest first): older ones cannot be serving a new deploy. */
const REVISIONS_READ = 100;
/** An id the server reports is shown up to this length: a hostile one could be a page long. */
const SHOWN_ID = 80;
/** Not `Serving revision`: after `on-failure: rollback` another revision serves, and the row is about the proof. */
const LABEL = 'Revision proof';
/**
 * `verify-revision`: after DEPLOYED (and the health check), the deployment's server is
 * asked which revision it runs (`GET <url>/info`, `host.host_revision_id`: never `host.revision_id`,
 * the server software's own build). Ours passes. Another revision of this deployment is evidence:
 * asked again with back-off while the switch may be rolling out, until `health-check-timeout`
 * (within the step's deadline), then the check fails (and `on-failure: rollback` applies). An
 * answer that proves nothing passes under `auto` with a note, and fails under `required`.
 */
const servingRevisionCheck = {
    id: 'verify-revision',
    appliesTo: (ctx) => ctx.settings.verification.verifyRevision !== 'off',
    run: proveServingRevision
};
async function proveServingRevision(ctx) {
    const { clock, log, recorder, revision } = ctx;
    const ours = revision.id;
    const endpoint = (0,agent_server/* serverEndpoint */.R)(ctx.deployment, '/info', ctx.connection);
    if ('refused' in endpoint)
        return notProven(ctx, endpoint.refused);
    const start = clock.now();
    // The proof's own phase: it ends at `health-check-timeout` from now, or at the step's deadline if that is sooner.
    const phase = run_context/* RunContext */.ZI.of(ctx).until(start + ctx.settings.verification.proofTimeoutMs);
    const { deadline } = phase;
    log.info(`Asking the deployment which revision it serves: GET ${endpoint.url}, expecting revision ${ours}…`);
    let known;
    let reading = { unsaid: 'no time was left before the deadline to ask', transient: false };
    let asked = 0;
    /** Another revision of this deployment the server named: evidence that a later answer saying nothing does not undo. */
    let other;
    while (asked < back_off/* MAX_ASKS */.sp && clock.now() < deadline) {
        asked++;
        const answer = await (0,agent_server/* askServer */.P)(endpoint, {
            method: 'GET',
            limitMs: Math.min(ASK_LIMIT_MS, deadline - clock.now()),
            signal: ctx.signal,
            maxBytes: INFO_MAX_BYTES
        });
        reading = readInfo(answer);
        if ('names' in reading) {
            if (reading.names === ours) {
                recorder.servingReported(ours);
                log.info(`${endpoint.url} names revision ${ours}, this run's: proven.`);
                return { verdict: verdict('passed', ['the server named ', { code: ours }, ", this run's revision"], clock.now() - start) };
            }
            if (reading.names !== recorder.factsNow.previousRevisionId && !(known ??= await revisionIdsOf(ctx))?.has(reading.names)) {
                const why = known
                    ? `the server names \`${(0,quoted/* quotable */.E7)(reading.names, SHOWN_ID)}\`, which is no revision of this deployment, so it cannot be compared`
                    : `the server names \`${(0,quoted/* quotable */.E7)(reading.names, SHOWN_ID)}\`, and this deployment's revisions could not be listed to place it`;
                return notProven(ctx, why, start);
            }
            other = reading.names;
            log.info(`Ask ${asked}: ${endpoint.url} names revision ${reading.names}, not ${ours}: the switch may still be rolling out; asking again in ${(0,core_clock/* formatDuration */.a)((0,back_off/* waitAfter */.Wv)(asked))}.`);
        }
        else if (reading.transient || other) {
            log.info(`Ask ${asked}: ${endpoint.url}: ${reading.unsaid}; asking again in ${(0,core_clock/* formatDuration */.a)((0,back_off/* waitAfter */.Wv)(asked))}.`);
        }
        else {
            return notProven(ctx, reading.unsaid, start);
        }
        if (!(await (0,back_off/* waitToAskAgain */.gc)(phase, asked)))
            break;
    }
    if (other === undefined)
        return notProven(ctx, 'unsaid' in reading ? reading.unsaid : 'no answer', start);
    recorder.servingReported(other);
    const over = (0,core_clock/* formatDuration */.a)(clock.now() - start);
    const limit = ctx.deadline < start + ctx.settings.verification.proofTimeoutMs ? "the step's `timeout`" : '`health-check-timeout`';
    return {
        verdict: verdict('failed', ['the server still named ', { code: other }, ", not this run's ", { code: ours }], clock.now() - start),
        failure: new errors/* ActionError */.lZ('check-failed', `The deployment's URL still serves revision ${other}, not this run's revision ${ours}: GET ${endpoint.url} named it ` +
            `in ${asked} ask${asked === 1 ? '' : 's'} over ${over}, and ${limit} allowed no more.`, 'Look at the deployment on the control plane: the new revision reached DEPLOYED but does not serve. ' +
            (ctx.settings.suggestRollback
                ? 'With `on-failure: rollback`, the revision that served before is put back.'
                : 'A switch that takes longer needs a longer `health-check-timeout`.'))
    };
}
/**
 * The ids of this deployment's revisions, newest first, one page: read once, and only when the
 * server names a revision other than ours and the one that served before this run (the usual
 * answer during a switch, known without a request).
 */
async function revisionIdsOf(ctx) {
    try {
        const page = await ctx.client.listRevisions(ctx.deployment.id, { limit: REVISIONS_READ, offset: 0 });
        return new Set(page.resources.map((r) => r.id));
    }
    catch (error) {
        // Without the list an id cannot be placed, and only evidence fails a deploy: not proven.
        if (error instanceof cancel/* CancelledError */.cc)
            throw error;
        ctx.log.info(`This deployment's revisions could not be listed to place the id the server named: ${error instanceof Error ? error.message : String(error)}`);
        return null;
    }
}
/** What an `/info` answer says, if anything. A refused connection or a 502/503/504 is a server not yet ready. */
function readInfo(answer) {
    if (!answer.answered)
        return { unsaid: `\`/info\` gave ${answer.what}`, transient: answer.refused };
    if (answer.status < 200 || answer.status > 299)
        return { unsaid: `\`/info\` answered HTTP ${answer.status}`, transient: [502, 503, 504].includes(answer.status) };
    if (answer.body === undefined)
        return { unsaid: `\`/info\`: ${answer.bodyProblem ?? 'no answer body'}`, transient: false };
    let info;
    try {
        info = JSON.parse(answer.body);
    }
    catch {
        return { unsaid: '`/info` did not answer JSON', transient: false };
    }
    const host = info?.host;
    if (typeof host !== 'object' || host === null)
        return {
            unsaid: '`/info` has no `host`: this server does not report its revision (a server run locally or self-hosted says nothing of a deployment)',
            transient: false
        };
    const id = host.host_revision_id;
    if (id === null)
        return { unsaid: '`/info` reports `host.host_revision_id` as null, as a self-hosted server does', transient: false };
    if (typeof id !== 'string' || id === '')
        return { unsaid: '`/info` has no `host.host_revision_id`', transient: false };
    return { names: id };
}
/** Not proven: noted under `auto` (the step passes), a failure under `required` (nothing was found against the revision: no rollback). */
function notProven(ctx, why, start) {
    const elapsedMs = start === undefined ? undefined : ctx.clock.now() - start;
    const required = ctx.settings.verification.verifyRevision === 'required';
    ctx.log.info(`The revision the deployment serves is not proven: ${why}.${required ? '' : ' (`verify-revision: auto`: the deploy goes on.)'}`);
    const detail = ['not proven, because ', ...(0,quoted/* quoted */.TL)(why)];
    if (!required)
        return { verdict: verdict('not-proven', detail, elapsedMs) };
    return {
        verdict: verdict('failed', detail, elapsedMs),
        failure: new errors/* ActionError */.lZ('check-not-proven', `The revision the deployment serves could not be proven (\`verify-revision: required\`): ${why}.`, "A server that does not report its revision (self-hosted, or run locally) cannot prove it: use `verify-revision: auto` for it. Otherwise check the deployment's URL and its `/info`.")
    };
}
function verdict(status, detail, elapsedMs) {
    return { id: 'verify-revision', label: LABEL, status, detail, ...(elapsedMs === undefined ? {} : { elapsedMs }) };
}

// EXTERNAL MODULE: ./src/inputs/smoke-test.ts
var smoke_test = __webpack_require__(7673);
// EXTERNAL MODULE: ./src/operations/evals/engine.ts + 1 modules
var engine = __webpack_require__(1366);
// EXTERNAL MODULE: ./src/inputs/checks/registry.ts + 4 modules
var registry = __webpack_require__(6564);
;// CONCATENATED MODULE: ./src/operations/checks/smoke-test.ts








/** What the summary shows of the answer, and what the error line quotes of it. */
const EXCERPT_CHARS = 1500;
const EXCERPT_LINES = 40;
const ERROR_EXCERPT_CHARS = 200;
/** What the summary's row quotes of the agent's words. */
const SAID_CHARS = 80;
const smoke_test_LABEL = 'Smoke test';
/**
 * `smoke-test`: one stateless run, `POST <url>/runs/wait`, after DEPLOYED and the checks
 * before it. A run can cost money, so it is sent again only when the server certainly did not take
 * it: a refused connection, a 502, 503 or 504 (not ready), or a 429 (after its `Retry-After`), within the smoke test's `timeout`.
 * Passes on a 2xx JSON answer without a top-level `__error__`, a final state that is not null, and
 * `expect` (when given) in the agent's output: what the run added, never the input it repeats
 * (evals/agent-output.ts). The summary quotes what the agent wrote, never `expect`.
 */
const smokeTestCheck = {
    id: 'smoke-test',
    appliesTo: (ctx) => ctx.settings.verification.smokeTest !== undefined,
    run: (ctx) => smokeTest(ctx, ctx.settings.verification.smokeTest)
};
async function smokeTest(ctx, test) {
    const { clock, log } = ctx;
    const endpoint = (0,agent_server/* serverEndpoint */.R)(ctx.deployment, '/runs/wait', ctx.connection);
    if ('refused' in endpoint) {
        return {
            verdict: smoke_test_verdict('failed', ['not sent: ', ...(0,quoted/* quoted */.TL)(endpoint.refused)]),
            // Nothing is known against the revision: not a reason to roll it back.
            failure: new errors/* ActionError */.lZ('check-not-proven', `The smoke test could not be sent: ${endpoint.refused}.`, 'The run goes only to the https:// URL the control plane reports for the deployment; without one, remove `smoke-test`.')
        };
    }
    const start = clock.now();
    // The one run's phase: its `timeout` from now, or the step's deadline if that is sooner.
    const phase = run_context/* RunContext */.ZI.of(ctx).until(start + (test.timeoutMs ?? smoke_test.SMOKE_TEST_DEFAULT_TIMEOUT_MS));
    const { deadline } = phase;
    log.info(`Smoke test: POST ${endpoint.url} with assistant \`${test.assistant}\`, for up to ${(0,core_clock/* formatDuration */.a)(deadline - start)}…`);
    // The suite's one-case form: the same engine as `evals`, one run.
    const [judged] = await (0,engine/* runSuite */.og)({
        cases: [
            {
                name: 'smoke test',
                assistant: test.assistant,
                input: test.input,
                // The registry's `contains`, named as the step names it.
                expect: (0,registry/* expectContaining */.i0)(test.expect === undefined ? [] : [test.expect], 'expect')
            }
        ],
        repeat: 1,
        concurrency: 1,
        timeoutMs: deadline - start,
        ...phase.stop(),
        deadlineIsTheRunsLimit: true,
        targets: [{ side: 'ours', name: ctx.deployment.name, endpoint }],
        logAttempt: (line) => log.info(line),
        labelOf: () => 'Smoke test',
        silentPasses: true
    });
    const elapsedMs = clock.now() - start;
    const took = (0,core_clock/* formatDuration */.a)(elapsedMs);
    const wrote = judged.output === undefined ? undefined : excerptOf(judged.output);
    const excerpt = wrote ?? (judged.shown === undefined ? undefined : excerptOf(judged.shown));
    if (judged.passed) {
        log.info(`Smoke test: assistant \`${test.assistant}\` answered HTTP ${judged.status} in ${took}: passed.`);
        // Quotes what the agent wrote, never `expect`: the summary says only what the agent said.
        const said = wrote === undefined ? [' answered, adding no text'] : [' wrote ', { code: (0,quoted/* quotable */.E7)(judged.output, SAID_CHARS) }];
        return { verdict: smoke_test_verdict('passed', ['assistant ', { code: test.assistant }, ...said], elapsedMs, wrote) };
    }
    const why = judged.failed[0];
    log.info(`Smoke test: assistant \`${test.assistant}\`: ${why} (after ${took}).`);
    const quote = excerpt ? ` ${wrote !== undefined ? 'It wrote' : 'It answered'}: ${oneLine(excerpt)}` : '';
    // The hint points at the excerpt only when one is shown.
    const look = excerpt ? `Look at what the agent ${wrote !== undefined ? 'wrote' : 'answered'} (shown below the facts), then fix` : 'Fix';
    const fix = judged.status === 404
        ? "Check `smoke-test`'s `assistant`: a graph id from the config (e.g. `agent`) or an assistant id of this deployment."
        : judged.status === undefined && /within/.test(why)
            ? 'Fix the graph if it hangs, or give `smoke-test` a longer `timeout` if the agent needs it.'
            : `${look} the graph, or \`smoke-test\` if it expects the wrong thing.`;
    return {
        verdict: smoke_test_verdict('failed', (0,quoted/* quoted */.TL)(why), elapsedMs, excerpt, wrote !== undefined),
        failure: new errors/* ActionError */.lZ('check-failed', `The smoke test failed: assistant \`${test.assistant}\` at POST ${endpoint.url}: ${why}.${quote}`, fix + (ctx.settings.suggestRollback ? ' With `on-failure: rollback`, the revision that served before is put back.' : ''))
    };
}
/** Text as people read it, cut short. Neutralised where it is shown. */
function excerptOf(text) {
    const lines = text.split('\n');
    const cut = lines.length > EXCERPT_LINES ? lines.slice(0, EXCERPT_LINES).join('\n') : text;
    return cut.length > EXCERPT_CHARS || cut !== text ? `${cut.slice(0, EXCERPT_CHARS)}\n… (cut short)` : cut;
}
/** The excerpt on one line for the error, without backticks (it is quoted in code spans there). */
function oneLine(excerpt) {
    const flat = excerpt.replace(/\s+/g, ' ').replace(/`/g, "'").trim();
    return flat.length > ERROR_EXCERPT_CHARS ? `${flat.slice(0, ERROR_EXCERPT_CHARS)}…` : flat;
}
function smoke_test_verdict(status, detail, elapsedMs, excerpt, agentWrote = true) {
    return {
        id: 'smoke-test',
        label: smoke_test_LABEL,
        status,
        detail,
        ...(elapsedMs === undefined ? {} : { elapsedMs }),
        ...(excerpt === undefined
            ? {}
            : { excerpt: { title: agentWrote ? 'What the agent wrote' : 'What the server answered', text: excerpt } })
    };
}

;// CONCATENATED MODULE: ./src/operations/checks/index.ts




/**
 * The checks every command that waits for a revision runs after DEPLOYED, in order: a command
 * puts its own first (deploy: the commit built). A new check is its module and one entry here.
 */
const AFTER_DEPLOYED = [healthCheck, servingRevisionCheck, smokeTestCheck, evals/* evalsCheck */.g];


/***/ }),

/***/ 3155:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ runChecks)
/* harmony export */ });
/**
 * Runs the checks in order: every verdict goes on record, and the first failure ends the list
 * and the step (a later check would prove nothing about a revision already found wanting). Each
 * check answers a cancel itself, as its requests and waits do.
 */
async function runChecks(checks, ctx) {
    let failed;
    for (const check of checks) {
        if (!check.appliesTo(ctx))
            continue;
        if (failed) {
            // Not run: a check that has a row for it says so (`evals` after a failed smoke test).
            const row = check.notRun?.(ctx, `the ${failed.label.toLowerCase()} failed first`);
            if (row)
                ctx.recorder.checked(row);
            continue;
        }
        const { verdict, failure } = await check.run(ctx);
        if (verdict)
            ctx.recorder.checked(verdict);
        if (failure)
            failed = { failure, label: verdict?.label ?? check.id };
    }
    if (failed)
        throw failed.failure;
}


/***/ }),

/***/ 4629:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  p: () => (/* binding */ POLL_ERROR_BUDGET),
  g: () => (/* binding */ pollUntil)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/core/statuses.ts
var statuses = __webpack_require__(2309);
;// CONCATENATED MODULE: ./src/operations/control-plane/poll-schedule.ts

const ADAPTIVE = {
    firstMs: 1_000,
    factor: 2,
    /** In the phase that ends in DEPLOYED. */
    finalPhaseCapMs: 6_000,
    /** Everywhere else, including statuses this action does not know. */
    capMs: 16_000
};
function adaptiveSchedule() {
    let intervalMs = ADAPTIVE.firstMs;
    return {
        next(status, changed) {
            intervalMs = changed ? ADAPTIVE.firstMs : intervalMs * ADAPTIVE.factor;
            const cap = (0,statuses/* isFinalPhase */.wW)(status) ? ADAPTIVE.finalPhaseCapMs : ADAPTIVE.capMs;
            return Math.min(intervalMs, cap);
        }
    };
}
/** `poll-interval`: the user's fixed interval, whatever the status. */
function fixedSchedule(intervalMs) {
    return { next: () => intervalMs };
}

;// CONCATENATED MODULE: ./src/operations/control-plane/poll.ts



/**
 * Status checks that may fail in a row (each already retried by the client) before
 * the action gives up: a control plane that blips during a 15-minute build should
 * not fail the deploy, one that is gone should not keep the job for its whole timeout.
 */
const POLL_ERROR_BUDGET = 3;
/**
 * Checks until `check` says done: on the poll schedule, within the deadline (the
 * last check falls on it), through up to POLL_ERROR_BUDGET failed checks in a row,
 * and stopping as soon as the run is cancelled. Shared by the wait for a revision
 * and the wait for a deleted deployment to go.
 */
async function pollUntil(options) {
    const { clock, deadline } = options;
    const schedule = options.pollIntervalMs === undefined ? adaptiveSchedule() : fixedSchedule(options.pollIntervalMs);
    let failures = 0;
    let lastError;
    let lastStatus = '';
    for (;;) {
        let changed = false;
        try {
            const outcome = await options.check();
            if ('done' in outcome)
                return outcome.done;
            failures = 0;
            lastError = undefined;
            changed = outcome.status !== lastStatus;
            lastStatus = outcome.status;
        }
        catch (error) {
            if (!(error instanceof errors/* ApiError */.hD) || !error.retryable)
                throw error;
            failures++;
            lastError = error;
            if (failures > POLL_ERROR_BUDGET)
                throw options.lostContact(error, failures);
            options.onFailure(error, failures);
        }
        const now = clock.now();
        if (now >= deadline)
            throw options.timedOut(lastError);
        // After a failed check, ask again as if nothing changed: the interval keeps growing.
        await (0,cancel/* sleepUnlessCancelled */.xE)(clock, Math.min(schedule.next(lastStatus, changed), deadline - now), options.signal);
    }
}


/***/ }),

/***/ 8833:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ redeploy)
/* harmony export */ });
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9317);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _apply_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7106);



/**
 * Makes `deployment` serve `target` again: the redeploy, sent once in effect, and the
 * new revision it made (the answer's `latest_revision_id`, or after a doubtful answer
 * the new revision that carries the target's settings), recorded as started. Shared by
 * `command: rollback` and a deploy's `on-failure: rollback`.
 */
async function redeploy(deployment, target, options) {
    const { recorder } = options;
    // No change is started once the workflow is cancelled.
    (0,_core_cancel_js__WEBPACK_IMPORTED_MODULE_0__/* .throwIfCancelled */ .dZ)(options.apply.signal);
    const applied = await (0,_apply_js__WEBPACK_IMPORTED_MODULE_2__/* .sendRecorded */ .B3)(recorder, 'redeploy', () => (0,_apply_js__WEBPACK_IMPORTED_MODULE_2__/* .redeployOnce */ .Ug)(deployment, target, options.apply));
    recorder.changed('rolled-back', applied.deployment);
    const newRevisionId = applied.revisionId;
    if (!newRevisionId || newRevisionId === deployment.latest_revision_id) {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('bad-response', `The control plane accepted the redeploy of revision ${target.id} but reported no new revision for deployment \`${deployment.name}\`.`, 'Check the deployment on the control plane; re-run the job once it shows the new revision.');
    }
    recorder.revisionStarted(newRevisionId);
    options.log.info(`Redeployed revision ${target.id} of deployment \`${deployment.name}\` as new revision ${newRevisionId}.`);
    return { deployment: applied.deployment, revisionId: newRevisionId };
}


/***/ }),

/***/ 8879:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EA: () => (/* binding */ lookUpTarget),
/* harmony export */   Op: () => (/* binding */ targetLabel)
/* harmony export */ });
/* unused harmony export resolveDeployment */
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _find_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1064);


/**
 * The deployment this run acts on, if it exists: by `deployment-id` (no lookup), else
 * by exact name. Returned in full (GET by id), since list items lack `source` and `status`.
 */
async function resolveDeployment(client, inputs, limits) {
    if (inputs.deploymentId) {
        const deployment = await client.getDeployment(inputs.deploymentId);
        if (inputs.name && deployment.name !== inputs.name) {
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ('bad-input', `\`deployment-id\` ${inputs.deploymentId} is deployment \`${deployment.name}\`, not \`${inputs.name}\` as \`name\` says.`, 'Fix `name` or `deployment-id` so that they agree, or set only one of them.');
        }
        return deployment;
    }
    const match = await (0,_find_js__WEBPACK_IMPORTED_MODULE_1__/* .findDeploymentByName */ .X0)(client, inputs.name, limits);
    if (!match)
        return undefined;
    return match.source !== undefined && match.status !== undefined ? match : client.getDeployment(match.id);
}
/** How messages name the target before it is found: its name as code, else its id. */
function targetLabel(target) {
    return target.name !== undefined ? `\`${target.name}\`` : String(target.deploymentId);
}
/**
 * The start every deployment command shares: record what it acts on, say so, resolve
 * it (see resolveDeployment) within the step's deadline, and record the deployment found.
 */
async function lookUpTarget(inputs, deps) {
    deps.recorder.target({ kind: 'deployment', name: inputs.name, id: inputs.deploymentId });
    deps.log.info(inputs.deploymentId ? `Reading deployment ${inputs.deploymentId}…` : `Looking up deployment \`${inputs.name}\`…`);
    const found = await resolveDeployment(deps.client, inputs, {
        clock: deps.run.clock,
        deadline: deps.run.deadline,
        timeoutMs: inputs.timeoutMs
    });
    if (found)
        deps.recorder.seen(found);
    return found;
}


/***/ }),

/***/ 3690:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  d: () => (/* binding */ watchSettings),
  w: () => (/* binding */ watchUntilDeployed)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/errors.ts
var core_errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/statuses.ts
var statuses = __webpack_require__(2309);
;// CONCATENATED MODULE: ./src/core/timeline.ts
class Timeline {
    startedAt;
    changes = [];
    lastSeenAt;
    constructor(startedAt) {
        this.startedAt = startedAt;
        this.lastSeenAt = startedAt;
    }
    /** Records a status seen at `at`; true when it differs from the last one. */
    observe(status, at) {
        this.lastSeenAt = at;
        const last = this.changes.at(-1);
        if (last?.status === status)
            return false;
        this.changes.push({ status, at });
        return true;
    }
    /** How long the current status has lasted, as far as polling has seen. */
    currentDuration() {
        const last = this.changes.at(-1);
        return last ? this.lastSeenAt - last.at : 0;
    }
    /**
     * Each status with how long it lasted. `until` ends the last one later than the last
     * poll: a run stopped by a cancel or its time-out saw that status last until then.
     */
    spans(until) {
        const end = Math.max(this.lastSeenAt, until ?? this.lastSeenAt);
        return this.changes.map((change, i) => ({
            status: change.status,
            startedAt: change.at - this.startedAt,
            durationMs: (this.changes[i + 1]?.at ?? end) - change.at
        }));
    }
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/api/client.ts
var client = __webpack_require__(7085);
// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
;// CONCATENATED MODULE: ./src/operations/control-plane/logs.ts






const PAGE_SIZE = 500;
/** Pages read per status check at most, so a chatty build cannot starve the status checks. */
const PAGES_PER_CHECK = 4;
/** Pages read when a phase is over, to print its end: bounded, but rarely reached. */
const PAGES_AT_PHASE_END = 40;
/** Failed reads in a row after which the action stops following (a failing revision's tail is still tried). */
const FAILURES_BEFORE_GIVING_UP = 2;
const FAILURE_TAIL_LINES = 50;
/**
 * Follows a revision's build and deploy logs while the action waits, printing only
 * lines not printed before, in one collapsible group per phase. Logs are a
 * courtesy: a control plane without the endpoint (404), or one that fails or sends
 * odd entries, costs a debug line, never the deploy.
 */
class LogFollower {
    client;
    ids;
    sink;
    timing;
    /** Per log: where to resume; null once the phase has ended and every line was read. */
    cursors = {};
    openGroup;
    unavailable = false;
    failuresInARow = 0;
    constructor(client, ids, sink, 
    /** Log reads stop this close to the deadline: status checks come first. */
    timing) {
        this.client = client;
        this.ids = ids;
        this.sink = sink;
        this.timing = timing;
    }
    /**
     * Before a new status's line: every phase that is now over gets its last lines,
     * also one that came and went between two checks, and its group is closed.
     */
    async leaving(status) {
        for (const phase of (0,statuses/* phasesOverAt */.GZ)(status)) {
            if (this.cursors[phase] !== null)
                await this.readNew(phase, PAGES_AT_PHASE_END);
        }
        if (this.openGroup && (0,statuses/* phaseOf */.hU)(status) !== this.openGroup)
            this.close();
    }
    /** After each status check: print what the current phase logged since the last one. */
    async follow(status) {
        const phase = (0,statuses/* phaseOf */.hU)(status);
        if (phase)
            await this.readNew(phase, PAGES_PER_CHECK);
    }
    close() {
        if (this.openGroup)
            this.sink.endGroup();
        this.openGroup = undefined;
    }
    /** The last lines of a log, oldest first, for a failed revision. */
    async tail(type, count = FAILURE_TAIL_LINES) {
        this.failuresInARow = 0;
        const page = await this.read(type, { order: 'desc', limit: count });
        // An entry can hold several lines: keep the last `count` lines, not entries.
        return (page?.logs ?? []).reverse().flatMap(formatLogEntry).slice(-count);
    }
    async readNew(phase, maxPages) {
        for (let i = 0; i < maxPages; i++) {
            const cursor = this.cursors[phase];
            if (cursor === null)
                return;
            const page = await this.read(phase, { limit: PAGE_SIZE, offset: cursor });
            if (!page)
                return;
            const lines = (page.logs ?? []).flatMap(formatLogEntry);
            if (lines.length > 0)
                this.print(phase, lines);
            // Keep the old cursor when the server sends none for a phase still running.
            if (page.next_offset !== undefined)
                this.cursors[phase] = page.next_offset;
            if ((page.logs?.length ?? 0) < PAGE_SIZE)
                return;
        }
    }
    print(phase, lines) {
        if (this.openGroup !== phase) {
            this.close();
            this.sink.startGroup(`${phase === 'build' ? 'Build' : 'Deploy'} log of revision ${this.ids.revisionId}`);
            this.openGroup = phase;
        }
        printVerbatim(this.sink, lines);
    }
    async read(type, query) {
        if (this.unavailable || this.failuresInARow >= FAILURES_BEFORE_GIVING_UP)
            return undefined;
        if (this.timing.clock.now() + client/* LOGS_TIME_LIMIT_MS */.Nv > this.timing.deadline)
            return undefined;
        try {
            const page = await this.client.getRevisionLogs(this.ids.deploymentId, this.ids.revisionId, { type, ...query });
            this.failuresInARow = 0;
            return page;
        }
        catch (error) {
            if (!(error instanceof errors/* ApiError */.hD))
                throw error;
            if ((0,errors/* isNotFound */.c4)(error)) {
                this.unavailable = true;
                this.sink.debug('The control plane does not serve revision logs (404); not following them.');
            }
            else if (++this.failuresInARow >= FAILURES_BEFORE_GIVING_UP) {
                this.sink.debug(`Could not read the ${type} log (${(0,core_errors/* firstLine */.TM)(error)}); not following logs any more.`);
            }
            else {
                this.sink.debug(`Could not read the ${type} log (${(0,core_errors/* firstLine */.TM)(error)}); trying again at the next check.`);
            }
            return undefined;
        }
    }
}
/**
 * Prints text that came from the server with workflow commands switched off, so a
 * build that prints `::set-output` or `::add-mask::` cannot command the runner.
 */
function printVerbatim(sink, lines) {
    const token = (0,external_node_crypto_.randomUUID)();
    // Through their own method: a sink without one gets them as ordinary lines (neutralised, if it neutralises).
    const marker = (line) => (sink.commandsToken ? sink.commandsToken(line) : sink.info(line));
    marker(`::stop-commands::${token}`);
    for (const line of lines)
        sink.info((0,masking/* redact */.E$)(line));
    marker(`::${token}::`);
}
/** One entry as text lines, whatever its shape: a string, `{timestamp, level, message}`, or JSON. */
function formatLogEntry(entry) {
    let text;
    if (typeof entry === 'string') {
        text = entry;
    }
    else if (entry !== null && typeof entry === 'object') {
        const fields = entry;
        const message = [fields.message, fields.msg, fields.text, fields.log, fields.line].find((v) => typeof v === 'string');
        if (typeof message === 'string') {
            const timestamp = typeof fields.timestamp === 'string' ? fields.timestamp : undefined;
            const level = typeof fields.level === 'string' ? fields.level : undefined;
            text = [timestamp, level, message].filter(Boolean).join(' ');
        }
        else {
            text = JSON.stringify(entry);
        }
    }
    else {
        text = String(entry);
    }
    return text.split(/\r?\n/);
}

// EXTERNAL MODULE: ./src/operations/control-plane/poll.ts + 1 modules
var poll = __webpack_require__(4629);
;// CONCATENATED MODULE: ./src/operations/control-plane/revision-wait.ts




/** The log line for a status change. */
function statusLine(revisionId, status, elapsedMs) {
    return `Revision ${revisionId}: ${status} (after ${(0,core_clock/* formatDuration */.a)(elapsedMs)})`;
}
/**
 * Polls the revision until it is DEPLOYED. A failed or skipped revision and the time limit
 * are errors that say where it stood; INTERRUPTED, UNKNOWN and unlisted statuses keep waiting.
 */
async function waitForRevision(options) {
    const { clock, timeline, revisionId } = options;
    const warned = new Set();
    let last;
    return (0,poll/* pollUntil */.g)({
        deadline: options.deadline,
        pollIntervalMs: options.pollIntervalMs,
        clock,
        signal: options.signal,
        check: async () => {
            const revision = await options.client.getRevision(options.deploymentId, revisionId);
            const now = clock.now();
            last = revision;
            if (timeline.observe(revision.status, now))
                await options.progress.changed(revision, now - timeline.startedAt);
            await options.progress.checked(revision);
            const verdict = (0,statuses/* classify */.L8)(revision.status);
            if (verdict === 'deployed')
                return { done: revision };
            if (verdict === 'failed')
                throw revisionFailed(options, revision);
            if (verdict === 'unrecognised' && !warned.has(revision.status)) {
                warned.add(revision.status);
                options.warn(`Revision ${revisionId} has status \`${revision.status}\`, which this action does not know; waiting for it to change.`);
            }
            return { status: revision.status };
        },
        onFailure: (error, failures) => options.warn(`Status check failed (${(0,core_errors/* firstLine */.TM)(error)}); checking again (${failures} of ${poll/* POLL_ERROR_BUDGET */.p} failures allowed in a row).`),
        lostContact: (error, failures) => lostContact(options, error, failures, last),
        timedOut: (lastError) => timedOut(options, last, lastError)
    });
}
function lostContact(options, error, failures, last) {
    const where = last ? ` It was last seen ${last.status}.` : '';
    return new core_errors/* ActionError */.lZ('api-refused', `Lost contact with the control plane while waiting for revision ${options.revisionId} of deployment \`${options.deploymentName}\`: ` +
        `${failures} status checks in a row failed, the last with: ${error.message}${where}`, 'The revision goes on on the control plane; follow it there, and re-run the job once the control plane answers again.');
}
function revisionFailed(options, revision) {
    const failure = (0,statuses/* failureOf */.g5)(revision.status);
    const message = revision.status_message ? `: ${revision.status_message}` : '';
    return new core_errors/* ActionError */.lZ('revision-failed', `Revision ${revision.id} of deployment \`${options.deploymentName}\` ${failure.what} (status ${revision.status})${message}`, failure.todo);
}
function timedOut(options, revision, lastError) {
    const { timeline } = options;
    const where = revision
        ? `it has been ${revision.status} for ${(0,core_clock/* formatDuration */.a)(timeline.currentDuration())}.`
        : 'its status could not be read.';
    const failed = lastError ? ` The last status check failed: ${lastError.message}` : '';
    return new core_errors/* ActionError */.lZ('timed-out', `Timed out after ${(0,core_clock/* formatDuration */.a)(options.timeoutMs)} waiting for revision ${options.revisionId} of deployment \`${options.deploymentName}\`: ${where}${failed}`, 'The revision goes on on the control plane; follow it there, or raise `timeout` if it usually takes this long.');
}

;// CONCATENATED MODULE: ./src/operations/control-plane/watch-revision.ts







/** How a command's inputs say to watch: `timeout`, `poll-interval`, `show-logs`. */
function watchSettings(inputs) {
    return { timeoutMs: inputs.timeoutMs, pollIntervalMs: inputs.pollIntervalMs, showLogs: inputs.showLogs };
}
/**
 * Watches a revision until it is DEPLOYED: polls it, follows its build and deploy
 * logs, keeps its timeline, and on failure shows (and records) the end of the failing
 * phase's log before rethrowing. Then re-reads the deployment for its status and URL
 * and warns if another revision now serves. Deploy and rollback call it.
 * Returns the revision as last read, DEPLOYED, and the deployment as re-read then (absent
 * when that read failed): the caller passes them on rather than reading them back from the recorder.
 */
async function watchUntilDeployed(options) {
    const { client, clock, log, recorder, deployment, revisionId } = options;
    const timeline = new Timeline(clock.now());
    recorder.watch(timeline);
    log.info(
    // The step's `timeout` as given: the time left (29m 59s after the lookup) reads like a different setting.
    `Waiting for revision ${revisionId} to be DEPLOYED, within the step's \`timeout\` of ${(0,core_clock/* formatDuration */.a)(options.timeoutMs)}` +
        (options.pollIntervalMs ? ` (checking every ${(0,core_clock/* formatDuration */.a)(options.pollIntervalMs)})…` : '…'));
    const logs = options.showLogs
        ? new LogFollower(client, { deploymentId: deployment.id, revisionId }, log, { clock, deadline: options.deadline })
        : undefined;
    let last;
    let revision;
    try {
        revision = await waitForRevision({
            client,
            deploymentId: deployment.id,
            deploymentName: deployment.name,
            revisionId,
            timeoutMs: options.timeoutMs,
            deadline: options.deadline,
            pollIntervalMs: options.pollIntervalMs,
            clock,
            signal: options.signal,
            timeline,
            warn: log.warn,
            progress: {
                changed: async (r, elapsedMs) => {
                    await logs?.leaving(r.status);
                    log.info(statusLine(revisionId, r.status, elapsedMs));
                    const note = (0,statuses/* waitNoteOf */.fB)(r.status);
                    if (note)
                        log.info(`Revision ${revisionId} was ${note}.`);
                },
                checked: async (r) => {
                    last = r;
                    recorder.revisionSeen(r);
                    await logs?.follow(r.status);
                }
            }
        });
    }
    catch (error) {
        logs?.close();
        if (logs && error instanceof core_errors/* ActionError */.lZ && error.kind === 'revision-failed' && last) {
            await showFailureLog(logs, last, recorder, log);
        }
        throw error;
    }
    logs?.close();
    log.info(`Revision ${revisionId} is DEPLOYED after ${(0,core_clock/* formatDuration */.a)(clock.now() - timeline.startedAt)}.`);
    // Re-read for the deployment's status and URL, and to check that this revision is
    // the one serving: a newer deploy may have overtaken it while it finished. The
    // revision is deployed either way, so a failed re-read costs a warning, not the step.
    const current = await client.getDeployment(deployment.id).catch((error) => {
        if (!(error instanceof errors/* ApiError */.hD) || !error.retryable)
            throw error;
        log.warn(`Could not re-read deployment \`${deployment.name}\` after the deploy (${(0,core_errors/* firstLine */.TM)(error)}); its status and URL below may be out of date.`);
        return undefined;
    });
    if (!current)
        return { revision };
    recorder.seen(current);
    if (current.active_revision_id && current.active_revision_id !== revision.id) {
        log.warn(`Revision ${revision.id} reached DEPLOYED, but the deployment now serves revision ${current.active_revision_id} (a newer deploy?).`);
    }
    return { revision, deployment: current };
}
/** The end of the failing phase's log, right above the error, and for the summary. */
async function showFailureLog(logs, revision, recorder, log) {
    const type = (0,statuses/* failedPhaseOf */.yB)(revision.status);
    if (!type)
        return;
    const lines = await logs.tail(type);
    if (lines.length === 0)
        return;
    recorder.failureLog(type, lines);
    log.info(`Last ${lines.length} lines of the ${type} log of revision ${revision.id}:`);
    printVerbatim(log, lines);
}


/***/ }),

/***/ 2041:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ agentOutput),
/* harmony export */   m: () => (/* binding */ lastSentText)
/* harmony export */ });
/* harmony import */ var _core_mapping_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(305);
/* harmony import */ var _core_json_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9756);


function agentOutput(input, state) {
    if ((0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(state) && Array.isArray(state.messages)) {
        const added = notSent(sentMessages(input.messages), state.messages);
        return {
            text: added
                .map(messageText)
                .filter((t) => t !== '')
                .join('\n'),
            added: added.length
        };
    }
    if ((0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(state)) {
        const changed = Object.keys(state).filter((key) => !(0,_core_json_values_js__WEBPACK_IMPORTED_MODULE_1__/* .sameJson */ .V)(state[key], input[key]));
        return {
            text: changed
                .map((key) => (0,_core_json_values_js__WEBPACK_IMPORTED_MODULE_1__/* .valueText */ .R)(state[key]))
                .filter((t) => t !== '')
                .join('\n'),
            added: changed.length
        };
    }
    // A state that is not a mapping (a graph may return a bare value): new unless it is the input.
    if ((0,_core_json_values_js__WEBPACK_IMPORTED_MODULE_1__/* .sameJson */ .V)(state, input))
        return { text: '', added: 0 };
    return { text: (0,_core_json_values_js__WEBPACK_IMPORTED_MODULE_1__/* .valueText */ .R)(state), added: 1 };
}
/** The text of the last message the input sends (the question, in a conversation); '' when it sends none with text. */
function lastSentText(input) {
    return messageText(sentMessages(input.messages).at(-1));
}
/** The input's messages: a list, or a bare message (a string, or one mapping), which the server takes as one. */
function sentMessages(messages) {
    if (Array.isArray(messages))
        return messages;
    return messages === undefined || messages === null ? [] : [messages];
}
/** The state's messages that none of the input's stands for: each input message is matched once, by `id`, else by role and text. */
function notSent(sent, state) {
    const unmatched = sent.map((message) => ({ id: idOf(message), role: roleOf(message), text: messageText(message) }));
    const take = (found) => {
        if (found < 0)
            return false;
        unmatched.splice(found, 1);
        return true;
    };
    return state.filter((message) => {
        const id = idOf(message);
        if (id !== undefined && take(unmatched.findIndex((m) => m.id === id)))
            return false;
        const role = roleOf(message);
        const text = messageText(message);
        return !take(unmatched.findIndex((m) => m.role === role && m.text === text));
    });
}
function idOf(message) {
    return (0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(message) && typeof message.id === 'string' && message.id !== '' ? message.id : undefined;
}
/** A LangChain message's role as the server stores it (`type`), whichever way it was written (`role: user` is `human`). */
const ROLES = { user: 'human', human: 'human', assistant: 'ai', ai: 'ai', system: 'system', tool: 'tool' };
function roleOf(message) {
    // `["user", "Say pong."]`: a message as a (role, content) pair, which LangChain takes too.
    if (isPair(message))
        return ROLES[message[0]] ?? message[0];
    if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(message))
        return 'human';
    const said = typeof message.type === 'string' ? message.type : typeof message.role === 'string' ? message.role : 'human';
    return ROLES[said] ?? said;
}
function isPair(message) {
    return Array.isArray(message) && message.length === 2 && typeof message[0] === 'string';
}
/** A message's text content: `content` as a string, or the text of its parts (`{"type": "text", "text": ...}` or strings). */
function messageText(message) {
    if (typeof message === 'string')
        return message;
    if (isPair(message))
        return messageText({ content: message[1] });
    if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(message))
        return '';
    const { content } = message;
    if (typeof content === 'string')
        return content;
    if (Array.isArray(content)) {
        return content
            .map((part) => (typeof part === 'string' ? part : (0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(part) && typeof part.text === 'string' ? part.text : ''))
            .filter((t) => t !== '')
            .join('\n');
    }
    return '';
}


/***/ }),

/***/ 1366:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Ag: () => (/* binding */ runJobs),
  og: () => (/* binding */ runSuite)
});

// UNUSED EXPORTS: ANSWER_MAX_BYTES, KEPT_CHARS, NOT_RUN, sendRun

// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/operations/agent-server/agent-server.ts + 1 modules
var agent_server = __webpack_require__(320);
// EXTERNAL MODULE: ./src/api/retry.ts
var retry = __webpack_require__(7018);
// EXTERNAL MODULE: ./src/core/back-off.ts
var back_off = __webpack_require__(7548);
// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
// EXTERNAL MODULE: ./src/core/quoted.ts
var quoted = __webpack_require__(891);
// EXTERNAL MODULE: ./src/inputs/checks/registry.ts + 4 modules
var registry = __webpack_require__(6564);
// EXTERNAL MODULE: ./src/core/mapping.ts
var mapping = __webpack_require__(305);
// EXTERNAL MODULE: ./src/operations/evals/agent-output.ts
var agent_output = __webpack_require__(2041);
;// CONCATENATED MODULE: ./src/operations/evals/judge.ts





/** A server's text inside our sentence, between backticks: one line, shortened. */
const quote = (text, max = 60) => `\`${(0,quoted/* quotable */.E7)((0,masking/* redact */.E$)(text), max)}\``;
/**
 * Judges one run's answer by the agent's output, never its input: a run passes when the answer is
 * 2xx, JSON (after the keep-alive whitespace the server streams while the run works, whatever
 * its content type), with no top-level `__error__`, a non-null final state, an output (the run
 * added something), and every check of `expect` holds (each judged by its kind: inputs/checks/).
 * A run that added nothing fails every check given, whatever it is (`not-contains`, `value`,
 * `max-duration` too): a silent agent must never pass for one that answered well.
 */
async function judgeRun(answer, input, expect, durationMs, options = {}) {
    if (!answer.answered)
        return failed([answer.what], answer.status);
    const raw = answer.body;
    const start = raw === undefined ? undefined : shownOf(raw);
    if (answer.status === 404)
        return failed(['HTTP 404: the server knows no such assistant (or no agent server answers at this URL)'], answer.status, start);
    if (answer.status < 200 || answer.status > 299)
        return failed([`HTTP ${answer.status}`], answer.status, start);
    if (raw === undefined)
        return failed([answer.bodyProblem ?? 'the answer had no body'], answer.status);
    let state;
    try {
        // JSON.parse skips the leading whitespace (the keep-alives).
        state = JSON.parse(raw);
    }
    catch {
        return failed(['the answer is not JSON'], answer.status, start);
    }
    // Every reader below walks the state recursively: an answer nested deeper than any state a graph
    // returns (under the 1 MiB cap, 200,000 levels fit) would overflow the stack and end the suite.
    if (nestedDeeperThan(state, MAX_NESTING))
        return failed([`the answer is nested more than ${MAX_NESTING} levels deep: no graph's state is; not read`], answer.status);
    if ((0,mapping/* isMapping */.p)(state) && '__error__' in state)
        return failed([`the run failed (\`__error__\`)${runError(state.__error__)}`], answer.status, start);
    if (state === null)
        return failed(['the final state is `null`: the graph returned nothing'], answer.status);
    const output = (0,agent_output/* agentOutput */.f)(input, state);
    const text = (0,masking/* redact */.E$)(output.text);
    const shown = text === '' ? undefined : text;
    if (output.added === 0 && !(options.silentPasses && expect.checks.length === 0)) {
        const keys = [...new Set(expect.checks.map((check) => check.key))];
        const why = keys.length === 0
            ? ['the run added no output (the final state holds only the input): a case with no `expect` still needs an answer']
            : keys.map((key) => `\`${key}\`: the run added no output`);
        return failed(why, answer.status, start);
    }
    const seen = { text: output.text, state, durationMs, timeLeftMs: options.timeLeftMs ?? Infinity, signal: options.signal };
    const checks = [];
    for (const check of expect.checks) {
        const failure = await (0,registry/* judgeCheck */.GE)(check, seen);
        if (failure !== undefined)
            checks.push(failure);
    }
    return { passed: checks.length === 0, failed: checks, status: answer.status, ...(shown === undefined ? {} : { output: shown }) };
}
/** Deeper than any agent state (a message's content parts are a few levels): past it, an answer is not read. */
const MAX_NESTING = 256;
/** Whether a parsed JSON value nests lists and mappings deeper than `limit`: a walk with its own stack, so it cannot overflow. */
function nestedDeeperThan(value, limit) {
    const stack = [[value, 0]];
    while (stack.length > 0) {
        const [here, depth] = stack.pop();
        if (typeof here !== 'object' || here === null)
            continue;
        if (depth >= limit)
            return true;
        for (const child of Array.isArray(here) ? here : Object.values(here))
            stack.push([child, depth + 1]);
    }
    return false;
}
function failed(why, status, shown) {
    return { passed: false, failed: why, ...(status === undefined ? {} : { status }), ...(shown ? { shown } : {}) };
}
/** `: <error>: <message>` from the server's `__error__`, shortened, as code (it is the server's text). */
function runError(error) {
    const part = (v) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
    let name = part(error?.error);
    let message = part(error?.message);
    // The JS server sends the real error inside `message`, as a JSON string: `{"error": ..., "message": ...}`.
    const inner = message?.trim().startsWith('{') ? parsedOrUndefined(message) : undefined;
    if ((0,mapping/* isMapping */.p)(inner) && (typeof inner.error === 'string' || typeof inner.message === 'string')) {
        name = part(inner.error) ?? name;
        message = part(inner.message);
    }
    const said = [name, message].filter(Boolean).join(': ');
    return said ? `: ${quote(said, 120)}` : '';
}
function parsedOrUndefined(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** An answer as people read it (indented JSON when it is JSON), its secrets redacted, cut at 4 KiB. */
function shownOf(body) {
    let text;
    try {
        text = JSON.stringify(redactStrings(JSON.parse(body)), null, 2);
    }
    catch {
        // Not JSON (or nested past what can be walked): shown as sent, its secrets redacted.
        text = (0,masking/* redact */.E$)(body.trim());
    }
    return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}
const SHOWN_CHARS = 4096;
/**
 * Every string of a parsed answer (keys too) with the run's secrets replaced, before it is
 * re-serialised and cut: JSON escaping (`"` and `\\` in a secret) or a cut through a secret
 * would otherwise hide it from redaction.
 */
function redactStrings(value) {
    if (typeof value === 'string')
        return (0,masking/* redact */.E$)(value);
    if (Array.isArray(value))
        return value.map(redactStrings);
    if ((0,mapping/* isMapping */.p)(value))
        return Object.fromEntries(Object.entries(value).map(([key, v]) => [(0,masking/* redact */.E$)(key), redactStrings(v)]));
    return value;
}

;// CONCATENATED MODULE: ./src/operations/evals/engine.ts






/** A run's final state may be large (a conversation); more than this is not read. */
const ANSWER_MAX_BYTES = 1024 * 1024;
const NOT_RUN = "not run: the suite's time limit";
/**
 * Sends every case's runs, `repeat` of each, to every target, with at most `concurrency` in
 * flight. Runs are queued case by case and, within a case, target by target, so a case's runs
 * to this revision and to the compared deployment go out side by side: both see the same minute.
 * Once the suite's deadline passes no run is sent; those left are recorded as not run.
 */
async function runSuite(suite) {
    const jobs = [];
    suite.cases.forEach((_, caseIndex) => {
        for (let repeat = 1; repeat <= suite.repeat; repeat++)
            jobs.push({ caseIndex, repeat });
    });
    return runJobs(suite, jobs);
}
/**
 * Sends the given runs of cases (`repeat` numbers each run), each to every target side by side,
 * at most `concurrency` in flight: one batch of adaptive runs (evals/adaptive.ts), or the whole
 * fixed suite. Records come back in the order of the jobs, each job's targets in order.
 */
async function runJobs(suite, jobs) {
    const queue = [];
    for (const { caseIndex, repeat } of jobs)
        for (const target of suite.targets)
            queue.push({ caseIndex, repeat, target });
    const records = new Array(queue.length);
    let next = 0;
    const worker = async () => {
        while (next < queue.length) {
            const at = next++;
            const job = queue[at];
            const testCase = suite.cases[job.caseIndex];
            const base = { caseIndex: job.caseIndex, side: job.target.side, repeat: job.repeat };
            if (suite.clock.now() >= suite.deadline) {
                records[at] = { ...base, passed: false, failed: [NOT_RUN], durationMs: 0, notRun: true, attempts: 0 };
                continue;
            }
            const started = suite.clock.now();
            const limitMs = Math.min(suite.timeoutMs, suite.deadline - started);
            const sent = await sendRun(job.target.endpoint, testCase, {
                clock: suite.clock,
                signal: suite.signal,
                limitMs,
                log: suite.logAttempt,
                label: runLabel(suite, job)
            });
            const durationMs = suite.clock.now() - started;
            let judged;
            try {
                judged = await judgeRun(sent.answer, testCase.input, testCase.expect, durationMs, {
                    timeLeftMs: suite.deadline - suite.clock.now(),
                    signal: suite.signal,
                    silentPasses: suite.silentPasses
                });
            }
            catch (error) {
                // One answer the judge cannot read fails its run alone: a throw here would end this worker
                // while the others went on sending paid runs, and leave the suite with no table.
                judged = {
                    passed: false,
                    failed: [`the answer could not be judged (${(0,errors/* firstLine */.TM)(error)})`],
                    ...(sent.answer.answered ? { status: sent.answer.status } : {})
                };
            }
            // Cut short by the suite's end rather than its own `timeout`: say so.
            let cutBySuite = false;
            if (!sent.answer.answered && !suite.deadlineIsTheRunsLimit && limitMs < suite.timeoutMs && suite.clock.now() >= suite.deadline) {
                judged = { ...judged, failed: [`stopped at the suite's time limit, after ${(0,core_clock/* formatDuration */.a)(durationMs)}`] };
                cutBySuite = true;
            }
            // Kept short: a suite of long answers must not hold them all (the results file keeps 4 KiB of each).
            const record = {
                ...base,
                ...judged,
                ...kept(judged),
                durationMs,
                attempts: sent.attempts,
                startedAt: started,
                ...(cutBySuite ? { cutBySuite } : {})
            };
            records[at] = record;
            suite.logRun?.(`${runLabel(suite, job)}: ${record.passed ? 'passed' : `failed (${record.failed[0]})`} in ${(0,core_clock/* formatDuration */.a)(durationMs)}${record.status === undefined ? '' : `, HTTP ${record.status}`}.`);
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(suite.concurrency, queue.length)) }, worker));
    return records;
}
/** What a record keeps of the run's output and answer. */
const KEPT_CHARS = 4096;
function kept(judged) {
    // A copy, not a slice: V8 keeps a sliced string's whole parent (the answer) alive with it.
    const cut = (text) => text !== undefined && text.length > KEPT_CHARS ? Buffer.from(`${text.slice(0, KEPT_CHARS)}…`, 'utf8').toString('utf8') : text;
    return { output: cut(judged.output), shown: cut(judged.shown) };
}
function runLabel(suite, job) {
    const name = suite.cases[job.caseIndex].name;
    if (suite.labelOf)
        return suite.labelOf(name);
    // Adaptive runs (`repeat` 1, rounds after the first) say which run, without a total: none is fixed.
    const which = suite.repeat > 1 ? [`run ${job.repeat}/${suite.repeat}`] : job.repeat > 1 ? [`run ${job.repeat}`] : [];
    const parts = [...which, ...(suite.targets.length > 1 ? [job.target.name] : [])];
    return `Eval \`${name}\`${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
/**
 * One stateless run, `POST <url>/runs/wait`. A run can cost money, so it is sent again only when
 * the server certainly did not take it: a refused connection, a 502, 503 or 504 (not ready), or a 429 (after its `Retry-After`),
 * with back-off, within `limitMs` (attempts and waits together).
 */
async function sendRun(endpoint, testCase, options) {
    const { clock } = options;
    const deadline = clock.now() + options.limitMs;
    let answer = { answered: false, what: 'no time was left before the deadline to send it', refused: false };
    let attempts = 0;
    while (attempts < back_off/* MAX_ASKS */.sp && clock.now() < deadline) {
        attempts++;
        answer = await (0,agent_server/* askServer */.P)(endpoint, {
            method: 'POST',
            json: { assistant_id: testCase.assistant, input: testCase.input },
            limitMs: deadline - clock.now(),
            clock,
            signal: options.signal,
            maxBytes: ANSWER_MAX_BYTES
        });
        if (!notTaken(answer))
            break;
        const why = answer.answered ? `HTTP ${answer.status}` : answer.what;
        const waitMs = waitBefore(answer, attempts);
        if (!(await (0,back_off/* waitToAskAgain */.gc)({ clock, deadline, signal: options.signal }, attempts, waitMs))) {
            options.log?.(`${options.label}: attempt ${attempts}: ${why} (the server did not take the run); no time left for another.`);
            break;
        }
        options.log?.(`${options.label}: attempt ${attempts}: ${why} (the server did not take the run); sent again after ${(0,core_clock/* formatDuration */.a)(waitMs)}.`);
    }
    return { answer, attempts };
}
/** The server certainly did not take the run: a refused connection, not ready, or too many runs at once (429). */
function notTaken(answer) {
    return answer.answered ? [429, 502, 503, 504].includes(answer.status) : answer.refused;
}
/** The wait before the next attempt: the server's `Retry-After` when it gave one (the run's limit still bounds it), else the back-off. */
function waitBefore(answer, attempts) {
    const asked = answer.answered ? (0,retry/* parseRetryAfter */.mu)(answer.retryAfter, Date.now()) : undefined;
    // Never sooner than the back-off: a `Retry-After: 0` would otherwise make a run of hundreds of attempts.
    return asked === undefined ? (0,back_off/* waitAfter */.Wv)(attempts) : Math.max(asked, (0,back_off/* waitAfter */.Wv)(attempts));
}


/***/ }),

/***/ 3388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fz: () => (/* binding */ runFields),
/* harmony export */   _w: () => (/* binding */ caseFields),
/* harmony export */   k1: () => (/* binding */ writeNotRunResults)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_masking_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(923);




/** `eval-results`' fields for the run: a later step or a reader of the artifact knows which revision and when. */
function runFields(run) {
    const at = (ms) => (ms === undefined ? null : new Date(ms).toISOString());
    return { revisionId: run.revisionId ?? null, startedAt: at(run.startedAt), finishedAt: at(run.finishedAt) };
}
/** A case as the suite wrote it: its input, sent as given, and its `expect` (null when none). */
function caseFields(testCase) {
    return { input: testCase?.input ?? null, expect: testCase?.expect.written ?? null };
}
/**
 * The `eval-results` file of a suite that was not run (an earlier check failed first): the
 * verdict `not-run` and why, with each case as written, so a later step that reads the file
 * learns that, rather than finding no file. Under RUNNER_TEMP (else the system's temporary
 * folder), secrets redacted. Returns its path.
 */
function writeNotRunResults(dir, suite, why, run) {
    const folder = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdtempSync)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir ?? (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)(), 'evals-'));
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(folder, 'eval-results.json');
    const document = {
        suite: suite.from,
        verdict: 'not-run',
        why,
        gate: 'not-run',
        ...runFields(run),
        cases: suite.cases.map((testCase) => ({ name: testCase.name, ...caseFields(testCase), verdict: 'not-run', runs: [] }))
    };
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(path, (0,_core_masking_js__WEBPACK_IMPORTED_MODULE_3__/* .redact */ .E$)(JSON.stringify(document, null, 2)), { mode: 0o600 });
    return path;
}


/***/ }),

/***/ 1534:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ withSuiteAtBase)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _inputs_evals_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3046);
/* harmony import */ var _inputs_verification_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(491);
/* harmony import */ var _core_stop_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1439);
/* harmony import */ var _git_git_tree_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4730);
/* harmony import */ var _github_github_requests_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6080);
/* harmony import */ var _config_check_github_files_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1403);







/** A suite file is at most this (as one read from the checkout). */
const MAX_SUITE_BYTES = 1024 * 1024;
/** git answers a blob read at once; one that does not must not hold the step. */
const GIT_READ_MS = 10_000;
/**
 * `evals-from: base`: the suite file as the pull request's base commit has it, so a pull request
 * cannot loosen the suite that gates it (lower `pass-rate`, drop a case, change an `expect`).
 * Read from the checkout's git objects when they hold the base commit, else from the GitHub API
 * (a shallow checkout, `actions/checkout`'s default, holds only the merge commit); parsed and
 * checked as a suite from the workspace is, before any request to the control plane. A suite
 * that cannot be read or is malformed is bad input, naming the file and the commit.
 */
async function withSuiteAtBase(verification, step, deps) {
    const at = verification.evalsAtBase;
    if (!at)
        return verification;
    const label = `${at.path}@${at.sha.slice(0, 7)}`;
    const text = (await fromGit(at, deps)) ?? (await fromGitHub(at, at.githubToken, deps));
    if ('reason' in text) {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz([
            `\`evals\`: the file \`${at.path}\` could not be read from the pull request's base commit (${at.sha.slice(0, 7)}): ${text.reason}; ` +
                '`evals-from: base` reads the suite as the base branch has it: merge the suite there first, or set `evals-from: checkout`'
        ], { files: [at.path], alsoStep: true });
    }
    const parsed = await (0,_inputs_evals_js__WEBPACK_IMPORTED_MODULE_1__.parseSuiteText)(text.text, label);
    const problems = parsed.data ? (0,_inputs_verification_js__WEBPACK_IMPORTED_MODULE_2__/* .suiteAgainstStep */ .uM)(parsed.data, step) : parsed.problems;
    if (problems.length > 0 || !parsed.data)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(problems.map((p) => `\`evals\`: ${p}`), { files: [label], alsoStep: false });
    deps.log.info(`Evals: the suite \`${at.path}\` as the pull request's base commit (${at.sha.slice(0, 7)}) has it, read ${text.via}.`);
    const { evalsAtBase: _read, ...rest } = verification;
    return { ...rest, evals: parsed.data };
}
/** The blob from the checkout's objects; undefined when the checkout does not hold the base commit (then GitHub is asked). */
async function fromGit(at, deps) {
    const stop = deps.run.stop();
    try {
        const checkout = await (0,_git_git_tree_js__WEBPACK_IMPORTED_MODULE_4__/* .checkoutOf */ .o5)(at.workspace, stop);
        if (!checkout)
            return undefined;
        try {
            await (0,_git_git_tree_js__WEBPACK_IMPORTED_MODULE_4__/* .runGit */ .EO)(at.workspace, ['cat-file', '-e', `${at.sha}^{commit}`], { stop, capMs: GIT_READ_MS });
        }
        catch (error) {
            if ((0,_core_stop_js__WEBPACK_IMPORTED_MODULE_3__/* .isStop */ .jX)(error))
                throw error;
            return undefined;
        }
        // `<commit>:./<path>`: the path from the workspace, wherever the checkout's top is.
        const text = await (0,_git_git_tree_js__WEBPACK_IMPORTED_MODULE_4__/* .runGit */ .EO)(at.workspace, ['cat-file', 'blob', `${at.sha}:./${at.path}`], {
            stop,
            capMs: GIT_READ_MS,
            maxBuffer: MAX_SUITE_BYTES
        }).catch((error) => {
            if ((0,_core_stop_js__WEBPACK_IMPORTED_MODULE_3__/* .isStop */ .jX)(error))
                throw error;
            return { reason: `it is not a file in that commit, or is larger than 1 MiB (${error.message})` };
        });
        return typeof text === 'string' ? { text, via: "from the checkout's git objects" } : text;
    }
    catch (error) {
        if ((0,_core_stop_js__WEBPACK_IMPORTED_MODULE_3__/* .isStop */ .jX)(error))
            throw error;
        return undefined;
    }
}
/** `GET /repos/{repo}/contents/{path}?ref={sha}` through the one rate-limited reader, bounded by the step's deadline. */
async function fromGitHub(at, token, deps) {
    const repository = deps.workflow.repository;
    if (!repository)
        return { reason: "the checkout does not hold that commit, and the workflow's repository is not known" };
    if (!token)
        return { reason: "the checkout does not hold that commit, and `github-token` is empty (leave it unset to use the workflow's token)" };
    if (!deps.openGitHub)
        return { reason: 'the checkout does not hold that commit, and GitHub cannot be read in this run' };
    const github = (0,_github_github_requests_js__WEBPACK_IMPORTED_MODULE_5__/* .gitHubReader */ .n)(await deps.openGitHub(token), deps.run, { warn: deps.log.warn });
    // The config check's reader of a file at a commit: the same cap, checks and decoding (a BOM, UTF-16).
    const read = await (0,_config_check_github_files_js__WEBPACK_IMPORTED_MODULE_6__/* .readContents */ .r)(github, repository, at.sha, at.path);
    return typeof read === 'string' ? { text: read, via: 'from the GitHub API' } : read;
}


/***/ })

};

//# sourceMappingURL=924.index.js.map