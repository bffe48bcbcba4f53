export const id = 353;
export const ids = [353];
export const modules = {

/***/ 9353:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   registryLogin: () => (/* binding */ registryLogin),
/* harmony export */   registryLoginCommand: () => (/* binding */ registryLoginCommand)
/* harmony export */ });
/* harmony import */ var _api_requests_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4748);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_masking_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(923);
/* harmony import */ var _core_post_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6521);
/* harmony import */ var _inputs_deployment_name_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1188);
/* harmony import */ var _operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7106);
/* harmony import */ var _operations_control_plane_resolve_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8879);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8619);
/* harmony import */ var _docker_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1858);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(167);
/* harmony import */ var _registry_url_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3477);











/**
 * `command: registry-login`: find (or create) an `internal_docker` deployment, get a push
 * token for its registry, and log the job's Docker in with it, so that the next steps push
 * the image and a `deploy` step ships it by digest.
 */
const registryLoginCommand = (0,_types_js__WEBPACK_IMPORTED_MODULE_10__/* .defineCommand */ .N)({
    run: registryLogin
});
async function registryLogin(inputs, deps) {
    const { client, log, recorder } = deps;
    const docker = (0,_docker_js__WEBPACK_IMPORTED_MODULE_7__/* .dockerOnPath */ .HI)();
    if (!docker && !inputs.dryRun) {
        recorder.target({ kind: 'deployment', name: inputs.name, id: inputs.deploymentId });
        throw (0,_docker_js__WEBPACK_IMPORTED_MODULE_7__/* .dockerMissing */ .Le)();
    }
    const existing = await (0,_operations_control_plane_resolve_js__WEBPACK_IMPORTED_MODULE_6__/* .lookUpTarget */ .EA)(inputs, deps);
    if (existing) {
        log.info(`Found deployment \`${existing.name}\` (${existing.id}), source ${existing.source ?? 'unknown'}.`);
    }
    else if (!inputs.createIfMissing) {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('not-found', `No deployment is named \`${inputs.name}\`, and \`create-if-missing\` is false.`, 'Create the deployment first, fix `name`, or set `create-if-missing: true`.');
    }
    const create = existing ? undefined : createRequest(inputs.name);
    // The lookup already says the control plane would refuse the token: it is not asked for, and a
    // dry run is refused the same way, since the real run would be on any runner.
    if (existing?.source && existing.source !== _inputs_js__WEBPACK_IMPORTED_MODULE_8__/* .REGISTRY_SOURCE */ .U)
        throw otherSource(existing);
    if (inputs.dryRun) {
        // Unlike the deployment's source, docker is this runner's: the real run's runner may have it.
        if (!docker)
            log.warn(`${(0,_docker_js__WEBPACK_IMPORTED_MODULE_7__/* .dockerMissing */ .Le)().message} A real run would stop there, before any request.`);
        return plan(existing, create, deps);
    }
    // No change is started once the workflow is cancelled.
    deps.run.throwIfCancelled();
    let deployment;
    if (create) {
        log.info(`Creating deployment \`${create.name}\` (source ${_inputs_js__WEBPACK_IMPORTED_MODULE_8__/* .REGISTRY_SOURCE */ .U})…`);
        deployment = await (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_5__/* .sendRecorded */ .B3)(recorder, 'create', () => (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_5__/* .createOnce */ .Ur)(create, (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_5__/* .applyContextOf */ .Dc)(deps)));
        recorder.changed('created', deployment);
        await (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_5__/* .refuseTwins */ .sv)(client, deployment, { ...deps.run.stop(), timeoutMs: inputs.timeoutMs });
        log.info(`Created deployment \`${deployment.name}\` (${deployment.id}).`);
    }
    else {
        deployment = existing;
    }
    log.info(`Asking for a push token for deployment \`${deployment.name}\`…`);
    const grant = await client.pushToken(deployment.id);
    // Before anything else: from here on no line, output or error can show it.
    (0,_core_masking_js__WEBPACK_IMPORTED_MODULE_2__/* .registerSecret */ .cl)(grant.token);
    const where = (0,_registry_url_js__WEBPACK_IMPORTED_MODULE_9__/* .registryOf */ .F)(grant.registry_url, deployment.name);
    if (!create)
        recorder.changed('unchanged', deployment);
    if (deployment.name !== deployment.name.toLowerCase()) {
        log.warn(`Deployment \`${deployment.name}\` has upper-case letters, and Docker takes only lower-case repository names: ` +
            `pushing to \`${where.imageRepository}\` may be refused.`);
    }
    log.info(`Logging Docker in to ${where.registry} (\`${(0,_docker_js__WEBPACK_IMPORTED_MODULE_7__/* .dockerLoginLine */ .c5)(where.registry)}\`, the token on its standard input)…`);
    // Kept before the login, not after: a login stopped half-way may still have written the token to Docker's config.
    if (inputs.logoutAtEnd && deps.saveState) {
        deps.saveState(_core_post_state_js__WEBPACK_IMPORTED_MODULE_3__/* .POST_STATE */ .j.registry, where.registry);
        log.info(`Docker will be logged out of ${where.registry} at the end of the job (\`registry-logout\`), so that the token does not stay in the runner's Docker config.`);
    }
    else if (!inputs.logoutAtEnd) {
        log.info(`\`registry-logout\` is false: Docker stays logged in to ${where.registry} after this job (on a self-hosted runner, the token stays in its Docker config until it expires).`);
    }
    await (0,_docker_js__WEBPACK_IMPORTED_MODULE_7__/* .dockerLogin */ .a1)({ host: where.registry, token: grant.token, ...deps.run.stop() });
    recorder.registryLogin(where);
    log.info(`Docker is logged in to ${where.registry}. Push the image to ${where.imageRepository}, then deploy it with \`image-uri: ${where.imageRepository}@<digest>\`.`);
    return recorder.finish({ kind: 'logged-in' });
}
/** A deployment of another source: named with its source, and what to do instead. */
function otherSource(existing) {
    // The source is the control plane's text: shown only when it is a plain word.
    const source = /^[a-z_]{1,40}$/.test(existing.source ?? '') ? `\`${existing.source}\`` : 'another source';
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('bad-input', `Deployment \`${existing.name}\` (${existing.id}) has source ${source}, and the managed registry takes images only for ` +
        `\`${_inputs_js__WEBPACK_IMPORTED_MODULE_8__/* .REGISTRY_SOURCE */ .U}\` deployments: no push token was asked for, and Docker was not logged in.`, `Set \`name\` (or \`deployment-id\`) to an \`${_inputs_js__WEBPACK_IMPORTED_MODULE_8__/* .REGISTRY_SOURCE */ .U}\` deployment, or choose a new \`name\` and \`registry-login\` creates one with that source; ` +
        `a deployment's source cannot change, so deploy this one with \`command: deploy\` as it is.`);
}
/** A new deployment as the official client makes one for its own image: the source, and nothing else yet. */
function createRequest(name) {
    // Checked here, not with the inputs: an existing deployment keeps the name it was made with.
    const problem = (0,_inputs_deployment_name_js__WEBPACK_IMPORTED_MODULE_4__/* .newDeploymentNameProblem */ .e)(name);
    if (problem)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz([problem]);
    return { name, source: _inputs_js__WEBPACK_IMPORTED_MODULE_8__/* .REGISTRY_SOURCE */ .U, source_config: {}, source_revision_config: {}, secrets: [] };
}
/** A dry run: the requests it would send and the login it would run; nothing is sent, docker is not run. */
function plan(existing, create, deps) {
    const { log, recorder } = deps;
    const pushToken = existing
        ? _api_requests_js__WEBPACK_IMPORTED_MODULE_0__/* .requests */ .z.pushToken(existing.id)
        : { method: 'POST', path: '/v2/deployments/{id of the new deployment}/push-token' };
    log.info(`Dry run: would ${create ? `create deployment \`${create.name}\` (source ${_inputs_js__WEBPACK_IMPORTED_MODULE_8__/* .REGISTRY_SOURCE */ .U}), then ` : ''}ask for a push token (${pushToken.method} ${pushToken.path}), ` +
        `then run \`${(0,_docker_js__WEBPACK_IMPORTED_MODULE_7__/* .dockerLoginLine */ .c5)('<registry host>')}\` with the token on its standard input, never as an argument. Docker was not run.`);
    recorder.changed('planned');
    return recorder.finish({ kind: 'planned', requests: create ? [_api_requests_js__WEBPACK_IMPORTED_MODULE_0__/* .requests */ .z.createDeployment(create), pushToken] : [pushToken] });
}


/***/ }),

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

/***/ 1188:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ newDeploymentNameProblem)
/* harmony export */ });
/* unused harmony export DEPLOYMENT_NAME_RULE */
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5165);

/**
 * The names the action creates deployments with. The control plane publishes no rule
 * (its API schema types `name` as a plain string), but it serves each deployment on a
 * hostname made from the name and names a tracing project after it, and it answers a
 * create whose name holds an underscore with HTTP 500. So a create is sent only for what
 * a DNS label allows: ASCII letters, digits and hyphens, starting and ending with a
 * letter or digit, at most 63 characters.
 *
 * Only for a create: a deployment made elsewhere (the UI, another client) may carry a
 * name outside this rule, and must still be found and updated by `name`. So the rule is
 * checked after the lookup finds nothing and before the create is sent (a 500 on create
 * is retried and would only surface at the step's timeout).
 */
const DEPLOYMENT_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const DEPLOYMENT_NAME_RULE = 'ASCII letters, digits and hyphens (`-`), starting and ending with a letter or digit, at most 63 characters (no underscores, dots or spaces)';
/** Why the action will not create a deployment with this name, or undefined when it will. */
function newDeploymentNameProblem(name) {
    if (DEPLOYMENT_NAME.test(name))
        return undefined;
    return (`\`name\` ${(0,_parsers_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(name)} matches no deployment, and a new deployment's name must be one the control plane can take: ` +
        `${DEPLOYMENT_NAME_RULE}. Fix \`name\`, or create the deployment another way and deploy to it by \`name\``);
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


/***/ })

};

//# sourceMappingURL=353.index.js.map