export const id = 760;
export const ids = [760];
export const modules = {

/***/ 6865:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ mergedAgainNow)
/* harmony export */ });
/* harmony import */ var _core_json_values_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9756);
/* harmony import */ var _environment_report_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6124);
/* harmony import */ var _plan_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2369);



/**
 * The patch's merged parts made again from the deployment as it is just before the patch goes.
 * The plan merged `secrets`, `secret-references` and `resource-spec` into the deployment as the
 * lookup read it, and the control plane replaces each whole; a remote build then uploads its
 * archive (seconds, or minutes), and a secret set in the UI meanwhile would be deleted by a list
 * read before it. So one `GET` when the patch merges something into the deployment (none
 * otherwise), and when a part it merges into changed, that part is merged again from it (only
 * the merged parts: a `replace` list stays as planned), said in the log and on record. A merge
 * that can no longer be made (a secret now shown without its value) is refused before anything
 * is sent, as at the lookup. The deployment read is the one the patch then starts from (the
 * revision it knows as the latest, should the patch's answer be lost).
 */
async function mergedAgainNow(plan, body, inputs, deps) {
    const merges = mergesOf(inputs);
    if (!merges.secrets && !merges.references && !merges.resourceSpec)
        return { body, deployment: plan.deployment };
    const now = await deps.client.getDeployment(plan.deployment.id);
    const before = plan.deployment;
    const changed = [
        merges.secrets && !sameByName(before.secrets, now.secrets) ? '`secrets`' : undefined,
        merges.references && !sameByName(before.secret_references, now.secret_references) ? '`secret_references`' : undefined,
        merges.resourceSpec && !(0,_core_json_values_js__WEBPACK_IMPORTED_MODULE_2__/* .sameJson */ .V)(before.source_config?.resource_spec, now.source_config?.resource_spec) ? '`resource_spec`' : undefined
    ].filter((part) => part !== undefined);
    if (changed.length === 0)
        return { body, deployment: now };
    const merged = (0,_plan_js__WEBPACK_IMPORTED_MODULE_1__/* .mergedIntoDeployment */ .k)(inputs, now);
    const next = { ...body };
    if (merges.secrets) {
        delete next.secrets;
        if (merged.secrets?.send)
            next.secrets = merged.secrets.send;
    }
    if (merges.references) {
        delete next.secret_references;
        if (merged.references?.send)
            next.secret_references = merged.references.send;
    }
    if (merges.resourceSpec && merged.resourceSpec)
        next.source_config = { ...next.source_config, resource_spec: merged.resourceSpec };
    deps.log.info(`Deployment \`${before.name}\`'s ${changed.join(' and ')} changed while this deploy ran (in the UI, by a CLI or another run): ` +
        'merged again from it, so what was set meanwhile stays.');
    if (merges.secrets || merges.references) {
        const planned = plan.environment;
        const secrets = merges.secrets ? merged.secrets : planned?.secrets;
        const references = merges.references ? merged.references : planned?.references;
        plan.environment = { mode: inputs.secretsUpdate, ...(secrets ? { secrets } : {}), ...(references ? { references } : {}) };
        (0,_environment_report_js__WEBPACK_IMPORTED_MODULE_0__/* .reportEnvironment */ .g)(plan, deps);
    }
    return { body: next, deployment: now };
}
/** Which parts of the patch merge into what the deployment has: the lists with `secrets-update: merge`, and `resource-spec`. */
function mergesOf(inputs) {
    const merging = inputs.secretsUpdate === 'merge';
    return {
        secrets: merging && (inputs.secrets?.length ?? 0) > 0,
        references: merging && (inputs.secretReferences?.length ?? 0) > 0,
        resourceSpec: inputs.sourceConfig.resource_spec !== undefined
    };
}
/** The same list, its order aside (a set by name). */
function sameByName(before, now) {
    const nameOf = (item) => String(item?.name);
    const byName = (list) => Array.isArray(list) ? [...list].sort((a, b) => nameOf(a).localeCompare(nameOf(b))) : list;
    return (0,_core_json_values_js__WEBPACK_IMPORTED_MODULE_2__/* .sameJson */ .V)(byName(before), byName(now));
}


/***/ }),

/***/ 869:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   buildArchive: () => (/* binding */ buildArchive),
/* harmony export */   recordArchive: () => (/* binding */ recordArchive),
/* harmony export */   remotePlannedRequests: () => (/* binding */ remotePlannedRequests),
/* harmony export */   uploadAndBuild: () => (/* binding */ uploadAndBuild)
/* harmony export */ });
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _api_requests_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4748);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4296);
/* harmony import */ var _operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7106);
/* harmony import */ var _operations_archive_layout_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9029);
/* harmony import */ var _merge_again_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6865);
/* harmony import */ var _gates_index_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4330);
/* harmony import */ var _gates_checkout_commit_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2637);
/* harmony import */ var _operations_git_git_tree_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4730);










function layoutOf(inputs, deps) {
    const configPath = inputs.sourceRevisionConfig.graph_config_path;
    if (!configPath) {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .dz([
            "`graph-config-path` is required for a remote build (`internal_source` without `source-tarball-path`): set it to the agent's config file in the checkout, e.g. `apps/agent/langgraph.json`"
        ]);
    }
    return (0,_operations_archive_layout_js__WEBPACK_IMPORTED_MODULE_5__/* .resolveLayout */ .J)(deps.workflow.workspace ?? process.cwd(), configPath, deps.run.stop());
}
/**
 * For a remote build (sources/remote-build.ts): the archive built, described in the log (what it
 * holds, what was left out), its gates passed and its size checked; put on record only once
 * shipped (`recordArchive`). Before any change; the caller removes it.
 */
async function buildArchive(inputs, deps) {
    const layout = await layoutOf(inputs, deps);
    // Loaded only for a remote build: the tar and ignore libraries would slow every other run's start.
    const { selectArchiveFiles } = await Promise.all(/* import() */[__webpack_require__.e(298), __webpack_require__.e(78)]).then(__webpack_require__.bind(__webpack_require__, 1078));
    const { packArchive } = await Promise.all(/* import() */[__webpack_require__.e(298), __webpack_require__.e(78), __webpack_require__.e(700)]).then(__webpack_require__.bind(__webpack_require__, 700));
    const { describeSelection } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 9090));
    const { listingOf } = await __webpack_require__.e(/* import() */ 379).then(__webpack_require__.bind(__webpack_require__, 1379));
    const stop = deps.run.stop();
    // Selected first (what ships, nothing compressed yet), then the archive gates on those very files
    // (its commit against `expected-commit`, its config): a refusal packs nothing and sends nothing.
    // A checkout at another commit is refused before anything is listed (one `git rev-parse`): listing
    // a partial clone fetches what it lacks. The gate then holds the commit the files were listed from.
    if (inputs.expectedCommit !== undefined) {
        const checkedOut = (await (0,_operations_git_git_tree_js__WEBPACK_IMPORTED_MODULE_9__/* .checkoutOf */ .o5)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(layout.root, layout.configPath)), stop, layout.workspace))?.commit;
        if (checkedOut !== undefined && checkedOut !== inputs.expectedCommit)
            throw (0,_gates_checkout_commit_js__WEBPACK_IMPORTED_MODULE_8__/* .otherCommitCheckedOut */ .p)(checkedOut, inputs.expectedCommit);
    }
    const selection = await selectArchiveFiles(layout, {
        exclude: inputs.archiveExclude ?? [],
        include: inputs.archiveInclude ?? [],
        secretScan: inputs.secretScan,
        stop
    });
    describeSelection(selection, deps.log);
    // `secret-scan: fail`: a key in a file that would ship refuses the deploy before the gates, the pack and any request.
    const { refuseKeyFindings } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 3791));
    refuseKeyFindings(selection.keyFindings, inputs.secretScan);
    await (0,_gates_index_js__WEBPACK_IMPORTED_MODULE_7__/* .runArchiveGates */ .kx)(_gates_index_js__WEBPACK_IMPORTED_MODULE_7__/* .DEPLOY_GATES */ .ZY, { inputs, deps, layout, selection });
    const archive = await packArchive(selection, { tempRoot: deps.workflow.tempDir ?? (0,node_os__WEBPACK_IMPORTED_MODULE_0__.tmpdir)(), log: deps.log, stop });
    // With `expected-commit`, its gate said the commit already.
    if (archive.commit && inputs.expectedCommit === undefined)
        deps.log.info(`Archived from commit ${archive.commit}: its files from git's objects, whatever the working tree holds.`);
    return { ...archive, listing: listingOf(selection) };
}
/**
 * Puts the archive on record (the `archive-sha256` output, the summary's Archive row): only
 * once it was uploaded, or on a dry run, where the plan shows it as what would be shipped.
 */
function recordArchive(recorder, archive) {
    recorder.shipped({
        kind: 'archive',
        sha256: archive.sha256,
        bytes: archive.bytes,
        files: archive.files,
        commit: archive.commit,
        listing: archive.listing
    });
}
/** What a dry run of a remote build shows: the create, the upload URL asked for, and the patch; no upload. */
function remotePlannedRequests(plan, archive) {
    const creating = plan.action === 'create';
    const id = creating ? undefined : plan.deployment.id;
    const uploadUrl = id
        ? _api_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .requests */ .z.requestUploadUrl(id)
        : { method: 'POST', path: '/v2/deployments/{id of the new deployment}/upload-url' };
    const patch = remotePatchBody(plan, '<object_path that upload-url answers>', archive.configPath);
    return [
        ...(creating ? [_api_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .requests */ .z.createDeployment(createBody(plan.body))] : []),
        uploadUrl,
        id ? _api_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .requests */ .z.patchDeployment(id, patch) : { method: 'PATCH', path: '/v2/deployments/{id of the new deployment}', body: patch }
    ];
}
/**
 * Create (when missing), upload, then the patch that starts the build: sent only after
 * the whole archive is uploaded, and once (operations/control-plane/apply.ts), and recognised as ours by
 * the object path only this upload has. The archive's file is removed whatever happens.
 */
async function uploadAndBuild(plan, archive, inputs, deps, apply) {
    const { recorder, log } = deps;
    try {
        deps.run.throwIfCancelled();
        let deployment;
        if (plan.action === 'create') {
            log.info(`Creating deployment \`${plan.body.name}\` (source internal_source); its first revision is built from the archive.`);
            deployment = await (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_4__/* .sendRecorded */ .B3)(recorder, 'create', () => (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_4__/* .createOnce */ .Ur)(createBody(plan.body), apply));
            recorder.changed('created', deployment);
            await (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_4__/* .refuseTwins */ .sv)(deps.client, deployment, { ...deps.run.stop(), timeoutMs: inputs.timeoutMs });
        }
        else {
            deployment = plan.deployment;
        }
        const { uploadArchive } = await __webpack_require__.e(/* import() */ 172).then(__webpack_require__.bind(__webpack_require__, 7791));
        const objectPath = await uploadArchive(deployment.id, archive, {
            client: deps.client,
            ...deps.run.stop(),
            log,
            idleMs: deps.run.requestLimit(),
            created: plan.action === 'create'
        });
        recordArchive(recorder, archive);
        log.info(`Uploaded the archive (sha256 ${archive.sha256}); starting the remote build of \`${archive.configPath}\`.`);
        deps.run.throwIfCancelled();
        const planned = remotePatchBody(plan, objectPath, archive.configPath);
        // The upload took a while: what the patch merges into the deployment is read again first.
        const again = plan.action === 'patch' ? await (0,_merge_again_js__WEBPACK_IMPORTED_MODULE_6__/* .mergedAgainNow */ .n)(plan, planned, inputs, deps) : { body: planned, deployment };
        const applied = await (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_4__/* .sendRecorded */ .B3)(recorder, 'update', () => (0,_operations_control_plane_apply_js__WEBPACK_IMPORTED_MODULE_4__/* .patchOnce */ .KQ)(again.deployment, again.body, apply));
        recorder.changed(plan.action === 'create' ? 'created' : 'updated', applied.deployment);
        return applied;
    }
    finally {
        await archive.remove();
    }
}
/** A new `internal_source` deployment is created as the platform's client makes it: no revision settings, so no build until the patch. */
function createBody(body) {
    return { ...body, source_revision_config: {} };
}
/**
 * The patch that builds the uploaded archive: the object path and the config's path in
 * the archive; and, as any patch, what the plan sends (`revision_source` as the source
 * decision says, install and build commands, secrets...).
 */
function remotePatchBody(plan, objectPath, configPath) {
    const source_revision_config = { source_tarball_path: objectPath, graph_config_path: configPath };
    if (plan.action === 'create') {
        const { install_command, build_command } = plan.body.source_config;
        const commands = { ...(install_command ? { install_command } : {}), ...(build_command ? { build_command } : {}) };
        return {
            ...(Object.keys(commands).length > 0 ? { source_config: commands } : {}),
            source_revision_config,
            ...(plan.body.secrets.length > 0 ? { secrets: plan.body.secrets } : {})
        };
    }
    const { source_revision_config: _local, ...settings } = plan.action === 'patch' ? plan.body : {};
    return { ...settings, source_revision_config };
}


/***/ }),

/***/ 9756:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ valueText),
/* harmony export */   V: () => (/* binding */ sameJson)
/* harmony export */ });
/* harmony import */ var _mapping_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(305);

/** The text in a value: its strings, numbers and booleans, one a line; never a key. */
function valueText(value) {
    const out = [];
    const walk = (v, depth) => {
        if (depth > 64)
            return;
        if (typeof v === 'string')
            out.push(v);
        else if (typeof v === 'number' || typeof v === 'boolean')
            out.push(String(v));
        else if (Array.isArray(v))
            v.forEach((item) => walk(item, depth + 1));
        else if ((0,_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(v))
            Object.values(v).forEach((item) => walk(item, depth + 1));
    };
    walk(value, 0);
    return out.join('\n');
}
/** Equal as JSON (key order aside): how an input's value and a state's are compared, and `value`'s `equals`. */
function sameJson(a, b) {
    if (a === b)
        return true;
    if (Array.isArray(a))
        return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
    if ((0,_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(a) && (0,_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(b)) {
        const keys = Object.keys(a).filter((k) => a[k] !== undefined);
        const other = Object.keys(b).filter((k) => b[k] !== undefined);
        return keys.length === other.length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
    }
    return false;
}


/***/ }),

/***/ 305:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ isMapping)
/* harmony export */ });
/** A JSON or YAML mapping (an object that is not a list): what configs, suites and agent states are read as. */
function isMapping(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/***/ }),

/***/ 8404:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ nearestName)
/* harmony export */ });
/* unused harmony export similarity */
/** How alike two names are, to name the nearest known key for a typo (the config check's, `evals`'). */
/** difflib's `SequenceMatcher.ratio()`: twice the characters in matching blocks over both lengths. */
function similarity(a, b) {
    return a.length + b.length === 0 ? 1 : (2 * matched(a, 0, a.length, b, 0, b.length)) / (a.length + b.length);
}
/** Characters in the longest common substring, plus (recursively) those left and right of it, as difflib counts them. */
function matched(a, aLo, aHi, b, bLo, bHi) {
    let size = 0;
    let atA = aLo;
    let atB = bLo;
    // Keys are short: the plain O(n·m) search is enough.
    for (let i = aLo; i < aHi; i++) {
        for (let j = bLo; j < bHi; j++) {
            let k = 0;
            while (i + k < aHi && j + k < bHi && a[i + k] === b[j + k])
                k++;
            if (k > size) {
                size = k;
                atA = i;
                atB = j;
            }
        }
    }
    if (size === 0)
        return 0;
    return size + matched(a, aLo, atA, b, bLo, atB) + matched(a, atA + size, aHi, b, atB + size, bHi);
}
/** The known name nearest to `name`, when one is close enough (difflib's cutoff, 0.6). */
function nearestName(name, known) {
    let best;
    for (const candidate of known) {
        const score = similarity(name, candidate);
        if (score >= 0.6 && (!best || score > best.score))
            best = { name: candidate, score };
    }
    return best?.name;
}


/***/ }),

/***/ 9029:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ resolveLayout),
/* harmony export */   d: () => (/* binding */ toPosix)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _config_check_dependencies_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6747);
/* harmony import */ var _config_check_python_json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6751);
/* harmony import */ var _git_git_tree_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4730);
/* harmony import */ var _core_mapping_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(305);







/**
 * The layout for `graph-config-path` (relative to the workspace), before any request. The
 * config file must be a file inside the workspace (else bad input: the step names it); what
 * the config itself says wrong is a config problem (`problems`), never bad input. A directory the
 * config names that is not on disk is asked of git (all of them in one command): a folder of the
 * commit still ships.
 */
async function resolveLayout(workspaceDir, configInput, stop) {
    const workspace = realpathOr((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspaceDir));
    const fail = (problem) => {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz([problem]);
    };
    if ((0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(configInput))
        fail(`\`graph-config-path\` must be relative to the workspace (\`${configInput}\` is absolute): e.g. \`apps/agent/langgraph.json\``);
    const configFile = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace, configInput);
    if (!inside(workspace, configFile))
        fail(`\`graph-config-path\` \`${configInput}\` points outside the workspace: give the config file's path inside the checkout`);
    let text;
    try {
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(configFile).isFile())
            throw new Error('not a file');
        text = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(configFile, 'utf8');
    }
    catch {
        return fail(`\`graph-config-path\` \`${configInput}\` is not a file in the workspace (${workspace}): check the path, and that the job checks the repository out (actions/checkout) before this step`);
    }
    const realConfig = realpathOr(configFile);
    if (!inside(workspace, realConfig))
        fail(`\`graph-config-path\` \`${configInput}\` is a link to a file outside the workspace: nothing outside the checkout is archived`);
    const configDir = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(realConfig);
    const dirs = [configDir];
    const problems = [];
    // A config that is not JSON is the config check's problem: the archive is then the config's directory.
    const config = readConfig(text);
    const include = (key, written, what) => {
        const target = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(configDir, written);
        if (!inside(workspace, target) || !inside(workspace, realpathOr(target))) {
            problems.push({
                key,
                what: [what, ' ', { code: written }, " leaves the job's workspace, and only what the job checked out can be archived."],
                fix: ['Move it into the repository, or check it out inside the workspace.'],
                always: true
            });
            return;
        }
        if (isDirectory(target))
            dirs.push(realpathOr(target));
        else if (isPresent(target))
            problems.push({
                key,
                what: [what, ' ', { code: written }, ' is a file; it must be a directory.'],
                fix: ['Fix the path (it is relative to the config file), or remove it.']
            });
        else
            missing.push({ key, written, what, target });
    };
    const missing = [];
    (0,_config_check_dependencies_js__WEBPACK_IMPORTED_MODULE_5__/* .dependencyEntries */ .Q)(config.dependencies).forEach((dependency, index) => {
        // The client's rule: an entry starting with `.` is a directory; anything else (a package, `/wheels/x.whl`, a git URL) is for pip.
        if (typeof dependency === 'string' && dependency.startsWith('.'))
            include(`dependencies[${index}]`, dependency, 'the local dependency');
    });
    const source = config.source;
    if ((0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_6__/* .isMapping */ .p)(source) && source.kind === 'uv') {
        const root = 'root' in source ? source.root : '.';
        if (typeof root === 'string' && root.trim() !== '')
            include('source.root', root, 'the uv workspace root');
    }
    // Not on disk but a folder of the commit: it still ships when a sparse checkout left it out (or a step removed it).
    const committed = await (0,_git_git_tree_js__WEBPACK_IMPORTED_MODULE_4__/* .committedDirectories */ .gp)(configDir, missing.map((item) => (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(configDir, item.target)), stop);
    for (const item of missing) {
        if (committed.has((0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(configDir, item.target)))
            dirs.push(item.target);
        else
            problems.push({
                key: item.key,
                what: [item.what, ' ', { code: item.written }, ' does not exist.'],
                fix: ['Fix the path (it is relative to the config file), or remove it.']
            });
    }
    const included = outermost(dirs);
    const root = commonAncestor(included);
    return { workspace, root, included, configPath: toPosix((0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(root, realConfig)), problems };
}
function readConfig(text) {
    try {
        const config = (0,_config_check_python_json_js__WEBPACK_IMPORTED_MODULE_3__/* .parsePythonJson */ .S)(text);
        return (0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_6__/* .isMapping */ .p)(config) ? config : {};
    }
    catch {
        return {};
    }
}
function isDirectory(path) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(path).isDirectory();
    }
    catch {
        return false;
    }
}
function isPresent(path) {
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(path);
        return true;
    }
    catch {
        return false;
    }
}
function inside(parent, child) {
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(parent, child);
    // `..` as a whole first segment leaves `parent`; a name that merely starts with it (`..foo`) does not.
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_1__.sep}`) && !(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(rel));
}
function realpathOr(path) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(path);
    }
    catch {
        return path;
    }
}
/** The directories, without those inside another (which the outer one's walk covers). */
function outermost(dirs) {
    const unique = [...new Set(dirs)].sort();
    return unique.filter((dir) => !unique.some((other) => other !== dir && inside(other, dir)));
}
function commonAncestor(dirs) {
    let common = dirs[0];
    for (const dir of dirs.slice(1)) {
        while (!inside(common, dir))
            common = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(common);
    }
    return common;
}
function toPosix(path) {
    return node_path__WEBPACK_IMPORTED_MODULE_1__.sep === '/' ? path : path.split(node_path__WEBPACK_IMPORTED_MODULE_1__.sep).join('/');
}


/***/ })

};

//# sourceMappingURL=760.index.js.map