export const id = 271;
export const ids = [271];
export const modules = {

/***/ 8271:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  registryLogin: () => (/* binding */ registryLogin),
  registryLoginCommand: () => (/* binding */ registryLoginCommand)
});

// EXTERNAL MODULE: ./src/api/requests.ts
var requests = __webpack_require__(4748);
// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
// EXTERNAL MODULE: ./src/inputs/deployment-name.ts
var deployment_name = __webpack_require__(1188);
// EXTERNAL MODULE: ./src/operations/apply.ts + 1 modules
var operations_apply = __webpack_require__(7840);
// EXTERNAL MODULE: ./src/operations/resolve.ts
var resolve = __webpack_require__(3646);
// EXTERNAL MODULE: ./src/commands/types.ts
var types = __webpack_require__(8619);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/clock.ts
var clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/neutralise.ts
var neutralise = __webpack_require__(8453);
;// CONCATENATED MODULE: ./src/commands/registry-login/docker.ts








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
    return (env.PATH ?? '').split(external_node_path_.delimiter).some((dir) => dir !== '' &&
        names.some((name) => {
            try {
                const path = (0,external_node_path_.join)(dir, name);
                (0,external_node_fs_.accessSync)(path, external_node_fs_.constants.X_OK);
                return (0,external_node_fs_.statSync)(path).isFile();
            }
            catch {
                return false;
            }
        }));
}
/** The error for a runner without Docker. */
function dockerMissing() {
    return new errors/* ActionError */.lZ('bad-input', '`command: registry-login` logs Docker in, and there is no `docker` on this runner (none on `PATH`).', "Run this job on a runner with Docker (GitHub's hosted Ubuntu runners have it), or install Docker in an earlier step.");
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
    (0,cancel/* throwIfCancelled */.dZ)(signal);
    const limitMs = deadline - clock.now();
    if (limitMs <= 0)
        throw overran(host, 0);
    const ended = await runOnce(dockerLoginArgs(host), token, limitMs, signal, env);
    if (ended.kind === 'missing')
        throw dockerMissing();
    if (ended.kind === 'cancelled')
        throw new cancel/* CancelledError */.cc();
    if (ended.kind === 'overran')
        throw overran(host, limitMs);
    if (ended.kind === 'failed-to-start') {
        throw new errors/* ActionError */.lZ('bad-input', `Could not run \`docker\` (${shownOutput(ended.reason, token)}).`, 'Check that `docker` on the runner\'s `PATH` is an executable Docker client.');
    }
    if (ended.code !== 0) {
        const said = shownOutput(ended.stderr || ended.stdout, token);
        throw new errors/* ActionError */.lZ('api-refused', `\`${dockerLoginLine(host)}\` failed (${ended.code === null ? `stopped by signal ${ended.signal}` : `exit code ${ended.code}`})${said ? `: ${said}` : ''}.`, `Check that Docker's daemon runs on this runner and can reach \`${host}\`; a push token is short-lived, so re-run the job if the login came late or the registry was briefly unreachable.`);
    }
}
function overran(host, limitMs) {
    return new errors/* ActionError */.lZ('timed-out', `\`${dockerLoginLine(host)}\` did not finish within the step's \`timeout\` (${(0,clock/* formatDuration */.a)(limitMs)} were left); it was stopped.`, `Check that Docker's daemon runs on this runner and can reach \`${host}\`, or raise \`timeout\`.`);
}
/** Docker's own words, as one inert line: the token out (even if never registered), controls out, bounded. */
function shownOutput(text, token) {
    const line = (0,masking/* redact */.E$)(text.split(token).join(masking/* REDACTED */.XF)).replace(neutralise/* LINE_BREAKS */.Cm, ' ').replace(neutralise/* CONTROLS */.VH, '').replace(/\s+/g, ' ').trim();
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
        const child = (0,external_node_child_process_.spawn)('docker', args, { env: childEnv, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
        const out = { stdout: '', stderr: '' };
        let stopped;
        let settled = false;
        const finish = (ended) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
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
        const timer = setTimeout(() => kill('overran'), limitMs);
        const onAbort = () => kill('cancelled');
        signal?.addEventListener('abort', onAbort, { once: true });
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

;// CONCATENATED MODULE: ./src/commands/registry-login/registry-url.ts

/** A registry host as Docker takes it: a DNS name or IPv4 address, or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** The path after the host, as an image repository's: lower-case components. */
const PATH = /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/;
/**
 * Where Docker logs in and where the image goes, from the push token's `registry_url`
 * (`<host>/<project path>`): the host is what comes before the first `/` (a scheme, if
 * the control plane wrote one, is not part of it), and the image repository is
 * `<registry_url>/<deployment name>`. The URL is the control plane's text and becomes an
 * argument of `docker login`: anything that is not plainly a host (an option such as
 * `--help`, spaces, a user name) is refused rather than passed on.
 */
function registryOf(registryUrl, deploymentName) {
    const bare = registryUrl.trim().replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '').replace(/\/+$/, '');
    const slash = bare.indexOf('/');
    const host = slash < 0 ? bare : bare.slice(0, slash);
    const path = slash < 0 ? '' : bare.slice(slash + 1);
    if (!HOST.test(host) || (path !== '' && !PATH.test(path))) {
        throw new errors/* ActionError */.lZ('bad-response', `The control plane's push token names its registry as \`${registryUrl}\`, which is not a registry host with an image path (\`host[:port]/path\`).`, 'This is not an answer the control plane sends; check `control-plane-url`, and report it to the control plane\'s operators if it persists.');
    }
    return { registry: host, imageRepository: `${bare}/${deploymentName}` };
}

;// CONCATENATED MODULE: ./src/commands/registry-login/command.ts










/** The only source whose deployments take pushed images from the managed registry. */
const SOURCE = 'internal_docker';
/**
 * `command: registry-login`: find (or create) an `internal_docker` deployment, get a push
 * token for its registry, and log the job's Docker in with it, so that the next steps push
 * the image and a `deploy` step ships it by digest.
 */
const registryLoginCommand = (0,types/* defineCommand */.N)({
    run: registryLogin
});
async function registryLogin(inputs, deps) {
    const { client, log, recorder } = deps;
    const docker = dockerOnPath();
    if (!docker && !inputs.dryRun) {
        recorder.target({ kind: 'deployment', name: inputs.name, id: inputs.deploymentId });
        throw dockerMissing();
    }
    const existing = await (0,resolve/* lookUpTarget */.EA)(inputs, deps);
    if (existing) {
        log.info(`Found deployment \`${existing.name}\` (${existing.id}), source ${existing.source ?? 'unknown'}.`);
    }
    else if (!inputs.createIfMissing) {
        throw new errors/* ActionError */.lZ('not-found', `No deployment is named \`${inputs.name}\`, and \`create-if-missing\` is false.`, 'Create the deployment first, fix `name`, or set `create-if-missing: true`.');
    }
    const create = existing ? undefined : createRequest(inputs.name);
    if (inputs.dryRun) {
        if (!docker)
            log.warn(`${dockerMissing().message} A real run would stop there, before any request.`);
        return plan(existing, create, deps);
    }
    // No change is started once the workflow is cancelled.
    (0,cancel/* throwIfCancelled */.dZ)(deps.signal);
    let deployment;
    if (create) {
        log.info(`Creating deployment \`${create.name}\` (source ${SOURCE})…`);
        const apply = { client, clock: deps.clock, deadline: deps.deadline, settleMs: deps.settleMs, signal: deps.signal, log: log.warn };
        deployment = await (0,operations_apply/* sendRecorded */.B3)(recorder, 'create', () => (0,operations_apply/* createOnce */.Ur)(create, apply));
        recorder.changed('created', deployment);
        await (0,operations_apply/* refuseTwins */.sv)(client, deployment, { clock: deps.clock, deadline: deps.deadline, timeoutMs: inputs.timeoutMs });
        log.info(`Created deployment \`${deployment.name}\` (${deployment.id}).`);
    }
    else {
        deployment = existing;
    }
    log.info(`Asking for a push token for deployment \`${deployment.name}\`…`);
    const grant = await client.pushToken(deployment.id);
    // Before anything else: from here on no line, output or error can show it.
    (0,masking/* registerSecret */.cl)(grant.token);
    const where = registryOf(grant.registry_url, deployment.name);
    if (!create)
        recorder.changed('unchanged', deployment);
    if (deployment.name !== deployment.name.toLowerCase()) {
        log.warn(`Deployment \`${deployment.name}\` has upper-case letters, and Docker takes only lower-case repository names: ` +
            `pushing to \`${where.imageRepository}\` may be refused.`);
    }
    log.info(`Logging Docker in to ${where.registry} (\`${dockerLoginLine(where.registry)}\`, the token on its standard input)…`);
    await dockerLogin({ host: where.registry, token: grant.token, clock: deps.clock, deadline: deps.deadline, signal: deps.signal });
    recorder.registryLogin(where);
    log.info(`Docker is logged in to ${where.registry}. Push the image to ${where.imageRepository}, then deploy it with \`image-uri: ${where.imageRepository}@<digest>\`.`);
    return recorder.finish({ kind: 'logged-in' });
}
/** A new deployment as the official client makes one for its own image: the source, and nothing else yet. */
function createRequest(name) {
    // Checked here, not with the inputs: an existing deployment keeps the name it was made with.
    const problem = (0,deployment_name/* newDeploymentNameProblem */.e)(name);
    if (problem)
        throw new errors/* InputError */.dz([problem]);
    return { name, source: SOURCE, source_config: {}, source_revision_config: {}, secrets: [] };
}
/** A dry run: the requests it would send and the login it would run; nothing is sent, docker is not run. */
function plan(existing, create, deps) {
    const { log, recorder } = deps;
    if (existing?.source && existing.source !== SOURCE) {
        log.warn(`Deployment \`${existing.name}\` has source ${existing.source}, and the control plane hands out push tokens only for ${SOURCE} deployments: ` +
            `a real run would be refused. Use a deployment whose source is ${SOURCE}, or choose a new \`name\` for one.`);
    }
    const pushToken = existing
        ? requests/* requests */.z.pushToken(existing.id)
        : { method: 'POST', path: '/v2/deployments/{id of the new deployment}/push-token' };
    log.info(`Dry run: would ${create ? `create deployment \`${create.name}\` (source ${SOURCE}), then ` : ''}ask for a push token (${pushToken.method} ${pushToken.path}), ` +
        `then run \`${dockerLoginLine('<registry host>')}\` with the token on its standard input, never as an argument. Docker was not run.`);
    recorder.changed('planned');
    return recorder.finish({ kind: 'planned', requests: create ? [requests/* requests */.z.createDeployment(create), pushToken] : [pushToken] });
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

/***/ 3646:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EA: () => (/* binding */ lookUpTarget),
/* harmony export */   Op: () => (/* binding */ targetLabel)
/* harmony export */ });
/* unused harmony export resolveDeployment */
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _find_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1839);


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
async function lookUpTarget(inputs, run) {
    run.recorder.target({ kind: 'deployment', name: inputs.name, id: inputs.deploymentId });
    run.log.info(inputs.deploymentId ? `Reading deployment ${inputs.deploymentId}…` : `Looking up deployment \`${inputs.name}\`…`);
    const found = await resolveDeployment(run.client, inputs, { clock: run.clock, deadline: run.deadline, timeoutMs: inputs.timeoutMs });
    if (found)
        run.recorder.seen(found);
    return found;
}


/***/ })

};

//# sourceMappingURL=271.index.js.map