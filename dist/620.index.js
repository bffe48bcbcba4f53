export const id = 620;
export const ids = [620];
export const modules = {

/***/ 7620:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deploy: () => (/* binding */ deploy),
  deployCommand: () => (/* binding */ deployCommand)
});

// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/statuses.ts
var statuses = __webpack_require__(2309);
// EXTERNAL MODULE: ./src/operations/apply.ts + 1 modules
var operations_apply = __webpack_require__(7840);
// EXTERNAL MODULE: ./src/operations/resolve.ts
var resolve = __webpack_require__(3646);
// EXTERNAL MODULE: ./src/operations/verify-health.ts + 3 modules
var verify_health = __webpack_require__(1210);
// EXTERNAL MODULE: ./src/operations/watch-revision.ts + 3 modules
var watch_revision = __webpack_require__(8725);
// EXTERNAL MODULE: ./src/commands/types.ts
var types = __webpack_require__(8619);
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

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/operations/checkout-commit.ts

/** `git rev-parse` answers at once; one that does not (a hung filesystem) must not hold the step. */
const GIT_TIMEOUT_MS = 10_000;
/**
 * The commit checked out in `workspace` (`git rev-parse HEAD`), lower-case; undefined when it
 * is not a git checkout, git is missing, or git does not answer in time. The workspace is
 * declared safe for this one command: in a container job it belongs to another user than
 * the step's, and git would otherwise refuse it ("dubious ownership"). Only HEAD is read.
 */
function checkoutCommit(workspace) {
    return new Promise((resolve) => {
        (0,external_node_child_process_.execFile)('git', ['-c', `safe.directory=${workspace}`, 'rev-parse', 'HEAD'], { cwd: workspace, timeout: GIT_TIMEOUT_MS, maxBuffer: 1024, windowsHide: true }, (error, stdout) => {
            const sha = String(stdout ?? '').trim().toLowerCase();
            // 40 digits, or 64 in a repository that uses SHA-256.
            resolve(!error && /^([0-9a-f]{40}|[0-9a-f]{64})$/.test(sha) ? sha : undefined);
        });
    });
}

;// CONCATENATED MODULE: ./src/operations/github-commits.ts
/** A full commit SHA as GitHub writes it; anything else from GitHub is not a commit this run can name. */
const FULL_SHA = /^[0-9a-f]{40}$/;
/** GitHub lists at most this many files in a compare: one with as many may be cut short. */
const COMPARE_FILE_LIMIT = 300;
const STATUSES = ['ahead', 'behind', 'diverged', 'identical'];
const CONTENTS_HINT = 'The token needs `contents: read` (add it to the job\'s `permissions`, or pass a `github-token` that has it).';
/**
 * `GET /repos/{owner}/{repo}/compare/{base}...{head}`: one request. Anything but a well-formed
 * answer is `ok: false` with the reason, since the caller acts only on a complete answer.
 */
async function compareCommits(github, repository, base, head) {
    const outcome = await github.fetch(`/repos/${repository}/compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}`, `Comparing commit ${base} with ${head}`);
    if (!outcome.ok)
        return { ok: false, reason: withHint(outcome) };
    const data = outcome.response.data;
    const status = data?.status;
    if (typeof status !== 'string' || !STATUSES.includes(status))
        return { ok: false, reason: 'GitHub\'s compare answer has no known `status`' };
    // `identical` may come without a list; any other status must list its files.
    const listed = data?.files ?? (status === 'identical' ? [] : undefined);
    if (!Array.isArray(listed))
        return { ok: false, reason: 'GitHub\'s compare answer lists no files' };
    const files = [];
    for (const entry of listed) {
        const { filename, previous_filename: previous } = (entry ?? {});
        if (typeof filename !== 'string' || filename === '')
            return { ok: false, reason: 'GitHub\'s compare answer has a file without a name' };
        files.push(typeof previous === 'string' && previous !== '' ? { filename, previousFilename: previous } : { filename });
    }
    return { ok: true, status: status, files };
}
/** `GET /repos/{owner}/{repo}/commits/{ref}`: the commit a branch, tag or SHA names now. */
async function commitOfRef(github, repository, ref) {
    // A tag's full ref names the tag; GitHub takes branch and tag names (and SHAs) here.
    const name = ref.replace(/^refs\/(heads|tags)\//, '');
    const outcome = await github.fetch(`/repos/${repository}/commits/${encodeURIComponent(name)}`, `Reading the commit \`${ref}\` points to`);
    if (!outcome.ok)
        return { ok: false, reason: withHint(outcome), ...(outcome.status === 422 ? { unknownRef: true } : {}) };
    const sha = outcome.response.data?.sha;
    if (typeof sha !== 'string' || !FULL_SHA.test(sha))
        return { ok: false, reason: `GitHub's answer for \`${ref}\` names no commit` };
    return { ok: true, sha };
}
/** A refusal says what may be wrong (the token's permission, an unknown commit); a rate limit or an outage says enough. */
function withHint(outcome) {
    if (outcome.limited)
        return outcome.reason;
    if (outcome.status === 403)
        return `${outcome.reason}. ${CONTENTS_HINT}`;
    if (outcome.status === 404)
        return `${outcome.reason}: GitHub knows no such commit in the repository (a force push may have removed it), or the token cannot read it. ${CONTENTS_HINT}`;
    if (outcome.status === 422)
        return `${outcome.reason}: the repository has no such branch, tag or commit`;
    return outcome.reason;
}

// EXTERNAL MODULE: ./src/api/client.ts
var client = __webpack_require__(7085);
// EXTERNAL MODULE: ./src/operations/github-requests.ts
var github_requests = __webpack_require__(7518);
;// CONCATENATED MODULE: ./src/commands/deploy/github-reads.ts


/**
 * The GitHub repository that `repoUrl` names, read with the workflow's token: the workflow's own
 * repository, or another on the same GitHub server (the token may still not reach it; GitHub
 * then says so). A repository elsewhere cannot be read with this token.
 */
function repositoryOf(repoUrl, workflow) {
    if (!workflow.repoUrl || !workflow.repository)
        return { reason: 'the workflow\'s repository is not known (GITHUB_REPOSITORY is not set)' };
    const url = repoUrl ?? workflow.repoUrl;
    const ours = parts(workflow.repoUrl);
    const theirs = parts(url);
    if (!ours || !theirs || theirs.host !== ours.host)
        return { reason: `the deployment builds ${url}, which is not a repository on this workflow's GitHub` };
    return { repository: theirs.repository === ours.repository ? workflow.repository : theirs.repository };
}
function parts(url) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return undefined;
    }
    const path = parsed.pathname.replace(/\/+$/, '').replace(/\.git$/, '').slice(1);
    if (!/^[\w.-]+\/[\w.-]+$/.test(path))
        return undefined;
    return { host: parsed.host.toLowerCase(), repository: path.toLowerCase() };
}
/**
 * GitHub reads through the one rate-limited path (operations/github-requests.ts): bounded by the
 * step's deadline, keeping one request's time free before it, each request aborted at its limit.
 */
async function openCommitReads(token, repoUrl, deps) {
    const where = repositoryOf(repoUrl, deps.workflow);
    if ('reason' in where)
        return { ok: false, reason: where.reason };
    if (!token)
        return { ok: false, reason: '`github-token` is empty: leave it unset to use the workflow\'s `${{ github.token }}` (it needs `contents: read`)' };
    if (!deps.openGitHub)
        return { ok: false, reason: 'GitHub cannot be read in this run' };
    const requestTimeoutMs = deps.requestTimeoutMs ?? client/* DEFAULT_REQUEST_TIMEOUT_MS */.Zc;
    const github = new github_requests/* RateLimitedGitHub */.Q(await deps.openGitHub(token), {
        clock: deps.clock,
        deadline: deps.deadline,
        signal: deps.signal,
        reserveMs: requestTimeoutMs,
        requestTimeoutMs,
        warn: deps.log.warn
    });
    return { ok: true, github, repository: where.repository };
}

;// CONCATENATED MODULE: ./src/commands/deploy/expected-commit.ts




const TESTED_FIRST = 'Deploy a tag or the commit itself (`repo-ref` set to it), or test the new commit first and promote that one.';
/**
 * `expected-commit`, before any change, for a `github` deployment: the ref the control plane will
 * build must point at the expected commit now. Refused when it does not, and when GitHub cannot
 * say (missing information never ships untested code).
 */
async function checkRefBeforeChange(expected, ref, repoUrl, inputs, deps) {
    if (!ref) {
        throw new errors/* ActionError */.lZ('bad-input', `\`expected-commit\` is ${expected}, but which ref the control plane builds is not known: \`repo-ref\` is not set and the workflow's ref is not known.`, 'Set `repo-ref` to the branch or tag that holds the commit.');
    }
    const reads = await openCommitReads(inputs.githubToken, repoUrl, deps);
    const read = reads.ok ? await commitOfRef(reads.github, reads.repository, ref) : reads;
    if (!read.ok) {
        throw new errors/* ActionError */.lZ('api-refused', `Could not read which commit \`${ref}\` points to (${read.reason}), so this deploy could not be shown to ship \`expected-commit\` ${expected}. Nothing was sent.`, 'unknownRef' in read && read.unknownRef
            ? `Set \`repo-ref\` to the branch or tag that holds the tested commit (or to \`${expected}\` itself).`
            : 'Re-run the job once GitHub can be read; the token needs `contents: read`.');
    }
    if (read.sha !== expected) {
        throw new errors/* ActionError */.lZ('bad-input', `\`${ref}\` points to commit ${read.sha} now, not to \`expected-commit\` ${expected}: the control plane would build a commit that was not tested. Nothing was sent.`, TESTED_FIRST);
    }
    deps.log.info(`\`${ref}\` points to commit ${expected}, the expected one.`);
}
/**
 * `expected-commit`, after DEPLOYED, for a `github` deployment: the ref may have moved between
 * the check before the change and the build, and then the revision serves another commit.
 * Fails the step naming both (`on-failure: rollback` then serves the previous revision again).
 */
function checkBuiltCommit(expected, revision) {
    const built = revision.source_revision_config?.repo_commit_sha?.toLowerCase();
    if (built === expected)
        return;
    throw new errors/* ActionError */.lZ('commit-mismatch', built
        ? `Revision ${revision.id} is DEPLOYED, built from commit ${built}, not \`expected-commit\` ${expected}: its ref moved during the build, and the deployment now serves a commit that was not tested.`
        : `Revision ${revision.id} is DEPLOYED but reports no commit, so it cannot be shown to be \`expected-commit\` ${expected}.`, `${TESTED_FIRST} With \`on-failure: rollback\`, the revision that served before is put back.`);
}
/**
 * `expected-commit` for a remote build: what is archived is the checkout, so the checkout
 * must be the expected commit. Called before anything is archived; returns that commit.
 */
async function checkCheckout(expected, deps) {
    const workspace = deps.workflow.workspace ?? process.cwd();
    const checkedOut = await checkoutCommit(workspace);
    if (!checkedOut) {
        throw new errors/* ActionError */.lZ('bad-input', `\`expected-commit\` is ${expected}, but the workspace (${workspace}) is not a git checkout whose commit can be read, so what would be archived cannot be shown to be that commit. Nothing was sent.`, 'Check out the repository (actions/checkout) before this step, at the expected commit (its `ref` input).');
    }
    if (checkedOut !== expected) {
        throw new errors/* ActionError */.lZ('bad-input', `The workspace has commit ${checkedOut} checked out, not \`expected-commit\` ${expected}: the archive would ship code that was not tested. Nothing was sent.`, 'Check out the expected commit (actions/checkout with `ref: <the commit>`), or test this one first.');
    }
    deps.log.info(`The workspace has commit ${expected} checked out, the expected one.`);
    return checkedOut;
}

// EXTERNAL MODULE: ./src/api/errors.ts
var api_errors = __webpack_require__(3249);
;// CONCATENATED MODULE: ./src/commands/deploy/settings-differ.ts
/** Each `source_config` field and the input that sets it. */
const FIELDS = [
    { input: 'integration-id', read: (c) => c.integration_id },
    { input: 'repo-url', read: (c) => c.repo_url },
    { input: 'deployment-type', read: (c) => c.deployment_type },
    { input: 'build-on-push', read: (c) => c.build_on_push },
    { input: 'custom-url', read: (c) => c.custom_url },
    { input: 'install-command', read: (c) => c.install_command },
    { input: 'build-command', read: (c) => c.build_command },
    { input: 'listener-id', read: (c) => c.listener_id },
    { input: 'k8s-namespace', read: (c) => c.listener_config?.k8s_namespace },
    { input: 'resource-spec', read: (c) => c.resource_spec }
];
/** Values that name the same thing: ids in either case, a URL with or without a last `/` or `.git`. */
const LOOSE = new Set(['integration-id', 'repo-url', 'listener-id', 'custom-url']);
/**
 * The inputs set in the step whose `source_config` value is not the deployment's: sending them
 * would change the deployment. A mapping (`resource-spec`) is the same when every key it sets
 * has the deployment's value: the deployment's may hold defaults the step leaves unset.
 */
function sourceConfigDifferences(requested, current) {
    return FIELDS.filter(({ input, read }) => {
        const wanted = read(requested);
        return wanted !== undefined && !covers(wanted, read(current), LOOSE.has(input));
    }).map((field) => field.input);
}
function covers(wanted, current, loose) {
    if (wanted === null)
        return current == null;
    if (typeof wanted === 'object') {
        if (Array.isArray(wanted))
            return JSON.stringify(wanted) === JSON.stringify(current);
        if (typeof current !== 'object' || current === null)
            return false;
        return Object.entries(wanted).every(([key, value]) => value === undefined || covers(value, current[key], false));
    }
    if (loose && typeof wanted === 'string' && typeof current === 'string')
        return same(wanted) === same(current);
    return wanted === current;
}
function same(value) {
    return value.trim().toLowerCase().replace(/\/+$/, '').replace(/\.git$/, '');
}

;// CONCATENATED MODULE: ./src/commands/deploy/paths-gate.ts





/** How many matching files a log line names before "and N more". */
const NAMED_FILES = 5;
/**
 * `paths`: skip the deploy when no file under them changed between the commit the serving
 * revision was built from and the commit this run deploys. The answer must be certain to
 * skip: every case where something is not known, or where the deploy would change more
 * than the code (secrets, settings), or where a person asked for it, deploys, and says why.
 * Records the decision and logs it; makes no change, so a dry run reports it as is.
 */
async function decidePaths(paths, inputs, existing, deps) {
    const { log, recorder } = deps;
    const source = inputs.revisionSource ?? existing?.source ?? inputs.source ?? 'github';
    if (source !== 'github') {
        const reason = `\`paths\` applies to \`github\` deployments only (their revisions report the commit they were built from), and this deploy ships \`${source}\``;
        log.warn(`${reason}: it does not apply, and the deploy goes ahead.`);
        recorder.pathsDecided({ skip: false, reason });
        return { skip: false };
    }
    const decided = await decide(paths, inputs, existing, deps);
    recorder.pathsDecided(decided.decision);
    const { decision } = decided;
    if (decision.skip)
        log.info(`\`paths\`: nothing to deploy: ${decision.reason}.`);
    else
        log.info(`\`paths\`: deploying, because ${decision.reason}.`);
    return decided.serving && decision.skip ? { skip: true, serving: decided.serving } : { skip: false };
}
async function decide(paths, inputs, existing, deps) {
    const { workflow } = deps;
    const go = (reason, known = {}) => ({ decision: { skip: false, reason, ...known } });
    const servingId = existing?.active_revision_id ?? undefined;
    if (!existing)
        return go('the deployment does not exist yet');
    if (!servingId)
        return go(`no revision of deployment \`${existing.name}\` serves yet`);
    // A person asked for this deploy: it happens whatever changed.
    if (workflow.eventName === 'workflow_dispatch')
        return go('the run was started by hand (`workflow_dispatch`)', { servingRevisionId: servingId });
    if (workflow.runAttempt !== undefined && workflow.runAttempt > 1)
        return go(`the run is a re-run (attempt ${workflow.runAttempt})`, { servingRevisionId: servingId });
    const ref = inputs.sourceRevisionConfig.repo_ref;
    if (ref !== undefined && ref !== workflow.repoRef) {
        return go(`\`repo-ref\` is \`${ref}\`, not the ref this workflow runs on${workflow.repoRef ? ` (\`${workflow.repoRef}\`)` : ''}, so this run's commit says nothing of what is built`, { servingRevisionId: servingId });
    }
    const settings = settingsDiffer(inputs, existing);
    if (settings)
        return go(settings, { servingRevisionId: servingId });
    let serving;
    try {
        serving = await deps.client.getRevision(existing.id, servingId);
    }
    catch (error) {
        if (!(error instanceof api_errors/* ApiError */.hD))
            throw error;
        return go(`revision ${servingId}, which serves, could not be read (${(0,errors/* firstLine */.TM)(error)})`, { servingRevisionId: servingId });
    }
    if (serving.status !== 'DEPLOYED')
        return go(`revision ${servingId}, which serves, is ${serving.status}, not DEPLOYED`, { servingRevisionId: servingId });
    const base = serving.source_revision_config?.repo_commit_sha ?? undefined;
    if (!base || !/^[0-9a-f]{40}$/i.test(base))
        return go(`revision ${servingId}, which serves, reports no commit it was built from`, { servingRevisionId: servingId });
    // Without `repo-ref` the deploy builds the workflow's ref: another branch than the one serving is a change whatever the files say.
    const builtRef = ref ?? workflow.repoRef;
    const servingRef = serving.source_revision_config?.repo_ref ?? undefined;
    if (builtRef !== undefined && servingRef !== undefined && builtRef !== servingRef) {
        return go(`this run deploys \`${builtRef}\`, but the serving revision was built from \`${servingRef}\``, { servingRevisionId: servingId, baseCommit: base });
    }
    const graph = inputs.sourceRevisionConfig.graph_config_path;
    if (graph !== undefined && graph !== serving.source_revision_config?.graph_config_path) {
        return go(`\`graph-config-path\` differs from the serving revision's`, { servingRevisionId: servingId, baseCommit: base });
    }
    const head = workflow.triggerSha;
    const known = { servingRevisionId: servingId, baseCommit: base, headCommit: head };
    if (!head)
        return go('the commit this run deploys is not known (the pull request\'s head commit could not be read from the event)', known);
    const reads = await openCommitReads(inputs.githubToken, existing.source_config?.repo_url ?? undefined, deps);
    if (!reads.ok)
        return go(`GitHub cannot be asked what changed: ${reads.reason}`, known);
    const compared = await compareCommits(reads.github, reads.repository, base, head);
    if (!compared.ok)
        return go(`GitHub could not compare the serving commit with this run's: ${compared.reason}`, known);
    const { status, files } = compared;
    const counted = { ...known, changedFiles: files.length };
    if (status !== 'ahead' && status !== 'identical') {
        return go(`commit ${head} is ${status === 'behind' ? 'behind' : 'not ahead of'} commit ${base}, which serves (\`${status}\`): what changed cannot be told from one side`, counted);
    }
    if (files.length >= COMPARE_FILE_LIMIT)
        return go(`GitHub lists ${files.length} changed files, its most, so the list may be cut short`, counted);
    const under = files.filter((file) => touches(paths, file));
    const outsidePaths = files.length - under.length;
    if (under.length > 0) {
        const named = under.slice(0, NAMED_FILES).map((f) => `\`${shownPath(f.filename)}\``).join(', ');
        const more = under.length > NAMED_FILES ? ` and ${under.length - NAMED_FILES} more` : '';
        return go(`${under.length} changed file${under.length === 1 ? '' : 's'} under \`paths\` since commit ${base}: ${named}${more}`, { ...counted, outsidePaths });
    }
    const outside = files.length === 0 ? 'no file changed' : `${files.length} changed file${files.length === 1 ? '' : 's'}, all outside \`paths\``;
    return {
        decision: { skip: true, reason: `no change under \`paths\` since commit ${base}, which revision ${servingId} serves (${outside})`, ...counted, outsidePaths },
        serving
    };
}
/** A file name from GitHub, in a code span of one log line: no backtick to end the span early, and not a page long. */
function shownPath(name) {
    const plain = name.replace(/`/g, "'");
    return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}
/** A rename touches both its paths: moving a file out of `paths` changes what is under them. */
function touches(paths, file) {
    return paths.matches(file.filename) || (file.previousFilename !== undefined && paths.matches(file.previousFilename));
}
/** Why the deploy would change more than the code, or undefined when the settings it sends are already the deployment's. */
function settingsDiffer(inputs, existing) {
    if (inputs.secrets) {
        const theirs = secretNames(existing.secrets);
        if (!theirs)
            return '`secrets` is set, and the deployment\'s secret names cannot be read';
        const ours = new Set(inputs.secrets.map((s) => s.name));
        const added = [...ours].filter((n) => !theirs.has(n));
        const removed = [...theirs].filter((n) => !ours.has(n));
        if (added.length > 0 || removed.length > 0) {
            const said = [added.length ? `adds ${added.map((n) => `\`${n}\``).join(', ')}` : '', removed.length ? `drops ${removed.map((n) => `\`${n}\``).join(', ')}` : ''];
            return `\`secrets\` ${said.filter(Boolean).join(' and ')}`;
        }
    }
    const differing = sourceConfigDifferences(inputs.sourceConfig, existing.source_config ?? {});
    if (differing.length > 0)
        return `${differing.map((n) => `\`${n}\``).join(', ')} ${differing.length === 1 ? 'differs' : 'differ'} from the deployment's`;
    if (inputs.secretReferences && JSON.stringify(inputs.secretReferences) !== JSON.stringify(existing.secret_references ?? [])) {
        return '`secret-references` differs from the deployment\'s';
    }
    return undefined;
}
/** The names of the deployment's secrets, or undefined when any entry has none. */
function secretNames(secrets) {
    const names = new Set();
    for (const secret of secrets ?? []) {
        const name = secret?.name;
        if (typeof name !== 'string')
            return undefined;
        names.add(name);
    }
    return names;
}

;// CONCATENATED MODULE: ./src/commands/deploy/image.ts
/**
 * An image reference's digest: what follows `@` when it is `<algorithm>:<hex>`, as
 * `sha256:<64 hex digits>` is. Only a digest names one image for good.
 */
const DIGEST = /@([a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-f]{32,})$/i;
/** The image a docker deploy ships, for the reports: pinned by its digest, or not. */
function imageShipped(imageUri) {
    const digest = DIGEST.exec(imageUri)?.[1];
    return digest ? { kind: 'image', imageUri, digest } : { kind: 'image', imageUri };
}
/**
 * Why an `image-uri` without a digest is a risk: the control plane pulls the image when it
 * builds the revision, and a tag (`latest` when none is written) may by then name another
 * image than the one this workflow pushed and tested.
 */
function unpinnedImageWarning(imageUri) {
    if (DIGEST.test(imageUri))
        return undefined;
    const name = imageUri.split('@')[0];
    const lastSegment = name.slice(name.lastIndexOf('/') + 1);
    const colon = lastSegment.lastIndexOf(':');
    const repository = colon >= 0 ? name.slice(0, name.length - lastSegment.length + colon) : name;
    const what = colon >= 0 ? `names its image by the tag \`${lastSegment.slice(colon + 1)}\`, not by a digest` : 'names neither a tag nor a digest, so it means the tag `latest`';
    return (`\`image-uri\` \`${imageUri}\` ${what}: a tag can move between the push and the build, so the control plane may deploy ` +
        `another image than the one this workflow pushed. Pin it by digest: \`${repository}@sha256:...\` (docker/build-push-action's \`digest\` output).`);
}

// EXTERNAL MODULE: ./src/core/recorder.ts
var core_recorder = __webpack_require__(9577);
// EXTERNAL MODULE: ./src/operations/redeploy.ts
var redeploy = __webpack_require__(2166);
;// CONCATENATED MODULE: ./src/commands/deploy/on-failure.ts





/** A revision that failed, failed its health check, or serves a commit other than `expected-commit`, is undone. */
const ROLLED_BACK_FOR = new Set(['revision-failed', 'health-check-failed', 'commit-mismatch']);
/** A failed build or create never replaced what served: the control plane keeps the old revision. */
const NEVER_SERVED = new Set(['CREATE_FAILED', 'BUILD_FAILED']);
/**
 * `on-failure: rollback`, after the deploy's revision failed, failed its health check, or
 * reached DEPLOYED built from a commit other than `expected-commit`.
 * When the deployment is left serving a bad revision, redeploy the one that served before
 * this run and watch it; the step still fails, and its error says both what failed and
 * what serves now. When nothing needs undoing (a failed build), it says so instead. Any
 * other ending (a time-out, a cancellation, a lost connection, a superseded revision)
 * is not a failure of this revision and is rethrown untouched; a health check that could
 * not be made is rethrown with a note that nothing was rolled back.
 */
async function rollBackAfterFailure(error, inputs, deps) {
    if (error instanceof errors/* ActionError */.lZ && error.kind === 'health-check-not-made') {
        // A check that was never made says nothing against the new revision: replacing it could undo a good deploy.
        throw withNote(error, 'Nothing was rolled back (`on-failure: rollback`): the revision was not found unhealthy, only not checked, so it was left in place.');
    }
    if (!(error instanceof errors/* ActionError */.lZ) || !ROLLED_BACK_FOR.has(error.kind))
        throw error;
    const { client, log, recorder } = deps;
    const { previousRevisionId: previous, revisionId: failed, revision, deployment } = recorder.known;
    const status = revision?.status ?? '';
    if (!deployment || !failed || status === 'SKIPPED' || status === 'INTERRUPTED')
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
    try {
        // Its settings tell its redeploy apart from another run's revision, should the answer be lost.
        const target = await client.getRevision(current.id, previous);
        const started = await (0,redeploy/* redeploy */.j)(current, target, {
            apply: { client, clock: deps.clock, deadline: deps.deadline, settleMs: deps.settleMs, signal: deps.signal, log: log.warn },
            log,
            recorder: rollbackRecord
        });
        await (0,watch_revision/* watchRevision */.r)({ ...deps, ...(0,watch_revision/* watchSettings */.d)(inputs), recorder: rollbackRecord, deployment: started.deployment, revisionId: started.revisionId });
        // Not health-checked: it served before this run, and the step fails anyway; a second
        // `health-check-timeout` would only make the failure later.
        serving = started.revisionId;
    }
    catch (rollbackError) {
        const failedToo = rollbackRecord.failedWith(rollbackError);
        // The redeploy was accepted (its wait or check failed): the run did roll back, not to a good state.
        if (rollbackRecord.known.operation === 'rolled-back')
            recorder.changed('rolled-back', rollbackRecord.known.deployment);
        const rollback = rollbackError instanceof cancel/* CancelledError */.cc
            ? cancelledRollback(failedToo, previous, current.name)
            : { what: `The rollback to revision ${previous} (\`on-failure: rollback\`) failed too: ${failedToo.problem?.what ?? failedToo.error}`, todo: failedToo.problem?.todo };
        // What to do about the rollback comes first: until it is dealt with, nothing good serves.
        const todo = [rollback.todo, error.hint].filter((line) => Boolean(line)).join('\n');
        return recorder.endedWith('failed', new errors/* ActionError */.lZ(error.kind, `${error.message}\n${rollback.what}`, todo || undefined));
    }
    recorder.restored(serving);
    recorder.changed('rolled-back', rollbackRecord.known.deployment);
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
        return { what: `The workflow was cancelled while the redeploy of revision ${previous} (\`on-failure: rollback\`) was in flight: it may or may not have taken effect.`, todo: check };
    }
    if (rollback.revisionId) {
        return {
            what: `The workflow was cancelled while waiting for revision ${rollback.revisionId}, the redeploy of revision ${previous} (\`on-failure: rollback\`); it goes on on the control plane.`,
            todo: `Follow revision ${rollback.revisionId} of deployment \`${name}\` on the control plane: nothing was cancelled there.`
        };
    }
    return { what: `The workflow was cancelled before the rollback to revision ${previous} (\`on-failure: rollback\`) was sent: nothing was rolled back.`, todo: check };
}

// EXTERNAL MODULE: ./src/api/constants.ts
var constants = __webpack_require__(2997);
// EXTERNAL MODULE: ./src/inputs/deployment-name.ts
var deployment_name = __webpack_require__(1188);
// EXTERNAL MODULE: ./src/commands/deploy/source-rules.ts + 1 modules
var source_rules = __webpack_require__(7606);
;// CONCATENATED MODULE: ./src/commands/deploy/plan.ts




const DEFAULT_SOURCE = 'github';
/**
 * `source_config` fields the control plane fixes at creation. Sending one on a patch
 * would be refused, so a patch leaves them out, and a value the user set that differs
 * from the deployment's is an error before anything is sent.
 */
const CREATE_ONLY = [
    { input: 'integration-id', read: (c) => c?.integration_id },
    { input: 'repo-url', read: (c) => c?.repo_url },
    { input: 'deployment-type', read: (c) => c?.deployment_type },
    { input: 'listener-id', read: (c) => c?.listener_id },
    { input: 'k8s-namespace', read: (c) => c?.listener_config?.k8s_namespace }
];
/** The request this run sends: what the inputs set, plus workflow defaults for github sources. */
function planDeploy(inputs, existing, workflow) {
    return existing ? planPatch(inputs, existing, workflow) : planCreate(inputs, workflow);
}
function planCreate(inputs, workflow) {
    const name = inputs.name;
    const source = inputs.source ?? DEFAULT_SOURCE;
    const github = source === 'github';
    const sourceConfig = {
        ...inputs.sourceConfig,
        ...(github && !inputs.sourceConfig.repo_url && workflow.repoUrl ? { repo_url: workflow.repoUrl } : {})
    };
    const sourceRevisionConfig = {
        ...inputs.sourceRevisionConfig,
        ...(github && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef ? { repo_ref: workflow.repoRef } : {})
    };
    const problems = (0,source_rules/* sourceProblemsAfterLookup */.O0)(inputs, { sourceConfig, sourceRevisionConfig }, source, true);
    // Checked here, not with the inputs: an existing deployment keeps the name it was made with.
    const nameProblem = (0,deployment_name/* newDeploymentNameProblem */.e)(name);
    if (nameProblem)
        problems.push(nameProblem);
    if (!(0,constants/* isCreatable */.Mw)(source)) {
        problems.push(`\`source\` \`${source}\` cannot be created through the API (it takes ${constants/* CREATABLE_SOURCES */.Jh.map((s) => `\`${s}\``).join(', ')}): create the deployment another way, then deploy to it by \`name\``);
    }
    if (github && !sourceConfig.repo_url) {
        problems.push('`repo-url` is required to create a `github` deployment outside a GitHub workflow: set it to the repository URL');
    }
    if (problems.length > 0 || !(0,constants/* isCreatable */.Mw)(source))
        throw new errors/* InputError */.dz(problems);
    return {
        action: 'create',
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
function planPatch(inputs, deployment, workflow) {
    const source = deployment.source ?? inputs.source ?? DEFAULT_SOURCE;
    const problems = [];
    if (inputs.source && deployment.source && inputs.source !== deployment.source) {
        problems.push(`\`source\` is \`${inputs.source}\` but deployment \`${deployment.name}\` was created with \`${deployment.source}\`, which cannot change: remove \`source\` or deploy under another \`name\``);
    }
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
        else if (comparable(wanted) !== comparable(current)) {
            problems.push(`\`${field.input}\` is \`${String(wanted)}\` but deployment \`${deployment.name}\` has \`${String(current)}\`, which cannot change after creation: remove \`${field.input}\` or deploy under another \`name\``);
        }
    }
    const { integration_id, repo_url, deployment_type, listener_id, listener_config, ...changeable } = requested;
    const revisionSource = inputs.revisionSource ?? source;
    const sourceRevisionConfig = {
        ...inputs.sourceRevisionConfig,
        ...(revisionSource === 'github' && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef
            ? { repo_ref: workflow.repoRef }
            : {})
    };
    problems.push(...(0,source_rules/* sourceProblemsAfterLookup */.O0)(inputs, { sourceConfig: requested, sourceRevisionConfig }, source, false));
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    const body = {
        ...(inputs.revisionSource ? { revision_source: inputs.revisionSource } : {}),
        ...(Object.keys(changeable).length > 0 ? { source_config: changeable } : {}),
        ...(Object.keys(sourceRevisionConfig).length > 0 ? { source_revision_config: sourceRevisionConfig } : {}),
        ...(inputs.secrets ? { secrets: inputs.secrets } : {}),
        ...(inputs.secretReferences ? { secret_references: inputs.secretReferences } : {})
    };
    return Object.keys(body).length > 0 ? { action: 'patch', deployment, body, warnings } : { action: 'none', deployment };
}
/** UUIDs in either case, and `https://host/org/repo` with or without `/` or `.git`, are the same value. */
function comparable(value) {
    return String(value).trim().toLowerCase().replace(/\/+$/, '').replace(/\.git$/, '');
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./src/operations/archive/layout.ts
var layout = __webpack_require__(9029);
;// CONCATENATED MODULE: ./src/commands/deploy/remote-build.ts










/**
 * A remote build (`internal_source`): the action archives the checkout, uploads it and
 * patches the deployment to build it. Unless `source-tarball-path` names an archive the
 * user uploaded: then that path is sent as given, and nothing is archived.
 */
function isRemoteBuild(inputs, existing) {
    if (inputs.sourceRevisionConfig.source_tarball_path)
        return false;
    const source = existing ? (inputs.revisionSource ?? existing.source) : (inputs.source ?? DEFAULT_SOURCE);
    return source === 'internal_source';
}
/**
 * The archive, when the inputs alone say this is a remote build (`source` or
 * `revision-source` is `internal_source`): built before any request, so that a missing
 * config file, a dependency outside the workspace or an archive over the limit is refused
 * before the lookup. The caller removes it.
 */
async function archiveBeforeLookup(inputs, deps) {
    const said = inputs.source === 'internal_source' || inputs.revisionSource === 'internal_source';
    return said && !inputs.sourceRevisionConfig.source_tarball_path ? buildArchive(inputs, deps) : undefined;
}
function layoutOf(inputs, deps) {
    const configPath = inputs.sourceRevisionConfig.graph_config_path;
    if (!configPath) {
        throw new errors/* InputError */.dz([
            '`graph-config-path` is required for a remote build (`internal_source` without `source-tarball-path`): set it to the agent\'s config file in the checkout, e.g. `apps/agent/langgraph.json`'
        ]);
    }
    return (0,layout/* resolveLayout */.J)(deps.workflow.workspace ?? process.cwd(), configPath);
}
/**
 * For a remote build: the archive built, described in the log and on record (what was
 * shipped: digest, size, files, commit, what was left out), size limits checked. Before
 * any change; undefined when this deploy is not a remote build.
 */
async function archiveForRemoteBuild(inputs, existing, deps, early) {
    if (!isRemoteBuild(inputs, existing)) {
        if (inputs.archiveExclude)
            deps.log.warn('`archive-exclude` is set, but this deploy is not a remote build (`internal_source` without `source-tarball-path`): it is ignored.');
        return undefined;
    }
    return early ?? buildArchive(inputs, deps);
}
async function buildArchive(inputs, deps) {
    // With `expected-commit`, the checkout is held to it before anything else; else its commit is only put on record.
    const checked = inputs.expectedCommit === undefined ? undefined : await checkCheckout(inputs.expectedCommit, deps);
    const layout = layoutOf(inputs, deps);
    // Loaded only for a remote build: the tar and ignore libraries would slow every other run's start.
    const { prepareArchive } = await Promise.all(/* import() */[__webpack_require__.e(85), __webpack_require__.e(979)]).then(__webpack_require__.bind(__webpack_require__, 3979));
    const [archive, commit] = await Promise.all([
        prepareArchive(layout, {
            exclude: inputs.archiveExclude ?? [],
            tempRoot: deps.workflow.tempDir ?? (0,external_node_os_.tmpdir)(),
            log: deps.log,
            stop: { signal: deps.signal, clock: deps.clock, deadline: deps.deadline }
        }),
        checked ?? checkoutCommit(layout.workspace)
    ]);
    if (commit && !checked)
        deps.log.info(`Archived from commit ${commit} (checked out in the workspace).`);
    return { ...archive, commit };
}
/**
 * Puts the archive on record (the `archive-sha256` output, the summary's Archive row): only
 * once it was uploaded, or on a dry run, where the plan shows it as what would be shipped.
 */
function recordArchive(recorder, archive) {
    recorder.shipped({ kind: 'archive', sha256: archive.sha256, bytes: archive.bytes, files: archive.files, commit: archive.commit, excluded: archive.excluded.map(({ path, why }) => ({ path, why })) });
}
/** What a dry run of a remote build shows: the create, the upload URL asked for, and the patch; no upload. */
function remotePlannedRequests(plan, archive) {
    const creating = plan.action === 'create';
    const id = creating ? undefined : plan.deployment.id;
    const uploadUrl = id ? requests/* requests */.z.requestUploadUrl(id) : { method: 'POST', path: '/v2/deployments/{id of the new deployment}/upload-url' };
    const patch = remotePatchBody(plan, '<object_path that upload-url answers>', archive.configPath);
    return [
        ...(creating ? [requests/* requests */.z.createDeployment(createBody(plan.body))] : []),
        uploadUrl,
        id ? requests/* requests */.z.patchDeployment(id, patch) : { method: 'PATCH', path: '/v2/deployments/{id of the new deployment}', body: patch }
    ];
}
/**
 * Create (when missing), upload, then the patch that starts the build: sent only after
 * the whole archive is uploaded, and once (operations/apply.ts), and recognised as ours by
 * the object path only this upload has. The archive's file is removed whatever happens.
 */
async function shipFromCheckout(plan, archive, inputs, deps, apply) {
    const { recorder, log } = deps;
    try {
        (0,cancel/* throwIfCancelled */.dZ)(deps.signal);
        let deployment;
        if (plan.action === 'create') {
            log.info(`Creating deployment \`${plan.body.name}\` (source internal_source); its first revision is built from the archive.`);
            deployment = await (0,operations_apply/* sendRecorded */.B3)(recorder, 'create', () => (0,operations_apply/* createOnce */.Ur)(createBody(plan.body), apply));
            recorder.changed('created', deployment);
            await (0,operations_apply/* refuseTwins */.sv)(deps.client, deployment, { clock: deps.clock, deadline: deps.deadline, timeoutMs: inputs.timeoutMs });
        }
        else {
            deployment = plan.deployment;
        }
        const { uploadArchive } = await __webpack_require__.e(/* import() */ 339).then(__webpack_require__.bind(__webpack_require__, 5339));
        const objectPath = await uploadArchive(deployment.id, archive, {
            client: deps.client,
            clock: deps.clock,
            deadline: deps.deadline,
            signal: deps.signal,
            log,
            idleMs: deps.requestTimeoutMs ?? client/* DEFAULT_REQUEST_TIMEOUT_MS */.Zc,
            created: plan.action === 'create'
        });
        recordArchive(recorder, archive);
        log.info(`Uploaded the archive (sha256 ${archive.sha256}); starting the remote build of \`${archive.configPath}\`.`);
        (0,cancel/* throwIfCancelled */.dZ)(deps.signal);
        const body = remotePatchBody(plan, objectPath, archive.configPath);
        const applied = await (0,operations_apply/* sendRecorded */.B3)(recorder, 'update', () => (0,operations_apply/* patchOnce */.KQ)(deployment, body, apply));
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
 * the archive; `revision_source` when the deployment's own source is another; and, as
 * any patch, the settings the inputs change (install and build commands, secrets...).
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
    const { revision_source: _asked, source_revision_config: _local, ...settings } = plan.action === 'patch' ? plan.body : {};
    return {
        ...(plan.deployment.source !== 'internal_source' ? { revision_source: 'internal_source' } : {}),
        ...settings,
        source_revision_config
    };
}

;// CONCATENATED MODULE: ./src/commands/deploy/command.ts
















/** `command: deploy`: find, create or patch, wait. */
const deployCommand = (0,types/* defineCommand */.N)({
    github: (inputs) => inputs.github,
    run: deploy
});
async function deploy(inputs, deps) {
    // A remote build the inputs announce is archived before any request, so that bad input (a missing config, a
    // dependency outside the workspace, an archive too large, a checkout that is not `expected-commit`) makes none.
    const early = await archiveBeforeLookup(inputs, deps);
    try {
        return await deployWith(inputs, deps, early);
    }
    finally {
        await early?.remove();
    }
}
async function deployWith(inputs, deps, early) {
    const { client, log, recorder } = deps;
    const existing = await (0,resolve/* lookUpTarget */.EA)(inputs, deps);
    recorder.before(existing);
    if (existing) {
        log.info(`Found deployment \`${existing.name}\` (${existing.id}), source ${existing.source ?? 'unknown'}, status ${existing.status ?? 'unknown'}.`);
    }
    else if (!inputs.createIfMissing) {
        throw new errors/* ActionError */.lZ('not-found', `No deployment is named \`${inputs.name}\`, and \`create-if-missing\` is false.`, 'Create the deployment first, fix `name`, or set `create-if-missing: true`.');
    }
    const ships = inputs.revisionSource ?? existing?.source ?? inputs.source ?? DEFAULT_SOURCE;
    const plan = planDeploy(inputs, existing, deps.workflow);
    if (plan.action === 'patch')
        plan.warnings.forEach(log.warn);
    if (inputs.expectedCommit && ships === 'github') {
        const repoUrl = existing?.source_config?.repo_url ?? (plan.action === 'create' ? plan.body.source_config.repo_url : undefined);
        await checkRefBeforeChange(inputs.expectedCommit, inputs.sourceRevisionConfig.repo_ref ?? deps.workflow.repoRef, repoUrl ?? undefined, inputs, deps);
    }
    if (inputs.paths) {
        const verdict = await decidePaths(inputs.paths, inputs, existing, deps);
        if (verdict.skip && existing)
            return nothingUnderPaths(verdict.serving, existing, inputs, deps);
    }
    /** After DEPLOYED: the commit it was built from, checked against `expected-commit`, or warned about when it moved. */
    const checkCommit = (revision) => inputs.expectedCommit && ships === 'github' ? checkBuiltCommit(inputs.expectedCommit, revision) : warnIfCommitMoved(revision, deps.workflow, log, recorder);
    // Only docker sources take an image (the source rules refuse it for others).
    const image = plan.action === 'none' ? undefined : plan.body.source_revision_config?.image_uri;
    const unpinned = image && unpinnedImageWarning(image);
    if (unpinned)
        log.warn(unpinned);
    const archive = await archiveForRemoteBuild(inputs, existing, deps, early);
    if (inputs.dryRun) {
        if (image)
            recorder.shipped(imageShipped(image));
        if (archive) {
            recordArchive(recorder, archive);
            await archive.remove();
            log.info('Dry run: the archive was built and checked, not uploaded; no upload URL was asked for.');
        }
        recorder.changed('planned');
        return recorder.finish({ kind: 'planned', requests: archive ? remotePlannedRequests(plan, archive) : plannedRequests(plan) });
    }
    const apply = { client, clock: deps.clock, deadline: deps.deadline, settleMs: deps.settleMs, signal: deps.signal, log: log.warn };
    const { deployment, revisionId } = archive ? await shipFromCheckout(plan, archive, inputs, deps, apply) : await sendPlan(plan, inputs, deps, apply);
    // On record once the control plane took it, not before: a refused change shipped nothing.
    if (image)
        recorder.shipped(imageShipped(image));
    if (plan.action !== 'create' && revisionId === existing?.latest_revision_id) {
        log.info(plan.action === 'patch'
            ? 'The update changed no revision setting, so the control plane made no new revision: nothing to wait for.'
            : 'No setting to change was given, so nothing was sent and there is no new revision to wait for.');
        if (inputs.health)
            log.info('No new revision, so no health check either.');
        // Nothing was built by this run: what serves must still be shown to be `expected-commit`.
        const serving = deployment.active_revision_id ?? revisionId;
        if (inputs.expectedCommit && ships === 'github' && serving)
            checkBuiltCommit(inputs.expectedCommit, await client.getRevision(deployment.id, serving));
        return recorder.finish({ kind: 'deployed', noNewRevision: true });
    }
    if (!revisionId) {
        throw new errors/* ActionError */.lZ('bad-response', `The control plane reported no revision for deployment \`${deployment.name}\` after the ${plan.action === 'create' ? 'create' : 'update'}.`, 'Check the deployment on the control plane; re-run the job once it shows a revision.');
    }
    recorder.revisionStarted(revisionId);
    log.info(`${plan.action === 'create' ? 'Created' : 'Updated'} deployment \`${deployment.name}\` (${deployment.id}); new revision ${revisionId}.`);
    // Started, not awaited: the watch must not wait on GitHub (see CommandDeps).
    deps.onRevisionStarted?.();
    if (!inputs.wait) {
        const revision = await client.getRevision(deployment.id, revisionId);
        recorder.revisionSeen(revision);
        log.info(`Not waiting (\`wait: false\`): revision ${revisionId} is ${revision.status}.`);
        if ((0,statuses/* classify */.L8)(revision.status) === 'deployed') {
            checkCommit(revision);
            return recorder.finish({ kind: 'deployed', noNewRevision: false });
        }
        return recorder.finish({ kind: 'still-deploying', cause: 'not-waiting' });
    }
    try {
        const deployed = await (0,watch_revision/* watchRevision */.r)({ ...deps, ...(0,watch_revision/* watchSettings */.d)(inputs), deployment, revisionId });
        checkCommit(deployed);
        if (inputs.health) {
            await (0,verify_health/* verifyHealth */.g)({
                ...deps,
                health: inputs.health,
                connection: inputs.connection,
                deployment: recorder.known.deployment ?? deployment,
                suggestRollback: !inputs.rollbackOnFailure
            });
        }
    }
    catch (error) {
        if (inputs.rollbackOnFailure)
            return rollBackAfterFailure(error, inputs, deps);
        throw error;
    }
    return recorder.finish({ kind: 'deployed', noNewRevision: false });
}
/** `paths` found nothing to deploy: nothing is sent, and the outputs describe the revision that keeps serving. */
function nothingUnderPaths(serving, existing, inputs, { recorder }) {
    if (inputs.dryRun) {
        recorder.changed('planned');
        return recorder.finish({ kind: 'planned', requests: [] });
    }
    recorder.changed('unchanged', existing);
    recorder.revisionStarted(serving.id);
    recorder.revisionSeen(serving);
    return recorder.finish({ kind: 'nothing-to-do', reason: 'no-change-under-paths' });
}
/** Sends what the plan says (create, patch, or nothing) and records it. */
async function sendPlan(plan, inputs, deps, apply) {
    const { client, log, recorder } = deps;
    log.info(describePlan(plan));
    // No change is started once the workflow is cancelled.
    (0,cancel/* throwIfCancelled */.dZ)(deps.signal);
    let deployment;
    let revisionId;
    if (plan.action === 'create') {
        deployment = await (0,operations_apply/* sendRecorded */.B3)(recorder, 'create', () => (0,operations_apply/* createOnce */.Ur)(plan.body, apply));
        recorder.changed('created', deployment);
        await (0,operations_apply/* refuseTwins */.sv)(client, deployment, { clock: deps.clock, deadline: deps.deadline, timeoutMs: inputs.timeoutMs });
        revisionId = deployment.latest_revision_id;
    }
    else if (plan.action === 'patch') {
        const applied = await (0,operations_apply/* sendRecorded */.B3)(recorder, 'update', () => (0,operations_apply/* patchOnce */.KQ)(plan.deployment, plan.body, apply));
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



/**
 * The layout for `graph-config-path` (relative to the workspace). Everything is checked
 * here, before any request: the config file exists and is JSON, each local dependency
 * exists and lies inside the workspace (also once symbolic links are resolved).
 */
function resolveLayout(workspaceDir, configInput) {
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
    let config;
    try {
        config = JSON.parse(text);
    }
    catch (error) {
        return fail(`\`graph-config-path\` \`${configInput}\` is not valid JSON (${(0,_core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .firstLine */ .TM)(error)})`);
    }
    const configDir = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(realConfig);
    const dependencies = Array.isArray(config?.dependencies) ? config.dependencies : [];
    const dirs = [configDir];
    const problems = [];
    for (const dependency of dependencies) {
        if (typeof dependency !== 'string' || !isLocalPath(dependency))
            continue;
        const target = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(configDir, dependency);
        if (!inside(workspace, target) || !inside(workspace, realpathOr(target))) {
            problems.push(`\`graph-config-path\` \`${configInput}\` lists the dependency \`${dependency}\`, which is outside the workspace: only what the job checked out is archived; move it into the repository or check it out inside the workspace`);
            continue;
        }
        let isDir = false;
        try {
            isDir = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(target).isDirectory();
        }
        catch {
            // Reported below.
        }
        if (!isDir) {
            problems.push(`\`graph-config-path\` \`${configInput}\` lists the dependency \`${dependency}\`, which is not a directory in the workspace: fix the config's \`dependencies\``);
            continue;
        }
        dirs.push(realpathOr(target));
    }
    if (problems.length > 0)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(problems);
    const included = outermost(dirs);
    const root = commonAncestor(included);
    return { workspace, root, included, configPath: toPosix((0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(root, realConfig)) };
}
/** A `dependencies` entry that names a directory rather than a package: `.`, `./x`, `../x`, `/x`. */
function isLocalPath(entry) {
    return entry === '.' || entry === '..' || entry.startsWith('./') || entry.startsWith('../') || entry.startsWith('/');
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


/***/ }),

/***/ 7518:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ RateLimitedGitHub)
/* harmony export */ });
/* harmony import */ var _api_body_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3994);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7018);
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9317);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2257);




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
                (response.status === 403 && (retryAfterMs !== undefined || this.exhaustedUntil !== undefined || response.headers['x-ratelimit-remaining'] === '0'));
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
    async send(url) {
        this.requests++;
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(new Error(`no answer within ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(this.options.requestTimeoutMs)}`)), this.options.requestTimeoutMs);
        const onCancel = () => controller.abort(new Error('the workflow was cancelled'));
        this.options.signal?.addEventListener('abort', onCancel, { once: true });
        try {
            return await this.get(url, controller.signal);
        }
        finally {
            clearTimeout(timer);
            this.options.signal?.removeEventListener('abort', onCancel);
        }
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
/** GitHub's `message`, on one line and short: it is shown in a warning. */
function messageOf(response) {
    const message = response.data?.message;
    return typeof message === 'string' && message !== '' ? ` (${message.replace(/[\r\n]+/g, ' ').slice(0, 200)})` : '';
}


/***/ })

};

//# sourceMappingURL=620.index.js.map