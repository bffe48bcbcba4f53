export const id = 145;
export const ids = [145];
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

/***/ 1145:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sendAsPlanned: () => (/* binding */ sendAsPlanned)
});

// EXTERNAL MODULE: ./src/operations/control-plane/apply.ts + 1 modules
var control_plane_apply = __webpack_require__(7106);
// EXTERNAL MODULE: ./src/api/requests.ts
var requests = __webpack_require__(4748);
;// CONCATENATED MODULE: ./src/commands/deploy/describe.ts

/**
 * One line that says what the run is about to send. Field names only: values can
 * be secret, and the bodies are in the request anyway.
 */
function describePlan(plan) {
    if (plan.action === 'none')
        return `Nothing to change on deployment \`${plan.deployment.name}\`.`;
    const body = plan.body;
    const parts = Object.entries(body)
        .filter(([key]) => key !== 'name' && key !== 'source')
        .map(([key, value]) => {
        if (Array.isArray(value)) {
            const names = value.map((item) => item.name).filter(Boolean);
            return `${key} (${names.length ? names.join(', ') : 'none'})`;
        }
        if (value && typeof value === 'object')
            return `${key} (${Object.keys(value).join(', ')})`;
        return `${key} (${String(value)})`;
    });
    const what = plan.action === 'create'
        ? `Creating deployment \`${plan.body.name}\` (source ${plan.body.source})`
        : `Updating deployment \`${plan.deployment.name}\``;
    return `${what} with ${parts.join(', ') || 'no fields'}.`;
}
/** The request the plan stands for, as a dry run shows it: none when there is nothing to change. */
function plannedRequests(plan) {
    if (plan.action === 'create')
        return [requests/* requests */.z.createDeployment(plan.body)];
    if (plan.action === 'patch')
        return [requests/* requests */.z.patchDeployment(plan.deployment.id, plan.body)];
    return [];
}

// EXTERNAL MODULE: ./src/commands/deploy/merge-again.ts
var merge_again = __webpack_require__(6865);
;// CONCATENATED MODULE: ./src/commands/deploy/sources/send-plan.ts



/**
 * The send of a source that ships nothing of its own: the plan as it is (create, patch, or
 * nothing), which a dry run shows as its requests. `github`, an archive the user uploaded, an
 * image and a source with no module of its own send this way.
 */
function sendAsPlanned({ plan, inputs, deps }) {
    warnArchiveInputsIgnored(inputs, deps.log);
    return {
        planned: () => Promise.resolve(plannedRequests(plan)),
        send: (apply) => sendPlan(plan, inputs, deps, apply)
    };
}
/** The archive's inputs mean nothing to a deploy that archives nothing: said, not silently dropped. */
function warnArchiveInputsIgnored(inputs, log) {
    for (const [name, set] of [
        ['archive-exclude', inputs.archiveExclude],
        ['archive-include', inputs.archiveInclude]
    ]) {
        if (set)
            log.warn(`\`${name}\` is set, but this deploy is not a remote build (\`internal_source\` without \`source-tarball-path\`): it is ignored.`);
    }
}
/** Sends what the plan says (create, patch, or nothing) and records it. */
async function sendPlan(plan, inputs, deps, apply) {
    const { client, log, recorder } = deps;
    log.info(describePlan(plan));
    // No change is started once the workflow is cancelled.
    deps.run.throwIfCancelled();
    let deployment;
    let revisionId;
    if (plan.action === 'create') {
        deployment = await (0,control_plane_apply/* sendRecorded */.B3)(recorder, 'create', () => (0,control_plane_apply/* createOnce */.Ur)(plan.body, apply));
        recorder.changed('created', deployment);
        await (0,control_plane_apply/* refuseTwins */.sv)(client, deployment, { ...deps.run.stop(), timeoutMs: inputs.timeoutMs });
        revisionId = deployment.latest_revision_id;
    }
    else if (plan.action === 'patch') {
        const again = await (0,merge_again/* mergedAgainNow */.n)(plan, plan.body, inputs, deps);
        const applied = await (0,control_plane_apply/* sendRecorded */.B3)(recorder, 'update', () => (0,control_plane_apply/* patchOnce */.KQ)(again.deployment, again.body, apply));
        deployment = applied.deployment;
        revisionId = applied.revisionId;
        recorder.changed('updated', deployment);
    }
    else {
        deployment = plan.deployment;
        revisionId = deployment.latest_revision_id;
        recorder.changed('unchanged', deployment);
    }
    return { deployment, revisionId };
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


/***/ })

};

//# sourceMappingURL=145.index.js.map