export const id = 262;
export const ids = [262];
export const modules = {

/***/ 1262:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  rollback: () => (/* binding */ rollback),
  rollbackCommand: () => (/* binding */ rollbackCommand)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/api/requests.ts
var requests = __webpack_require__(4748);
// EXTERNAL MODULE: ./src/core/errors.ts
var core_errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/operations/control-plane/apply.ts + 1 modules
var apply = __webpack_require__(7106);
// EXTERNAL MODULE: ./src/operations/control-plane/redeploy.ts
var redeploy = __webpack_require__(8833);
// EXTERNAL MODULE: ./src/operations/control-plane/resolve.ts
var resolve = __webpack_require__(8879);
;// CONCATENATED MODULE: ./src/operations/control-plane/revisions.ts

/** The largest page the API allows: fewest requests for a walk. */
const PAGE_SIZE = 100;
/** 100 pages of 100: far more revisions than a deployment keeps; a list that goes on past this never ends. */
const MAX_PAGES = 100;
/**
 * Every revision of the deployment with one of `statuses`, newest first, as the
 * control plane lists them. Servers differ on the returned `offset` (the next page's,
 * or an echo of the one asked for): the walk advances either way, stops on a short or
 * empty page, and fails rather than loop when pages stop bringing new revisions, at
 * the page cap, or at the deadline.
 */
async function listRevisionsWithStatus(walk, deploymentId, statuses) {
    const seen = new Set();
    const revisions = [];
    let offset = 0;
    for (let pages = 0;; pages++) {
        if (pages >= MAX_PAGES || walk.clock.now() >= walk.deadline) {
            const why = pages >= MAX_PAGES ? `the list did not end after ${pages} pages of ${PAGE_SIZE}` : "the step's `timeout` ran out";
            throw new core_errors/* ActionError */.lZ(pages >= MAX_PAGES ? 'bad-response' : 'timed-out', `Gave up listing the revisions of deployment ${deploymentId} after ${pages} pages: ${why}.`, 'Set `rollback-to` to the id of the revision to roll back to (an id is read directly, without this list), or raise `timeout`.');
        }
        const page = await walk.client.listRevisions(deploymentId, { status: statuses.join(','), limit: PAGE_SIZE, offset });
        const fresh = page.resources.filter((r) => !seen.has(r.id));
        if (page.resources.length > 0 && fresh.length === 0) {
            throw new core_errors/* ActionError */.lZ('bad-response', `Listing the revisions of deployment ${deploymentId} stopped advancing at offset ${offset}: the control plane returned a page it had already returned.`, "Set `rollback-to` to the id of the revision to roll back to (an id is read directly, without this list), and report this to the control plane's operators.");
        }
        for (const revision of fresh) {
            seen.add(revision.id);
            revisions.push(revision);
        }
        if (page.resources.length < PAGE_SIZE)
            return revisions;
        offset = page.offset > offset ? page.offset : offset + page.resources.length;
    }
}

// EXTERNAL MODULE: ./src/operations/checks/index.ts + 5 modules
var checks = __webpack_require__(10);
// EXTERNAL MODULE: ./src/operations/checks/evals.ts
var evals = __webpack_require__(1877);
// EXTERNAL MODULE: ./src/operations/checks/run.ts
var run = __webpack_require__(3155);
// EXTERNAL MODULE: ./src/operations/evals/suite-at-base.ts
var suite_at_base = __webpack_require__(1534);
// EXTERNAL MODULE: ./src/operations/control-plane/watch-revision.ts + 3 modules
var watch_revision = __webpack_require__(3690);
// EXTERNAL MODULE: ./src/commands/types.ts
var types = __webpack_require__(8619);
;// CONCATENATED MODULE: ./src/commands/rollback/choose.ts

/** Eligible revisions shown in an error, at most this many. */
const SHOWN = 10;
/**
 * Which revision a rollback redeploys. `previous` is the newest revision that reached
 * DEPLOYED and is older than the one serving now (`active_revision_id`); a revision id
 * must be one of this deployment's revisions, read by id, whose status is DEPLOYED.
 * Anything else is refused before any change, listing the revisions that are eligible.
 */
function chooseRollbackTarget(to, facts) {
    const { deployment } = facts;
    const activeId = deployment.active_revision_id ?? undefined;
    if (to.kind === 'revision') {
        if (to.id === activeId)
            return { kind: 'serving', revisionId: to.id };
        const target = facts.requested;
        if (!target) {
            throw refusal(`Revision ${to.id} is not a revision of deployment \`${deployment.name}\` (the control plane answered 404 for it; it may belong to another deployment), so it cannot be rolled back to.`, facts);
        }
        if (target.status !== 'DEPLOYED') {
            throw refusal(`Revision ${to.id} of deployment \`${deployment.name}\` is ${target.status}, not DEPLOYED (it never deployed, or is still in progress), so it cannot be rolled back to.`, facts);
        }
        return { kind: 'redeploy', target, replaces: activeId };
    }
    if (!activeId) {
        throw refusal(`Deployment \`${deployment.name}\` reports no revision serving now (\`active_revision_id\`), so there is no "previous" revision.`, facts);
    }
    const target = olderThanActive(activeId, facts);
    if (!target) {
        throw refusal(`Deployment \`${deployment.name}\` has no revision that reached DEPLOYED before the one serving now (${activeId}): there is nothing to roll back to.`, facts);
    }
    return { kind: 'redeploy', target, replaces: activeId };
}
/** The newest DEPLOYED revision older than the active one: by `created_at` when known, else by list order. */
function olderThanActive(activeId, { deployed, active }) {
    const activeRevision = deployed.find((r) => r.id === activeId) ?? active;
    const activeTime = time(activeRevision);
    const others = deployed.filter((r) => r.id !== activeId);
    if (activeTime !== undefined && others.every((r) => time(r) !== undefined)) {
        return others.filter((r) => time(r) < activeTime).sort((a, b) => time(b) - time(a))[0];
    }
    const index = deployed.findIndex((r) => r.id === activeId);
    return index === -1 ? undefined : deployed[index + 1];
}
function time(revision) {
    const ms = revision?.created_at ? Date.parse(revision.created_at) : NaN;
    return Number.isNaN(ms) ? undefined : ms;
}
function refusal(message, { deployment, deployed, partial }) {
    const activeId = deployment.active_revision_id;
    const lines = deployed
        .slice(0, SHOWN)
        .map((r) => `- ${r.id}${r.created_at ? ` (created ${r.created_at})` : ''}${r.id === activeId ? ', serving now' : ''}`);
    const more = deployed.length > SHOWN ? `\n- and ${deployed.length - SHOWN} more` : partial ? '\n- and maybe more (only the newest were listed)' : '';
    const eligible = deployed.length === 0
        ? 'No revision of this deployment reached DEPLOYED.'
        : `Revisions that reached DEPLOYED, newest first:\n${lines.join('\n')}${more}`;
    return new core_errors/* ActionError */.lZ('bad-input', `${message}\n${eligible}`, 'Set `rollback-to` to one of the revisions above, or to `previous`; nothing was sent to the control plane.');
}

;// CONCATENATED MODULE: ./src/commands/rollback/command.ts














/**
 * `command: rollback`: make the deployment serve an earlier revision again. Choose the
 * revision (`rollback-to`), redeploy it once in effect, then watch the new revision
 * exactly as a deploy does, and check its health when asked.
 */
const rollbackCommand = (0,types/* defineCommand */.N)({
    github: (inputs) => inputs.github,
    run: rollback
});
async function rollback(given, deps) {
    const { client, log, recorder } = deps;
    // `evals-from: base`: the suite as the base commit has it, read and checked before any request.
    const inputs = { ...given, verification: await (0,suite_at_base/* withSuiteAtBase */.T)(given.verification, given, deps) };
    const deployment = await (0,resolve/* lookUpTarget */.EA)(inputs, deps);
    if (!deployment) {
        throw new core_errors/* ActionError */.lZ('not-found', `No deployment is named ${(0,resolve/* targetLabel */.Op)(inputs)}: there is nothing to roll back.`, 'Check `name`, or set `deployment-id`.');
    }
    recorder.before(deployment);
    const serving = deployment.active_revision_id ?? undefined;
    log.info(`Found deployment \`${deployment.name}\` (${deployment.id}); revision ${serving ?? '(none reported)'} serves it now.`);
    const choice = chooseRollbackTarget(inputs.rollbackTo, await choiceFacts(client, deps, deployment, inputs.rollbackTo));
    if (choice.kind === 'serving') {
        log.info(`Revision ${choice.revisionId} already serves deployment \`${deployment.name}\`: nothing to roll back, nothing sent.`);
        recorder.revisionStarted(choice.revisionId);
        recorder.changed('unchanged');
        return recorder.finish({ kind: 'nothing-to-do', reason: 'no-change' });
    }
    const { target } = choice;
    recorder.redeploying(target.id, target);
    const created = target.created_at ? ` (created ${target.created_at})` : '';
    // `rollback-to: <id>` needs no serving revision, and a control plane may report none.
    const from = serving ? `revision ${serving}` : 'no serving revision (none reported)';
    if (inputs.dryRun) {
        log.info(`Would roll deployment \`${deployment.name}\` back from ${from} to revision ${target.id}${created}.`);
        await (0,evals/* planEvals */.$)(inputs.verification.evals, { log, recorder, client, ...deps.run.stop() });
        recorder.changed('planned');
        return recorder.finish({ kind: 'planned', requests: [requests/* requests */.z.redeployRevision(deployment.id, target.id)] });
    }
    log.info(`Rolling deployment \`${deployment.name}\` back from ${from} to revision ${target.id}${created}: redeploying it.`);
    const started = await (0,redeploy/* redeploy */.j)(deployment, target, {
        apply: (0,apply/* applyContextOf */.Dc)(deps),
        log,
        recorder
    });
    // Started, not awaited: the watch must not wait on GitHub (see CommandDeps).
    deps.onRevisionStarted?.();
    if (!inputs.wait) {
        const revision = await client.getRevision(deployment.id, started.revisionId);
        recorder.revisionSeen(revision);
        log.info(`Not waiting (\`wait: false\`): revision ${started.revisionId} is ${revision.status}.`);
        return recorder.finish({ kind: 'still-deploying', cause: 'not-waiting' });
    }
    const watched = await (0,watch_revision/* watchUntilDeployed */.w)({
        ...deps,
        ...deps.run.stop(),
        ...(0,watch_revision/* watchSettings */.d)(inputs),
        deployment: started.deployment,
        revisionId: started.revisionId
    });
    // The same checks after DEPLOYED as a deploy's (but the commit: a rollback ships no new one).
    await (0,run/* runChecks */.J)(checks/* AFTER_DEPLOYED */.M, {
        ...deps,
        ...deps.run.stop(),
        connection: inputs.connection,
        deployment: watched.deployment ?? started.deployment,
        revision: watched.revision,
        settings: { health: inputs.health, verification: inputs.verification }
    });
    log.info(`Deployment \`${deployment.name}\` now serves revision ${started.revisionId} (a redeploy of revision ${target.id}); it ` +
        `replaced ${serving ? `revision ${serving}` : 'no revision reported serving'}.`);
    return recorder.finish({ kind: 'rolled-back' });
}
/**
 * What the choice needs. Nothing is read when the id asked for serves already. An id is
 * read directly (one request, whatever the deployment's history), and the eligible
 * revisions are listed, one page, only to refuse it. For `previous`, every DEPLOYED
 * revision is listed, and the serving revision's age comes from that list, or else from
 * reading it (it may have ended in another status, or be an older server's).
 */
async function choiceFacts(client, deps, deployment, to) {
    const activeId = deployment.active_revision_id ?? undefined;
    if (to.kind === 'revision') {
        if (to.id === activeId)
            return { deployment, deployed: [] };
        deps.log.info(`Reading revision ${to.id} of deployment \`${deployment.name}\`…`);
        const requested = await (0,errors/* unlessNotFound */.CA)(client.getRevision(deployment.id, to.id));
        if (requested?.status === 'DEPLOYED')
            return { deployment, deployed: [], requested };
        return { deployment, requested, ...(await newestDeployed(client, deployment)) };
    }
    deps.log.info(`Listing the revisions of deployment \`${deployment.name}\` that reached DEPLOYED…`);
    const deployed = await listRevisionsWithStatus({ client, ...deps.run.stop() }, deployment.id, ['DEPLOYED']);
    let active;
    if (activeId && !deployed.some((r) => r.id === activeId)) {
        active = await (0,errors/* unlessNotFound */.CA)(client.getRevision(deployment.id, activeId));
    }
    return { deployment, deployed, active };
}
/** The newest DEPLOYED revisions, one page: enough to show in a refusal, without walking the whole history. */
async function newestDeployed(client, deployment) {
    const page = await client.listRevisions(deployment.id, { status: 'DEPLOYED', limit: SHOWN + 1, offset: 0 });
    return { deployed: page.resources.slice(0, SHOWN), partial: page.resources.length > SHOWN };
}


/***/ })

};

//# sourceMappingURL=262.index.js.map