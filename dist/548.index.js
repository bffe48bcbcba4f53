export const id = 548;
export const ids = [548];
export const modules = {

/***/ 3548:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runEvals: () => (/* binding */ runEvals)
});

// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
// EXTERNAL MODULE: ./src/core/clock.ts
var core_clock = __webpack_require__(2257);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/quoted.ts
var quoted = __webpack_require__(891);
// EXTERNAL MODULE: ./src/core/share.ts
var share = __webpack_require__(3932);
// EXTERNAL MODULE: ./src/operations/agent-server.ts + 1 modules
var agent_server = __webpack_require__(568);
// EXTERNAL MODULE: ./src/operations/evals/engine.ts + 2 modules
var engine = __webpack_require__(6796);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/masking.ts
var masking = __webpack_require__(923);
;// CONCATENATED MODULE: ./src/operations/evals/results.ts




/** What a table cell quotes of what was seen. */
const SEEN_CHARS = 120;
/** Each case's result, side by side, from its runs: a side passes when `min-passes` of its runs did. */
function rowsOf(suite, records, compared) {
    return suite.cases.map((testCase, caseIndex) => {
        const mine = records.filter((r) => r.caseIndex === caseIndex);
        const ours = sideOf(mine.filter((r) => r.side === 'ours'), suite.minPasses);
        const theirs = compared
            ? sideOf(mine.filter((r) => r.side === 'theirs'), suite.minPasses)
            : undefined;
        return { name: testCase.name, ours, ...(theirs ? { theirs } : {}), regression: theirs !== undefined && theirs.passed && !ours.passed };
    });
}
function sideOf(runs, minPasses) {
    const sent = runs.filter((r) => !r.notRun);
    const passes = runs.filter((r) => r.passed).length;
    const failedRun = runs.find((r) => !r.passed);
    const firstFailed = failedRun?.failed[0];
    const seen = failedRun?.output ?? failedRun?.shown;
    const durationMs = sent.length > 0
        ? percentile(sent.map((r) => r.durationMs), 50)
        : undefined;
    return {
        passed: passes >= minPasses,
        passes,
        runs: runs.length,
        ...(sent.length === 0 ? { notRun: true } : {}),
        ...(firstFailed === undefined ? {} : { firstFailed }),
        ...(seen === undefined ? {} : { seen: seen.length > SEEN_CHARS ? `${seen.slice(0, SEEN_CHARS)}…` : seen }),
        ...(durationMs === undefined ? {} : { durationMs })
    };
}
/** The p-th percentile (nearest rank) of the values. */
function percentile(values, p) {
    const sorted = [...values].sort((a, b) => a - b);
    const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
    return sorted[Math.min(sorted.length, rank) - 1];
}
function timesOf(records, side) {
    const times = records.filter((r) => r.side === side && !r.notRun).map((r) => r.durationMs);
    return times.length === 0 ? undefined : { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), runs: times.length };
}
/** The facts the reports show, and whether the gate holds: the pass rate at least `pass-rate`, regressions at most `max-regressions`. */
function factsOf(suite, records, ours, compare) {
    const compared = compare?.compared === true;
    const rows = rowsOf(suite, records, compared);
    const passRate = rows.filter((row) => row.ours.passed).length / rows.length;
    const regressions = compared ? rows.filter((row) => row.regression).length : undefined;
    const theirs = compared ? timesOf(records, 'theirs') : undefined;
    const mine = timesOf(records, 'ours');
    const failed = passRate < suite.passRate || (regressions !== undefined && regressions > suite.maxRegressions);
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
        gate: failed ? 'failed' : 'passed'
    };
}
/**
 * The `eval-results` file: every case and run (verdict, failed checks, duration, status, the
 * output's text cut at 4 KiB), secrets redacted, under RUNNER_TEMP (else the system's temporary
 * folder), for a later step or an uploaded artifact. Returns its path.
 */
function writeResults(dir, suite, facts, records, names, elapsedMs) {
    const folder = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)(dir ?? (0,external_node_os_.tmpdir)(), 'evals-'));
    const path = (0,external_node_path_.join)(folder, 'eval-results.json');
    const document = {
        suite: suite.from,
        passRate: facts.passRate,
        requiredPassRate: facts.requiredPassRate,
        regressions: facts.regressions ?? null,
        maxRegressions: facts.maxRegressions,
        gate: facts.gate,
        elapsedMs,
        deployments: { ours: names.ours, compareWith: facts.compare?.name ?? null, compared: facts.compare?.compared ?? false },
        times: facts.times,
        cases: facts.rows.map((row, caseIndex) => ({
            name: row.name,
            passed: row.ours.passed,
            regression: row.regression,
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

// EXTERNAL MODULE: ./src/operations/find.ts
var find = __webpack_require__(1839);
// EXTERNAL MODULE: ./src/operations/checks/evals.ts
var evals = __webpack_require__(1877);
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
            verdict: (0,evals/* verdict */.WJ)('failed', ['not run: ', ...(0,quoted/* quoted */.TL)(endpoint.refused)]),
            failure: new errors/* ActionError */.lZ('check-not-proven', `The evals could not run: ${endpoint.refused}.`, 'Runs go only to the https:// URL the control plane reports for the deployment; without one, remove `evals`.')
        };
    }
    const start = clock.now();
    const targets = [{ side: 'ours', name: ctx.deployment.name, endpoint }];
    let compare;
    if (suite.compareWith !== undefined) {
        const other = await otherTarget(ctx, suite.compareWith);
        if ('why' in other) {
            log.warn(`\`evals\`: not compared with \`${suite.compareWith}\`: ${other.why}. The suite runs on this revision alone.`);
            compare = { name: suite.compareWith, compared: false, why: other.why };
        }
        else {
            targets.push(other);
            compare = { name: suite.compareWith, compared: true };
        }
    }
    const deadline = Math.min(ctx.deadline, suite.timeLimitMs === undefined ? Infinity : start + suite.timeLimitMs);
    const runs = suite.cases.length * suite.repeat * targets.length;
    log.info(`Evals (${suite.from === 'inline' ? 'inline suite' : suite.from}): ${suite.cases.length} case${plural(suite.cases.length)}` +
        `${suite.repeat > 1 ? ` x ${suite.repeat} runs` : ''}${targets.length > 1 ? ` on ${ctx.deployment.name} and ${targets[1].name}` : ''}: ${runs} run${plural(runs)} to POST /runs/wait, ` +
        `at most ${suite.concurrency} at once, each for up to ${(0,core_clock/* formatDuration */.a)(suite.timeoutMs)}, within ${(0,core_clock/* formatDuration */.a)(deadline - start)}…`);
    const records = await (0,engine/* runSuite */.og)({
        cases: suite.cases,
        repeat: suite.repeat,
        concurrency: suite.concurrency,
        timeoutMs: suite.timeoutMs,
        deadline,
        targets,
        clock,
        signal: ctx.signal,
        logRun: (line) => log.info(line),
        logAttempt: (line) => log.info(line)
    });
    const facts = factsOf(suite, records, ctx.deployment.name, compare);
    const elapsedMs = clock.now() - start;
    try {
        const names = { ours: ctx.deployment.name, theirs: compare?.compared ? compare.name : undefined };
        facts.resultsFile = writeResults(ctx.settings.verification.resultsDir, suite, facts, records, names, elapsedMs);
    }
    catch (error) {
        log.warn(`\`evals\`: the results file (\`eval-results\`) could not be written: ${(0,errors/* describeError */.Uc)(error)}`);
    }
    ctx.recorder.evaluated(facts);
    const said = summaryOf(facts);
    log.info(`Evals: ${said.map((p) => (typeof p === 'string' ? p : `\`${p.code}\``)).join('')} (${(0,core_clock/* formatDuration */.a)(elapsedMs)}).`);
    if (facts.gate === 'passed')
        return { verdict: (0,evals/* verdict */.WJ)('passed', said, elapsedMs) };
    return {
        verdict: (0,evals/* verdict */.WJ)('failed', said, elapsedMs),
        failure: new errors/* ActionError */.lZ('check-failed', `The evals failed: ${failureOf(facts)}`, 'Look at the cases in the table (each names the check that failed and what the agent wrote), then fix the graph, or the suite if it expects the wrong thing.' +
            (ctx.settings.suggestRollback ? ' With `on-failure: rollback`, the revision that served before is put back.' : ''))
    };
}
/** The deployment `compare-with` names, as a target; or why it cannot be one. */
async function otherTarget(ctx, name) {
    let found;
    try {
        found = await (0,find/* findDeploymentByName */.X0)(ctx.client, name, { clock: ctx.clock, deadline: ctx.deadline });
    }
    catch (error) {
        if (error instanceof cancel/* CancelledError */.cc)
            throw error;
        return { why: `it could not be looked up (${(0,errors/* describeError */.Uc)(error)})` };
    }
    if (!found)
        return { why: 'no deployment has that name' };
    if (found.id === ctx.deployment.id)
        return { why: 'it is this deployment' };
    const endpoint = (0,agent_server/* serverEndpoint */.R)(found, '/runs/wait', ctx.connection);
    if ('refused' in endpoint)
        return { why: endpoint.refused };
    return { side: 'theirs', name: found.name, endpoint };
}
/** `10 of 12 cases passed (83%, needs 100%); 2 regressions against `agent-prod`` */
function summaryOf(facts) {
    const passed = facts.rows.filter((row) => row.ours.passed).length;
    const needs = facts.requiredPassRate < 1 || passed < facts.rows.length ? `, needs ${(0,share/* formatShare */.T)(facts.requiredPassRate)}` : '';
    const said = [`${passed} of ${facts.rows.length} case${plural(facts.rows.length)} passed (${(0,share/* formatShare */.T)(facts.passRate)}${needs})`];
    if (facts.compare?.compared) {
        said.push(`; ${facts.regressions} regression${plural(facts.regressions ?? 0)} against `, { code: facts.compare.name }, facts.maxRegressions > 0 ? ` (at most ${facts.maxRegressions})` : '');
    }
    else if (facts.compare) {
        said.push('; not compared with ', { code: facts.compare.name }, ...(0,quoted/* quoted */.TL)(`: ${facts.compare.why}`));
    }
    if (facts.runsNotRun > 0)
        said.push(`; ${facts.runsNotRun} run${plural(facts.runsNotRun)} not sent (the suite's time limit)`);
    return said;
}
/** `2 of 6 cases failed: `a`, `b` (pass rate 66.7%, under `pass-rate` 100%), both regressions against `prod` (they pass there), ...` */
function failureOf(facts) {
    const failed = facts.rows.filter((row) => !row.ours.passed);
    const under = facts.passRate < facts.requiredPassRate;
    let said = `${failed.length} of ${facts.rows.length} case${plural(facts.rows.length)} failed: ${names(failed.map((r) => r.name))} (pass ` +
        `rate ${(0,share/* formatShare */.T)(facts.passRate)}, ${under ? 'under' : 'within'} \`pass-rate\` ${(0,share/* formatShare */.T)(facts.requiredPassRate)})`;
    if (facts.compare?.compared) {
        const regressed = facts.rows.filter((row) => row.regression);
        const against = `against \`${(0,quoted/* quotable */.E7)(facts.compare.name, 80)}\``;
        const over = regressed.length > facts.maxRegressions ? `, more than \`max-regressions\` ${facts.maxRegressions}` : '';
        if (regressed.length === failed.length && failed.length > 0) {
            const all = failed.length === 1 ? 'a regression' : failed.length === 2 ? 'both regressions' : `all ${failed.length} regressions`;
            said += `, ${all} ${against} (${failed.length === 1 ? 'it passes' : 'they pass'} there)${over}`;
        }
        else if (regressed.length > 0) {
            const are = regressed.length === 1 ? 'is a regression' : 'are regressions';
            const pass = regressed.length === 1 ? 'it passes' : 'they pass';
            said += `; ${names(regressed.map((r) => r.name))} ${are} ${against} (${pass} there)${over}`;
        }
    }
    return `${said}.`;
}
function names(list) {
    const shown = list.slice(0, NAMED).map((name) => `\`${(0,quoted/* quotable */.E7)(name, 60)}\``);
    return list.length > NAMED ? `${shown.join(', ')} and ${list.length - NAMED} more` : shown.join(', ');
}
const plural = (n) => (n === 1 ? '' : 's');


/***/ })

};

//# sourceMappingURL=548.index.js.map