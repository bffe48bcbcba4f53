export const id = 401;
export const ids = [401];
export const modules = {

/***/ 7401:
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

// EXTERNAL MODULE: ./src/commands/deploy/gates/index.ts + 29 modules
var gates = __webpack_require__(9057);
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
        const watched = await (0,watch_revision/* watchUntilDeployed */.wW)({
            ...deps,
            ...deps.run.stop(),
            ...(0,watch_revision/* watchSettings */.dA)(inputs),
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

// EXTERNAL MODULE: ./src/api/constants.ts
var constants = __webpack_require__(2997);
// EXTERNAL MODULE: ./src/inputs/deployment-name.ts
var deployment_name = __webpack_require__(1188);
// EXTERNAL MODULE: ./src/core/quoted.ts
var quoted = __webpack_require__(891);
;// CONCATENATED MODULE: ./src/commands/deploy/environment.ts


/** A name as the deployment reports it, made fit for our messages (server text). */
const shown = (name) => `\`${(0,quoted/* quotable */.E7)(name, 100)}\``;
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
        throw new errors/* ActionError */.lZ('bad-response', `Deployment \`${deployment.name}\` reports its secret references in a form the action cannot read, so \`secret-references\` cannot be merged into them.`, 'List every reference the deployment needs in `secret-references` and set `secrets-update: replace`.');
    }
    return change(current, referenceEntries(given), mode);
}
function valuesNotReturned(deployment, names) {
    const listed = names.map(shown).join(', ');
    return new errors/* ActionError */.lZ('api-refused', `Deployment \`${deployment.name}\` has ${names.length === 1 ? 'a secret' : `${names.length} secrets`} whose value the control plane did not return: ${listed}. ` +
        'A `secrets` list replaces the whole environment, so merging `secrets` into it would delete ' +
        `${names.length === 1 ? 'that secret' : 'them'}; nothing was sent.`, `Either list ${names.length === 1 ? 'it' : 'them'} in \`secrets\` with ${names.length === 1 ? 'its value' : 'their values'}, ` +
        'or set `secrets-update: replace` to make `secrets` the whole environment (the log names every secret that removes).');
}
function unreadableEnvironment(deployment) {
    return new errors/* ActionError */.lZ('api-refused', `Deployment \`${deployment.name}\` does not report its environment (its secrets' names and values), so \`secrets\` cannot be merged into it: ` +
        'a `secrets` list replaces the whole environment, and what is not in it would be deleted; nothing was sent.', 'Set `secrets-update: replace` and list every secret the deployment needs in `secrets`.');
}
/** For the log: what the change does to the list, names only (never a value). */
function describeEnvironment(what, change, creating) {
    const { kept, set, added, removed } = change.names;
    const list = (names) => names.map(shown).join(', ');
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
    const environment = plannedEnvironment(inputs.secretsUpdate, environmentOfCreate(inputs.secrets), environmentOfCreate(inputs.secretReferences));
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
    // The control plane replaces resource_spec whole: what the step gives is merged over the deployment's.
    const changeable = given.resource_spec ? { ...given, resource_spec: mergedResourceSpec(given.resource_spec, deployment) } : given;
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
    // Read from the deployment as the lookup found it, once: a resend after a lost answer sends the same lists.
    const secrets = secretsOfUpdate(deployment, inputs.secrets, inputs.secretsUpdate);
    const references = referencesOfUpdate(deployment, inputs.secretReferences, inputs.secretsUpdate);
    const environment = plannedEnvironment(inputs.secretsUpdate, secrets, references);
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
function plannedEnvironment(mode, secrets, references) {
    if (!secrets && !references)
        return undefined;
    return { mode, ...(secrets ? { secrets } : {}), ...(references ? { references } : {}) };
}

// EXTERNAL MODULE: ./src/operations/checks/evals.ts
var evals = __webpack_require__(1877);
;// CONCATENATED MODULE: ./src/commands/deploy/send-change.ts



/**
 * Sends the change as the source module says (sources/): a `github` patch or create, a remote
 * build (archive, upload, patch), an image. A dry run readies and checks what it would ship and
 * sends nothing.
 */
async function sendChange(plan, inputs, source, deps, prepared) {
    const { client, log, recorder } = deps;
    const shipment = await source.module.ship({ plan, inputs, deps, prepared });
    reportEnvironment(plan, deps);
    if (inputs.dryRun) {
        const requests = await shipment.planned();
        await (0,evals/* planEvals */.$)(inputs.verification.evals, { log, recorder, client, ...deps.run.stop() });
        recorder.changed('planned');
        return { planned: recorder.finish({ kind: 'planned', requests }) };
    }
    return shipment.send((0,apply/* applyContextOf */.Dc)(deps));
}
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
        const line = describeEnvironment(what, change, plan.action === 'create');
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
    const plan = planDeploy(inputs, existing, source, deps.workflow);
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
        const watched = await (0,watch_revision/* watchUntilDeployed */.wW)({ ...deps, ...deps.run.stop(), ...(0,watch_revision/* watchSettings */.dA)(inputs), deployment, revisionId });
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

//# sourceMappingURL=401.index.js.map