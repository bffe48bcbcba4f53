export const id = 692;
export const ids = [692];
export const modules = {

/***/ 6124:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ reportEnvironment)
/* harmony export */ });
/* harmony import */ var _environment_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5157);

/**
 * What the change does to the deployment's environment, by name, in the log and on record (the
 * summary's row): kept, set, added, removed. A removal is a warning: it deletes what someone set.
 */
function reportEnvironment(plan, { log, recorder }) {
    const environment = plan.environment;
    if (!environment)
        return;
    const lists = [
        ['secrets', environment.secrets],
        ['secret-references', environment.references]
    ];
    for (const [what, change] of lists) {
        if (!change)
            continue;
        const line = (0,_environment_js__WEBPACK_IMPORTED_MODULE_0__/* .describeEnvironment */ .NE)(what, change, plan.action === 'create');
        if (change.names.removed.length > 0 || change.removedUnknown)
            log.warn(line);
        else
            log.info(line);
    }
    const fact = (change) => change && { ...change.names, sent: change.send !== undefined, ...(change.removedUnknown ? { removedUnknown: true } : {}) };
    recorder.environment({
        mode: environment.mode,
        ...(environment.secrets ? { secrets: fact(environment.secrets) } : {}),
        ...(environment.references ? { references: fact(environment.references) } : {})
    });
}


/***/ }),

/***/ 5157:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fb: () => (/* binding */ referencesOfUpdate),
/* harmony export */   NE: () => (/* binding */ describeEnvironment),
/* harmony export */   Y4: () => (/* binding */ secretsOfUpdate),
/* harmony export */   hp: () => (/* binding */ environmentOfCreate),
/* harmony export */   kA: () => (/* binding */ shownNames)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_quoted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(891);


/** A name as the deployment reports it, made fit for our messages (server text). */
const shown = (name) => `\`${(0,_core_quoted_js__WEBPACK_IMPORTED_MODULE_1__/* .quotable */ .E7)(name, 100)}\``;
/** Names as the deployment reports them, for a message: each made fit, comma-separated. */
const shownNames = (names) => names.map(shown).join(', ');
/** The deployment's environment as reported: undefined when it reports none, or an entry without a name. */
function currentSecrets(deployment) {
    if (!Array.isArray(deployment.secrets))
        return undefined;
    const entries = [];
    for (const raw of deployment.secrets) {
        const { name, value } = (raw ?? {});
        if (typeof name !== 'string' || name === '')
            return undefined;
        const text = typeof value === 'string' ? value : undefined;
        entries.push({ name, value: text, item: text === undefined ? undefined : { name, value: text } });
    }
    return entries;
}
function currentReferences(deployment) {
    // A deployment that is not `external_docker` reports null: it has none.
    if (deployment.secret_references == null)
        return [];
    const entries = [];
    for (const raw of deployment.secret_references) {
        const { name, secret_name, secret_key } = (raw ?? {});
        if (typeof name !== 'string' || typeof secret_name !== 'string' || typeof secret_key !== 'string')
            return undefined;
        const item = { name, secret_name, secret_key };
        entries.push({ name, value: JSON.stringify([secret_name, secret_key]), item });
    }
    return entries;
}
/** The input's secrets as entries. */
const secretEntries = (secrets) => secrets.map((s) => ({ name: s.name, value: s.value, item: s }));
const referenceEntries = (refs) => refs.map((r) => ({ name: r.name, value: JSON.stringify([r.secret_name, r.secret_key]), item: r }));
/**
 * The change an update makes: `merge` keeps every current entry the input does not name, `replace`
 * makes the input the whole list. Undefined `current`: the deployment does not report the list
 * (then a merge is refused by the caller; a replace cannot name what it removes).
 */
function change(current, given, mode) {
    const now = new Map((current ?? []).map((entry) => [entry.name, entry]));
    const wanted = new Map(given.map((entry) => [entry.name, entry]));
    const names = { kept: [], set: [], added: [], removed: [] };
    for (const [name, entry] of now) {
        const asked = wanted.get(name);
        if (!asked)
            (mode === 'merge' ? names.kept : names.removed).push(name);
        else if (entry.value !== undefined && entry.value === asked.value)
            names.kept.push(name);
        else
            names.set.push(name);
    }
    for (const name of wanted.keys())
        if (!now.has(name))
            names.added.push(name);
    const removedUnknown = mode === 'replace' && current === undefined;
    const changes = names.set.length + names.added.length + names.removed.length > 0 || removedUnknown;
    if (!changes)
        return { names };
    const send = mode === 'replace'
        ? given.map((entry) => entry.item)
        : [
            ...[...now.values()].map((entry) => (wanted.get(entry.name) ?? entry).item),
            ...given.filter((e) => !now.has(e.name)).map((e) => e.item)
        ];
    return { send, names, ...(removedUnknown ? { removedUnknown } : {}) };
}
/** What a create does: the input as given, every name added. */
function environmentOfCreate(given) {
    if (!given)
        return undefined;
    return { send: [...given], names: { kept: [], set: [], added: given.map((item) => item.name), removed: [] } };
}
/**
 * What an update sends as `secrets`. A merge needs every current value: when the deployment names
 * a secret without returning its value (or reports no environment), the deploy is refused before any
 * change, naming those secrets and the two ways out.
 */
function secretsOfUpdate(deployment, given, mode) {
    if (!given)
        return undefined;
    const current = currentSecrets(deployment);
    if (mode === 'merge' && given.length > 0) {
        if (!current)
            throw unreadableEnvironment(deployment);
        const asked = new Set(given.map((s) => s.name));
        const hidden = current.filter((entry) => entry.value === undefined && !asked.has(entry.name)).map((entry) => entry.name);
        if (hidden.length > 0)
            throw valuesNotReturned(deployment, hidden);
    }
    return change(current, secretEntries(given), mode);
}
/** What an update sends as `secret_references`: the same rule, by `name`. */
function referencesOfUpdate(deployment, given, mode) {
    if (!given)
        return undefined;
    const current = currentReferences(deployment);
    if (mode === 'merge' && given.length > 0 && !current) {
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ('bad-response', `Deployment \`${deployment.name}\` reports its secret references in a form the action cannot read, so \`secret-references\` cannot be merged into them.`, 'List every reference the deployment needs in `secret-references` and set `secrets-update: replace`.');
    }
    return change(current, referenceEntries(given), mode);
}
function valuesNotReturned(deployment, names) {
    const listed = names.map(shown).join(', ');
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ('api-refused', `Deployment \`${deployment.name}\` has ${names.length === 1 ? 'a secret' : `${names.length} secrets`} whose value the control plane did not return: ${listed}. ` +
        'A `secrets` list replaces the whole environment, so merging `secrets` into it would delete ' +
        `${names.length === 1 ? 'that secret' : 'them'}; nothing was sent.`, `Either list ${names.length === 1 ? 'it' : 'them'} in \`secrets\` with ${names.length === 1 ? 'its value' : 'their values'}, ` +
        'or set `secrets-update: replace` to make `secrets` the whole environment (the log names every secret that removes).');
}
function unreadableEnvironment(deployment) {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ('api-refused', `Deployment \`${deployment.name}\` does not report its environment (its secrets' names and values), so \`secrets\` cannot be merged into it: ` +
        'a `secrets` list replaces the whole environment, and what is not in it would be deleted; nothing was sent.', 'Set `secrets-update: replace` and list every secret the deployment needs in `secrets`.');
}
/** For the log: what the change does to the list, names only (never a value). */
function describeEnvironment(what, change, creating) {
    const { kept, set, added, removed } = change.names;
    const list = shownNames;
    if (creating)
        return `\`${what}\`: the new deployment gets ${added.length ? list(added) : 'none'}.`;
    const parts = [
        set.length ? `sets ${list(set)}` : '',
        added.length ? `adds ${list(added)}` : '',
        removed.length ? `removes ${list(removed)}` : '',
        change.removedUnknown ? 'removes any other the deployment has (it does not report them, so they cannot be named)' : '',
        kept.length ? `keeps ${list(kept)}` : ''
    ].filter(Boolean);
    if (!change.send)
        return `\`${what}\`: the deployment already has these values (${list(kept) || 'none'}); nothing to send.`;
    return `\`${what}\`: ${parts.join('; ')}.`;
}


/***/ }),

/***/ 2369:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  k: () => (/* binding */ mergedIntoDeployment),
  b: () => (/* binding */ planDeploy)
});

// EXTERNAL MODULE: ./src/api/constants.ts
var constants = __webpack_require__(2997);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/inputs/deployment-name.ts
var deployment_name = __webpack_require__(1188);
// EXTERNAL MODULE: ./src/commands/deploy/environment.ts
var deploy_environment = __webpack_require__(5157);
;// CONCATENATED MODULE: ./src/commands/deploy/resource-spec.ts
/**
 * `resource-spec` on an update, merged over the deployment's current `resource_spec` field by
 * field. The control plane replaces the whole object on a patch, so a partial spec alone would
 * reset every field it does not name (scale, memory, labels, volumes, pull secrets) to its
 * default; the owners' own provider reads and merges before it writes for that reason
 * (docs/control-plane.md). The fields given replace theirs; every other field keeps its current
 * value, including fields this action's schema does not model. A field whose value is itself an
 * object (`labels`, `annotations`) is replaced whole, as the control plane does. Null fields, given
 * or current, are left out.
 */
function mergedResourceSpec(given, deployment) {
    const current = deployment.source_config?.resource_spec;
    if (!current || typeof current !== 'object' || Array.isArray(current))
        return given;
    const kept = Object.entries(current).filter(([, value]) => value != null);
    // A field written with no value (`max_scale:` in YAML reads as null) is not configured, as the
    // owners' provider reads it: the current value stays, never reset to the default by a null.
    const set = Object.entries(given).filter(([, value]) => value != null);
    return { ...Object.fromEntries(kept), ...Object.fromEntries(set) };
}

// EXTERNAL MODULE: ./src/commands/deploy/settings-differ.ts
var settings_differ = __webpack_require__(9040);
// EXTERNAL MODULE: ./src/commands/deploy/sources/fields.ts
var fields = __webpack_require__(5996);
// EXTERNAL MODULE: ./src/commands/deploy/scale-to-zero.ts
var scale_to_zero = __webpack_require__(3861);
// EXTERNAL MODULE: ./src/commands/deploy/source-rules.ts + 1 modules
var source_rules = __webpack_require__(7606);
// EXTERNAL MODULE: ./src/commands/deploy/source.ts
var deploy_source = __webpack_require__(1543);
;// CONCATENATED MODULE: ./src/commands/deploy/plan.ts










/**
 * `source_config` fields the control plane fixes at creation. Sending one on a patch
 * would be refused, so a patch leaves them out, and a value the user set that differs
 * from the deployment's is an error before anything is sent.
 */
const CREATE_ONLY = (0,fields/* fieldsIn */.t5)('source_config').filter((field) => field.createOnly);
const CREATE_ONLY_KEYS = new Set(CREATE_ONLY.map((field) => field.key));
/** The request's fields a patch may send: the create-only ones left out. */
function changeableOf(requested) {
    return Object.fromEntries(Object.entries(requested).filter(([key]) => !CREATE_ONLY_KEYS.has(key)));
}
/** The request this run sends: what the inputs set, as the source decision says, plus the workflow's defaults where its module takes them (`github`). */
function planDeploy(inputs, existing, source, workflow) {
    return existing ? planPatch(inputs, existing, source, workflow) : planCreate(inputs, source, workflow);
}
function planCreate(inputs, decided, workflow) {
    const name = inputs.name;
    const source = decided.deployment ?? deploy_source/* DEFAULT_SOURCE */.Qe;
    const github = decided.module.plan.fromWorkflow;
    const sourceConfig = {
        ...inputs.sourceConfig,
        ...(github && !inputs.sourceConfig.repo_url && workflow.repoUrl ? { repo_url: workflow.repoUrl } : {})
    };
    const sourceRevisionConfig = {
        ...inputs.sourceRevisionConfig,
        ...(github && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef ? { repo_ref: workflow.repoRef } : {})
    };
    const problems = (0,source_rules/* sourceProblemsAfterLookup */.O0)(inputs, { sourceConfig, sourceRevisionConfig }, decided);
    // Checked here, not with the inputs: an existing deployment keeps the name it was made with.
    const nameProblem = (0,deployment_name/* newDeploymentNameProblem */.e)(name);
    if (nameProblem)
        problems.push(nameProblem);
    const scaleToZero = (0,scale_to_zero/* scaleToZeroProblemAfterLookup */.B)(sourceConfig, { creating: source });
    if (scaleToZero)
        problems.push(scaleToZero);
    if (!(0,constants/* isCreatable */.Mw)(source)) {
        problems.push(`\`source\` \`${source}\` cannot be created through the API (it takes ${constants/* CREATABLE_SOURCES */.Jh.map((s) => `\`${s}\``).join(', ')}): create the deployment another way, then deploy to it by \`name\``);
    }
    if (github && !sourceConfig.repo_url) {
        problems.push('`repo-url` is required to create a `github` deployment outside a GitHub workflow: set it to the repository URL');
    }
    if (problems.length > 0 || !(0,constants/* isCreatable */.Mw)(source))
        throw new errors/* InputError */.dz(problems);
    const environment = plannedEnvironment(inputs.secretsUpdate, (0,deploy_environment/* environmentOfCreate */.hp)(inputs.secrets), (0,deploy_environment/* environmentOfCreate */.hp)(inputs.secretReferences));
    return {
        action: 'create',
        ...(environment ? { environment } : {}),
        body: {
            name,
            source,
            source_config: sourceConfig,
            source_revision_config: sourceRevisionConfig,
            secrets: inputs.secrets ?? [],
            ...(inputs.secretReferences ? { secret_references: inputs.secretReferences } : {})
        }
    };
}
function planPatch(inputs, deployment, source, workflow) {
    // A `source` the deployment was not created with, first.
    const problems = [...source.problems];
    const warnings = [];
    const requested = inputs.sourceConfig;
    for (const field of CREATE_ONLY) {
        const wanted = field.read(requested);
        const current = field.read(deployment.source_config);
        if (wanted === undefined)
            continue;
        if (current == null) {
            warnings.push(`\`${field.input}\` was not sent: it is fixed when a deployment is created, and deployment \`${deployment.name}\` reports none.`);
        }
        else if (!(0,settings_differ/* sameSetting */.RS)(field, wanted, current)) {
            problems.push(`\`${field.input}\` is \`${(0,settings_differ/* shownSetting */.mV)(wanted)}\` but deployment \`${deployment.name}\` has ` +
                `\`${(0,settings_differ/* shownSetting */.mV)(current)}\`, which cannot change after creation: remove \`${field.input}\` or deploy under another ` +
                `\`name\``);
        }
    }
    const given = changeableOf(requested);
    const sourceRevisionConfig = {
        ...inputs.sourceRevisionConfig,
        ...(source.module.plan.fromWorkflow && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef ? { repo_ref: workflow.repoRef } : {})
    };
    problems.push(...(0,source_rules/* sourceProblemsAfterLookup */.O0)(inputs, { sourceConfig: requested, sourceRevisionConfig }, source));
    const scaleToZero = (0,scale_to_zero/* scaleToZeroProblemAfterLookup */.B)(requested, { existing: deployment });
    if (scaleToZero)
        problems.push(scaleToZero);
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    // Read from the deployment as the lookup found it, and made again just before the patch is sent
    // (merge-again.ts); a resend after a lost answer sends the same lists.
    const { secrets, references, environment, resourceSpec } = mergedIntoDeployment(inputs, deployment);
    const changeable = resourceSpec ? { ...given, resource_spec: resourceSpec } : given;
    const body = {
        ...(source.revisionSourceSent ? { revision_source: source.revisionSourceSent } : {}),
        ...(Object.keys(changeable).length > 0 ? { source_config: changeable } : {}),
        ...(Object.keys(sourceRevisionConfig).length > 0 ? { source_revision_config: sourceRevisionConfig } : {}),
        ...(secrets?.send ? { secrets: secrets.send } : {}),
        ...(references?.send ? { secret_references: references.send } : {})
    };
    const planned = environment ? { environment } : {};
    return Object.keys(body).length > 0
        ? { action: 'patch', deployment, body, warnings, ...planned }
        : { action: 'none', deployment, ...planned };
}
/**
 * What a patch sends of the environment and `resource_spec`, merged into `deployment`'s: the control
 * plane replaces each whole. Throws (environment.ts) when a merge cannot be made without deleting
 * what the deployment does not show.
 */
function mergedIntoDeployment(inputs, deployment) {
    const secrets = (0,deploy_environment/* secretsOfUpdate */.Y4)(deployment, inputs.secrets, inputs.secretsUpdate);
    const references = (0,deploy_environment/* referencesOfUpdate */.Fb)(deployment, inputs.secretReferences, inputs.secretsUpdate);
    const environment = plannedEnvironment(inputs.secretsUpdate, secrets, references);
    const given = inputs.sourceConfig.resource_spec;
    return {
        ...(secrets ? { secrets } : {}),
        ...(references ? { references } : {}),
        ...(environment ? { environment } : {}),
        ...(given ? { resourceSpec: mergedResourceSpec(given, deployment) } : {})
    };
}
function plannedEnvironment(mode, secrets, references) {
    if (!secrets && !references)
        return undefined;
    return { mode, ...(secrets ? { secrets } : {}), ...(references ? { references } : {}) };
}


/***/ }),

/***/ 9040:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RS: () => (/* binding */ sameSetting),
/* harmony export */   mV: () => (/* binding */ shownSetting),
/* harmony export */   s2: () => (/* binding */ sourceConfigDifferences)
/* harmony export */ });
/* unused harmony export SOURCE_CONFIG_FIELDS */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _sources_fields_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5996);


/**
 * Each `source_config` field (sources/fields.ts, the one table of fields): the input that sets it,
 * whether the control plane fixes it at creation (a patch must leave it out), and whether values
 * that differ only in spelling name the same thing (ids and enum words in either case, a URL with
 * or without a last `/` or `.git`). The plan (plan.ts) and `paths` (gates/paths.ts) both read it
 * and compare with `sameSetting`, so they never disagree on whether a setting changes.
 */
const SOURCE_CONFIG_FIELDS = (0,_sources_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldsIn */ .t5)('source_config');
/**
 * Whether the deployment's value already is the one wanted. A mapping (`resource-spec`) is the
 * same when every key it sets has the deployment's value: the deployment's may hold defaults
 * the step leaves unset.
 */
function sameSetting(field, wanted, current) {
    return covers(wanted, current, field.loose);
}
/** A setting's value as a message shows it: text as written, anything else (a flag, a mapping) as JSON. */
function shownSetting(value) {
    return typeof value === 'string' ? value : JSON.stringify(value);
}
/** The inputs set in the step whose `source_config` value is not the deployment's: sending them would change the deployment. */
function sourceConfigDifferences(requested, current) {
    return SOURCE_CONFIG_FIELDS.filter((field) => {
        const wanted = field.read(requested);
        return wanted !== undefined && !sameSetting(field, wanted, field.read(current));
    }).map((field) => field.input);
}
function covers(wanted, current, loose, depth = 0) {
    if (wanted === null)
        return current == null;
    if (typeof wanted === 'object') {
        if (Array.isArray(wanted))
            return JSON.stringify(wanted) === JSON.stringify(current);
        // A field's own object (`resource_spec.labels`) is sent whole and replaces the current one: a key
        // it lacks is removed, so only the same object is no change.
        if (depth > 0)
            return (0,node_util__WEBPACK_IMPORTED_MODULE_0__.isDeepStrictEqual)(wanted, current);
        if (typeof current !== 'object' || current === null)
            return false;
        return Object.entries(wanted).every(([key, value]) => value === undefined || covers(value, current[key], false, depth + 1));
    }
    if (loose && typeof wanted === 'string' && typeof current === 'string')
        return same(wanted) === same(current);
    return wanted === current;
}
function same(value) {
    return value
        .trim()
        .toLowerCase()
        .replace(/\/+$/, '')
        .replace(/\.git$/, '');
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


/***/ })

};

//# sourceMappingURL=692.index.js.map