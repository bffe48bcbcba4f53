export const id = 8;
export const ids = [8];
export const modules = {

/***/ 5008:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MAX_SINGLE_READS: () => (/* binding */ MAX_SINGLE_READS),
  prune: () => (/* binding */ command_prune),
  pruneCommand: () => (/* binding */ pruneCommand),
  rowsOf: () => (/* binding */ rowsOf)
});

// EXTERNAL MODULE: ./src/api/requests.ts
var requests = __webpack_require__(4748);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/prune.ts
var prune = __webpack_require__(2307);
// EXTERNAL MODULE: ./src/operations/github/github-requests.ts
var github_requests = __webpack_require__(6080);
;// CONCATENATED MODULE: ./src/operations/github/pull-requests.ts
/** 100 pages of 100: a repository with more open pull requests than that is not read whole. */
const MAX_PAGES = 100;
const PERMISSION_HINT = 'The token needs `pull-requests: read`: add `permissions: pull-requests: read` to the job (or pass a `github-token` that has it).';
/**
 * Every open pull request's number, in one walk of
 * `GET /repos/{owner}/{repo}/pulls?state=open&per_page=100` and the pages its `Link`
 * header names (usually one page): one read for thousands of previews, where reading each
 * preview's pull request would spend the token's hourly budget. Anything short of the
 * whole list is `unreadable`, since a number missing from a partial list proves nothing.
 */
async function readOpenPullRequests(github, repository) {
    const numbers = new Set();
    let url = `/repos/${repository}/pulls?state=open&per_page=100`;
    for (let page = 1; url !== undefined; page++) {
        if (page > MAX_PAGES) {
            return { kind: 'unreadable', reason: `more than ${MAX_PAGES * 100} pull requests are open; the list was not read to its end` };
        }
        const outcome = await github.fetch(url, `Listing the open pull requests (page ${page})`);
        if (!outcome.ok) {
            // A rate limit is not a missing permission (outcome.limited, no status): the hint would send the user the wrong way.
            const refused = !outcome.limited && (outcome.status === 403 || outcome.status === 404);
            return { kind: 'unreadable', reason: refused ? `${outcome.reason}. ${PERMISSION_HINT}` : outcome.reason };
        }
        const { data, headers } = outcome.response;
        if (!Array.isArray(data))
            return { kind: 'unreadable', reason: `page ${page} of the open pull requests is not a list` };
        for (const pull of data) {
            const number = pull?.number;
            const state = pull?.state;
            if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
                return { kind: 'unreadable', reason: `page ${page} of the open pull requests has an entry without a number` };
            }
            // Asked for open ones only; anything else means the filter was not applied, and the list proves nothing.
            if (state !== undefined && state !== 'open') {
                return {
                    kind: 'unreadable',
                    reason: `page ${page} of the open pull requests lists pull request #${number} as ${JSON.stringify(state)}`
                };
            }
            numbers.add(number);
        }
        url = nextPage(headers.link);
    }
    return { kind: 'read', numbers };
}
/**
 * The state of a few pull requests, one request each (`GET .../pulls/{n}`): only those
 * about to be deleted for not being open, to tell closed from missing and to catch one
 * reopened since the list was read. The caller bounds `numbers` (prune reads at most
 * `MAX_SINGLE_READS`, 20, whatever `max-deletions` says): the token's hourly budget is shared.
 */
async function readPullRequestStates(github, repository, numbers) {
    const states = new Map();
    for (const number of numbers) {
        const outcome = await github.fetch(`/repos/${repository}/pulls/${number}`, `Reading pull request #${number}`);
        if (outcome.ok) {
            const state = outcome.response.data?.state;
            states.set(number, state === 'open' ? 'open' : state === 'closed' ? 'closed' : 'unknown');
        }
        else {
            states.set(number, outcome.status === 404 ? 'missing' : 'unknown');
        }
    }
    return states;
}
/** The `rel="next"` URL of a `Link` header. */
function nextPage(link) {
    if (!link)
        return undefined;
    for (const part of link.split(',')) {
        const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
        if (match && /\brel="?([^"]*\s)?next(\s[^"]*)?"?/.test(match[2]))
            return match[1];
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/commands/types.ts
var types = __webpack_require__(8619);
// EXTERNAL MODULE: ./src/api/errors.ts
var api_errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/operations/control-plane/find.ts
var find = __webpack_require__(1064);
;// CONCATENATED MODULE: ./src/commands/prune/candidates.ts




/** No time left to start another step of work. */
function nearDeadline(budget) {
    return budget.clock.now() >= budget.deadline - budget.reserveMs;
}
/**
 * Every deployment whose whole name matches the pattern, from a walk of every page of
 * the list narrowed by the pattern's longest literal part. A walk that cannot finish in
 * time fails: a partial list would make the `max-deletions` cap count only part of it.
 */
async function findCandidates(client, pattern, budget) {
    const candidates = [];
    try {
        await walk(client, pattern, budget, candidates);
    }
    catch (error) {
        // A list that never ends (the page cap) or stops advancing: the walk's own hint is for a lookup by name.
        if (!(error instanceof errors/* ActionError */.lZ) || error.kind !== 'bad-response')
            throw error;
        throw new errors/* ActionError */.lZ('bad-response', `${(0,errors/* firstLine */.TM)(error)} Nothing was deleted: a partial list would make \`max-deletions\` count only part of it.`, "Check that `name-pattern` names only the previews, and report this to the control plane's operators.");
    }
    return candidates;
}
async function walk(client, pattern, budget, candidates) {
    await (0,find/* walkDeployments */.QV)(client, pattern.contains, (deployment) => {
        const pr = pattern.prOf(deployment.name);
        if (pr === undefined)
            return;
        const createdAt = Date.parse(deployment.created_at ?? '');
        candidates.push({
            id: deployment.id,
            name: deployment.name,
            pr,
            latestRevisionId: deployment.latest_revision_id,
            ...(Number.isNaN(createdAt) ? {} : { createdAt })
        });
    }, () => {
        (0,cancel/* throwIfCancelled */.dZ)(budget.signal);
        if (nearDeadline(budget)) {
            throw new errors/* ActionError */.lZ('timed-out', `The step's \`timeout\` came before the list of deployments named like \`${pattern.source}\` was read to its end; nothing was deleted.`, 'Raise `timeout`: the list is read 100 deployments a request.');
        }
    });
}
/** Revision reads in flight at once: quick on the control plane, and gentle to it. */
const CONCURRENT_READS = 4;
/**
 * The newest revision of each candidate: its status (one in progress is never deleted)
 * and creation time (for `max-age`). Read concurrently, a few at a time; one whose
 * read fails is `unreadable` (kept). Reads stop when the deadline nears: those not read
 * are left out, and the classifier keeps them as not checked.
 */
async function readNewestRevisions(client, candidates, budget) {
    const facts = new Map();
    let next = 0;
    const worker = async () => {
        while (next < candidates.length && !nearDeadline(budget)) {
            (0,cancel/* throwIfCancelled */.dZ)(budget.signal);
            const candidate = candidates[next++];
            facts.set(candidate.id, await readOne(client, candidate));
        }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, candidates.length) }, worker));
    return facts;
}
async function readOne(client, candidate) {
    if (candidate.latestRevisionId === null)
        return { kind: 'none' };
    try {
        const revision = await client.getRevision(candidate.id, candidate.latestRevisionId);
        const createdAt = Date.parse(revision.created_at ?? '');
        return { kind: 'read', status: revision.status, ...(Number.isNaN(createdAt) ? {} : { createdAt }) };
    }
    catch (error) {
        if (!(error instanceof api_errors/* ApiError */.hD))
            throw error;
        return { kind: 'unreadable', reason: (0,errors/* firstLine */.TM)(error) };
    }
}

// EXTERNAL MODULE: ./src/core/statuses.ts
var statuses = __webpack_require__(2309);
;// CONCATENATED MODULE: ./src/commands/prune/classify.ts

/**
 * Which candidates are stale, and why; pure, so every rule is tested on a fixed clock.
 * The order of the rules is the safety order: a revision still in progress, or one
 * whose state is unknown, keeps its preview whatever its pull request says; then a
 * pull request known not to be open, then idleness. Missing information never deletes.
 */
function classify(input) {
    return input.candidates.map((candidate) => ({ candidate, ...verdictFor(candidate, input) }));
}
function verdictFor(candidate, input) {
    const notOpen = input.open.kind === 'read' && !input.open.numbers.has(candidate.pr);
    const revision = input.revisions.get(candidate.id);
    const needsRevision = notOpen || input.maxAgeMs !== undefined;
    if (needsRevision && revision === undefined)
        return { stale: false, reason: { kind: 'not-checked' } };
    if (revision?.kind === 'unreadable')
        return { stale: false, reason: { kind: 'unreadable', what: 'revision', reason: revision.reason } };
    if (revision?.kind === 'read' && stillInProgress(revision.status))
        return { stale: false, reason: { kind: 'in-progress', status: revision.status } };
    if (notOpen) {
        const state = input.pullRequests?.get(candidate.pr);
        // Read one at a time just before deleting: reopened since the list was read, it is kept.
        if (state === 'open')
            return { stale: false, reason: { kind: 'open' } };
        if (state === 'closed' || state === 'missing')
            return { stale: true, reason: { kind: state } };
        return { stale: true, reason: { kind: 'not-open' } };
    }
    const createdAt = revision?.kind === 'read' ? (revision.createdAt ?? candidate.createdAt) : candidate.createdAt;
    // Idle past `max-age` goes even when the open pull requests could not be read (a decision, kept on
    // purpose): the idle age is information we have, from the control plane; only the closed-or-missing
    // verdict needs the list, and "missing information never deletes" is about that verdict. The reason
    // says so, so that the summary does not read as if the pull request had been checked.
    if (input.maxAgeMs !== undefined && createdAt !== undefined && input.now - createdAt > input.maxAgeMs) {
        const unread = input.open.kind === 'unreadable';
        return { stale: true, reason: { kind: 'idle', since: createdAt, ...(unread ? { pullRequestsUnread: true } : {}) } };
    }
    if (input.open.kind === 'unreadable')
        return { stale: false, reason: { kind: 'unreadable', what: 'pull request', reason: input.open.reason } };
    return { stale: false, reason: { kind: 'open' } };
}
/** An unknown status counts as in progress (docs/control-plane.md: statuses nobody lists): only a final one lets a preview go. */
function stillInProgress(status) {
    const verdict = (0,statuses/* classify */.L8)(status);
    return verdict === 'in-progress' || verdict === 'unrecognised';
}

// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/operations/control-plane/poll.ts + 1 modules
var poll = __webpack_require__(4629);
;// CONCATENATED MODULE: ./src/commands/prune/wait-all-gone.ts





/**
 * Waits for every deleted preview to stop being listed (AWAITING_DELETE can last
 * minutes), all together: one poll round reads each one still listed, then one sleep.
 * Waiting for each before deleting the next would add those minutes up, and a step
 * with a few previews would run out of time after the first. Bounded by `deadline`;
 * what is still listed then is returned, not thrown: its delete was accepted, so it
 * is pruned, only not gone yet. A cancel is thrown.
 */
async function waitUntilAllGone(deleted, options) {
    const { clock } = options;
    const pending = new Map(deleted.map((candidate) => [candidate.id, candidate]));
    const lastStatus = new Map();
    const startedAt = clock.now();
    try {
        await (0,poll/* pollUntil */.g)({
            deadline: options.deadline,
            pollIntervalMs: options.pollIntervalMs,
            clock,
            signal: options.signal,
            check: async () => {
                for (const candidate of [...pending.values()]) {
                    // Before each read, not only between rounds: with many previews and a slow control plane,
                    // one round could otherwise run on into the reserve kept for reporting. The rest stay listed.
                    if (clock.now() >= options.deadline)
                        break;
                    let status;
                    try {
                        status = (await options.client.getDeployment(candidate.id)).status ?? 'unknown';
                    }
                    catch (error) {
                        if (!(0,api_errors/* isNotFound */.c4)(error))
                            throw error;
                        pending.delete(candidate.id);
                        options.log(`Deployment \`${candidate.name}\` is gone.`);
                        continue;
                    }
                    if (status !== lastStatus.get(candidate.id)) {
                        options.log(`Deployment \`${candidate.name}\` is still listed: ${status} (after ${(0,core_clock/* formatDuration */.a)(clock.now() - startedAt)})`);
                    }
                    lastStatus.set(candidate.id, status);
                }
                if (pending.size === 0)
                    return { done: undefined };
                // What the adaptive schedule compares between rounds: any preview's status changing.
                return { status: [...pending.keys()].map((id) => `${id}=${lastStatus.get(id)}`).join(',') };
            },
            onFailure: (error, failures) => options.warn(`Checking the deleted previews failed (${(0,errors/* firstLine */.TM)(error)}); checking again (${failures} of ${poll/* POLL_ERROR_BUDGET */.p} failures allowed in a row).`),
            lostContact: (error, failures) => new errors/* ActionError */.lZ('api-refused', `lost contact with the control plane: ${failures} checks in a row failed, the last with: ${(0,errors/* firstLine */.TM)(error)}`),
            timedOut: () => new errors/* ActionError */.lZ('timed-out', `the step's \`timeout\` came after ${(0,core_clock/* formatDuration */.a)(clock.now() - startedAt)} of waiting`)
        });
        return undefined;
    }
    catch (error) {
        if (error instanceof cancel/* CancelledError */.cc || !(error instanceof errors/* ActionError */.lZ))
            throw error;
        return { deployments: [...pending.values()], why: error.message };
    }
}

;// CONCATENATED MODULE: ./src/commands/prune/delete-each.ts





/**
 * Deletes the stale previews one at a time, so each keeps `delete-tracing-project` (the
 * bulk delete has no such flag), each retried safely by the client as `command: delete`
 * does; then, with `wait`, waits for all of them together (wait-all-gone.ts), so the
 * minutes a deployment may stay listed after its delete are spent once, not once per
 * preview. One that fails does not stop the others; the caller fails the step listing
 * every result.
 */
async function deleteEach(stale, options) {
    const results = [];
    const told = (result) => {
        results.push(result);
        options.onResult?.(result);
    };
    for (const candidate of stale) {
        (0,cancel/* throwIfCancelled */.dZ)(options.signal);
        told(nearDeadline(options) ? { candidate, outcome: 'not-attempted' } : await deleteOne(candidate, options));
    }
    const accepted = results.filter((r) => r.outcome === 'deleted').map((r) => r.candidate);
    if (options.wait && accepted.length > 0) {
        const still = await waitUntilAllGone(accepted, {
            client: options.client,
            // The wait leaves the reserve free, as every other step of the prune does.
            deadline: options.deadline - options.reserveMs,
            pollIntervalMs: options.pollIntervalMs,
            clock: options.clock,
            signal: options.signal,
            log: options.log,
            warn: options.warn
        });
        // The control plane accepted these deletes: they are pruned, only not gone yet.
        for (const candidate of still?.deployments ?? []) {
            options.warn(`The delete of \`${candidate.name}\` was accepted, but the control plane still lists it (${still.why}); it goes on there.`);
        }
    }
    return results;
}
async function deleteOne(candidate, options) {
    options.log(`Deleting \`${candidate.name}\` (${candidate.id})${options.deleteTracingProject ? ' and its tracing project' : ''}…`);
    try {
        await options.client.deleteDeployment(candidate.id, options.deleteTracingProject);
    }
    catch (error) {
        if (!(error instanceof api_errors/* ApiError */.hD))
            throw error;
        if ((0,api_errors/* isNotFound */.c4)(error)) {
            options.log(`\`${candidate.name}\` was already gone.`);
            return { candidate, outcome: 'gone' };
        }
        options.warn(`Could not delete \`${candidate.name}\`: ${(0,errors/* firstLine */.TM)(error)}`);
        return { candidate, outcome: 'failed', reason: (0,errors/* firstLine */.TM)(error) };
    }
    return { candidate, outcome: 'deleted' };
}

// EXTERNAL MODULE: ./src/commands/prune/inputs.ts
var inputs = __webpack_require__(6732);
;// CONCATENATED MODULE: ./src/commands/prune/command.ts










/**
 * `command: prune`: deletes the previews (deployments named by `name-pattern`) whose pull
 * request is closed or missing, or that have been idle longer than `max-age`; never one
 * whose newest revision is in progress or whose state is unknown; and none at all when
 * more are stale than `max-deletions`. Each deleted preview's GitHub environment and
 * comment are retired by the GitHub reporter, from the outcome.
 */
const pruneCommand = (0,types/* defineCommand */.N)({
    github: inputs/* pruneGitHubInputs */.P,
    run: command_prune
});
/** Pull requests read one at a time at most, beyond the list: the rest stay "closed or missing". */
const MAX_SINGLE_READS = 20;
async function command_prune(inputs, deps) {
    const { log, recorder } = deps;
    recorder.target({ kind: 'deployment', name: inputs.pattern.source });
    recorder.pruning();
    const repository = deps.workflow.repository;
    if (!repository || !/^[\w.-]+\/[\w.-]+$/.test(repository) || !deps.openGitHub) {
        throw new errors/* ActionError */.lZ('bad-input', "`command: prune` reads the pull requests of the workflow's repository, and GITHUB_REPOSITORY is not set (or not `owner/repo`).", 'Run prune in a GitHub Actions workflow, or set GITHUB_REPOSITORY when running it elsewhere.');
    }
    // The reserve: one request's time, kept free before the deadline for the report.
    const reserveMs = deps.run.requestLimit();
    const budget = { ...deps.run.stop(), reserveMs };
    log.info(`Listing deployments named like \`${inputs.pattern.source}\`…`);
    const candidates = await findCandidates(deps.client, inputs.pattern, budget);
    log.info(`${candidates.length} deployment${candidates.length === 1 ? '' : 's'} match${candidates.length === 1 ? 'es' : ''} \`${inputs.pattern.source}\`.`);
    if (candidates.length === 0)
        return finishUnchanged(inputs, deps);
    const github = (0,github_requests/* gitHubReader */.n)(await deps.openGitHub(inputs.githubToken), deps.run, { warn: log.warn, reserveMs });
    const open = await readOpenPullRequests(github, repository);
    recorder.pruneRequests(github.requests);
    if (open.kind === 'unreadable') {
        // Idleness needs no pull request (classify.ts): with `max-age`, a preview idle past it still goes.
        const idleOnly = inputs.maxAgeMs !== undefined ? ' Only previews idle past `max-age` are deleted, for idleness alone.' : '';
        log.warn(`Could not read the open pull requests of ${repository}: ${open.reason}. No preview is deleted for its pull request being closed (missing information never deletes).${idleOnly}`);
    }
    else {
        log.info(`${open.numbers.size} pull request${open.numbers.size === 1 ? ' is' : 's are'} open (${github.requests} GitHub request${github.requests === 1 ? '' : 's'}).`);
    }
    // The newest revision matters for a preview that may go: one not open, or any when max-age is set.
    const needRevision = candidates.filter((c) => inputs.maxAgeMs !== undefined || (open.kind === 'read' && !open.numbers.has(c.pr)));
    const revisions = await readNewestRevisions(deps.client, needRevision, budget);
    const now = deps.run.now();
    let verdicts = classify({ candidates, open, revisions, maxAgeMs: inputs.maxAgeMs, now });
    let stale = verdicts.filter((v) => v.stale);
    recorder.pruneRows(rowsOf(verdicts, inputs.dryRun));
    if (stale.length > inputs.maxDeletions) {
        throw new errors/* ActionError */.lZ('bad-input', `${stale.length} previews are stale, more than \`max-deletions\` (${inputs.maxDeletions}), so none was deleted: ${list(stale)}.`, 'Check `name-pattern` (a wrong pattern must not wipe deployments); if these are all meant to go, raise `max-deletions` for one run, or run with `dry-run: true` first to see why each is stale.');
    }
    // A few single reads, only for what is about to go: closed told from missing, and one reopened since the list kept.
    // Bounded whatever `max-deletions` says: the token's hourly budget is shared by every workflow of the repository.
    const notOpen = [...new Set(stale.filter((v) => v.reason.kind === 'not-open').map((v) => v.candidate.pr))]
        .sort((a, b) => a - b)
        .slice(0, MAX_SINGLE_READS);
    if (notOpen.length > 0) {
        const pullRequests = await readPullRequestStates(github, repository, notOpen);
        recorder.pruneRequests(github.requests);
        verdicts = classify({ candidates, open, revisions, pullRequests, maxAgeMs: inputs.maxAgeMs, now });
        stale = verdicts.filter((v) => v.stale);
    }
    recorder.pruneRows(rowsOf(verdicts, inputs.dryRun));
    logVerdicts(verdicts, inputs.dryRun, deps);
    const notChecked = verdicts.filter((v) => v.reason.kind === 'not-checked');
    if (inputs.dryRun) {
        log.info(`Dry run: ${stale.length} preview${stale.length === 1 ? '' : 's'} would be deleted; nothing was changed.`);
        recorder.changed('planned');
        return recorder.finish({
            kind: 'planned',
            requests: stale.map((v) => requests/* requests */.z.deleteDeployment(v.candidate.id, inputs.deleteTracingProject))
        });
    }
    // Each result goes to the recorder as soon as it is known, not when every delete is done: a run
    // stopped midway (a cancel, an error) reports in its table, its `pruned` output and on GitHub
    // (each preview's environment and comment) every preview deleted before the stop.
    const known = [];
    const results = await deleteEach(stale.map((v) => v.candidate), {
        ...budget,
        client: deps.client,
        deleteTracingProject: inputs.deleteTracingProject,
        wait: inputs.wait,
        pollIntervalMs: inputs.pollIntervalMs,
        log: log.info,
        warn: log.warn,
        onResult: (result) => {
            known.push(result);
            const { candidate } = result;
            if (result.outcome === 'deleted' || result.outcome === 'gone') {
                recorder.previewGone({ id: candidate.id, name: candidate.name, pr: candidate.pr }, result.outcome === 'deleted');
            }
            recorder.pruneRows(rowsOf(verdicts, false, known));
        }
    });
    // What this run deleted, from its own results (in the order they came, as the recorder has them).
    const pruned = known.filter((result) => result.outcome === 'deleted').map((result) => result.candidate.name);
    failIfIncomplete(results, notChecked, pruned);
    if (pruned.length === 0)
        return finishUnchanged(inputs, deps);
    return recorder.finish({ kind: 'deleted' });
}
function finishUnchanged(inputs, deps) {
    if (inputs.dryRun) {
        deps.recorder.changed('planned');
        return deps.recorder.finish({ kind: 'planned', requests: [] });
    }
    deps.recorder.changed('unchanged');
    return deps.recorder.finish({ kind: 'nothing-to-do', reason: 'none-stale' });
}
/**
 * One row per candidate, stale ones first. `results` say what deleting did; without
 * them (a dry run, or over the cap) a stale one is `would delete` or `stale, not deleted`.
 */
function rowsOf(verdicts, dryRun, results) {
    const byId = new Map(results?.map((result) => [result.candidate.id, result]));
    const fateOf = (verdict) => {
        if (!verdict.stale)
            return 'kept';
        if (dryRun)
            return 'would delete';
        const result = byId.get(verdict.candidate.id);
        if (!result)
            return 'stale, not deleted';
        return { deleted: 'deleted', gone: 'already gone', failed: 'delete failed', 'not-attempted': 'not deleted (no time left)' }[result.outcome];
    };
    const rows = verdicts.map((verdict) => {
        const result = byId.get(verdict.candidate.id);
        return {
            name: verdict.candidate.name,
            pr: verdict.candidate.pr,
            fate: fateOf(verdict),
            reason: verdict.reason,
            ...(result?.outcome === 'failed' ? { failure: result.reason } : {})
        };
    });
    const rank = (row) => (row.fate !== 'kept' ? 0 : row.reason.kind === 'open' ? 2 : 1);
    return rows.sort((a, b) => rank(a) - rank(b) || a.pr - b.pr || (a.name < b.name ? -1 : 1));
}
function failIfIncomplete(results, notChecked, pruned) {
    const failed = results.filter((r) => r.outcome === 'failed');
    const late = results.filter((r) => r.outcome === 'not-attempted');
    if (failed.length === 0 && late.length === 0 && notChecked.length === 0)
        return;
    const deleted = pruned.length > 0 ? `Deleted: ${pruned.map((n) => `\`${n}\``).join(', ')}.` : 'Nothing was deleted.';
    const notDeleted = [...failed, ...late].map((r) => `\`${r.candidate.name}\``);
    if (failed.length > 0) {
        throw new errors/* ActionError */.lZ('api-refused', `${failed.length} of ${results.length} stale previews could not be deleted. ${deleted} Not deleted: ${notDeleted.join(', ')}.`, 'The reasons are in the log and the summary; the next run tries the ones left again.');
    }
    throw new errors/* ActionError */.lZ('timed-out', `The step's \`timeout\` came before prune had finished. ${deleted}` +
        (notDeleted.length > 0 ? ` Not deleted: ${notDeleted.join(', ')}.` : '') +
        (notChecked.length > 0 ? ` ${notChecked.length} preview${notChecked.length === 1 ? ' was' : 's were'} not checked and kept.` : ''), 'Raise `timeout`; the next run goes on with what is left.');
}
/** The stale ones, and any kept for a reason worth a look, one line each; the open ones are only counted. */
function logVerdicts(verdicts, dryRun, deps) {
    const { log } = deps;
    let open = 0;
    for (const { candidate, stale, reason } of verdicts) {
        if (!stale && reason.kind === 'open') {
            open++;
            continue;
        }
        const what = stale ? (dryRun ? 'Would delete' : 'Stale:') : 'Keeping';
        log.info(`${what} \`${candidate.name}\`: ${(0,prune/* reasonText */.u)(reason, candidate.pr)}`);
    }
    if (open > 0)
        log.info(`Keeping ${open} preview${open === 1 ? '' : 's'} whose pull request is open.`);
    const unreadable = verdicts.filter((v) => v.reason.kind === 'unreadable' && v.reason.what === 'revision').length;
    if (unreadable > 0)
        log.warn(`${unreadable} preview${unreadable === 1 ? '' : 's'} kept because the newest revision could not be read.`);
}
function list(verdicts) {
    const shown = verdicts.slice(0, 50).map((v) => `\`${v.candidate.name}\` (${(0,prune/* reasonText */.u)(v.reason, v.candidate.pr).split(':')[0]})`);
    return verdicts.length > shown.length ? `${shown.join(', ')} and ${verdicts.length - shown.length} more` : shown.join(', ');
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

/***/ 6080:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ gitHubReader)
/* harmony export */ });
/* unused harmony export RateLimitedGitHub */
/* harmony import */ var _api_body_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3994);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7018);
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9317);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2257);
/* harmony import */ var _core_quoted_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(891);
/* harmony import */ var _core_time_limit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2164);






/**
 * A reader bounded by the run context `run` (its deadline, its cancel), each request limited to
 * one request's limit, and keeping one request's time free before the deadline unless told otherwise.
 */
function gitHubReader(get, run, options) {
    return new RateLimitedGitHub(get, {
        ...run.stop(),
        reserveMs: options.reserveMs ?? run.requestLimit(),
        requestTimeoutMs: options.requestLimitMs ?? run.requestLimit(),
        warn: options.warn
    });
}
/** Attempts per request, the first included: 5xx and network failures are usually brief. */
const MAX_ATTEMPTS = 3;
const BACKOFF_MS = [1_000, 3_000];
/**
 * GitHub requests that honour its rate limits: a `retry-after` is waited out, and so is
 * an exhausted `x-ratelimit-remaining` until `x-ratelimit-reset`, but only when that
 * still leaves `reserveMs` before the deadline; otherwise the request is given up with
 * a reason, never sent into a certain refusal. 5xx and network failures are retried
 * briefly. Every request is aborted at its time limit. Counts what it sends.
 */
class RateLimitedGitHub {
    get;
    options;
    requests = 0;
    /** Set from the last answer: GitHub will refuse until then. */
    exhaustedUntil;
    /** The same moment as wall-clock epoch milliseconds (GitHub's `x-ratelimit-reset`), to tell the user when. */
    resetsAt;
    constructor(get, options) {
        this.get = get;
        this.options = options;
    }
    async fetch(url, what) {
        let last = { ok: false, reason: 'not sent' };
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            if (this.exhaustedUntil !== undefined) {
                const refused = await this.waitUntil(this.exhaustedUntil, `${what}: GitHub's rate limit for this token is used up${resetsWhen(this.resetsAt)}`);
                if (refused)
                    return { ok: false, limited: true, reason: refused };
                this.exhaustedUntil = undefined;
                this.resetsAt = undefined;
            }
            if (this.options.clock.now() >= this.options.deadline - this.options.reserveMs) {
                return { ok: false, reason: `${what}: not sent, the step's \`timeout\` is too near` };
            }
            let response;
            try {
                response = await this.send(url);
            }
            catch (error) {
                if (this.options.signal?.aborted)
                    throw error;
                // The same answer would be as large again: not retried.
                if (error instanceof _api_body_js__WEBPACK_IMPORTED_MODULE_0__/* .BodyTooLarge */ .KQ)
                    return { ok: false, reason: `${what}: GitHub's answer was too large to read (${error.message})` };
                last = { ok: false, reason: `${what}: no answer from GitHub (${error.message})` };
                const retried = await this.backoff(attempt, last);
                if (!retried)
                    return last;
                continue;
            }
            this.noteRateLimit(response);
            if (response.status >= 200 && response.status < 300)
                return { ok: true, response };
            const retryAfterMs = (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .parseRetryAfter */ .mu)(response.headers['retry-after'], Date.now());
            const limited = response.status === 429 ||
                (response.status === 403 &&
                    (retryAfterMs !== undefined || this.exhaustedUntil !== undefined || response.headers['x-ratelimit-remaining'] === '0'));
            const reason = `${what}: GitHub answered HTTP ${response.status}${messageOf(response)}`;
            last = limited ? { ok: false, limited: true, reason } : { ok: false, status: response.status, reason };
            if (limited) {
                if (retryAfterMs !== undefined) {
                    const refused = await this.waitUntil(this.options.clock.now() + retryAfterMs, `${what}: GitHub asked to retry after ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(retryAfterMs)}`);
                    if (refused)
                        return { ok: false, limited: true, reason: refused };
                }
                // Without retry-after, the loop waits for x-ratelimit-reset (noted above) before the next try,
                // or, knowing neither, backs off as for a 5xx.
                else if (this.exhaustedUntil === undefined && !(await this.backoff(attempt, last)))
                    return last;
                continue;
            }
            if (response.status >= 500) {
                if (!(await this.backoff(attempt, last)))
                    return last;
                continue;
            }
            return last;
        }
        return last;
    }
    send(url) {
        this.requests++;
        // Real time (no clock): GitHub is not on the step's clock, and a hung request must end on a runner.
        return (0,_core_time_limit_js__WEBPACK_IMPORTED_MODULE_4__/* .withinTimeLimit */ .A0)((signal) => this.get(url, signal), { limitMs: this.options.requestTimeoutMs, signal: this.options.signal });
    }
    /** `x-ratelimit-remaining: 0` means the next request would be refused until `x-ratelimit-reset` (epoch seconds). */
    noteRateLimit(response) {
        const remaining = response.headers['x-ratelimit-remaining'];
        const reset = Number(response.headers['x-ratelimit-reset']);
        if (remaining === '0' && Number.isFinite(reset)) {
            // The reset is wall-clock time; the wait is measured on the step's clock.
            this.exhaustedUntil = this.options.clock.now() + Math.max(0, reset * 1000 - Date.now()) + 1_000;
            this.resetsAt = reset * 1000;
        }
    }
    /** Waits, or says why not: the wait would not leave time before the deadline. */
    async waitUntil(until, why) {
        const { clock, deadline, reserveMs } = this.options;
        const waitMs = until - clock.now();
        if (waitMs <= 0)
            return undefined;
        if (until > deadline - reserveMs) {
            return `${why}, and waiting ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(waitMs)} would not leave time before the step's \`timeout\``;
        }
        this.options.warn(`${why}: waiting ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(waitMs)}.`);
        await (0,_core_cancel_js__WEBPACK_IMPORTED_MODULE_2__/* .sleepUnlessCancelled */ .xE)(clock, waitMs, this.options.signal);
        return undefined;
    }
    async backoff(attempt, last) {
        if (attempt >= MAX_ATTEMPTS)
            return false;
        const waitMs = BACKOFF_MS[attempt - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1];
        return (await this.waitUntil(this.options.clock.now() + waitMs, `${last.reason}; trying again`)) === undefined;
    }
}
/** When GitHub's rate limit resets, as the user can act on it: the UTC time (it is wall-clock time, not the step's). */
function resetsWhen(resetsAt) {
    if (resetsAt === undefined)
        return '';
    const inMs = Math.max(0, resetsAt - Date.now());
    return ` until ${new Date(resetsAt).toISOString().replace(/\.\d{3}Z$/, 'Z')} (in ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(inMs)})`;
}
/**
 * GitHub's `message`, on one line and short (it is shown in a warning), quoted as code: a reason
 * is our sentence with its backticked names as code (core/quoted.ts), and GitHub's text is not ours.
 */
function messageOf(response) {
    const message = response.data?.message;
    return typeof message === 'string' && message.trim() !== '' ? ` (\`${(0,_core_quoted_js__WEBPACK_IMPORTED_MODULE_5__/* .quotable */ .E7)(message.trim(), 200)}\`)` : '';
}


/***/ })

};

//# sourceMappingURL=8.index.js.map