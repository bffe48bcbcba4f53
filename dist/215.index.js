export const id = 215;
export const ids = [215];
export const modules = {

/***/ 1215:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MAX_EXPERIMENT_BYTES: () => (/* binding */ MAX_EXPERIMENT_BYTES),
  RECORD_LIMIT_MS: () => (/* binding */ RECORD_LIMIT_MS),
  REQUEST_LIMIT_MS: () => (/* binding */ REQUEST_LIMIT_MS),
  ROLLBACK_RESERVE_MS: () => (/* binding */ ROLLBACK_RESERVE_MS),
  recordExperiments: () => (/* binding */ recordExperiments)
});

// EXTERNAL MODULE: ./src/api/body.ts
var api_body = __webpack_require__(3994);
// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/mapping.ts
var mapping = __webpack_require__(305);
// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
// EXTERNAL MODULE: ./src/core/version.ts
var version = __webpack_require__(3323);
// EXTERNAL MODULE: ./src/inputs/checks/registry.ts + 4 modules
var registry = __webpack_require__(6564);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/operations/langsmith/row-id.ts

/** Our namespace for name-based ids (RFC 9562 version 5): fixed, so that the same name gives the same id in every run. */
const NAMESPACE = Buffer.from('6f1d2c4e8a9b4c3da1e27f5b0c9d8e7f', 'hex');
/**
 * A case's example id in LangSmith: a version 5 UUID of the repository (`owner/name`, when the
 * run knows it), the dataset, the case's name and its input. Both sides' runs of a case carry it,
 * so LangSmith pairs them as one example; the next run of the suite carries it again, so the
 * example's history is one line. A case whose input changed is another example (its old runs
 * answered another question). The repository keeps apart two organisations that copied the same
 * example suite under the same dataset name: an id names one example in all of LangSmith.
 */
function rowId(dataset, caseName, input, repository) {
    const parts = [dataset, caseName, canonical(input)];
    const name = JSON.stringify(repository === undefined ? parts : [repository.toLowerCase(), ...parts]);
    const bytes = (0,external_node_crypto_.createHash)('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
    bytes[6] = (bytes[6] & 0x0f) | 0x50;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
/** The value with every mapping's keys in order: the same input written in another key order is the same case. */
function canonical(value) {
    if (Array.isArray(value))
        return value.map(canonical);
    if (typeof value !== 'object' || value === null)
        return value;
    return Object.fromEntries(Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]));
}

;// CONCATENATED MODULE: ./src/operations/langsmith/experiment.ts





/** What a comment or an error keeps of our words: LangSmith shows it in a cell. */
const COMMENT_CHARS = 1000;
/** A run's name is its case's: cut where no reader needs more. */
const NAME_CHARS = 200;
/** Our words for each side, in names and metadata. */
const SIDE_WORDS = { ours: 'this revision', theirs: 'compared' };
/**
 * One side's experiment: every run made on it (runs never sent, for the suite's time limit, are
 * not results), in the suite's order. Every string of the case's input and of what the run
 * wrote has the run's secrets redacted; nothing of ours but the action's name goes in.
 */
function experimentOf(side, records, context) {
    const mine = records.filter((r) => r.side === side.side && !r.notRun);
    const results = mine.map((record) => rowOf(record, context.suite.cases[record.caseIndex], side, context));
    const metadata = {
        side: SIDE_WORDS[side.side],
        deployment: side.deployment,
        ...(side.revisionId ? { revision: side.revisionId } : {}),
        ...(context.run.commit ? { commit: context.run.commit } : {}),
        ...(context.run.url ? { workflow_run: context.run.url } : context.run.id ? { workflow_run: context.run.id } : {}),
        ...(side.comparedWith ? { compared_with: side.comparedWith } : {}),
        suite: context.suite.from,
        runs: results.length,
        tool: `${version/* ACTION_NAME */.p}/${version/* ACTION_VERSION */.Y}`
    };
    return {
        experiment_name: experimentName(side, context),
        experiment_description: (0,masking/* redact */.E$)(descriptionOf(side, context)),
        experiment_start_time: iso(context.startedAt),
        experiment_end_time: iso(Math.max(context.endedAt, context.startedAt)),
        experiment_metadata: redactedRecord(metadata),
        summary_experiment_scores: [{ key: 'pass-rate', score: context.passRate }],
        results
    };
}
/**
 * `<deployment> (this revision) @ <commit> · run <id>#<attempt>`: the side, the deployment, the
 * commit and the workflow run, so that two experiments of one dataset never read alike. Without
 * a workflow run (a local run), the suite's start time stands in for it.
 */
function experimentName(side, context) {
    const commit = context.run.commit ? ` @ ${context.run.commit.slice(0, 7)}` : '';
    const run = context.run.id
        ? ` · run ${context.run.id}${context.run.attempt ? `#${context.run.attempt}` : ''}`
        : ` · ${iso(context.startedAt).replace(/\.\d+Z$/, 'Z')}`;
    return (0,masking/* redact */.E$)(`${side.deployment} (${SIDE_WORDS[side.side]})${commit}${run}`);
}
/** `The suite evals/support.yml run on agent-pr-7 (revision …), compared with agent-prod, for commit ….` */
function descriptionOf(side, context) {
    const suite = context.suite.from === 'inline' ? 'The inline suite' : `The suite ${context.suite.from}`;
    const revision = side.revisionId ? ` (revision ${side.revisionId})` : '';
    const compared = side.comparedWith
        ? side.side === 'ours'
            ? `, compared with ${side.comparedWith}`
            : `, as the deployment ${side.comparedWith} was compared with`
        : '';
    return `${suite} run on ${side.deployment}${revision}${compared}${context.run.commit ? `, for commit ${context.run.commit}` : ''}.`;
}
function rowOf(record, testCase, side, context) {
    const start = record.startedAt ?? context.startedAt;
    const error = errorOf(record);
    const output = record.output;
    return {
        row_id: rowId(context.dataset, testCase.name, testCase.input, context.run.repository),
        inputs: redactedStrings(testCase.input),
        ...(testCase.expect.checks.length > 0 ? { expected_outputs: expectedOf(testCase.expect) } : {}),
        ...(output === undefined ? {} : { actual_outputs: { output } }),
        evaluation_scores: scoresOf(record, testCase.expect, error),
        start_time: iso(start),
        end_time: iso(start + record.durationMs),
        run_name: cut((0,masking/* redact */.E$)(testCase.name), NAME_CHARS),
        ...(error === undefined ? {} : { error: cut((0,masking/* redact */.E$)(error), COMMENT_CHARS) }),
        run_metadata: redactedRecord({
            deployment: side.deployment,
            side: SIDE_WORDS[side.side],
            case: testCase.name,
            assistant: testCase.assistant,
            run: record.repeat,
            attempts: record.attempts,
            duration_ms: record.durationMs,
            ...(record.status === undefined ? {} : { status: record.status })
        })
    };
}
/**
 * A `pass` score (1 or 0) and, for a run that was judged, one per check of `expect`. A run that
 * failed without an answer to judge (no answer, an error status, no JSON, `__error__`) has its
 * `error` instead: its checks were never tried, and a 0 would say they failed.
 */
function scoresOf(record, expect, error) {
    const pass = { key: 'pass', score: record.passed ? 1 : 0, ...(record.passed ? {} : { comment: comment(record.failed[0]) }) };
    if (error !== undefined)
        return [pass];
    return [
        pass,
        ...checkKeys(expect).map((check) => {
            const failed = record.failed.find((text) => checkOf(text) === check);
            return { key: check, score: failed === undefined ? 1 : 0, ...(failed === undefined ? {} : { comment: comment(failed) }) };
        })
    ];
}
/** The first reason the run failed that is not a check of `expect`: the run failed without an answer to judge. */
function errorOf(record) {
    if (record.passed)
        return undefined;
    return record.failed.find((text) => checkOf(text) === undefined);
}
/** The check a failure names (the judge starts each with the check's key in backticks), if it names one. */
function checkOf(failure) {
    const named = /^`([a-z-]+)`:/.exec(failure)?.[1];
    return registry/* EXPECT_KEYS */.to.find((key) => key === named);
}
/** The keys of `expect` a run is judged by, each once, as the suite wrote them (`contains`, `not-contains`, ...). */
function checkKeys(expect) {
    return [...new Set(expect.checks.map((check) => check.key))];
}
/** `expect` in the suite's own words: what a reader of the example compares the output with. */
function expectedOf(expect) {
    return redactedStrings(expect.written ?? {});
}
const comment = (text) => (text === undefined ? undefined : cut((0,masking/* redact */.E$)(text), COMMENT_CHARS));
function cut(text, max) {
    return text.length > max ? `${text.slice(0, max)}…` : text;
}
function iso(ms) {
    return new Date(ms).toISOString();
}
/** Every string of a value (keys too) with the run's secrets redacted: the input goes to another host than the control plane. */
function redactedStrings(value) {
    if (typeof value === 'string')
        return (0,masking/* redact */.E$)(value);
    if (Array.isArray(value))
        return value.map(redactedStrings);
    if ((0,mapping/* isMapping */.p)(value))
        return Object.fromEntries(Object.entries(value).map(([key, v]) => [(0,masking/* redact */.E$)(key), redactedStrings(v)]));
    return value;
}
function redactedRecord(record) {
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, typeof value === 'string' ? (0,masking/* redact */.E$)(value) : value]));
}

// EXTERNAL MODULE: ./src/core/loopback.ts
var loopback = __webpack_require__(3782);
;// CONCATENATED MODULE: ./src/operations/langsmith/link.ts

/** The API's version prefix, which `langsmith-endpoint` may already end with (a self-hosted one's `…/api/v1`). */
const API_PREFIX = '/api/v1';
/** `POST <endpoint>/api/v1/datasets/upload-experiment`; an endpoint that already ends with `/api/v1` is not given it twice. */
function uploadUrl(endpoint) {
    const base = endpoint.replace(/\/+$/, '');
    return `${base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`}/datasets/upload-experiment`;
}
/**
 * Where LangSmith's web app is for an API endpoint: LangSmith's own API hosts are the app's host
 * with `api.` in front (`api.smith.langchain.com` for `smith.langchain.com`,
 * `eu.api.smith.langchain.com` for `eu.smith.langchain.com`), so that label is dropped; any other
 * endpoint (a self-hosted LangSmith, which serves its API under its app's host) keeps its host,
 * with the path's `/api/v1` or `/api` dropped. Undefined for a URL that is not https:// (or
 * http:// on this machine).
 */
function webBase(endpoint) {
    let url;
    try {
        url = new URL(endpoint);
    }
    catch {
        return undefined;
    }
    if (!(0,loopback/* isHttpsOrLoopbackHttp */.k)(url))
        return undefined;
    const own = /^(?:([a-z0-9-]+)\.)?api\.(smith\.langchain\.com)$/.exec(url.hostname);
    if (own)
        return `https://${own[1] ? `${own[1]}.` : ''}${own[2]}`;
    const path = url.pathname.replace(/\/+$/, '').replace(/\/api(?:\/v1)?$/, '');
    return `${url.origin}${path}`;
}
/**
 * The comparison of the experiments in LangSmith's app, the form LangChain's own tools print:
 * `<app>/o/<tenant>/datasets/<dataset>/compare?selectedSessions=<id>,<id>`. Every id is a UUID
 * (checked where the answer was read), so nothing of the server's reaches the link but them.
 */
function compareUrl(endpoint, ids) {
    const base = webBase(endpoint);
    if (base === undefined)
        return undefined;
    return `${base}/o/${ids.tenantId}/datasets/${ids.datasetId}/compare?selectedSessions=${ids.experimentIds.join(',')}`;
}

// EXTERNAL MODULE: ./src/api/ask.ts
var ask = __webpack_require__(5877);
// EXTERNAL MODULE: ./src/core/back-off.ts
var back_off = __webpack_require__(7548);
// EXTERNAL MODULE: ./src/core/quoted.ts
var quoted = __webpack_require__(891);
;// CONCATENATED MODULE: ./src/operations/langsmith/upload.ts





/** The answer (a dataset and an experiment, a few KiB) is read up to this; more is not an answer of this API. */
const ANSWER_MAX_BYTES = 1024 * 1024;
/** Tries of one upload: the first, and at most two more after a 5xx or a connection that failed before an answer. */
const MAX_TRIES = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * One experiment, `POST <endpoint>/api/v1/datasets/upload-experiment`, through the action's one
 * requester (api/ask.ts: @actions/http-client with the runner's proxy, no redirect followed, the
 * body read capped, every try bounded and aborted when given up on). Made again only when LangSmith answered 5xx or the connection failed before
 * any answer: a try that ran out of time may have landed, and is not repeated. Never throws but on
 * cancellation; a problem comes back as our sentence, with the server's words quoted. A 409 on a try after the first is
 * that earlier try's experiment: recorded, its ids unknown (`landedUnseen`).
 */
async function uploadExperiment(to, experiment, options) {
    const { clock } = options;
    let problem = 'no time was left before the deadline to send it';
    for (let tries = 1; tries <= MAX_TRIES && clock.now() < options.deadline; tries++) {
        const began = clock.now();
        const limitMs = Math.min(options.requestLimitMs, options.deadline - began);
        const answer = await (0,ask/* ask */.k)(to, {
            method: 'POST',
            json: experiment,
            limitMs,
            clock,
            signal: options.signal,
            maxBytes: ANSWER_MAX_BYTES
        });
        // Tried again, and the name is taken: by the try before, whose answer never came (LangSmith takes a name once).
        if (tries > 1 && answer.answered && answer.status === 409)
            return { landedUnseen: true };
        const read = readAnswer(answer);
        if ('uploaded' in read)
            return read.uploaded;
        problem = read.problem;
        const again = answer.answered ? answer.status >= 500 : !answer.timedOut;
        if (!again || tries === MAX_TRIES)
            break;
        if (!(await (0,back_off/* waitToAskAgain */.gc)(options, tries))) {
            problem += '; no time was left to try again';
            break;
        }
        options.log?.(`LangSmith: try ${tries}: ${problem}; tried again after ${(0,core_clock/* formatDuration */.a)((0,back_off/* waitAfter */.Wv)(tries))}.`);
    }
    return { problem };
}
/** The ids the answer names, or what was wrong with it. */
function readAnswer(answer) {
    if (!answer.answered)
        return { problem: answer.what };
    const { status } = answer;
    if (status < 200 || status > 299)
        return { problem: `HTTP ${status}${meaning(status)}${detailOf(answer.body)}` };
    if (answer.body === undefined)
        return { problem: `HTTP ${status}, but ${answer.bodyProblem ?? 'the answer had no body'}` };
    let parsed;
    try {
        parsed = JSON.parse(answer.body);
    }
    catch {
        return { problem: `HTTP ${status}, but the answer is not JSON` };
    }
    const dataset = (0,mapping/* isMapping */.p)(parsed) ? parsed.dataset : undefined;
    const experiment = (0,mapping/* isMapping */.p)(parsed) ? parsed.experiment : undefined;
    const datasetId = uuidAt(dataset, 'id');
    const tenantId = uuidAt(dataset, 'tenant_id') ?? uuidAt(experiment, 'tenant_id');
    const experimentId = uuidAt(experiment, 'id');
    if (!datasetId || !tenantId || !experimentId)
        return { problem: `HTTP ${status}, but the answer does not name the dataset and the experiment (their \`id\` and \`tenant_id\`)` };
    return { uploaded: { tenantId, datasetId, experimentId } };
}
function uuidAt(value, key) {
    const found = (0,mapping/* isMapping */.p)(value) ? value[key] : undefined;
    return typeof found === 'string' && UUID.test(found) ? found.toLowerCase() : undefined;
}
function meaning(status) {
    if (status === 401 || status === 403)
        return ' (the key was refused: check `langsmith-api-key`, and `langsmith-workspace-id` for a key of several workspaces)';
    if (status === 404)
        return ' (no such API at `langsmith-endpoint`)';
    if (status === 409)
        return ' (an experiment of that name exists already)';
    if (status === 422)
        return ' (LangSmith refused the experiment as sent)';
    return '';
}
/** `: `<the server's words>``, from a FastAPI `detail` (text, or a list of `{loc, msg}`), one line and short. */
function detailOf(body) {
    if (body === undefined || body.trim() === '')
        return '';
    let detail;
    try {
        detail = JSON.parse(body)?.detail;
    }
    catch {
        return '';
    }
    const first = Array.isArray(detail) ? detail[0] : detail;
    const text = typeof first === 'string'
        ? first
        : (0,mapping/* isMapping */.p)(first) && typeof first.msg === 'string'
            ? `${Array.isArray(first.loc) ? `${first.loc.map(String).join('.')}: ` : ''}${first.msg}`
            : undefined;
    return text ? `: \`${(0,quoted/* quotable */.E7)(text, 200)}\`` : '';
}

;// CONCATENATED MODULE: ./src/operations/langsmith/record.ts





/** All of the recording (both sides, their tries and waits), within the step's deadline too (less ROLLBACK_RESERVE_MS before a rollback). */
const RECORD_LIMIT_MS = 60_000;
/** One try's limit. */
const REQUEST_LIMIT_MS = 30_000;
/**
 * Before a rollback, the time kept back for it: half the step's time left, and never less than
 * this (a redeploy and its wait). A LangSmith that hangs then costs the rollback nothing.
 */
const ROLLBACK_RESERVE_MS = 60_000;
/** An experiment's body past this is not sent (1,000 runs of 4 KiB outputs and their inputs fit many times over). */
const MAX_EXPERIMENT_BYTES = 16 * 1024 * 1024;
/**
 * The suite's runs as LangSmith experiments, one per side, in one dataset (the suite's `dataset`,
 * else `<deployment> CI`): this revision's first, which names the dataset (LangSmith makes it on
 * first use), then the compared deployment's, into the dataset the first answer named. Each run
 * is a row; a case's rows carry one `row_id` on both sides, so LangSmith pairs them. Returns the
 * link to the comparison (of the experiments whose ids came back: one whose answer was lost is
 * recorded, unlinked), or undefined when nothing was. Before a rollback, time is kept for it
 * first, and with too little left nothing is sent. Whatever goes wrong is a
 * warning: the evals' verdict is already made and nothing here changes it. Only cancellation
 * throws. The key goes to `langsmith-endpoint` only, in `X-Api-Key`.
 */
async function recordExperiments(ctx, settings, ran) {
    const { clock, log } = ctx;
    const endedAt = clock.now();
    const left = ctx.deadline - endedAt;
    const keep = ctx.beforeRollback ? Math.max(ROLLBACK_RESERVE_MS, left / 2) : 0;
    const deadline = Math.min(ctx.deadline - keep, endedAt + RECORD_LIMIT_MS);
    const dataset = ran.suite.dataset ?? `${ran.facts.ours} CI`;
    const to = {
        url: uploadUrl(settings.endpoint),
        headers: { 'X-Api-Key': settings.apiKey, ...(settings.workspaceId ? { 'X-Tenant-Id': settings.workspaceId } : {}) }
    };
    const sides = sidesOf(ran, ctx.revisionId);
    if (ctx.beforeRollback && deadline <= endedAt) {
        log.warn(`LangSmith: the runs of ${sides.map((s) => `\`${s.deployment}\` (${SIDE_WORDS[s.side]})`).join(' and ')} were not recorded: ` +
            `the gate failed, and the rollback (\`on-failure: rollback\`) needs the ${(0,core_clock/* formatDuration */.a)(Math.max(0, left))} left before ` +
            `the step's \`timeout\` (${(0,core_clock/* formatDuration */.a)(ROLLBACK_RESERVE_MS)} at least is kept for it). The evals and their verdict are not changed by it.`);
        return undefined;
    }
    const context = (side) => ({
        suite: ran.suite,
        dataset,
        run: settings.run,
        startedAt: ran.startedAt,
        endedAt,
        passRate: passRateOf(ran.facts, side.side)
    });
    const count = (side) => ran.records.filter((r) => r.side === side.side && !r.notRun).length;
    log.info(`LangSmith: recording ${sides.map((s) => `${count(s)} run${count(s) === 1 ? '' : 's'} of \`${s.deployment}\` (${SIDE_WORDS[s.side]})`).join(' and ')} ` +
        `as ${sides.length === 1 ? 'an experiment' : 'experiments'} in the dataset \`${dataset}\` (POST ${to.url})…`);
    const recorded = [];
    for (const side of sides) {
        const experiment = experimentOf(side, ran.records, context(side));
        // The dataset's id from the first answer; without one (its answer lost), by its name again: it exists now.
        const first = recorded[0];
        const body = first
            ? { ...experiment, dataset_id: first.datasetId }
            : { ...experiment, dataset_name: dataset, dataset_description: DATASET_ABOUT };
        const size = Buffer.byteLength(JSON.stringify(body));
        const result = size > MAX_EXPERIMENT_BYTES
            ? {
                problem: `the experiment is ${(0,api_body/* formatBytes */.z3)(size)}, more than ${(0,api_body/* formatBytes */.z3)(MAX_EXPERIMENT_BYTES)} (the cases' inputs are large)`
            }
            : await uploadExperiment(to, body, {
                clock,
                signal: ctx.signal,
                deadline,
                requestLimitMs: REQUEST_LIMIT_MS,
                log: (line) => log.info(line)
            });
        if ('problem' in result) {
            const left = sides.slice(sides.indexOf(side) + 1).map((s) => `\`${s.deployment}\``);
            log.warn(`LangSmith: the runs of \`${side.deployment}\` (${SIDE_WORDS[side.side]}) were not recorded: ${result.problem}.` +
                `${left.length > 0 ? ` Those of ${left.join(', ')} were not sent either (they go into the dataset this one makes).` : ''}` +
                ' The evals and their verdict are not changed by it.');
            break;
        }
        if ('landedUnseen' in result) {
            log.warn(`LangSmith: the runs of \`${side.deployment}\` (${SIDE_WORDS[side.side]}) were recorded as \`${experiment.experiment_name}\` ` +
                `in the dataset \`${dataset}\`, but LangSmith's answer was lost (the connection failed once the experiment was sent; ` +
                'the next try was refused, 409, the name being taken by it): its ids are unknown, so no link leads to it. ' +
                'The evals and their verdict are not changed by it.');
            continue;
        }
        recorded.push(result);
        log.info(`LangSmith: recorded the experiment \`${experiment.experiment_name}\` (${experiment.results.length} rows).`);
    }
    const first = recorded[0];
    if (!first)
        return undefined;
    const url = compareUrl(settings.endpoint, {
        tenantId: first.tenantId,
        datasetId: first.datasetId,
        experimentIds: recorded.map((r) => r.experimentId)
    });
    if (url === undefined)
        return undefined;
    log.info(`LangSmith: ${recorded.length > 1 ? 'the comparison' : 'the experiment'}: ${url}`);
    return { compareUrl: url };
}
const DATASET_ABOUT = 'Cases of an evals suite, run on deployed agent servers from CI by agent-server-deploy-action.';
/** This revision's side, then the compared one's when it was compared. */
function sidesOf(ran, revisionId) {
    const theirs = ran.targets.find((t) => t.side === 'theirs');
    const ours = { side: 'ours', deployment: ran.facts.ours, revisionId, ...(theirs ? { comparedWith: theirs.name } : {}) };
    if (!theirs)
        return [ours];
    return [
        ours,
        {
            side: 'theirs',
            deployment: theirs.name,
            ...(theirs.revisionId ? { revisionId: theirs.revisionId } : {}),
            comparedWith: ours.deployment
        }
    ];
}
/** The share of cases the side passed (a case passes on a side when enough of its runs there did). */
function passRateOf(facts, side) {
    if (side === 'ours')
        return facts.passRate;
    const sides = facts.rows.flatMap((row) => (row.theirs ? [row.theirs] : []));
    return sides.length === 0 ? 0 : sides.filter((s) => s.passed).length / sides.length;
}


/***/ })

};

//# sourceMappingURL=215.index.js.map