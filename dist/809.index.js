export const id = 809;
export const ids = [809];
export const modules = {

/***/ 8809:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deploy: () => (/* binding */ deploy),
  deployCommand: () => (/* binding */ deployCommand)
});

// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/statuses.ts
var statuses = __webpack_require__(2309);
// EXTERNAL MODULE: ./src/operations/checks/run.ts
var run = __webpack_require__(3155);
// EXTERNAL MODULE: ./src/operations/evals/suite-at-base.ts
var suite_at_base = __webpack_require__(1534);
// EXTERNAL MODULE: ./src/operations/control-plane/resolve.ts
var resolve = __webpack_require__(8879);
// EXTERNAL MODULE: ./src/operations/control-plane/watch-revision.ts + 3 modules
var watch_revision = __webpack_require__(3690);
// EXTERNAL MODULE: ./src/commands/types.ts
var types = __webpack_require__(8619);
// EXTERNAL MODULE: ./src/operations/checks/index.ts + 5 modules
var checks = __webpack_require__(10);
;// CONCATENATED MODULE: ./src/commands/deploy/commit-check.ts
/** A commit sha as git writes it; anything else from the server is not shown (server text is hostile). */
const SHA = /^[0-9a-f]{7,64}$/i;
/**
 * After DEPLOYED: the control plane builds the head of `repo_ref` when the revision is
 * made, which may be a later commit than the one this workflow ran for (a push landed
 * meanwhile). The deployment then serves code this run did not build or test, which the
 * user should know. Checked only when the revision was built from the ref the workflow
 * ran on; a `repo-ref` set to another branch is expected to be at another commit.
 */
function commitMovedOn(revision, workflow) {
    const built = revision.source_revision_config?.repo_commit_sha;
    const ref = revision.source_revision_config?.repo_ref;
    const tested = workflow.triggerSha;
    if (!built || !tested || !ref || ref !== workflow.repoRef)
        return undefined;
    if (!SHA.test(built) || !SHA.test(tested))
        return undefined;
    // Either may be abbreviated.
    const [a, b] = [built.toLowerCase(), tested.toLowerCase()];
    if (a.startsWith(b) || b.startsWith(a))
        return undefined;
    return (`Revision ${revision.id} was built from commit ${built}, but this workflow ran for commit ${tested}: ` +
        `\`${ref}\` moved on in between, so the deployment serves code this run did not test.`);
}
/** The warning goes to the log and to the recorder, whose reports show it near their top, not only in the log. */
function warnIfCommitMoved(revision, workflow, log, recorder) {
    const warning = commitMovedOn(revision, workflow);
    if (!warning)
        return;
    log.warn(warning);
    recorder.commitWarning(`${warning} Pass the tested commit as \`expected-commit\` to refuse such a deploy.`);
}

;// CONCATENATED MODULE: ./src/commands/deploy/checks.ts


/**
 * The commit the revision was built from: checked against `expected-commit` by the source module
 * whose revisions report it (`github`, whichever inputs made it; its failure, `commit-mismatch`, is
 * returned), else warned about when the ref moved on.
 */
function checkCommit(inputs, source, deps, revision) {
    const afterBuild = source.module.proof.afterBuild;
    if (inputs.expectedCommit && afterBuild) {
        const failure = afterBuild(inputs.expectedCommit, revision);
        return failure ? { failure } : {};
    }
    warnIfCommitMoved(revision, deps.workflow, deps.log, deps.recorder);
    return {};
}
/** Deploy's checks after DEPLOYED: the commit built first, then those every command runs. */
function deployChecks(inputs, source, deps) {
    const builtCommit = {
        id: 'built-commit',
        appliesTo: () => true,
        run: ({ revision }) => Promise.resolve(checkCommit(inputs, source, deps, revision))
    };
    return [builtCommit, ...checks/* AFTER_DEPLOYED */.M];
}

// EXTERNAL MODULE: ./src/commands/deploy/gates/index.ts + 26 modules
var gates = __webpack_require__(4330);
// EXTERNAL MODULE: ./src/core/recorder.ts
var core_recorder = __webpack_require__(9577);
// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/operations/control-plane/apply.ts + 1 modules
var apply = __webpack_require__(7106);
// EXTERNAL MODULE: ./src/operations/control-plane/redeploy.ts
var redeploy = __webpack_require__(8833);
;// CONCATENATED MODULE: ./src/commands/deploy/on-failure.ts






/** A revision that failed, failed its health check or any other check, or serves a commit other than `expected-commit`, is undone. */
const ROLLED_BACK_FOR = new Set(['revision-failed', 'health-check-failed', 'commit-mismatch', 'check-failed']);
/** A check that could not be made, or proved nothing, says nothing against the revision. */
const NOT_AGAINST = new Set(['health-check-not-made', 'check-not-proven']);
/** A failed build or create never replaced what served: the control plane keeps the old revision. */
const NEVER_SERVED = new Set(['CREATE_FAILED', 'BUILD_FAILED']);
/**
 * `on-failure: rollback`, after the deploy's revision failed, failed its health check or another check, or
 * reached DEPLOYED built from a commit other than `expected-commit`.
 * When the deployment is left serving a bad revision, redeploy the one that served before
 * this run and watch it; the step still fails, and its error says both what failed and
 * what serves now. When nothing needs undoing (a failed build), it says so instead. Any
 * other ending (a time-out, a cancellation, a lost connection, a superseded revision)
 * is not a failure of this revision and is rethrown untouched; a health check that could
 * not be made is rethrown with a note that nothing was rolled back.
 */
async function rollBackAfterFailure(error, inputs, deps) {
    if (error instanceof errors/* ActionError */.lZ && NOT_AGAINST.has(error.kind)) {
        // A check that was never made says nothing against the new revision: replacing it could undo a good deploy.
        const only = error.kind === 'check-not-proven' ? 'not found wrong, only not proven right' : 'not found unhealthy, only not checked';
        throw withNote(error, `Nothing was rolled back (\`on-failure: rollback\`): the revision was ${only}, so it was left in place.`);
    }
    if (!(error instanceof errors/* ActionError */.lZ) || !ROLLED_BACK_FOR.has(error.kind))
        throw error;
    const { client, log, recorder } = deps;
    const { previousRevisionId: previous, revisionId: failed, revision, deployment } = recorder.factsNow;
    const status = revision?.status ?? '';
    if (!deployment || !failed || status === 'SKIPPED')
        throw error;
    if (NEVER_SERVED.has(status)) {
        throw withNote(error, `No rollback was needed: a revision that fails before it deploys never serves, so the control plane kept serving ${previous ? `revision ${previous}` : 'what it served'}.`);
    }
    if (!previous) {
        throw withNote(error, 'No rollback was possible: no revision served before this run (it created the deployment, or none had deployed).');
    }
    const current = await client.getDeployment(deployment.id);
    if (error.kind === 'revision-failed' && current.active_revision_id !== failed) {
        throw withNote(error, `No rollback was needed: deployment \`${current.name}\` still serves revision ${current.active_revision_id ?? previous}.`);
    }
    log.warn(`${(0,errors/* firstLine */.TM)(error)} Rolling back (\`on-failure: rollback\`) to revision ${previous}, which served before this run…`);
    // The rollback's own revision is recorded apart: the run's outcome stays about the revision that failed.
    const rollbackRecord = new core_recorder/* Recorder */.v('rollback');
    let serving;
    /** The deployment as the rollback's watch re-read it, or as its redeploy answered. */
    let rolledBack;
    try {
        // Its settings tell its redeploy apart from another run's revision, should the answer be lost.
        const target = await client.getRevision(current.id, previous);
        const started = await (0,redeploy/* redeploy */.j)(current, target, {
            apply: (0,apply/* applyContextOf */.Dc)(deps),
            log,
            recorder: rollbackRecord
        });
        const watched = await (0,watch_revision/* watchUntilDeployed */.w)({
            ...deps,
            ...deps.run.stop(),
            ...(0,watch_revision/* watchSettings */.d)(inputs),
            recorder: rollbackRecord,
            deployment: started.deployment,
            revisionId: started.revisionId
        });
        // Not health-checked: it served before this run, and the step fails anyway; a second
        // `health-check-timeout` would only make the failure later.
        serving = started.revisionId;
        rolledBack = watched.deployment ?? started.deployment;
    }
    catch (rollbackError) {
        const failedToo = rollbackRecord.failedWith(rollbackError);
        // The redeploy was accepted (its wait or check failed): the run did roll back, not to a good state.
        if (rollbackRecord.factsNow.operation === 'rolled-back')
            recorder.changed('rolled-back', rollbackRecord.factsNow.deployment);
        const rollback = rollbackError instanceof cancel/* CancelledError */.cc
            ? cancelledRollback(failedToo, previous, current.name)
            : {
                what: `The rollback to revision ${previous} (\`on-failure: rollback\`) failed too: ${failedToo.problem?.what ?? failedToo.error}`,
                todo: failedToo.problem?.todo
            };
        // What to do about the rollback comes first: until it is dealt with, nothing good serves.
        const todo = [rollback.todo, error.hint].filter((line) => Boolean(line)).join('\n');
        return recorder.endedWith('failed', new errors/* ActionError */.lZ(error.kind, `${error.message}\n${rollback.what}`, todo || undefined));
    }
    recorder.restored(serving);
    recorder.changed('rolled-back', rolledBack);
    const story = `Rolled back (\`on-failure: rollback\`): deployment \`${current.name}\` now serves revision ${serving}, ` +
        `a redeploy of revision ${previous}, which served before this run.`;
    log.info(story);
    return recorder.endedWith('rolled-back', withNote(error, story));
}
function withNote(error, note) {
    return new errors/* ActionError */.lZ(error.kind, `${error.message}\n${note}`, error.hint);
}
/**
 * The workflow was cancelled during the rollback: where the rollback stood, in the deploy's
 * words (the rollback's own recorder knows only that it was cancelled). Nothing is cancelled
 * on the control plane.
 */
function cancelledRollback(rollback, previous, name) {
    const check = `Look at deployment \`${name}\` on the control plane before re-running: nothing was cancelled there.`;
    if (rollback.kind === 'refused' && rollback.inDoubt) {
        return {
            what: `The workflow was cancelled while the redeploy of revision ${previous} (\`on-failure: rollback\`) was in flight: it may or may not have taken effect.`,
            todo: check
        };
    }
    if (rollback.revisionId) {
        return {
            what: `The workflow was cancelled while waiting for revision ${rollback.revisionId}, the redeploy of revision ${previous} (\`on-failure: rollback\`); it goes on on the control plane.`,
            todo: `Follow revision ${rollback.revisionId} of deployment \`${name}\` on the control plane: nothing was cancelled there.`
        };
    }
    return {
        what: `The workflow was cancelled before the rollback to revision ${previous} (\`on-failure: rollback\`) was sent: nothing was rolled back.`,
        todo: check
    };
}

// EXTERNAL MODULE: ./src/commands/deploy/plan.ts + 1 modules
var deploy_plan = __webpack_require__(2369);
// EXTERNAL MODULE: ./src/operations/checks/evals.ts
var evals = __webpack_require__(1877);
// EXTERNAL MODULE: ./src/commands/deploy/environment-report.ts
var environment_report = __webpack_require__(6124);
;// CONCATENATED MODULE: ./src/commands/deploy/send-change.ts



/**
 * Sends the change as the source module says (sources/): a `github` patch or create, a remote
 * build (archive, upload, patch), an image. A dry run readies and checks what it would ship and
 * sends nothing.
 */
async function sendChange(plan, inputs, source, deps, prepared) {
    const { client, log, recorder } = deps;
    const shipment = await source.module.ship({ plan, inputs, deps, prepared });
    (0,environment_report/* reportEnvironment */.g)(plan, deps);
    if (inputs.dryRun) {
        const requests = await shipment.planned();
        await (0,evals/* planEvals */.$)(inputs.verification.evals, { log, recorder, client, ...deps.run.stop() });
        recorder.changed('planned');
        return { planned: recorder.finish({ kind: 'planned', requests }) };
    }
    return shipment.send((0,apply/* applyContextOf */.Dc)(deps));
}

// EXTERNAL MODULE: ./src/commands/deploy/source.ts
var deploy_source = __webpack_require__(1543);
;// CONCATENATED MODULE: ./src/commands/deploy/command.ts













/** `command: deploy`: find, create or patch, wait. */
const deployCommand = (0,types/* defineCommand */.N)({
    github: (inputs) => inputs.github,
    run: deploy
});
async function deploy(given, deps) {
    // A source the inputs may mean prepares before any request (a remote build's archive), so that bad input (a missing
    // config, a dependency outside the workspace, an archive too large, a checkout that is not `expected-commit`) makes none.
    const prepared = await (0,deploy_source/* preparingBeforeLookup */.MU)(given)?.prepare?.(given, deps);
    try {
        // `evals-from: base`: the suite as the base commit has it, read and checked before any request to the control
        // plane (from the checkout's objects, or GitHub's API when they lack that commit).
        const inputs = { ...given, verification: await (0,suite_at_base/* withSuiteAtBase */.T)(given.verification, given, deps) };
        return await deployWith(inputs, deps, prepared);
    }
    finally {
        await prepared?.remove();
    }
}
/**
 * The deploy as a pipeline of phases: look up → decide the source → gates (before any change) →
 * send the change → wait for the revision → checks (after DEPLOYED) → report. Each phase is a module; gates
 * and checks are lists; every phase asks the source module the one decision picked (source.ts, sources/).
 */
async function deployWith(inputs, deps, preparedBeforeLookup) {
    const { log, recorder } = deps;
    const existing = await lookUp(inputs, deps);
    const source = (0,deploy_source/* decideSource */.cJ)(inputs, existing);
    source.warnings.forEach(log.warn);
    const prepared = preparedBeforeLookup && keepsPrepared(preparedBeforeLookup, source, deps) ? preparedBeforeLookup : undefined;
    const plan = (0,deploy_plan/* planDeploy */.b)(inputs, existing, source, deps.workflow);
    if (plan.action === 'patch')
        plan.warnings.forEach(log.warn);
    const ended = await (0,gates/* runGates */.AQ)(gates/* DEPLOY_GATES */.ZY, { inputs, deps, existing, plan, source });
    if (ended)
        return ended;
    const shipment = await sendChange(plan, inputs, source, deps, prepared);
    if ('planned' in shipment)
        return shipment.planned;
    const { deployment, revisionId } = shipment;
    if (plan.action !== 'create' && revisionId === existing?.latest_revision_id)
        return noNewRevision(plan.action, deployment, revisionId, inputs, source, deps);
    if (!revisionId) {
        throw new errors/* ActionError */.lZ('bad-response', `The control plane reported no revision for deployment \`${deployment.name}\` after the ${plan.action === 'create' ? 'create' : 'update'}.`, 'Check the deployment on the control plane; re-run the job once it shows a revision.');
    }
    recorder.revisionStarted(revisionId);
    log.info(`${plan.action === 'create' ? 'Created' : 'Updated'} deployment \`${deployment.name}\` (${deployment.id}); new revision ${revisionId}.`);
    // Started, not awaited: the watch must not wait on GitHub (see CommandDeps).
    deps.onRevisionStarted?.();
    if (!inputs.wait)
        return notWaiting(deployment, revisionId, inputs, source, deps);
    try {
        const watched = await (0,watch_revision/* watchUntilDeployed */.w)({ ...deps, ...deps.run.stop(), ...(0,watch_revision/* watchSettings */.d)(inputs), deployment, revisionId });
        await (0,run/* runChecks */.J)(deployChecks(inputs, source, deps), {
            ...deps,
            ...deps.run.stop(),
            connection: inputs.connection,
            // As the watch re-read it, or (that read failed) as the change's answer gave it.
            deployment: watched.deployment ?? deployment,
            revision: watched.revision,
            settings: {
                health: inputs.health,
                verification: inputs.verification,
                suggestRollback: !inputs.rollbackOnFailure,
                rollsBack: inputs.rollbackOnFailure
            }
        });
    }
    catch (error) {
        if (inputs.rollbackOnFailure)
            return rollBackAfterFailure(error, inputs, deps);
        throw error;
    }
    return recorder.finish({ kind: 'deployed', noNewRevision: false });
}
/**
 * What was prepared before the lookup, when the module that made it is the one decided. When it
 * is not (the inputs could mean a remote build, the lookup decided otherwise), it is set aside:
 * never shipped or on record (sources/types.ts `Prepared`). The caller removes it either way.
 */
function keepsPrepared(prepared, source, deps) {
    if (prepared.by === source.module)
        return true;
    prepared.setAside(source.builds, deps);
    return false;
}
/** The look-up phase: the deployment as it is, or none (then created, unless `create-if-missing` is false). */
async function lookUp(inputs, deps) {
    const existing = await (0,resolve/* lookUpTarget */.EA)(inputs, deps);
    deps.recorder.before(existing);
    if (existing) {
        deps.log.info(`Found deployment \`${existing.name}\` (${existing.id}), source ${existing.source ?? 'unknown'}, status ${existing.status ?? 'unknown'}.`);
        // The control plane refuses any change to a deployment it is deleting; said here, before any change, in words that say what to do.
        if ((0,statuses/* isBeingDeleted */.vx)(existing.status)) {
            throw new errors/* ActionError */.lZ('api-refused', `Deployment \`${existing.name}\` (${existing.id}) is being deleted (status ${existing.status}): it takes no change, and stops being listed once the delete is done.`, 'Re-run this job once the deployment is gone (it is then created anew), or deploy under another `name`.');
        }
    }
    else if (!inputs.createIfMissing) {
        throw new errors/* ActionError */.lZ('not-found', `No deployment is named \`${inputs.name}\`, and \`create-if-missing\` is false.`, 'Create the deployment first, fix `name`, or set `create-if-missing: true`.');
    }
    return existing;
}
/** The change made no new revision: nothing to wait for or check, but what serves must still be `expected-commit`. */
async function noNewRevision(action, deployment, revisionId, inputs, source, deps) {
    deps.log.info(action === 'patch'
        ? 'The update changed no revision setting, so the control plane made no new revision: nothing to wait for.'
        : 'No setting to change was given, so nothing was sent and there is no new revision to wait for.');
    if (inputs.health)
        deps.log.info('No new revision, so no health check either.');
    const serving = deployment.active_revision_id ?? revisionId;
    const afterBuild = source.module.proof.afterBuild;
    if (inputs.expectedCommit && afterBuild && serving) {
        const failure = afterBuild(inputs.expectedCommit, await deps.client.getRevision(deployment.id, serving));
        if (failure)
            throw failure;
    }
    return deps.recorder.finish({ kind: 'deployed', noNewRevision: true });
}
/** `wait: false`: the revision as it is now; only one already DEPLOYED has its commit checked. */
async function notWaiting(deployment, revisionId, inputs, source, deps) {
    const revision = await deps.client.getRevision(deployment.id, revisionId);
    deps.recorder.revisionSeen(revision);
    deps.log.info(`Not waiting (\`wait: false\`): revision ${revisionId} is ${revision.status}.`);
    if ((0,statuses/* classify */.L8)(revision.status) === 'deployed') {
        const { failure } = checkCommit(inputs, source, deps, revision);
        if (failure)
            throw failure;
        return deps.recorder.finish({ kind: 'deployed', noNewRevision: false });
    }
    return deps.recorder.finish({ kind: 'still-deploying', cause: 'not-waiting' });
}


/***/ })

};

//# sourceMappingURL=809.index.js.map