export const id = 661;
export const ids = [661];
export const modules = {

/***/ 1858:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HI: () => (/* binding */ dockerOnPath),
/* harmony export */   Le: () => (/* binding */ dockerMissing),
/* harmony export */   a1: () => (/* binding */ dockerLogin),
/* harmony export */   c5: () => (/* binding */ dockerLoginLine),
/* harmony export */   tX: () => (/* binding */ dockerLogout)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9317);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2257);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4296);
/* harmony import */ var _core_time_limit_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2164);
/* harmony import */ var _core_masking_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(923);
/* harmony import */ var _core_neutralise_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8453);









/** The user name the managed registry takes with a push token (as the official client logs in). */
const REGISTRY_USER = 'oauth2accesstoken';
/**
 * `docker login`'s arguments. The password is never one of them (arguments show in the
 * process list and in shell traces): it goes on standard input.
 */
function dockerLoginArgs(host) {
    return ['login', '-u', REGISTRY_USER, '--password-stdin', host];
}
/** The command line as the log shows it. */
function dockerLoginLine(host) {
    return `docker ${dockerLoginArgs(host).join(' ')}`;
}
/**
 * Whether an executable `docker` is on `PATH`: checked before any request, so a runner
 * without Docker changes nothing (a deployment created for a login that cannot happen).
 */
function dockerOnPath(env = process.env) {
    const names = process.platform === 'win32' ? ['docker.exe'] : ['docker'];
    return (env.PATH ?? '').split(node_path__WEBPACK_IMPORTED_MODULE_2__.delimiter).some((dir) => dir !== '' &&
        names.some((name) => {
            try {
                const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir, name);
                (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.accessSync)(path, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.X_OK);
                return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.statSync)(path).isFile();
            }
            catch {
                return false;
            }
        }));
}
/** The error for a runner without Docker. */
function dockerMissing() {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ('bad-input', '`command: registry-login` logs Docker in, and there is no `docker` on this runner (none on `PATH`).', "Run this job on a runner with Docker (GitHub's hosted Ubuntu runners have it), or install Docker in an earlier step.");
}
/** How much of docker's error output is kept: enough for its reason, bounded whatever it writes. */
const KEPT_OUTPUT = 8 * 1024;
/** How much of it an error shows. */
const SHOWN_OUTPUT = 500;
/**
 * Runs `docker login` with the token on its standard input, within the step's deadline and
 * until the workflow is cancelled: past either, docker (and anything it started) is killed.
 * Fails with what to do when docker is missing or refuses; its output is never printed
 * as is (it is another program's text), and the token is taken out of it.
 */
async function dockerLogin({ host, token, clock, deadline, signal, env = process.env }) {
    (0,_core_cancel_js__WEBPACK_IMPORTED_MODULE_3__/* .throwIfCancelled */ .dZ)(signal);
    const limitMs = deadline - clock.now();
    if (limitMs <= 0)
        throw overran(host, 0);
    const ended = await runOnce(dockerLoginArgs(host), token, limitMs, signal, env);
    if (ended.kind === 'missing')
        throw dockerMissing();
    if (ended.kind === 'cancelled')
        throw new _core_cancel_js__WEBPACK_IMPORTED_MODULE_3__/* .CancelledError */ .cc();
    if (ended.kind === 'overran')
        throw overran(host, limitMs);
    if (ended.kind === 'failed-to-start') {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ('bad-input', `Could not run \`docker\` (${shownOutput(ended.reason, token)}).`, "Check that `docker` on the runner's `PATH` is an executable Docker client.");
    }
    if (ended.code !== 0) {
        const said = shownOutput(ended.stderr || ended.stdout, token);
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ('api-refused', `\`${dockerLoginLine(host)}\` failed (${ended.code === null ? `stopped by signal ${ended.signal}` : `exit code ${ended.code}`})${said ? `: ${said}` : ''}.`, `Check that Docker's daemon runs on this runner and can reach \`${host}\`; a push token is short-lived, so re-run the job if the login came late or the registry was briefly unreachable.`);
    }
}
/**
 * `docker logout <host>`, for the post step: removes the push token from the runner's Docker
 * config (docker/login-action does the same at the end of a job). Bounded by `limitMs`, and
 * stopped, with anything it started, past it.
 */
async function dockerLogout(host, limitMs, env = process.env) {
    const ended = await runOnce(['logout', host], '', limitMs, undefined, env);
    if (ended.kind === 'missing')
        return { ok: false, reason: 'there is no `docker` on `PATH`' };
    if (ended.kind === 'failed-to-start')
        return { ok: false, reason: `\`docker\` could not be run (${shownOutput(ended.reason)})` };
    if (ended.kind === 'overran' || ended.kind === 'cancelled')
        return { ok: false, reason: `it did not finish within ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(limitMs)} and was stopped` };
    if (ended.code !== 0) {
        const said = shownOutput(ended.stderr || ended.stdout);
        return {
            ok: false,
            reason: `${ended.code === null ? `stopped by signal ${ended.signal}` : `exit code ${ended.code}`}${said ? `: ${said}` : ''}`
        };
    }
    return { ok: true };
}
function overran(host, limitMs) {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ('timed-out', `\`${dockerLoginLine(host)}\` did not finish within the step's \`timeout\` (${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(limitMs)} were left); it was stopped.`, `Check that Docker's daemon runs on this runner and can reach \`${host}\`, or raise \`timeout\`.`);
}
/** Docker's own words, as one inert line: the token out (even if never registered), controls out, bounded. */
function shownOutput(text, token) {
    const line = (0,_core_masking_js__WEBPACK_IMPORTED_MODULE_7__/* .redact */ .E$)(token ? text.split(token).join(_core_masking_js__WEBPACK_IMPORTED_MODULE_7__/* .REDACTED */ .XF) : text)
        .replace(_core_neutralise_js__WEBPACK_IMPORTED_MODULE_8__/* .LINE_BREAKS */ .Cm, ' ')
        .replace(_core_neutralise_js__WEBPACK_IMPORTED_MODULE_8__/* .CONTROLS */ .VH, '')
        .replace(/\s+/g, ' ')
        .trim();
    return line.length > SHOWN_OUTPUT ? `…${line.slice(-SHOWN_OUTPUT)}` : line;
}
/**
 * One run of docker, to its end. Started as a process group of its own, so that killing it
 * also ends whatever it started (a credential helper, or a wrapper script's children),
 * whose open pipes would otherwise keep this waiting.
 */
function runOnce(args, stdin, limitMs, signal, env) {
    return new Promise((resolve) => {
        // The environment passed on explicitly (the same PATH that dockerOnPath searched), without the
        // action's own inputs: on a runner they arrive as INPUT_* variables, the control plane's credential among them.
        const childEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !name.toUpperCase().startsWith('INPUT_')));
        // Not withinTimeLimit: at the limit, docker is killed and its exit awaited, not abandoned.
        const limit = (0,_core_time_limit_js__WEBPACK_IMPORTED_MODULE_6__/* .startTimeLimit */ .r5)({ limitMs, signal });
        const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)('docker', args, { env: childEnv, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
        const out = { stdout: '', stderr: '' };
        let stopped;
        let settled = false;
        const finish = (ended) => {
            if (settled)
                return;
            settled = true;
            limit.signal.removeEventListener('abort', onLimit);
            limit.end();
            resolve(ended);
        };
        const kill = (why) => {
            stopped ??= why;
            try {
                if (child.pid !== undefined && process.platform !== 'win32')
                    process.kill(-child.pid, 'SIGKILL');
                else
                    child.kill('SIGKILL');
            }
            catch {
                // Already gone.
            }
        };
        const onLimit = () => kill(limit.reason() instanceof _core_cancel_js__WEBPACK_IMPORTED_MODULE_3__/* .CancelledError */ .cc ? 'cancelled' : 'overran');
        limit.signal.addEventListener('abort', onLimit, { once: true });
        // A signal already aborted (a cancel before docker started) fires no event.
        if (limit.signal.aborted)
            onLimit();
        for (const stream of ['stdout', 'stderr']) {
            child[stream].setEncoding('utf8');
            child[stream].on('data', (chunk) => {
                // The end is kept: a program says why it failed last.
                out[stream] = (out[stream] + chunk).slice(-KEPT_OUTPUT);
            });
        }
        // Docker may exit before reading its input (a bad flag, a refused host): that is its exit code's story, not an error here.
        child.stdin.on('error', () => undefined);
        child.stdin.end(stdin);
        child.on('error', (error) => {
            finish(error.code === 'ENOENT' ? { kind: 'missing' } : { kind: 'failed-to-start', reason: error.message });
        });
        child.on('close', (code, exitSignal) => {
            finish(stopped ? { kind: stopped } : { kind: 'exited', code, signal: exitSignal, ...out });
        });
    });
}


/***/ }),

/***/ 3477:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ isRegistryHost),
/* harmony export */   F: () => (/* binding */ registryOf)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);

/** A registry host as Docker takes it: a DNS name or IPv4 address, or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** The path after the host, as an image repository's: lower-case components. */
const PATH = /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/;
/** Whether `host` is plainly a registry host (and so safe as an argument of `docker`). */
function isRegistryHost(host) {
    return HOST.test(host);
}
/**
 * Where Docker logs in and where the image goes, from the push token's `registry_url`
 * (`<host>/<project path>`): the host is what comes before the first `/` (a scheme, if
 * the control plane wrote one, is not part of it), and the image repository is
 * `<registry_url>/<deployment name>`. The URL is the control plane's text and becomes an
 * argument of `docker login`: anything that is not plainly a host (an option such as
 * `--help`, spaces, a user name) is refused rather than passed on.
 */
function registryOf(registryUrl, deploymentName) {
    const bare = registryUrl
        .trim()
        .replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '')
        .replace(/\/+$/, '');
    const slash = bare.indexOf('/');
    const host = slash < 0 ? bare : bare.slice(0, slash);
    const path = slash < 0 ? '' : bare.slice(slash + 1);
    if (!HOST.test(host) || (path !== '' && !PATH.test(path))) {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ('bad-response', `The control plane's push token names its registry as \`${registryUrl}\`, which is not a registry host with an image path (\`host[:port]/path\`).`, "This is not an answer the control plane sends; check `control-plane-url`, and report it to the control plane's operators if it persists.");
    }
    return { registry: host, imageRepository: `${bare}/${deploymentName}` };
}


/***/ }),

/***/ 6661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LOGOUT_LIMIT_MS: () => (/* binding */ LOGOUT_LIMIT_MS),
/* harmony export */   runPost: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3340);
/* harmony import */ var _commands_registry_login_docker_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1858);
/* harmony import */ var _commands_registry_login_registry_url_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3477);
/* harmony import */ var _core_post_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6521);
/* harmony import */ var _report_sink_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8824);





/** A logout answers at once; one that does not (a hung daemon) must not hold the end of the job. */
const LOGOUT_LIMIT_MS = 30_000;
/**
 * The post step (`runs.post`), run by the runner at the end of the job for every use of the
 * action: when `registry-login` kept a registry host (`registry-logout: true`), Docker is
 * logged out of it, so no push token stays in a self-hosted runner's Docker config. Nothing
 * else: no input is read, no request is sent, no summary or output is written. A logout that
 * fails is a warning: it is the job's clean-up, and the job's result is its steps'.
 */
async function runPost({ state = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu, log = _report_sink_js__WEBPACK_IMPORTED_MODULE_4__/* .actionsSink */ .l, env } = {}) {
    const host = state(_core_post_state_js__WEBPACK_IMPORTED_MODULE_3__/* .POST_STATE */ .j.registry);
    if (!host)
        return;
    // Kept by our own main run, but it becomes an argument of `docker`: only a plain host is.
    if (!(0,_commands_registry_login_registry_url_js__WEBPACK_IMPORTED_MODULE_2__/* .isRegistryHost */ .E)(host)) {
        log.warn(`The registry kept for logging out is not a registry host (${JSON.stringify(host.slice(0, 100))}): Docker was not logged out.`);
        return;
    }
    const loggedOut = await (0,_commands_registry_login_docker_js__WEBPACK_IMPORTED_MODULE_1__/* .dockerLogout */ .tX)(host, LOGOUT_LIMIT_MS, env);
    if (loggedOut.ok)
        log.info(`Logged Docker out of ${host} (\`registry-logout\`).`);
    else
        log.warn(`Could not log Docker out of ${host} (\`docker logout ${host}\`: ${loggedOut.reason}). The push token may stay in this runner's Docker config until it expires.`);
}


/***/ })

};

//# sourceMappingURL=661.index.js.map