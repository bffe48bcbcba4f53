export const id = 931;
export const ids = [931];
export const modules = {

/***/ 3931:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runEvals: () => (/* binding */ runEvals)
});

// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/quoted.ts
var quoted = __webpack_require__(891);
// EXTERNAL MODULE: ./src/core/share.ts
var share = __webpack_require__(3932);
// EXTERNAL MODULE: ./src/operations/agent-server/agent-server.ts + 1 modules
var agent_server = __webpack_require__(320);
// EXTERNAL MODULE: ./src/inputs/evals.ts
var evals = __webpack_require__(3046);
;// CONCATENATED MODULE: ./src/operations/evals/stats.ts
/**
 * The statistics of a comparison (`compare-with`): is this revision worse than the other
 * deployment on a case, with evidence? Pure: no clock, no I/O. docs/evals-gate.md says why this
 * test and why it keeps the whole suite's false alarms under `1 - confidence`.
 *
 * - One case's test is Fisher's exact test, one-sided, on its pass counts: under "the two sides
 *   pass this case equally often" its runs are independent draws of the same coin, so given how
 *   many passed in all, which side they fell on is hypergeometric. With adaptive runs the first
 *   round chose the case (its sides disagreed), so the test conditions on it: that round is a
 *   fair coin (which side passed), the later rounds are Fisher's.
 * - The suite's false alarms are held by Tarone's procedure: only cases whose counts could reach
 *   the level count in the Bonferroni divisor (a case that passed every run on both sides never can).
 * - Looks: a case is run again only until its verdict is certain either way (`nextRound`); a case
 *   stopped early is worse only when every way its remaining runs could have gone would have made
 *   it worse, and it still counts in the divisor: what it says is what the whole plan would have.
 */
/** How far `moreRuns` looks. */
const MAX_MORE = 20;
// ---- Fisher's exact test -------------------------------------------------------------------
const LOG_FACTORIAL = [0];
function logFactorial(n) {
    for (let i = LOG_FACTORIAL.length; i <= n; i++)
        LOG_FACTORIAL[i] = LOG_FACTORIAL[i - 1] + Math.log(i);
    return LOG_FACTORIAL[n];
}
const logChoose = (n, k) => (k < 0 || k > n ? -Infinity : logFactorial(n) - logFactorial(k) - logFactorial(n - k));
/** P(A = x) where A is how many of `s` passes fell among the first side's `n1` runs (of n1 + n2). */
function hypergeometric(x, n1, n2, s) {
    return Math.exp(logChoose(n1, x) + logChoose(n2, s - x) - logChoose(n1 + n2, s));
}
/** P(A <= a): Fisher's one-sided p-value that the first side passes less often. */
function fisherLower(a, n1, n2, s) {
    let p = 0;
    for (let x = Math.max(0, s - n2); x <= Math.min(a, n1, s); x++)
        p += hypergeometric(x, n1, n2, s);
    return Math.min(1, p);
}
/**
 * `worse` of `firstWorse` rounds: counts as [first side, second side]. With `chosen`, the first
 * round is split off: given it disagreed, which side passed is a fair coin under the null.
 */
function testRounds(rounds, chosen) {
    const rest = chosen ? rounds.slice(1) : rounds;
    const n = rest.length;
    const a = rest.filter((r) => r[0]).length;
    const s = a + rest.filter((r) => r[1]).length;
    const low = Math.max(0, s - n);
    if (!chosen)
        return { p: fisherLower(a, n, n, s), minP: hypergeometric(low, n, n, s) };
    // The first round: 1 pass here (and 0 there) or 0 here (and 1 there), each with probability 1/2.
    const coin = rounds[0][0] ? 1 : 0;
    const below = (x) => (x < low ? 0 : fisherLower(x, n, n, s));
    return { p: 0.5 * below(a + coin) + 0.5 * below(a + coin - 1), minP: 0.5 * hypergeometric(low, n, n, s) };
}
const swapped = (rounds) => rounds.map(([o, t]) => [t, o]);
/**
 * Tarone's procedure: the smallest k for which at most k tests could reach `alpha / k`; those
 * below it are rejected. Returns the level. Family-wise error <= alpha, given the margins.
 */
function taroneLevel(tests, alpha) {
    for (let k = 1; k <= tests.length; k++) {
        if (tests.filter((t) => t.minP <= alpha / k).length <= k)
            return alpha / k;
    }
    return tests.length === 0 ? alpha : alpha / tests.length;
}
// ---- The suite's verdict --------------------------------------------------------------------
/** Which cases are in the family: those whose sides ever disagreed (the others carry no evidence either way). */
function inFamily(c) {
    return c.rounds.some(([o, t]) => o !== t);
}
/** One direction's Tarone: which family members are rejected, and the level. */
function rejectIn(cases, alpha, flip) {
    const tests = cases.map((c) => {
        if (!inFamily(c))
            return undefined;
        const t = testRounds(flip ? swapped(c.rounds) : c.rounds, c.chosen);
        // A case stopped early counts in the divisor whatever its counts (see stoppedEarly).
        return c.stoppedEarly ? { p: t.p, minP: 0 } : t;
    });
    return {
        level: taroneLevel(tests.filter((t) => t !== undefined), alpha),
        tests
    };
}
/**
 * Every case's verdict and the suite's, at `confidence` (e.g. 0.95): `worse` when its test rejects
 * at Tarone's level; `not worse` when it passed here at least as often as there; else (or when it
 * has no paired round at all) `undecided`.
 * The suite is worse when a case is, undecided when none is and one is undecided.
 */
function judgeSuite(cases, confidence) {
    const alpha = 1 - confidence;
    const worse = rejectIn(cases, alpha, false);
    const better = rejectIn(cases, alpha, true);
    const verdicts = cases.map((c, i) => {
        const passes = { ours: c.rounds.filter((r) => r[0]).length, theirs: c.rounds.filter((r) => r[1]).length };
        const tested = worse.tests[i];
        const isWorse = tested !== undefined && tested.p <= worse.level;
        const reverse = better.tests[i];
        const isBetter = reverse !== undefined && reverse.p <= better.level;
        // A case with no paired round (the suite's time limit came first) has no evidence either way.
        const verdict = isWorse ? 'worse' : c.rounds.length > 0 && passes.ours >= passes.theirs ? 'not worse' : 'undecided';
        const more = verdict === 'undecided' ? runsToDecide(c, worse.level) : undefined;
        return {
            verdict,
            better: isBetter,
            passes,
            rounds: c.rounds.length,
            ...(tested ? { p: tested.p } : {}),
            ...(more === undefined ? {} : { moreRuns: more })
        };
    });
    const count = (v) => verdicts.filter((c) => c.verdict === v).length;
    const suite = count('worse') > 0 ? 'worse' : count('undecided') > 0 ? 'undecided' : 'not worse';
    return {
        cases: verdicts,
        level: worse.level,
        verdict: suite,
        worse: count('worse'),
        better: verdicts.filter((c) => c.better).length,
        undecided: count('undecided')
    };
}
/** The fewest more rounds (each failing here, passing there) that would make the case worse at `level`. */
function runsToDecide(c, level) {
    for (let more = 1; more <= MAX_MORE; more++) {
        const rounds = [...c.rounds, ...Array.from({ length: more }, () => [false, true])];
        if (testRounds(rounds, c.chosen).p <= level)
            return more;
    }
    return undefined;
}
// ---- Adaptive runs: which cases run again -----------------------------------------------------
/** Every way `remaining` more rounds could add passes: [passes here, passes there]. */
function extremes(c, remaining, flip) {
    let least = 1;
    let most = 0;
    const base = flip ? swapped(c.rounds) : [...c.rounds];
    for (let ours = 0; ours <= remaining; ours++) {
        for (let theirs = 0; theirs <= remaining; theirs++) {
            // Which rounds the passes fall in does not change the counts; one arrangement stands for all.
            const added = Array.from({ length: remaining }, (_, i) => [i < ours, i < theirs]);
            const p = testRounds([...base, ...added], c.chosen).p;
            least = Math.min(least, p);
            most = Math.max(most, p);
        }
    }
    return { least, most };
}
/**
 * Adaptive runs: whether a chosen case runs another round. It stops when its verdict is certain
 * whatever its remaining rounds would show: worse (every continuation rejects at `alpha / chosen`,
 * the strictest level Tarone could set), or not worse (no continuation could reject even at
 * `alpha`). Otherwise it runs on, to `maxRepeat` rounds. Returns `stop` with why, or `run`.
 */
function nextRound(c, options) {
    if (!c.chosen)
        return 'stop-max';
    const remaining = options.maxRepeat - c.rounds.length;
    if (remaining <= 0)
        return 'stop-max';
    const alpha = 1 - options.confidence;
    const strictest = alpha / Math.max(1, options.chosenCases);
    const worse = extremes(c, remaining, false);
    if (worse.most <= strictest || worse.least > alpha) {
        // Worse is certain, or out of reach: the question the gate asks is settled.
        const better = extremes(c, remaining, true);
        // Improvements are reported too: settle them as well unless they cannot change.
        if (better.most <= strictest || better.least > alpha)
            return 'stop-certain';
    }
    return 'run';
}
// ---- The pass rate's interval ---------------------------------------------------------------------
/** The 95% Wilson score interval of `passed` of `total`. */
function wilson(passed, total, z = 1.959964) {
    if (total === 0)
        return { low: 0, high: 1 };
    const p = passed / total;
    const denominator = 1 + (z * z) / total;
    const centre = (p + (z * z) / (2 * total)) / denominator;
    const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denominator;
    return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

;// CONCATENATED MODULE: ./src/operations/evals/adaptive.ts

/**
 * Adaptive runs (`compare-with`, no `repeat`): every case once on each side; then, round after
 * round, only the cases whose first round disagreed and whose verdict is not yet certain
 * (stats.ts `nextRound`), until each is certain or has run `maxRepeat` rounds. `runRounds` sends
 * one batch (each case's two runs side by side) and returns each job's round, or undefined when
 * it was not run (the suite's time limit): such a case runs no more and is judged on what it ran.
 * The run cap is kept by sending no batch past it; cases left out are cut the same way.
 */
async function runAdaptive(plan, runRounds) {
    const cases = Array.from({ length: plan.cases }, () => ({
        rounds: [],
        chosen: false
    }));
    let budget = plan.maxRounds;
    const first = Array.from({ length: Math.min(plan.cases, budget) }, (_, caseIndex) => ({ caseIndex, round: 1 }));
    budget -= first.length;
    const firstRuns = await runRounds(first);
    first.forEach((job, i) => {
        const round = firstRuns[i];
        if (round === undefined)
            return;
        cases[job.caseIndex].rounds.push(round);
        cases[job.caseIndex].chosen = round[0] !== round[1];
    });
    for (let round = 2; round <= plan.maxRepeat; round++) {
        const chosenCases = cases.filter((c) => c.chosen).length;
        const again = [];
        cases.forEach((c, caseIndex) => {
            if (c.cut || c.stoppedEarly || !c.chosen || c.rounds.length !== round - 1)
                return;
            const next = nextRound(c, { maxRepeat: plan.maxRepeat, confidence: plan.confidence, chosenCases });
            if (next === 'stop-certain')
                c.stoppedEarly = true;
            else if (next === 'run')
                again.push({ caseIndex, round });
        });
        if (again.length === 0)
            break;
        const sent = again.slice(0, Math.max(0, budget));
        for (const job of again.slice(sent.length))
            cases[job.caseIndex].cut = true;
        budget -= sent.length;
        if (sent.length === 0)
            break;
        const results = await runRounds(sent);
        sent.forEach((job, i) => {
            const result = results[i];
            if (result === undefined)
                cases[job.caseIndex].cut = true;
            else
                cases[job.caseIndex].rounds.push(result);
        });
    }
    return cases.map(({ rounds, chosen, stoppedEarly }) => ({ rounds, chosen, ...(stoppedEarly ? { stoppedEarly } : {}) }));
}

// EXTERNAL MODULE: ./src/operations/evals/engine.ts + 1 modules
var engine = __webpack_require__(1366);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
// EXTERNAL MODULE: ./src/operations/evals/results-fields.ts
var results_fields = __webpack_require__(3388);
// EXTERNAL MODULE: ./src/operations/evals/agent-output.ts
var agent_output = __webpack_require__(2041);
;// CONCATENATED MODULE: ./src/operations/evals/results.ts








/** What a table cell quotes of what was seen. */
const SEEN_CHARS = 120;
/**
 * Each case's result, side by side, from its runs. A side passes when `min-passes` of its runs did
 * (fixed runs, `repeat`); with runs chosen by the evidence, when at least half of them did.
 */
function rowsOf(suite, records, compared) {
    const passes = (runs, passed) => suite.repeatGiven ? passed >= suite.minPasses : passed > 0 && passed * 2 >= runs.length && passed >= suite.minPasses;
    return suite.cases.map((testCase, caseIndex) => {
        const mine = records.filter((r) => r.caseIndex === caseIndex);
        const ours = sideOf(mine.filter((r) => r.side === 'ours'), passes);
        const theirs = compared
            ? sideOf(mine.filter((r) => r.side === 'theirs'), passes)
            : undefined;
        const asked = askedOf(testCase.input);
        return {
            name: testCase.name,
            ours,
            ...(theirs ? { theirs } : {}),
            regression: false,
            ...(asked === undefined ? {} : { asked })
        };
    });
}
/** What the question was, short: the last message's text when the input is a conversation, else the input as JSON. */
const ASKED_CHARS = 160;
function askedOf(input) {
    // The message forms the judge reads (agent-output.ts): a string, a mapping, a (role, content) pair, text parts.
    let text = (0,agent_output/* lastSentText */.m)(input);
    if (text.trim() === '') {
        try {
            text = JSON.stringify(input);
        }
        catch {
            return undefined;
        }
    }
    const one = text.replace(/\s+/g, ' ').trim();
    if (one === '' || one === '{}')
        return undefined;
    return one.length > ASKED_CHARS ? `${one.slice(0, ASKED_CHARS)}…` : one;
}
/** A run finished when an answer came back; one cut short (a timeout, the suite's limit, no connection) is counted apart. */
const finished = (r) => !r.notRun && r.status !== undefined;
function sideOf(runs, passes) {
    const sent = runs.filter((r) => !r.notRun);
    const done = sent.filter(finished);
    const passed = runs.filter((r) => r.passed).length;
    const failedRun = runs.find((r) => !r.passed);
    const firstFailed = failedRun?.failed[0];
    const seen = failedRun?.output ?? failedRun?.shown;
    const durationMs = done.length > 0
        ? percentile(done.map((r) => r.durationMs), 50)
        : undefined;
    const cutShort = sent.length - done.length;
    return {
        passed: passes(runs, passed),
        passes: passed,
        runs: runs.length,
        ...(sent.length === 0 ? { notRun: true } : {}),
        ...(firstFailed === undefined ? {} : { firstFailed }),
        ...(seen === undefined ? {} : { seen: seen.length > SEEN_CHARS ? `${seen.slice(0, SEEN_CHARS)}…` : seen }),
        ...(durationMs === undefined ? {} : { durationMs }),
        ...(cutShort > 0 ? { cutShort } : {}),
        ...(passed > 0 && passed < sent.length ? { flaky: true } : {})
    };
}
/** The p-th percentile (nearest rank) of the values. */
function percentile(values, p) {
    const sorted = [...values].sort((a, b) => a - b);
    const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
    return sorted[Math.min(sorted.length, rank) - 1];
}
/** p50 and p95 of one side's runs that finished; those cut short are counted apart. */
function timesOf(records, side) {
    const sent = records.filter((r) => r.side === side && !r.notRun);
    const times = sent.filter(finished).map((r) => r.durationMs);
    const cutShort = sent.length - times.length;
    if (times.length === 0)
        return undefined;
    return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), runs: times.length, ...(cutShort > 0 ? { cutShort } : {}) };
}
/** Fixed runs (`repeat`): each case's paired rounds, from its records (a round one side did not send, or did not finish, is left out). */
function roundsOf(caseCount, records) {
    return Array.from({ length: caseCount }, (_, caseIndex) => {
        // A run the suite's time limit cut short says nothing of the agent: its round is left out, as one never sent.
        const mine = records.filter((r) => r.caseIndex === caseIndex && !r.notRun && !r.cutBySuite);
        const rounds = [];
        for (const ours of mine.filter((r) => r.side === 'ours')) {
            const theirs = mine.find((r) => r.side === 'theirs' && r.repeat === ours.repeat);
            if (theirs)
                rounds.push([ours.passed, theirs.passed]);
        }
        return { rounds, chosen: false };
    });
}
/**
 * The facts the reports show, and whether the gate holds: the pass rate at least `pass-rate`;
 * compared, cases worse with evidence at most `max-regressions`, and (`on-undecided: fail`) none
 * undecided. `comparison` is the adaptive runs' rounds; fixed runs are paired from the records.
 */
function factsOf(suite, records, ours, compare, comparison) {
    const compared = compare?.compared === true;
    const rows = rowsOf(suite, records, compared);
    const passedCases = rows.filter((row) => row.ours.passed).length;
    const passRate = passedCases / rows.length;
    const confidence = suite.confidence ?? evals.GATE_DEFAULTS.confidence;
    const judged = compared ? judgeSuite(comparison ?? roundsOf(rows.length, records), confidence) : undefined;
    if (judged) {
        judged.cases.forEach((verdict, i) => {
            rows[i].verdict = verdict.verdict;
            rows[i].regression = verdict.verdict === 'worse';
            if (verdict.better)
                rows[i].better = true;
            if (verdict.moreRuns !== undefined)
                rows[i].moreRuns = verdict.moreRuns;
        });
    }
    const regressions = judged?.worse;
    const theirs = compared ? timesOf(records, 'theirs') : undefined;
    const mine = timesOf(records, 'ours');
    const undecidedFails = (suite.onUndecided ?? evals.GATE_DEFAULTS.onUndecided) === 'fail';
    const failed = passRate < suite.passRate ||
        (regressions !== undefined && regressions > suite.maxRegressions) ||
        (judged !== undefined && undecidedFails && judged.undecided > 0);
    const adaptive = compared && !suite.repeatGiven;
    return {
        ours,
        ...(compare ? { compare } : {}),
        rows,
        repeat: suite.repeat,
        passRate,
        requiredPassRate: suite.passRate,
        ...(regressions === undefined ? {} : { regressions }),
        maxRegressions: suite.maxRegressions,
        times: { ...(mine ? { ours: mine } : {}), ...(theirs ? { theirs } : {}) },
        runsSent: records.filter((r) => !r.notRun).length,
        runsNotRun: records.filter((r) => r.notRun).length,
        gate: failed ? 'failed' : 'passed',
        passRateInterval: wilson(passedCases, rows.length),
        ...(judged
            ? {
                verdict: judged.verdict,
                confidence,
                better: judged.better,
                undecided: judged.undecided,
                ...(undecidedFails ? { undecidedFails } : {}),
                ...(adaptive ? { adaptive: { maxRepeat: suite.maxRepeat ?? evals.GATE_DEFAULTS.maxRepeat } } : {})
            }
            : {})
    };
}
/**
 * The `eval-results` file: every case and run (verdict, failed checks, duration, status, the
 * output's text cut at 4 KiB), secrets redacted, under RUNNER_TEMP (else the system's temporary
 * folder), for a later step or an uploaded artifact. Returns its path.
 */
function writeResults(dir, suite, facts, records, names, elapsedMs, run = {}) {
    const folder = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)(dir ?? (0,external_node_os_.tmpdir)(), 'evals-'));
    const path = (0,external_node_path_.join)(folder, 'eval-results.json');
    const document = {
        suite: suite.from,
        passRate: facts.passRate,
        requiredPassRate: facts.requiredPassRate,
        regressions: facts.regressions ?? null,
        maxRegressions: facts.maxRegressions,
        verdict: facts.verdict ?? null,
        confidence: facts.confidence ?? null,
        undecided: facts.undecided ?? null,
        better: facts.better ?? null,
        gate: facts.gate,
        elapsedMs,
        ...(0,results_fields/* runFields */.Fz)(run),
        deployments: { ours: names.ours, compareWith: facts.compare?.name ?? null, compared: facts.compare?.compared ?? false },
        times: facts.times,
        cases: facts.rows.map((row, caseIndex) => ({
            name: row.name,
            ...(0,results_fields/* caseFields */._w)(suite.cases[caseIndex]),
            passed: row.ours.passed,
            regression: row.regression,
            ...(row.verdict ? { verdict: row.verdict, better: row.better === true } : {}),
            flaky: row.ours.flaky === true,
            ours: row.ours,
            ...(row.theirs ? { theirs: row.theirs } : {}),
            runs: records
                .filter((r) => r.caseIndex === caseIndex)
                .map((r) => ({
                deployment: r.side === 'ours' ? names.ours : names.theirs,
                side: r.side,
                run: r.repeat,
                verdict: r.notRun ? 'not-run' : r.passed ? 'passed' : 'failed',
                failedChecks: r.failed,
                durationMs: r.durationMs,
                status: r.status ?? null,
                attempts: r.attempts,
                // Cut at 4 KiB by the engine already.
                output: r.output ?? r.shown ?? null
            }))
        }))
    };
    // Redacted as a whole too: a secret in a case's name or a check's words.
    (0,external_node_fs_.writeFileSync)(path, (0,masking/* redact */.E$)(JSON.stringify(document, null, 2)), { mode: 0o600 });
    return path;
}

// EXTERNAL MODULE: ./src/operations/checks/evals-compare.ts
var evals_compare = __webpack_require__(1155);
// EXTERNAL MODULE: ./src/operations/checks/evals-verdict.ts
var evals_verdict = __webpack_require__(317);
// EXTERNAL MODULE: ./src/core/run-context.ts
var run_context = __webpack_require__(4448);
;// CONCATENATED MODULE: ./src/operations/checks/evals-run.ts












/** Case names listed in a sentence: the table has them all. */
const NAMED = 5;
/**
 * `evals`' run (checks/evals.ts loads it when a suite is set): the other deployment looked up,
 * the runs sent (evals/engine.ts), the facts recorded and the results file written, the gate.
 */
async function runEvals(ctx, suite) {
    const { clock, log } = ctx;
    const endpoint = (0,agent_server/* serverEndpoint */.R)(ctx.deployment, '/runs/wait', ctx.connection);
    if ('refused' in endpoint) {
        return {
            verdict: (0,evals_verdict/* verdict */.W)('failed', ['not run: ', ...(0,quoted/* quoted */.TL)(endpoint.refused)]),
            failure: new errors/* ActionError */.lZ('check-not-proven', `The evals could not run: ${endpoint.refused}.`, 'Runs go only to the https:// URL the control plane reports for the deployment; without one, remove `evals`.')
        };
    }
    const start = clock.now();
    const note = (0,evals_compare/* passRateNote */.iN)(suite.passRate);
    if (note)
        log.warn(`${note}.`);
    const targets = [{ side: 'ours', name: ctx.deployment.name, endpoint }];
    let compare;
    if (suite.compareWith !== undefined) {
        const other = await otherTarget(ctx, suite.compareWith);
        if ('why' in other) {
            const gate = suite.regressionsGated ? ` The gate fails: ${evals_compare/* GATE_NEEDS_COMPARISON */.U9}.` : '';
            log.warn(`\`evals\`: not compared with \`${suite.compareWith}\`: ${other.why}. The suite runs on this revision alone.${gate}`);
            compare = { name: suite.compareWith, compared: false, why: other.why };
        }
        else {
            targets.push(other);
            compare = { name: suite.compareWith, compared: true };
        }
    }
    // The suite's phase: its `time-limit` from now, or the step's deadline if that is sooner (or there is none).
    const phase = run_context/* RunContext */.ZI.of(ctx).until(suite.timeLimitMs === undefined ? Infinity : start + suite.timeLimitMs);
    const { deadline } = phase;
    const adaptive = targets.length > 1 && !suite.repeatGiven;
    const maxRepeat = suite.maxRepeat ?? evals.GATE_DEFAULTS.maxRepeat;
    const runs = suite.cases.length * suite.repeat * targets.length;
    const planned = adaptive
        ? `${runs} runs to POST /runs/wait, then again on both sides for the cases whose sides disagree (up to ${maxRepeat} runs a side, \`max-repeat\`)`
        : `${runs} run${plural(runs)} to POST /runs/wait`;
    log.info(`Evals (${suite.from === 'inline' ? 'inline suite' : suite.from}): ${suite.cases.length} case${plural(suite.cases.length)}` +
        `${suite.repeat > 1 ? ` x ${suite.repeat} runs` : ''}${targets.length > 1 ? ` on ${ctx.deployment.name} and ${targets[1].name}` : ''}: ${planned}, ` +
        `at most ${suite.concurrency} at once, each for up to ${(0,core_clock/* formatDuration */.a)(suite.timeoutMs)}, within ${(0,core_clock/* formatDuration */.a)(deadline - start)}…`);
    const run = {
        cases: suite.cases,
        repeat: suite.repeat,
        concurrency: suite.concurrency,
        timeoutMs: suite.timeoutMs,
        ...phase.stop(),
        targets,
        logRun: (line) => log.info(line),
        logAttempt: (line) => log.info(line)
    };
    let records;
    let comparison;
    if (adaptive) {
        records = [];
        comparison = await runAdaptive({
            cases: suite.cases.length,
            maxRepeat,
            confidence: suite.confidence ?? evals.GATE_DEFAULTS.confidence,
            maxRounds: Math.floor(evals.MAX_RUNS / targets.length)
        }, async (jobs) => {
            if (jobs.some((job) => job.round > 1))
                log.info(`Evals: ${jobs.length} case${plural(jobs.length)} again on both sides (their sides disagreed; run ${jobs[0].round}).`);
            const sent = await (0,engine/* runJobs */.Ag)(run, jobs.map((job) => ({ caseIndex: job.caseIndex, repeat: job.round })));
            records.push(...sent);
            // Each job's runs come back side by side, this revision's first. A round the suite's time limit cut
            // short on either side is no round: a slower side would otherwise collect "worse" for its speed.
            return jobs.map((_, i) => {
                const [ours, theirs] = [sent[2 * i], sent[2 * i + 1]];
                return [ours, theirs].some((r) => r.notRun || r.cutBySuite) ? undefined : [ours.passed, theirs.passed];
            });
        });
    }
    else {
        records = await (0,engine/* runSuite */.og)(run);
    }
    const facts = factsOf(suite, records, ctx.deployment.name, compare, comparison);
    if (ctx.settings.verification.resultsUrl)
        facts.resultsUrl = ctx.settings.verification.resultsUrl;
    // The comparison `max-regressions` gates on could not be made: the gate cannot say it holds.
    if (suite.regressionsGated && compare?.compared === false)
        facts.gate = 'failed';
    const elapsedMs = clock.now() - start;
    try {
        const names = { ours: ctx.deployment.name, theirs: compare?.compared ? compare.name : undefined };
        facts.resultsFile = writeResults(ctx.settings.verification.resultsDir, suite, facts, records, names, elapsedMs, {
            revisionId: ctx.revision.id,
            startedAt: start,
            finishedAt: clock.now()
        });
    }
    catch (error) {
        log.warn(`\`evals\`: the results file (\`eval-results\`) could not be written: ${(0,errors/* describeError */.Uc)(error)}`);
    }
    const langsmith = ctx.settings.verification.langsmith;
    // Loaded only with a key; after the verdict, which nothing there changes.
    if (langsmith) {
        const ran = { suite, records, targets, facts, startedAt: start };
        // A failed gate that `on-failure: rollback` undoes: the rollback comes first for the step's time left.
        const beforeRollback = facts.gate !== 'passed' && ctx.settings.rollsBack === true;
        const recorded = await (await __webpack_require__.e(/* import() */ 215).then(__webpack_require__.bind(__webpack_require__, 1215))).recordExperiments({ ...ctx, revisionId: ctx.revision.id, beforeRollback }, langsmith, ran);
        if (recorded)
            facts.langsmith = recorded;
    }
    ctx.recorder.evaluated(facts);
    const said = summaryOf(facts);
    log.info(`Evals: ${said.map((p) => (typeof p === 'string' ? p : `\`${p.code}\``)).join('')} (${(0,core_clock/* formatDuration */.a)(elapsedMs)}).`);
    if (facts.gate === 'passed')
        return { verdict: (0,evals_verdict/* verdict */.W)('passed', said, elapsedMs) };
    return {
        verdict: (0,evals_verdict/* verdict */.W)('failed', said, elapsedMs),
        failure: new errors/* ActionError */.lZ('check-failed', `The evals failed: ${failureOf(facts, suite.regressionsGated === true)}`, 'Look at the cases in the table (each names the check that failed and what the agent wrote), then fix the graph, or the suite if it expects the wrong thing.' +
            (ctx.settings.suggestRollback ? ' With `on-failure: rollback`, the revision that served before is put back.' : ''))
    };
}
/** The deployment `compare-with` names, as a target; or why it cannot be one. */
async function otherTarget(ctx, name) {
    const looked = await (0,evals_compare/* lookUpCompared */.cQ)(ctx.client, name, run_context/* RunContext */.ZI.of(ctx).stop());
    if ('why' in looked)
        return looked;
    const { found } = looked;
    if (found.id === ctx.deployment.id)
        return { why: 'it is this deployment' };
    const endpoint = (0,agent_server/* serverEndpoint */.R)(found, '/runs/wait', ctx.connection);
    if ('refused' in endpoint)
        return { why: endpoint.refused };
    return { side: 'theirs', name: found.name, endpoint, ...(found.active_revision_id ? { revisionId: found.active_revision_id } : {}) };
}
/** `10 of 12 cases passed (83%, needs 100%); 2 regressions against `agent-prod`` */
function summaryOf(facts) {
    const passed = facts.rows.filter((row) => row.ours.passed).length;
    const needs = facts.requiredPassRate < 1 || passed < facts.rows.length ? `, needs ${(0,share/* formatShare */.T)(facts.requiredPassRate)}` : '';
    const said = [`${passed} of ${facts.rows.length} case${plural(facts.rows.length)} passed (${(0,share/* formatShare */.T)(facts.passRate)}${needs})`];
    if (facts.compare?.compared) {
        const worse = facts.regressions ?? 0;
        const undecided = facts.undecided ?? 0;
        const verdict = worse > 0 ? `; worse than ` : undecided > 0 ? `; undecided against ` : '; not worse than ';
        said.push(verdict, { code: (0,quoted/* quotable */.E7)(facts.compare.name, 80) });
        if (worse > 0)
            said.push(` on ${worse} case${plural(worse)}${facts.maxRegressions > 0 ? ` (at most ${facts.maxRegressions})` : ''}`);
        else if (undecided > 0)
            said.push(` on ${undecided} case${plural(undecided)}`, ...(facts.undecidedFails ? (0,quoted/* quoted */.TL)(' (`on-undecided: fail`)') : []));
        if (facts.confidence !== undefined)
            said.push(` at ${(0,share/* formatShare */.T)(facts.confidence)} confidence`);
    }
    else if (facts.compare) {
        said.push('; not compared with ', { code: (0,quoted/* quotable */.E7)(facts.compare.name, 80) }, ...(0,quoted/* quoted */.TL)(`: ${facts.compare.why}`));
    }
    if (facts.runsNotRun > 0)
        said.push(`; ${facts.runsNotRun} run${plural(facts.runsNotRun)} not sent (the suite's time limit)`);
    return said;
}
/** `2 of 6 cases failed: `a`, `b` (pass rate 66.7%, under `pass-rate` 100%), both regressions against `prod` (they pass there), ...` */
function failureOf(facts, regressionsGated) {
    const failed = facts.rows.filter((row) => !row.ours.passed);
    const notCompared = regressionsGated && facts.compare?.compared === false
        ? `not compared with \`${(0,quoted/* quotable */.E7)(facts.compare.name, 80)}\` (${facts.compare.why}), and ${evals_compare/* GATE_NEEDS_COMPARISON */.U9}`
        : undefined;
    if (notCompared && failed.length === 0)
        return `${notCompared[0].toUpperCase()}${notCompared.slice(1)}.`;
    const under = facts.passRate < facts.requiredPassRate;
    // A gate failed by the comparison alone may have no failed case: say the pass rate, not an empty list.
    let said = failed.length === 0
        ? `every case passed (pass rate ${(0,share/* formatShare */.T)(facts.passRate)})`
        : `${failed.length} of ${facts.rows.length} case${plural(facts.rows.length)} failed: ${names(failed.map((r) => r.name))} (pass ` +
            `rate ${(0,share/* formatShare */.T)(facts.passRate)}, ${under ? 'under' : 'within'} \`pass-rate\` ${(0,share/* formatShare */.T)(facts.requiredPassRate)})`;
    if (facts.compare?.compared) {
        const regressed = facts.rows.filter((row) => row.regression);
        const against = `against \`${(0,quoted/* quotable */.E7)(facts.compare.name, 80)}\``;
        const than = `\`${(0,quoted/* quotable */.E7)(facts.compare.name, 80)}\``;
        const over = regressed.length > facts.maxRegressions ? `, more than \`max-regressions\` ${facts.maxRegressions}` : '';
        const evidence = (rows) => rows
            .slice(0, NAMED)
            .map((r) => `${r.ours.passes}/${r.ours.runs} vs ${r.theirs?.passes}/${r.theirs?.runs}`)
            .join(', ');
        if (regressed.length > 0) {
            const are = regressed.length === 1 ? 'is worse than' : 'are worse than';
            said += `; ${names(regressed.map((r) => r.name))} ${are} ${than} with evidence (passes here vs there: ${evidence(regressed)})${over}`;
        }
        const undecided = facts.rows.filter((row) => row.verdict === 'undecided');
        if (facts.undecidedFails && undecided.length > 0) {
            said += `; ${names(undecided.map((r) => r.name))} ${undecided.length === 1 ? 'is' : 'are'} undecided ${against} (\`on-undecided: fail\`)`;
        }
    }
    return `${said}${notCompared ? `; ${notCompared}` : ''}.`;
}
function names(list) {
    const shown = list.slice(0, NAMED).map((name) => `\`${(0,quoted/* quotable */.E7)(name, 60)}\``);
    return list.length > NAMED ? `${shown.join(', ')} and ${list.length - NAMED} more` : shown.join(', ');
}
const plural = (n) => (n === 1 ? '' : 's');


/***/ })

};

//# sourceMappingURL=931.index.js.map