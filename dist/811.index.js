export const id = 811;
export const ids = [811,663];
export const modules = {

/***/ 6663:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  GITHUB_REQUEST_TIMEOUT_MS: () => (/* binding */ GITHUB_REQUEST_TIMEOUT_MS),
  loadGitHubApi: () => (/* binding */ loadGitHubApi)
});

// EXTERNAL MODULE: ./src/api/body.ts
var api_body = __webpack_require__(3994);
// EXTERNAL MODULE: ./src/core/system-ca.ts
var system_ca = __webpack_require__(4883);
;// CONCATENATED MODULE: ./src/github/capped-fetch.ts


/**
 * Octokit reads every answer whole (`response.text()`), however large, and swallows a
 * failed read as an empty body. So the fetch it is given reads the body first, through
 * the same cap as the control plane's answers (api/body.ts): past the cap the body is
 * cancelled (closing the connection) and the fetch fails, which Octokit passes on as a
 * failed request. The cap is the control plane's 32 MiB, not less: a page of 100 pull
 * request comments at GitHub's 65,536-character limit can be ~20 MiB of honest JSON.
 * The cap counts decoded bytes, so a compressed body is held to it too.
 */
function cappedFetch(inner, limitBytes = api_body/* MAX_BODY_BYTES */.YK) {
    return async (input, init) => {
        // GitHub's API behind a TLS-terminating firewall: the system's authorities, read once (core/system-ca.ts).
        const body = init?.body;
        const resend = body === undefined || body === null || typeof body === 'string';
        const response = resend ? await system_ca/* systemStore */.$l.send(() => inner(input, init)) : await inner(input, init);
        const read = await readBody(response, limitBytes);
        // 204, 205 and 304 may carry no body at all, not even an empty one.
        const capped = new Response(read === null || [204, 205, 304].includes(response.status) ? null : read, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers
        });
        Object.defineProperty(capped, 'url', { value: response.url });
        return capped;
    };
}
/** The whole body through the control plane's capped reader; null when there is none. */
async function readBody(response, limitBytes) {
    const body = response.body;
    if (!body)
        return null;
    const read = await (0,api_body/* readCapped */.EF)({
        // A request aborted (its time limit, the budget) errors the stream: the read rejects.
        chunks: body,
        declaredLength: response.headers.get('content-length'),
        abandon: () => void body.cancel().catch(() => undefined)
    }, limitBytes);
    // A view of the same bytes, not a second copy of up to the cap.
    return new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
}

;// CONCATENATED MODULE: ./src/github/api.ts


/** GitHub caps status descriptions at 140 characters. */
const DESCRIPTION_LIMIT = 140;
/**
 * Each request's own time limit. Octokit's `request.timeout` is not read by its fetch (and
 * passing `request` to getOctokit would replace the runner's proxy settings), so the limit
 * is a signal added by a request hook, with the budget and the caller's signal.
 */
const GITHUB_REQUEST_TIMEOUT_MS = 15_000;
async function loadGitHubApi(token, repository, budget, apiUrl) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    // Given explicitly: @actions/github reads GITHUB_API_URL once, when first loaded, from the
    // process environment, not from the environment run() was given. Only `baseUrl`: options
    // replace the defaults key by key, and the defaults' `request` carries the runner's proxy.
    const octokit = getOctokit(token, apiUrl ? { baseUrl: apiUrl } : {});
    // A GitHub API that hangs must not hold the job past its report: every request (each
    // page of a paginate too) ends at its own limit or when the budget runs out. A `before`
    // hook, since a `wrap` hook's changed options do not reach a request the auth hook
    // wrapped first; `request` is replaced, not changed, as it may be the defaults' object.
    // Its fetch (the runner's proxy fetch, from the defaults) is wrapped to read bodies capped.
    octokit.hook.before('request', (options) => {
        const signals = [budget, AbortSignal.timeout(GITHUB_REQUEST_TIMEOUT_MS), options.request?.signal].filter((s) => s !== undefined);
        options.request = {
            ...options.request,
            signal: AbortSignal.any(signals),
            fetch: cappedFetch(options.request?.fetch ?? globalThis.fetch)
        };
    });
    // Octokit wraps a failed fetch as an `HTTP 500`; an answer over the cap is told as itself.
    octokit.hook.error('request', (error) => {
        const cause = error.cause;
        throw cause instanceof api_body/* BodyTooLarge */.KQ ? cause : error;
    });
    /** Every item of a paged list, stopping (with what was read so far said) when the budget runs out. */
    async function everyPage(pages, what) {
        const items = [];
        try {
            for await (const page of pages) {
                items.push(...page.data);
                if (budget.aborted)
                    break;
            }
        }
        catch (error) {
            if (!budget.aborted)
                throw error;
        }
        if (budget.aborted)
            throw new Error(`stopped reading ${what} after ${items.length} of them: the time for reporting to GitHub ran out`);
        return items;
    }
    const [owner, repo] = repository.split('/');
    const where = { owner, repo };
    return {
        budget,
        async createDeployment({ ref, environment, transient, description }) {
            const response = await octokit.rest.repos.createDeployment({
                ...where,
                ref,
                environment,
                transient_environment: transient,
                // The deploy already happened on the control plane: no merging, no waiting on checks.
                auto_merge: false,
                required_contexts: [],
                description: description.slice(0, DESCRIPTION_LIMIT)
            });
            if (!('id' in response.data))
                throw new Error(`GitHub did not create the deployment: ${response.data.message ?? 'no reason given'}`);
            return response.data.id;
        },
        async createDeploymentStatus(deploymentId, { state, description, environmentUrl, logUrl }) {
            await octokit.rest.repos.createDeploymentStatus({
                ...where,
                deployment_id: deploymentId,
                state,
                description: description.slice(0, DESCRIPTION_LIMIT),
                ...(environmentUrl ? { environment_url: environmentUrl } : {}),
                ...(logUrl ? { log_url: logUrl } : {})
            });
        },
        async listDeploymentIds(environment) {
            const pages = octokit.paginate.iterator(octokit.rest.repos.listDeployments, { ...where, environment, per_page: 100 });
            return (await everyPage(pages, `the deployments of environment \`${environment}\``)).map((d) => d.id);
        },
        async listComments(issueNumber) {
            const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...where, issue_number: issueNumber, per_page: 100 });
            return (await everyPage(pages, `the comments of pull request #${issueNumber}`)).map((c) => ({ id: c.id, body: c.body ?? undefined }));
        },
        async createComment(issueNumber, body) {
            await octokit.rest.issues.createComment({ ...where, issue_number: issueNumber, body });
        },
        async updateComment(commentId, body) {
            await octokit.rest.issues.updateComment({ ...where, comment_id: commentId, body });
        },
        async get(url, signal) {
            const base = String(octokit.request.endpoint.DEFAULTS.baseUrl).replace(/\/+$/, '');
            // A next-page URL comes from GitHub's answer; the token goes only to GitHub's API.
            if (/^[a-z]+:/i.test(url) && !url.startsWith(`${base}/`))
                throw new Error(`refusing to send the token to ${new URL(url).origin}, which is not ${base}`);
            try {
                const response = await octokit.request({ method: 'GET', url, request: { signal } });
                return { status: response.status, headers: response.headers, data: response.data };
            }
            catch (error) {
                const answered = error.response;
                if (answered)
                    return { status: answered.status, headers: answered.headers, data: answered.data };
                throw error;
            }
        }
    };
}


/***/ }),

/***/ 2811:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  GitHubReporter: () => (/* binding */ GitHubReporter),
  startGitHubReporting: () => (/* binding */ startGitHubReporting)
});

// EXTERNAL MODULE: ./src/inputs/github.ts
var github = __webpack_require__(1014);
// EXTERNAL MODULE: ./src/github/api.ts + 1 modules
var github_api = __webpack_require__(6663);
;// CONCATENATED MODULE: ./src/github/environment.ts
/**
 * The GitHub deployment of one run in the environment `github-environment`: created
 * for the commit the run deploys, marked `in_progress` when the revision starts, then
 * `success` (with the URL and this run's log) or `failure`.
 */
class GitHubEnvironment {
    api;
    name;
    workflow;
    deploymentId;
    constructor(api, name, workflow) {
        this.api = api;
        this.name = name;
        this.workflow = workflow;
    }
    async started(description) {
        const id = await this.deployment(description);
        await this.api.createDeploymentStatus(id, { state: 'in_progress', description, logUrl: this.workflow.runUrl });
    }
    async succeeded(description, url) {
        const id = await this.deployment(description);
        await this.api.createDeploymentStatus(id, { state: 'success', description, environmentUrl: url, logUrl: this.workflow.runUrl });
    }
    /**
     * The end of a run that did not succeed: `failure`, `in_progress` (still deploying) or
     * `inactive` (superseded). A run that never started a GitHub deployment leaves GitHub
     * alone: nothing was deployed by it.
     */
    async ended(state, description) {
        if (this.deploymentId === undefined)
            return;
        await this.api.createDeploymentStatus(this.deploymentId, { state, description, logUrl: this.workflow.runUrl });
    }
    /** After `command: delete`: every deployment of the environment becomes inactive. */
    async retire(description) {
        const ids = await this.api.listDeploymentIds(this.name);
        for (const [done, id] of ids.entries()) {
            // Bounded like every loop: what is left is said, not silently dropped.
            if (this.api.budget.aborted) {
                throw new Error(`stopped after marking ${done} of ${ids.length} deployments inactive: the time for reporting to GitHub ran out`);
            }
            await this.api.createDeploymentStatus(id, { state: 'inactive', description, logUrl: this.workflow.runUrl });
        }
        return ids.length;
    }
    async deployment(description) {
        if (this.deploymentId !== undefined)
            return this.deploymentId;
        // On pull requests GITHUB_SHA is the merge commit; the head commit is what was deployed.
        const ref = this.workflow.pullRequest?.headSha ?? this.workflow.sha;
        if (!ref)
            throw new Error("neither the pull request's head commit nor GITHUB_SHA is known, so there is no commit to record the deployment for");
        this.deploymentId = await this.api.createDeployment({
            ref,
            environment: this.name,
            // A pull request's environment goes away with it; GitHub then hides it as inactive.
            transient: this.workflow.pullRequest !== undefined,
            description
        });
        return this.deploymentId;
    }
}

// EXTERNAL MODULE: ./src/inputs/name-pattern.ts
var name_pattern = __webpack_require__(5521);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/api/body.ts
var body = __webpack_require__(3994);
;// CONCATENATED MODULE: ./src/github/guard.ts


/** The job permission each feature needs. */
const PERMISSIONS = { environment: 'deployments: write', comment: 'pull-requests: write' };
/**
 * Runs one piece of GitHub reporting so that it can only warn. GitHub is where a run is
 * reported, not what it does: a failure is a warning (a 403 names the permission to add,
 * and stops that feature for the rest of the run, since every later call would be
 * refused the same way; so does an answer too large to read), and once the reporting budget is spent (`api.budget`, see
 * main.ts) nothing more is started, each piece left undone said in a warning.
 * Shared by the deploy reporter and prune's.
 */
class GitHubGuard {
    log;
    budget;
    unaffected;
    refused = new Set();
    /** `unaffected`: the sentence that ends every warning, saying the run's own work stands. */
    constructor(log, budget, unaffected) {
        this.log = log;
        this.budget = budget;
        this.unaffected = unaffected;
    }
    /** Whether the budget is spent: loops over many items stop, and say what they left. */
    get spent() {
        return this.budget.aborted;
    }
    /** Warns that reporting stopped, saying what it `left` undone. */
    cutShort(left, reason) {
        this.log.warn(`GitHub reporting was cut short: its time (the step's \`timeout\` and a few seconds) ran out${reason ? ` (${reason})` : ''}; ` +
            `left undone: ${left}. ${this.unaffected}`);
    }
    async run(feature, what, work) {
        if (this.refused.has(feature))
            return;
        if (this.budget.aborted)
            return this.cutShort(`updating ${what}`);
        try {
            await work();
        }
        catch (error) {
            const reason = (0,errors/* firstLine */.TM)(error);
            if (this.budget.aborted)
                return this.cutShort(`updating ${what}`, reason);
            const status = error.status;
            if (status === 403) {
                this.refused.add(feature);
                this.log.warn(`Could not update ${what}: GitHub refused with HTTP 403 (${reason}). Add \`permissions: ${PERMISSIONS[feature]}\` to the job ` +
                    `(or pass a \`github-token\` that has it). ${this.unaffected}`);
            }
            else {
                // GitHub's next answer would be as large: like a refusal, not tried again.
                if (error instanceof body/* BodyTooLarge */.KQ)
                    this.refused.add(feature);
                this.log.warn(`Could not update ${what} (${status ? `HTTP ${status}: ` : ''}${reason}). ${this.unaffected}`);
            }
        }
    }
}

// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
// EXTERNAL MODULE: ./src/core/neutralise.ts
var neutralise = __webpack_require__(8453);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/evals.ts
var report_evals = __webpack_require__(9461);
;// CONCATENATED MODULE: ./src/github/pr-comment.ts




/**
 * The hidden marker that finds this deployment's comment again. One per deployment
 * name, so that a workflow deploying several graphs keeps one comment for each.
 */
function markerFor(name) {
    return `<!-- agent-server-deploy:${name.replace(/-->/g, '')} -->`;
}
/**
 * The comment: the same heading as the job summary, the cause and what to do first,
 * the facts, then a link to the run. Rendered from the run's view, so it cannot say
 * another outcome than the summary, the GitHub deployment and the log.
 */
function renderComment(view, runUrl) {
    const lines = [markerFor(view.name), `### ${(0,markdown/* saidMd */.p)(view.title)}`, ''];
    lines.push(...(0,markdown/* causeBlocks */.Am)(view, { todoFallback: 'Open the workflow run below for the full log.' }));
    if (view.gone) {
        lines.push((0,markdown/* saidMd */.p)(view.gone), '');
    }
    else {
        // Failed evals are the cause, and a comparison's verdict is what the reviewer came for: then they come before the facts.
        const evals = (0,report_evals/* evalsBlock */.z1)(view.evals, { comment: true });
        if ((0,report_evals/* evalsFirst */.iz)(view.evals))
            lines.push(...evals);
        lines.push(...(0,markdown/* factsTable */.wd)(view));
        if (!(0,report_evals/* evalsFirst */.iz)(view.evals))
            lines.push(...evals);
        lines.push(...(0,markdown/* excerptBlocks */.oN)(view));
        lines.push(...(0,markdown/* failureLogBlock */.sQ)(view, false));
    }
    // Built from GITHUB_* variables: used as a link only if it is one.
    const link = runUrl ? (0,neutralise/* safeUrl */.Pl)(runUrl) : undefined;
    const footer = link ? `Updated by [this workflow run](${link}).` : '';
    // Redacted before it is cut: a cut through a secret would leave a part that redaction no longer finds.
    return withinCommentLimit((0,masking/* redact */.E$)(lines.join('\n')), footer);
}
/**
 * GitHub refuses a comment over 65,536 characters. Each block caps what it shows (the evals table
 * its rows and excerpts), but what a server or a suite names can still add up: past the limit the
 * body is cut at a line, and says so.
 */
const COMMENT_MAX_CHARS = 65_000;
function withinCommentLimit(body, footer) {
    const room = COMMENT_MAX_CHARS - footer.length - 200;
    if (body.length <= room)
        return footer ? `${body}\n${footer}` : body;
    const cut = body.lastIndexOf('\n', room);
    const kept = body.slice(0, cut > 0 ? cut : room);
    return `${kept}\n\n… the rest is cut at GitHub's comment limit: the job summary has it all.\n\n${footer}`;
}
/**
 * Edits the pull request's comment for this deployment, found by its marker, or
 * creates it. With `createIfMissing: false` (a delete) a pull request that never had
 * one gets none. Returns what it did.
 */
async function upsertComment(api, pullRequest, name, body, options) {
    const marker = markerFor(name);
    // Ours begins with the marker; a person quoting or mentioning it does not take it over.
    const existing = (await api.listComments(pullRequest)).find((comment) => comment.body?.startsWith(marker));
    if (existing) {
        await api.updateComment(existing.id, body);
        return 'updated';
    }
    if (!options.createIfMissing)
        return 'none';
    await api.createComment(pullRequest, body);
    return 'created';
}

;// CONCATENATED MODULE: ./src/github/prune-retire.ts




/**
 * `prune`'s GitHub reporting, from the outcome: each preview gone after the run gets
 * its environment's deployments marked inactive, and its pull request's comment (the
 * one the deploy keeps, found by its marker; none is created) says the preview is gone.
 * GitHub is where this is reported, not what prune does: a failure is a warning (see
 * guard.ts), and once the reporting budget is spent the previews left are named.
 */
class PrunedPreviewsReporter {
    options;
    guard;
    environment;
    constructor(options) {
        this.options = options;
        const { environment } = options;
        this.environment = typeof environment === 'string' ? (0,name_pattern/* parseNamePattern */.L)(environment) : environment;
        this.guard = new GitHubGuard(options.log, options.api.budget, 'The previews themselves were deleted.');
    }
    async revisionStarted(_view) { }
    /** Renders each preview's report from the view (`github.previews`). */
    async finished(view) {
        const gone = view.github.previews ?? [];
        for (const [index, preview] of gone.entries()) {
            // Bounded by the reporting budget: one warning names every preview left, not one per call skipped.
            if (this.guard.spent) {
                const left = gone.slice(index);
                this.guard.cutShort(`the GitHub reporting of ${left.length} deleted preview${left.length === 1 ? '' : 's'} (pull request${left.length === 1 ? '' : 's'} ${left.map((p) => `#${p.pr}`).join(', ')})`);
                return;
            }
            const { environment } = this;
            if (environment !== undefined) {
                const name = environment.fill(preview.pr);
                await this.guard.run('environment', `GitHub environment \`${name}\``, async () => {
                    const count = await new GitHubEnvironment(this.options.api, name, this.options.workflow).retire(preview.environmentDescription);
                    this.options.log.info(`Marked ${count} GitHub deployment${count === 1 ? '' : 's'} of environment \`${name}\` inactive.`);
                });
            }
            if (this.options.prComment) {
                await this.guard.run('comment', `the comment on pull request #${preview.pr}`, async () => {
                    const body = renderComment(preview.comment, this.options.workflow.runUrl);
                    const done = await upsertComment(this.options.api, preview.pr, preview.name, body, { createIfMissing: false });
                    if (done !== 'none')
                        this.options.log.info(`Updated the comment on pull request #${preview.pr}: the preview is gone.`);
                });
            }
        }
    }
}

;// CONCATENATED MODULE: ./src/github/reporter.ts






/**
 * Reports the run to GitHub: the deployment in `github-environment` and the pull
 * request's comment. GitHub is where the run is reported, not what it does: any
 * failure here is a warning (see guard.ts), never a failed step.
 */
class GitHubReporter {
    api;
    environment;
    pullRequest;
    workflow;
    log;
    guard;
    constructor(api, environment, pullRequest, workflow, log) {
        this.api = api;
        this.environment = environment;
        this.pullRequest = pullRequest;
        this.workflow = workflow;
        this.log = log;
        this.guard = new GitHubGuard(log, api.budget, 'The deploy itself is not affected.');
    }
    /** While the run goes on: the revision it made has started (the view of Recorder.inProgress). */
    async revisionStarted(view) {
        const description = view.github.environment?.description;
        if (description !== undefined)
            await this.onEnvironment((environment) => environment.started(description));
        await this.onComment(view, true);
    }
    /** At the end: what the view says the GitHub deployment and the comment become. */
    async finished(view) {
        const { environment, comment } = view.github;
        if (environment?.state === 'retire') {
            await this.onEnvironment(async (target) => {
                const count = await target.retire(environment.description);
                this.log.info(`Marked ${count} GitHub deployment${count === 1 ? '' : 's'} of environment \`${target.name}\` inactive.`);
            });
        }
        else if (environment?.state === 'success') {
            // Only a URL the view accepted (https, or loopback http) becomes the environment's link.
            await this.onEnvironment((target) => target.succeeded(environment.description, view.url));
        }
        else if (environment) {
            const state = environment.state;
            await this.onEnvironment((target) => target.ended(state, environment.description));
        }
        if (comment)
            await this.onComment(view, comment.createIfMissing);
    }
    async onEnvironment(work) {
        const environment = this.environment;
        if (environment)
            await this.guard.run('environment', 'the GitHub deployment', () => work(environment));
    }
    async onComment(view, createIfMissing) {
        const pullRequest = this.pullRequest;
        if (pullRequest === undefined)
            return;
        await this.guard.run('comment', 'the pull-request comment', async () => {
            const done = await upsertComment(this.api, pullRequest, view.name, renderComment(view, this.workflow.runUrl), { createIfMissing });
            if (done !== 'none')
                this.log.info(`${done === 'created' ? 'Commented' : 'Updated the comment'} on pull request #${pullRequest}.`);
        });
    }
}
/**
 * The reporter for this run, or undefined when no GitHub feature is on (or can work
 * here): only then is Octokit loaded.
 */
async function startGitHubReporting(inputs, options) {
    const { workflow, log, budget } = options;
    if (!(0,github/* reportsToGitHub */.Gl)(inputs))
        return undefined;
    if (options.dryRun) {
        log.info('Dry run: the GitHub deployment and the pull-request comment are left as they are.');
        return undefined;
    }
    if (inputs.perPullRequest) {
        // prune: the command itself refuses to run without the repository and the token.
        if (!workflow.repository || !inputs.token)
            return undefined;
        const api = await (0,github_api.loadGitHubApi)(inputs.token, workflow.repository, budget, workflow.apiUrl);
        return new PrunedPreviewsReporter({ api, environment: inputs.environment, prComment: inputs.prComment, workflow, log });
    }
    const pullRequest = inputs.prComment ? workflow.pullRequest?.number : undefined;
    if (inputs.prComment && pullRequest === undefined) {
        log.info('`pr-comment` applies to pull_request events, and this run has no pull request: no comment.');
    }
    if (inputs.environment === undefined && pullRequest === undefined)
        return undefined;
    if (!workflow.repository || !inputs.token) {
        log.warn('GITHUB_REPOSITORY or the GitHub token is not set, so nothing is reported to GitHub.');
        return undefined;
    }
    const api = await (0,github_api.loadGitHubApi)(inputs.token, workflow.repository, budget, workflow.apiUrl);
    const environment = inputs.environment === undefined ? undefined : new GitHubEnvironment(api, inputs.environment, workflow);
    return new GitHubReporter(api, environment, pullRequest, workflow, log);
}


/***/ })

};

//# sourceMappingURL=811.index.js.map