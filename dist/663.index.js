export const id = 663;
export const ids = [663];
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


/***/ })

};

//# sourceMappingURL=663.index.js.map