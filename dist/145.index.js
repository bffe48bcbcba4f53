export const id = 145;
export const ids = [145];
export const modules = {

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
        const applied = await (0,control_plane_apply/* sendRecorded */.B3)(recorder, 'update', () => (0,control_plane_apply/* patchOnce */.KQ)(plan.deployment, plan.body, apply));
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


/***/ })

};

//# sourceMappingURL=145.index.js.map