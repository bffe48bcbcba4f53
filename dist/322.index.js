export const id = 322;
export const ids = [322];
export const modules = {

/***/ 9322:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deleteCommand: () => (/* binding */ deleteCommand),
  deleteDeployment: () => (/* binding */ deleteDeployment)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/api/requests.ts
var requests = __webpack_require__(4748);
// EXTERNAL MODULE: ./src/core/errors.ts
var core_errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/operations/control-plane/resolve.ts
var resolve = __webpack_require__(8879);
// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/operations/control-plane/poll.ts + 1 modules
var poll = __webpack_require__(4629);
;// CONCATENATED MODULE: ./src/operations/control-plane/wait-until-gone.ts




/**
 * Polls the deployment by id until the control plane answers 404: a deleted deployment
 * may stay listed for a while (AWAITING_DELETE), and a workflow that re-creates it by the
 * same name must not race that. Bounded by the step's deadline; polls as the revision
 * wait does, with the same error budget.
 */
async function waitUntilGone(options) {
    const { clock, deployment } = options;
    let lastStatus;
    const startedAt = clock.now();
    return (0,poll/* pollUntil */.g)({
        deadline: options.deadline,
        pollIntervalMs: options.pollIntervalMs,
        clock,
        signal: options.signal,
        check: async () => {
            let current;
            try {
                current = await options.client.getDeployment(deployment.id);
            }
            catch (error) {
                if ((0,errors/* isNotFound */.c4)(error))
                    return { done: undefined };
                throw error;
            }
            options.onSeen?.(current);
            const status = current.status ?? 'unknown';
            if (status !== lastStatus) {
                options.log(`Deployment \`${deployment.name}\` is still listed: ${status} (after ${(0,core_clock/* formatDuration */.a)(clock.now() - startedAt)})`);
            }
            lastStatus = status;
            return { status };
        },
        onFailure: (error, failures) => options.warn(`Check for deployment \`${deployment.name}\` failed (${(0,core_errors/* firstLine */.TM)(error)}); checking again (${failures} of ${poll/* POLL_ERROR_BUDGET */.p} failures allowed in a row).`),
        lostContact: (error, failures) => lostContact(options, error, failures),
        timedOut: () => timedOut(options, lastStatus)
    });
}
function lostContact(options, error, failures) {
    return new core_errors/* ActionError */.lZ('api-refused', `Lost contact with the control plane while waiting for deployment \`${options.deployment.name}\` to be deleted: ` +
        `${failures} checks in a row failed, the last with: ${error.message}`, 'The delete was accepted and goes on on the control plane; re-run the job once the control plane answers again.');
}
function timedOut(options, status) {
    return new core_errors/* ActionError */.lZ('timed-out', `Timed out after ${(0,core_clock/* formatDuration */.a)(options.timeoutMs)} waiting for deployment \`${options.deployment.name}\` (${options.deployment.id}) to be deleted: ` +
        `the control plane still lists it${status ? ` (status ${status})` : ''}.`, 'The delete was accepted and goes on on the control plane; raise `timeout`, or set `wait: false` to not wait for it.');
}

// EXTERNAL MODULE: ./src/commands/types.ts
var types = __webpack_require__(8619);
;// CONCATENATED MODULE: ./src/commands/delete/command.ts






/**
 * `command: delete`: find the deployment (by `deployment-id` or exact name), delete it,
 * and wait until the control plane no longer lists it. A deployment that is already
 * gone is a success with a notice under `ignore-missing`.
 */
const deleteCommand = (0,types/* defineCommand */.N)({
    github: (inputs) => inputs.github,
    run: deleteDeployment
});
async function deleteDeployment(inputs, deps) {
    const { client, log, recorder } = deps;
    const deployment = await (0,errors/* unlessNotFound */.CA)((0,resolve/* lookUpTarget */.EA)(inputs, deps));
    if (!deployment)
        return nothingToDelete(inputs, deps, `No deployment ${(0,resolve/* targetLabel */.Op)(inputs)} exists`);
    log.info(`Found deployment \`${deployment.name}\` (${deployment.id}), status ${deployment.status ?? 'unknown'}.`);
    if (inputs.dryRun) {
        recorder.changed('planned');
        return recorder.finish({ kind: 'planned', requests: [requests/* requests */.z.deleteDeployment(deployment.id, inputs.deleteTracingProject)] });
    }
    deps.run.throwIfCancelled();
    log.info(`Deleting deployment \`${deployment.name}\` (${deployment.id})${inputs.deleteTracingProject ? ' and its tracing project' : ''}…`);
    const deleted = await (0,errors/* unlessNotFound */.CA)(client.deleteDeployment(deployment.id, inputs.deleteTracingProject).then(() => true));
    if (!deleted) {
        // Its status and URL from the lookup are no longer true: keep only who it was.
        recorder.seen({ id: deployment.id, name: deployment.name, latest_revision_id: null });
        return nothingToDelete(inputs, deps, `Deployment \`${deployment.name}\` (${deployment.id}) was deleted by someone else since the lookup`);
    }
    recorder.deleted();
    recorder.tracingProject(inputs.deleteTracingProject ? 'deleted' : 'kept');
    log.info(`The control plane accepted the delete of deployment \`${deployment.name}\`.`);
    if (!inputs.deleteTracingProject) {
        log.info(`Its tracing project \`${deployment.name}\` is kept, so creating a deployment named \`${deployment.name}\` again fails (HTTP 409) ` +
            'until that project is deleted; set `delete-tracing-project: true` for deployments that come and go, such as one per pull request.');
    }
    if (!inputs.wait) {
        log.info('Not waiting (`wait: false`) for the control plane to stop listing it.');
        return recorder.finish({ kind: 'deleted' });
    }
    await waitUntilGone({
        client,
        deployment,
        timeoutMs: inputs.timeoutMs,
        ...deps.run.stop(),
        pollIntervalMs: inputs.pollIntervalMs,
        log: log.info,
        warn: log.warn
    });
    log.info(`Deployment \`${deployment.name}\` is gone.`);
    return recorder.finish({ kind: 'deleted' });
}
function nothingToDelete(inputs, deps, what) {
    if (!inputs.ignoreMissing) {
        throw new core_errors/* ActionError */.lZ('not-found', `${what}, so there is nothing to delete, and \`ignore-missing\` is false.`, 'Fix `name` or `deployment-id`, or set `ignore-missing: true` if a deployment that is already gone is fine.');
    }
    deps.log.notice(`${what}: nothing to delete.`);
    if (inputs.dryRun) {
        // A dry run reports a plan, here an empty one, whatever it found.
        deps.recorder.changed('planned');
        return deps.recorder.finish({ kind: 'planned', requests: [] });
    }
    deps.recorder.changed('unchanged');
    return deps.recorder.finish({ kind: 'nothing-to-do', reason: 'already-gone' });
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

//# sourceMappingURL=322.index.js.map