export const id = 46;
export const ids = [46];
export const modules = {

/***/ 9756:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ valueText),
/* harmony export */   V: () => (/* binding */ sameJson)
/* harmony export */ });
/* harmony import */ var _mapping_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(305);

/** The text in a value: its strings, numbers and booleans, one a line; never a key. */
function valueText(value) {
    const out = [];
    const walk = (v, depth) => {
        if (depth > 64)
            return;
        if (typeof v === 'string')
            out.push(v);
        else if (typeof v === 'number' || typeof v === 'boolean')
            out.push(String(v));
        else if (Array.isArray(v))
            v.forEach((item) => walk(item, depth + 1));
        else if ((0,_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(v))
            Object.values(v).forEach((item) => walk(item, depth + 1));
    };
    walk(value, 0);
    return out.join('\n');
}
/** Equal as JSON (key order aside): how an input's value and a state's are compared, and `value`'s `equals`. */
function sameJson(a, b) {
    if (a === b)
        return true;
    if (Array.isArray(a))
        return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
    if ((0,_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(a) && (0,_mapping_js__WEBPACK_IMPORTED_MODULE_0__/* .isMapping */ .p)(b)) {
        const keys = Object.keys(a).filter((k) => a[k] !== undefined);
        const other = Object.keys(b).filter((k) => b[k] !== undefined);
        return keys.length === other.length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
    }
    return false;
}


/***/ }),

/***/ 305:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ isMapping)
/* harmony export */ });
/** A JSON or YAML mapping (an object that is not a list): what configs, suites and agent states are read as. */
function isMapping(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/***/ }),

/***/ 8404:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ nearestName)
/* harmony export */ });
/* unused harmony export similarity */
/** How alike two names are, to name the nearest known key for a typo (the config check's, `evals`'). */
/** difflib's `SequenceMatcher.ratio()`: twice the characters in matching blocks over both lengths. */
function similarity(a, b) {
    return a.length + b.length === 0 ? 1 : (2 * matched(a, 0, a.length, b, 0, b.length)) / (a.length + b.length);
}
/** Characters in the longest common substring, plus (recursively) those left and right of it, as difflib counts them. */
function matched(a, aLo, aHi, b, bLo, bHi) {
    let size = 0;
    let atA = aLo;
    let atB = bLo;
    // Keys are short: the plain O(n·m) search is enough.
    for (let i = aLo; i < aHi; i++) {
        for (let j = bLo; j < bHi; j++) {
            let k = 0;
            while (i + k < aHi && j + k < bHi && a[i + k] === b[j + k])
                k++;
            if (k > size) {
                size = k;
                atA = i;
                atB = j;
            }
        }
    }
    if (size === 0)
        return 0;
    return size + matched(a, aLo, atA, b, bLo, atB) + matched(a, atA + size, aHi, b, atB + size, bHi);
}
/** The known name nearest to `name`, when one is close enough (difflib's cutoff, 0.6). */
function nearestName(name, known) {
    let best;
    for (const candidate of known) {
        const score = similarity(name, candidate);
        if (score >= 0.6 && (!best || score > best.score))
            best = { name: candidate, score };
    }
    return best?.name;
}


/***/ }),

/***/ 1517:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ texts),
/* harmony export */   h: () => (/* binding */ quote)
/* harmony export */ });
/* harmony import */ var _core_masking_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(923);
/* harmony import */ var _core_quoted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(891);


/** A server's text (or the suite's) inside our sentence, between backticks: one line, shortened, secrets redacted. */
const quote = (text, max = 60) => `\`${(0,_core_quoted_js__WEBPACK_IMPORTED_MODULE_1__/* .quotable */ .E7)((0,_core_masking_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text), max)}\``;
/** Text, or a list of texts: the items of `contains` and `matches`. */
function texts(raw, at, problem, what) {
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length === 0 || list.some((t) => typeof t !== 'string' || t === '')) {
        problem(`\`${at}\` must be ${what}, or a list of them (quote one that looks like a number)`);
        return undefined;
    }
    return list;
}


/***/ }),

/***/ 6564:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  to: () => (/* binding */ EXPECT_KEYS),
  i0: () => (/* binding */ expectContaining),
  GE: () => (/* binding */ judgeCheck),
  t2: () => (/* binding */ parseExpect)
});

// UNUSED EXPORTS: CHECK_KINDS

// EXTERNAL MODULE: ./src/core/mapping.ts
var mapping = __webpack_require__(305);
// EXTERNAL MODULE: ./src/core/similarity.ts
var similarity = __webpack_require__(8404);
// EXTERNAL MODULE: ./src/inputs/checks/kind.ts
var kind = __webpack_require__(1517);
;// CONCATENATED MODULE: ./src/inputs/checks/contains.ts

/**
 * `contains`: a text (or each of a list) in the agent's output, exactly as written: case-sensitive,
 * as a reviewer reads `pong` (for any case, `matches: /pong/i`). A failure says when the text is
 * there in other letter case, so the rule is never a puzzle.
 */
const contains = {
    name: 'contains',
    negatable: true,
    what: "text in the agent's output (case-sensitive)",
    example: 'pong',
    parse: (raw, at, problem) => (0,kind/* texts */.T)(raw, at, problem, 'text'),
    judge(wanted, seen) {
        if (seen.text === '')
            return { cannot: 'the run added no text' };
        if (seen.text.includes(wanted))
            return { holds: true, said: `${(0,kind/* quote */.h)(wanted)} is in the agent's output` };
        const otherCase = seen.text.toLowerCase().includes(wanted.toLowerCase());
        return {
            holds: false,
            said: `${(0,kind/* quote */.h)(wanted)} is not in the agent's output${otherCase ? ' (it is in other letter case: `contains` is case-sensitive; `matches: /…/i` is not)' : ''}`
        };
    }
};

// EXTERNAL MODULE: ./src/core/clock.ts
var clock = __webpack_require__(2257);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(5919);
;// CONCATENATED MODULE: ./src/inputs/checks/pattern-test.ts

/**
 * A `matches` pattern tested where it cannot stall the run: on a worker thread, given up on (the
 * thread terminated) at its limit. A suite comes from the repository (a pull request may change
 * it), and a regular expression runs without yielding: on the main thread, one that backtracks
 * without end would hold every other run's clock and the suite's `time-limit` while it ran (v1.4
 * stopped it after 1 s, but five such answers at once cost five seconds to every run waiting).
 * JavaScript's own engine, so a pattern means here what it means in the docs (lookarounds and
 * backreferences included); a non-backtracking engine would refuse those.
 *
 * The worker's code is a string (`eval`), so the bundle needs no file of its own beside
 * dist/index.js. Threads are kept for the next pattern while idle, unreferenced (they never hold
 * the process open), and ended after a short idle time.
 */
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', ({ source, flags, text }) => {
  let matched = false
  try { matched = new RegExp(source, flags).test(text) } catch {}
  parentPort.postMessage(matched)
})
`;
/** Idle threads, kept for the next test; at most the suite's `concurrency` (16) are ever busy at once. */
const idle = [];
const MAX_IDLE = 16;
/** An idle thread ends after this (real time): a suite's next answer comes sooner, a finished suite keeps none. */
const IDLE_MS = 2_000;
const idleTimers = new WeakMap();
/** Threads that have started running (their `online` event came). */
const started = new WeakSet();
function testPattern(pattern, text, options) {
    const limitMs = Math.min(options.limitMs, options.timeLeftMs);
    if (limitMs <= 0 || options.signal?.aborted)
        return Promise.resolve('stopped');
    const worker = takeWorker();
    return new Promise((resolve) => {
        let settled = false;
        const settle = (result, keep) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            clearTimeout(startGuard);
            worker.off('online', startClock);
            options.signal?.removeEventListener('abort', onAbort);
            worker.off('message', onMessage);
            worker.off('error', onError);
            if (keep)
                giveBack(worker);
            else
                void worker.terminate();
            resolve(result);
        };
        const onMessage = (matched) => settle(matched === true, true);
        const onError = () => settle('failed', false);
        const onAbort = () => settle('stopped', false);
        // The limit counts from when the thread runs: a new thread's start (hundreds of ms on a loaded
        // runner) is not the pattern's time. The suite's time left still bounds a thread that never starts.
        let timer;
        const startClock = () => {
            started.add(worker);
            clearTimeout(startGuard);
            timer = setTimeout(() => settle(options.timeLeftMs < options.limitMs ? 'stopped' : 'too slow', false), limitMs);
        };
        const startGuard = started.has(worker)
            ? undefined
            : setTimeout(() => settle('stopped', false), Math.min(options.timeLeftMs, limitMs + 30_000));
        if (started.has(worker))
            startClock();
        else
            worker.once('online', startClock);
        worker.on('message', onMessage);
        worker.once('error', onError);
        options.signal?.addEventListener('abort', onAbort, { once: true });
        worker.ref();
        worker.postMessage({ source: pattern.source, flags: pattern.flags.replace(/[gy]/g, ''), text });
    });
}
function takeWorker() {
    const kept = idle.pop();
    if (kept) {
        clearTimeout(idleTimers.get(kept));
        return kept;
    }
    const worker = new external_node_worker_threads_.Worker(WORKER_CODE, { eval: true });
    // Always heard: an idle thread's error with no listener would be thrown in the main thread.
    worker.on('error', () => {
        const at = idle.indexOf(worker);
        if (at >= 0)
            idle.splice(at, 1);
    });
    return worker;
}
function giveBack(worker) {
    worker.unref();
    if (idle.length >= MAX_IDLE) {
        void worker.terminate();
        return;
    }
    idle.push(worker);
    const timer = setTimeout(() => {
        const at = idle.indexOf(worker);
        if (at >= 0)
            idle.splice(at, 1);
        void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    idleTimers.set(worker, timer);
}
/** Ends every idle thread now (a test's clean-up). */
async function endPatternThreads() {
    const all = idle.splice(0);
    for (const worker of all)
        clearTimeout(idleTimers.get(worker));
    await Promise.all(all.map((worker) => worker.terminate()));
}

;// CONCATENATED MODULE: ./src/inputs/checks/matches.ts



/** The longest a `matches` pattern may run on one output. */
const MATCH_LIMIT_MS = 1000;
/** Flags a pattern may carry: `g` and `y` make a test depend on the one before, `d` changes nothing a test sees. */
const FLAGS = /^[imsuv]*$/;
/**
 * `matches`: a regular expression, JavaScript's syntax, matching the agent's output. Written
 * bare (`^pong\b`: with the `u` flag when the pattern is valid under it, else without, so an
 * escape JavaScript allows only without `u`, `pong\!`, is not refused) or as `/pattern/flags`
 * (`/pong/i` for any letter case). Tested on a worker thread (pattern-test.ts) for at most
 * MATCH_LIMIT_MS per output.
 */
const matches = {
    name: 'matches',
    negatable: true,
    what: 'a regular expression (JavaScript syntax), bare or as `/pattern/flags`',
    example: '/^pong\\b/i',
    parse(raw, at, problem) {
        const list = (0,kind/* texts */.T)(raw, at, problem, "a regular expression written as text (quote it: `'^pong\\b'`)");
        if (!list)
            return undefined;
        const patterns = [];
        for (const written of list) {
            const pattern = regularExpression(written, at, problem);
            if (!pattern)
                return undefined;
            patterns.push(pattern);
        }
        return patterns;
    },
    async judge(pattern, seen) {
        if (seen.text === '')
            return { cannot: 'the run added no text' };
        const shown = (0,kind/* quote */.h)(pattern.flags.replace('u', '') === '' ? pattern.source : `/${pattern.source}/${pattern.flags.replace('u', '')}`);
        const matched = await testPattern(pattern, seen.text, { limitMs: MATCH_LIMIT_MS, timeLeftMs: seen.timeLeftMs, signal: seen.signal });
        if (matched === 'too slow')
            return {
                cannot: `${shown} took more than ${(0,clock/* formatDuration */.a)(MATCH_LIMIT_MS)} on the agent's output ` +
                    '(a pattern that backtracks without end); simplify it'
            };
        if (matched === 'stopped')
            return { cannot: `${shown} was stopped at the suite's time limit, before it could tell` };
        if (matched === 'failed')
            return { cannot: `${shown} could not be tested (its thread failed)` };
        return { holds: matched, said: `${shown} ${matched ? 'matches' : 'does not match'} the agent's output` };
    }
};
function regularExpression(written, at, problem) {
    const slashed = /^\/(.+)\/([a-z]*)$/s.exec(written);
    try {
        if (slashed) {
            const [, source, flags] = slashed;
            if (!FLAGS.test(flags) || new Set(flags).size !== flags.length) {
                problem(`\`${at}\` has flags a test cannot use: write \`/pattern/\` with any of \`i\`, \`m\`, \`s\`, \`u\`, \`v\`, ` +
                    'each once (`g` and `y` would make one test depend on the one before)');
                return undefined;
            }
            return new RegExp(source, flags.includes('u') || flags.includes('v') ? flags : withUnicode(source, flags));
        }
        return new RegExp(written, withUnicode(written, ''));
    }
    catch (error) {
        problem(`\`${at}\` is not a valid regular expression (JavaScript ` +
            `syntax): ${error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '')}; fix it, or escape the ` +
            `characters meant literally with \`\\\``);
        return undefined;
    }
}
/** `flags` plus `u` when the pattern is valid under it (whole characters, `\p{...}`). */
function withUnicode(source, flags) {
    try {
        new RegExp(source, `${flags}u`);
        return `${flags}u`;
    }
    catch {
        return flags;
    }
}

// EXTERNAL MODULE: ./src/inputs/parsers.ts
var parsers = __webpack_require__(5165);
;// CONCATENATED MODULE: ./src/inputs/checks/max-duration.ts


/** `max-duration`: the run's wall time at most this. */
const maxDuration = {
    name: 'max-duration',
    negatable: false,
    what: 'a duration such as `20s`',
    example: '20s',
    parse(raw, at, problem) {
        try {
            // A bare number is seconds, as `timeout` itself reads it.
            if (typeof raw !== 'string' && typeof raw !== 'number')
                throw new Error('must be a duration such as `90s` or `2m`');
            return [(0,parsers/* parseDuration */.E9)(String(raw))];
        }
        catch (error) {
            problem(`\`${at}\` ${error.message.replace(/, got .*$/, '')}`);
            return undefined;
        }
    },
    judge: (limitMs, seen) => ({
        holds: seen.durationMs <= limitMs,
        said: `took ${(0,clock/* formatDuration */.a)(seen.durationMs)}, ${seen.durationMs <= limitMs ? 'within' : 'over'} ${(0,clock/* formatDuration */.a)(limitMs)}`
    })
};

// EXTERNAL MODULE: ./src/inputs/checks/value.ts
var value = __webpack_require__(5562);
;// CONCATENATED MODULE: ./src/inputs/checks/registry.ts







/**
 * The check kinds of an `evals` case's `expect` (and of `smoke-test`'s, which is `contains`):
 * one module each, one line here. A negatable kind is also a check as `not-<name>`, which holds
 * when the kind does not: no negation is written by hand.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind judges the items its own parse made
const CHECK_KINDS = [contains, matches, value/* value */.Uq, maxDuration];
const BY_KEY = new Map(CHECK_KINDS.flatMap((kind) => [
    [kind.name, { kind, negated: false }],
    ...(kind.negatable ? [[`not-${kind.name}`, { kind, negated: true }]] : [])
]));
/** Every key `expect` takes, in the registry's order. */
const EXPECT_KEYS = [...BY_KEY.keys()];
const LISTED = EXPECT_KEYS.map((k) => `\`${k}\``).join(', ');
/** A case's `expect`: a mapping of checks, each read by its kind. Undefined when malformed (its problems said). */
function parseExpect(raw, at, problem) {
    if (raw === undefined || raw === null)
        return { checks: [] };
    if (!(0,mapping/* isMapping */.p)(raw)) {
        // `expect: pong` is the smoke test's way; a case's `expect` is a mapping of checks.
        const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined;
        const hint = text !== undefined && text !== '' && !/[\r\n]/.test(text) && text.length <= 60
            ? `; for text in the agent's output, write \`expect: {contains: ${(0,kind/* quote */.h)(text).slice(1, -1)}}\``
            : '';
        problem(`\`${at}\` must be a mapping of checks (${LISTED})${hint}`);
        return undefined;
    }
    const checks = [];
    let ok = true;
    for (const [key, given] of Object.entries(raw)) {
        const found = BY_KEY.get(key);
        if (!found) {
            const nearest = key.trim() === '' ? undefined : (0,similarity/* nearestName */.q)(key, EXPECT_KEYS);
            problem(key.trim() === ''
                ? `an empty key in \`${at}\` is not a known key: remove it (the keys are ${LISTED})`
                : `\`${at}.${key}\` is not a known key: ${nearest ? `did you mean \`${nearest}\`?` : `the keys are ${LISTED}`}`);
            ok = false;
            continue;
        }
        const items = found.kind.parse(given, `${at}.${key}`, problem);
        if (!items) {
            ok = false;
            continue;
        }
        for (const item of items)
            checks.push({ key, kind: found.kind, negated: found.negated, item });
    }
    return ok ? { checks, written: raw } : undefined;
}
/** One check against one run: undefined when it holds, else what failed, naming the check and what was seen. */
async function judgeCheck(check, seen) {
    const judged = await check.kind.judge(check.item, seen);
    if ('cannot' in judged)
        return `\`${check.key}\`: ${judged.cannot}`;
    return judged.holds === check.negated ? `\`${check.key}\`: ${judged.said}` : undefined;
}
/** `contains` of each text, under the key the step calls it (`smoke-test`'s `expect`): how code, not a suite, asks for text. */
function expectContaining(wanted, key = 'contains') {
    return { checks: wanted.map((item) => ({ key, kind: contains, negated: false, item })) };
}


/***/ }),

/***/ 5562:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OK: () => (/* binding */ valuePathSteps),
/* harmony export */   Uq: () => (/* binding */ value)
/* harmony export */ });
/* unused harmony export valueAt */
/* harmony import */ var _core_json_values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9756);
/* harmony import */ var _core_mapping_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(305);
/* harmony import */ var _core_similarity_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8404);
/* harmony import */ var _kind_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1517);




const KEYS = ['path', 'equals'];
/** `value`: a value of the final state (dotted path, `[n]` for a list item) equal to `equals`, compared as JSON. */
const value = {
    name: 'value',
    negatable: true,
    what: 'a mapping with `path` and `equals`',
    example: { path: 'structured_response.intent', equals: 'greet' },
    parse(raw, at, problem) {
        if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_1__/* .isMapping */ .p)(raw) || typeof raw.path !== 'string' || !('equals' in raw)) {
            problem(`\`${at}\` must be a mapping with \`path\` (e.g. \`structured_response.intent\`) and \`equals\` (the value, compared as JSON)`);
            return undefined;
        }
        for (const key of Object.keys(raw).filter((k) => !KEYS.includes(k))) {
            const nearest = (0,_core_similarity_js__WEBPACK_IMPORTED_MODULE_2__/* .nearestName */ .q)(key, KEYS);
            problem(`\`${at}.${key}\` is not a known key: ${nearest ? `did you mean \`${nearest}\`?` : 'the keys are `path`, `equals`'}`);
        }
        const steps = valuePathSteps(raw.path);
        if (!steps) {
            problem(`\`${at}.path\` must be a dotted path into the final state, with \`[n]\` for a list item (e.g. \`messages[1].content\`)`);
            return undefined;
        }
        return [{ path: raw.path, steps, equals: raw.equals }];
    },
    judge(check, seen) {
        const found = valueAt(seen.state, check.steps);
        if (!found.found)
            return { holds: false, said: `\`${check.path}\` is not in the final state` };
        const is = (0,_kind_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(JSON.stringify(found.value) ?? 'undefined');
        if ((0,_core_json_values_js__WEBPACK_IMPORTED_MODULE_3__/* .sameJson */ .V)(found.value, check.equals))
            return { holds: true, said: `\`${check.path}\` is ${is}` };
        return { holds: false, said: `\`${check.path}\` is ${is}, not ${(0,_kind_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(JSON.stringify(check.equals))}` };
    }
};
/** The steps of a `value.path` (`messages[1].content` is `messages`, 1, `content`); undefined when it is not such a path. */
function valuePathSteps(path) {
    if (!/^([^.[\]]+|\[\d+\])(\.[^.[\]]+|\[\d+\])*$/.test(path))
        return undefined;
    return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((step) => (step[2] !== undefined ? Number(step[2]) : step[1]));
}
/** The value at the path's steps in the final state, or that there is none. */
function valueAt(state, steps) {
    let here = state;
    for (const step of steps) {
        if (typeof step === 'number') {
            if (!Array.isArray(here) || step >= here.length)
                return { found: false };
            here = here[step];
        }
        else {
            if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_1__/* .isMapping */ .p)(here) || !Object.hasOwn(here, step))
                return { found: false };
            here = here[step];
        }
    }
    return { found: true, value: here };
}


/***/ }),

/***/ 3046:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EVALS_DEFAULTS: () => (/* binding */ EVALS_DEFAULTS),
/* harmony export */   GATE_DEFAULTS: () => (/* binding */ GATE_DEFAULTS),
/* harmony export */   MAX_CASES: () => (/* binding */ MAX_CASES),
/* harmony export */   MAX_REPEAT: () => (/* binding */ MAX_REPEAT),
/* harmony export */   MAX_RUNS: () => (/* binding */ MAX_RUNS),
/* harmony export */   parseEvals: () => (/* binding */ parseEvals),
/* harmony export */   parseSuiteText: () => (/* binding */ parseSuiteText),
/* harmony export */   sourceOf: () => (/* binding */ sourceOf),
/* harmony export */   valuePathSteps: () => (/* reexport safe */ _checks_value_js__WEBPACK_IMPORTED_MODULE_5__.OK)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _core_similarity_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8404);
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5165);
/* harmony import */ var _core_mapping_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(305);
/* harmony import */ var _checks_registry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6564);
/* harmony import */ var _github_event_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5067);
/* harmony import */ var _checks_value_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5562);








const EVALS_DEFAULTS = { concurrency: 4, repeat: 1, timeoutMs: 2 * 60_000, passRate: 1, maxRegressions: 0 };
/** The comparison's defaults (v1.5): docs/evals-gate.md. */
const GATE_DEFAULTS = { confidence: 0.95, maxRepeat: 8, onUndecided: 'pass' };
const MAX_REPEAT = 20;
/** At most this many cases in a suite, and runs in a step (cases x repeat x 1 or 2 deployments). */
const MAX_CASES = 200;
const MAX_RUNS = 1000;
/** A suite file larger than this is not a suite. */
const MAX_FILE_BYTES = 1024 * 1024;
const SUITE_KEYS = [
    'assistant',
    'concurrency',
    'repeat',
    'min-passes',
    'timeout',
    'time-limit',
    'pass-rate',
    'compare-with',
    'max-regressions',
    'confidence',
    'max-repeat',
    'on-undecided',
    'cases',
    'dataset'
];
const CASE_KEYS = ['name', 'assistant', 'input', 'expect'];
const EXAMPLE = 'e.g. `cases: [{name: says-pong, input: {messages: [{role: user, content: Say pong.}]}, expect: {contains: pong}}]`';
/**
 * The `evals` input: a path to a YAML or JSON file in the workspace (relative to
 * `GITHUB_WORKSPACE`), or the suite written inline as a YAML mapping. One line that is not a
 * mapping is a path. Every problem names the key and the fix; no value is repeated (an input
 * may be built from secrets).
 */
async function parseEvals(raw, context = {}) {
    const source = sourceOf(raw);
    const env = context.env ?? process.env;
    const workspace = env.GITHUB_WORKSPACE || process.cwd();
    if ('file' in source && context.input?.('evals-from') === 'base') {
        // Not a pull request (a push, a manual run): the checkout is the commit itself, and is read as `checkout`.
        const baseSha = (0,_github_event_js__WEBPACK_IMPORTED_MODULE_4__/* .readPullRequest */ .D)(env)?.baseSha;
        if (baseSha !== undefined) {
            const path = relativeInside(source.file, workspace);
            if ('problem' in path)
                return { problems: [path.problem] };
            return { data: { atBase: { path: path.path, sha: baseSha, workspace } }, problems: [] };
        }
    }
    if ('file' in source) {
        const read = readSuiteFile(source.file, workspace);
        if ('problem' in read)
            return { problems: [read.problem] };
        return parseSuiteText(read.text, read.path);
    }
    return parseSuiteText(source.inline, 'inline');
}
/** A suite's text read (from a file, the base commit or inline): its value, or its problems, each naming `from` (a file) and the key. */
async function parseSuiteText(text, from) {
    const { duplicateKeys, parseYaml } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(762)]).then(__webpack_require__.bind(__webpack_require__, 8762));
    // Problems in a file name it, and the advice names it rather than the step's `with:` block.
    const file = from === 'inline' ? {} : { file: from };
    let value;
    try {
        value = parseYaml(text).value;
    }
    catch (error) {
        return {
            problems: [`${from === 'inline' ? '' : `\`${from}\`: `}${error.message}; write a mapping with \`cases\`, ${EXAMPLE}`],
            ...file
        };
    }
    const problems = [];
    // YAML keeps the last of two equal keys and drops the first without a word: two `cases:` lose a whole list.
    for (const duplicate of duplicateKeys(text)) {
        problems.push(`${from === 'inline' ? '' : `\`${from}\`: `}\`${duplicate.path}\` is written ${duplicate.lines.length} times ` +
            `(lines ${duplicate.lines.join(', ')}): YAML would keep the last and drop the others; keep one`);
    }
    const suite = readSuite(value, from, problems);
    return problems.length > 0 || !suite ? { problems, ...file } : { data: suite, problems };
}
function sourceOf(raw) {
    const trimmed = raw.trim();
    // A path is one line, and never a YAML mapping (`key: value`, `{...}`).
    if (!/[\r\n]/.test(trimmed) && !trimmed.startsWith('{') && !/:(\s|$)/.test(trimmed))
        return { file: trimmed };
    return { inline: raw };
}
/** Whether `to` is not below `from` (the folder itself counts as outside: a suite is a file in it). */
function outside(from, to) {
    const inside = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(from, to);
    return inside === '' || inside.startsWith('..') || (0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(inside);
}
/** A path written relative to the workspace, as git names it there (`/` separated); refused when it leaves the workspace. */
function relativeInside(path, workspace) {
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace, path);
    if (outside((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace), full))
        return {
            problem: `the file \`${path}\` is outside the workspace: give the path of a YAML or JSON file in the repository, relative to the workspace (e.g. \`evals/suite.yml\`)`
        };
    return { path: (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace), full).split('\\').join('/') };
}
function readSuiteFile(path, workspace) {
    const fix = 'give the path of a YAML or JSON file in the repository, relative to the workspace (e.g. `evals/suite.yml`), or write the suite inline';
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace, path);
    if (outside((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace), full))
        return { problem: `the file \`${path}\` is outside the workspace: ${fix}` };
    let real;
    try {
        real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(full);
    }
    catch (error) {
        return { problem: `the file \`${path}\` could not be read (${error.code ?? 'unreadable'}): ${fix}` };
    }
    let root = workspace;
    try {
        root = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(workspace);
    }
    catch {
        // A workspace that cannot be resolved: compared as given.
    }
    // A link inside the workspace may still point out of it.
    if (outside(root, real))
        return { problem: `the file \`${path}\` is outside the workspace: ${fix}` };
    const inside = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(root, real);
    try {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(real);
        if (!stat.isFile())
            return { problem: `\`${path}\` is not a file: ${fix}` };
        if (stat.size > MAX_FILE_BYTES)
            return { problem: `the file \`${path}\` is larger than 1 MiB: a suite is at most ${MAX_CASES} cases` };
        return { text: (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(real, 'utf8'), path: inside.split('\\').join('/') };
    }
    catch (error) {
        return { problem: `the file \`${path}\` could not be read (${error.code ?? 'unreadable'}): ${fix}` };
    }
}
function readSuite(value, from, problems) {
    const where = from === 'inline' ? '' : `\`${from}\`: `;
    const problem = (text) => problems.push(`${where}${text}`);
    if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_6__/* .isMapping */ .p)(value)) {
        problem(`must be a YAML or JSON mapping with \`cases\`, ${EXAMPLE}`);
        return undefined;
    }
    unknownKeys(value, SUITE_KEYS, '', problem);
    const assistant = optionalText(value, 'assistant', 'assistant', problem, 'a graph id from the config (e.g. `agent`) or an assistant id');
    const concurrency = integer(value, 'concurrency', 1, 16, EVALS_DEFAULTS.concurrency, problem);
    const repeat = integer(value, 'repeat', 1, 10, EVALS_DEFAULTS.repeat, problem);
    const minPasses = integer(value, 'min-passes', 1, 10, repeat, problem);
    if (minPasses > repeat)
        problem(`\`min-passes\` (${minPasses}) is more than \`repeat\` (${repeat}): a case runs \`repeat\` times, so at most that many runs can pass; lower \`min-passes\` or raise \`repeat\``);
    const timeoutMs = duration(value, 'timeout', 'timeout', problem) ?? EVALS_DEFAULTS.timeoutMs;
    const timeLimitMs = duration(value, 'time-limit', 'time-limit', problem) ?? undefined;
    const passRate = rate(value['pass-rate'], problem);
    const compareWith = optionalText(value, 'compare-with', 'compare-with', problem, "another deployment's exact name");
    const maxRegressions = integer(value, 'max-regressions', 0, MAX_CASES, EVALS_DEFAULTS.maxRegressions, problem);
    if (value['max-regressions'] !== undefined && compareWith === undefined)
        problem('`max-regressions` needs `compare-with`: a regression is a case that passes on that deployment and fails here');
    const dataset = optionalText(value, 'dataset', 'dataset', problem, 'the LangSmith dataset the runs are recorded in');
    const gate = readGateKeys(value, compareWith !== undefined, problem);
    const cases = readCases(value.cases, assistant, problem);
    if (!cases)
        return undefined;
    const runs = cases.length * repeat * (compareWith === undefined ? 1 : 2);
    if (runs > MAX_RUNS) {
        problem(`the suite would send ${runs} runs (${cases.length} cases x ` +
            `\`repeat\` ${repeat}${compareWith === undefined ? '' : ' x 2 deployments'}), more than ${MAX_RUNS}: runs are real agent ` +
            `runs that cost money; lower \`repeat\` or split the suite`);
    }
    return {
        from,
        cases,
        concurrency,
        repeat,
        minPasses,
        timeoutMs,
        ...(value.timeout === undefined || value.timeout === null ? {} : { timeoutSet: true }),
        ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
        passRate,
        ...(compareWith === undefined ? {} : { compareWith }),
        maxRegressions,
        ...(dataset === undefined ? {} : { dataset }),
        ...(value['max-regressions'] === undefined ? {} : { regressionsGated: true }),
        ...gate
    };
}
/** The v1.5 keys of the comparison: `confidence`, `max-repeat`, `on-undecided` (each needs `compare-with`). */
function readGateKeys(value, compared, problem) {
    const repeatGiven = value.repeat !== undefined && value.repeat !== null;
    for (const key of ['confidence', 'max-repeat', 'on-undecided']) {
        if (value[key] !== undefined && !compared)
            problem(`\`${key}\` needs \`compare-with\`: it is about the comparison with another deployment; remove it or add \`compare-with\``);
    }
    if (value['max-repeat'] !== undefined && repeatGiven)
        problem('`max-repeat` is for adaptive runs, and `repeat` runs every case a fixed number of times: keep one (without `repeat`, a case whose sides disagree runs again, up to `max-repeat`)');
    const maxRepeat = integer(value, 'max-repeat', 1, MAX_REPEAT, GATE_DEFAULTS.maxRepeat, problem);
    let confidence = GATE_DEFAULTS.confidence;
    if (value.confidence !== undefined && value.confidence !== null) {
        const text = typeof value.confidence === 'string' || typeof value.confidence === 'number' ? String(value.confidence).trim() : '';
        const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
        const share = percent ? Number(percent[1]) / 100 : /^\d*\.\d+$/.test(text) ? Number(text) : NaN;
        if (!Number.isFinite(share) || share < 0.5 || share > 0.999)
            problem("`confidence` must be a share from 50% to 99.9% (e.g. `95%`, or `0.95`): the suite's false alarms stay under 1 minus it");
        else
            confidence = share;
    }
    let onUndecided = GATE_DEFAULTS.onUndecided;
    if (value['on-undecided'] !== undefined && value['on-undecided'] !== null) {
        if (value['on-undecided'] === 'pass' || value['on-undecided'] === 'fail')
            onUndecided = value['on-undecided'];
        else
            problem('`on-undecided` must be `pass` (the default: undecided cases never fail the gate by themselves) or `fail`');
    }
    return { ...(repeatGiven ? { repeatGiven } : {}), confidence, maxRepeat, onUndecided };
}
function readCases(raw, assistant, problem) {
    if (raw === undefined || raw === null) {
        problem(`\`cases\` is required: a list of cases, ${EXAMPLE}`);
        return undefined;
    }
    if (!Array.isArray(raw)) {
        problem(`\`cases\` must be a list of cases (each \`- input: ...\`), ${EXAMPLE}`);
        return undefined;
    }
    if (raw.length === 0) {
        problem(`\`cases\` is empty: a suite needs at least one case, ${EXAMPLE}`);
        return undefined;
    }
    if (raw.length > MAX_CASES) {
        problem(`\`cases\` has ${raw.length} cases, more than ${MAX_CASES}: split the suite, or keep the cases that tell most`);
        return undefined;
    }
    const seen = new Map();
    const cases = [];
    raw.forEach((item, i) => {
        const at = `cases[${i}]`;
        if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_6__/* .isMapping */ .p)(item)) {
            problem(`\`${at}\` must be a mapping with \`input\` (and \`name\`, \`expect\`)`);
            return;
        }
        unknownKeys(item, CASE_KEYS, `${at}.`, problem);
        const name = optionalText(item, 'name', `${at}.name`, problem, 'a short name shown in the table') ?? `case ${i + 1}`;
        const first = seen.get(name);
        if (first !== undefined)
            problem(`\`${at}.name\` is \`${name.replace(/`/g, "'").slice(0, 60)}\`, as \`cases[${first}].name\` is: names must be unique (the table and \`eval-results\` tell cases apart by them); rename one`);
        else
            seen.set(name, i);
        const own = optionalText(item, 'assistant', `${at}.assistant`, problem, 'a graph id from the config or an assistant id');
        if (own === undefined && assistant === undefined)
            problem(`\`${at}\` has no \`assistant\`: set \`assistant\` at the top of the suite (every case's default) or in the case`);
        const input = item.input;
        if (input === undefined || input === null)
            problem(`\`${at}.input\` is required: a mapping, the graph's input (e.g. \`{messages: [{role: user, content: ...}]}\`)`);
        else if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_6__/* .isMapping */ .p)(input))
            problem(`\`${at}.input\` must be a mapping (the graph's input, e.g. \`{messages: [...]}\`), not a list or a single value`);
        const expect = (0,_checks_registry_js__WEBPACK_IMPORTED_MODULE_3__/* .parseExpect */ .t2)(item.expect, `${at}.expect`, problem);
        if ((0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_6__/* .isMapping */ .p)(input) && expect)
            cases.push({ name, assistant: (own ?? assistant), input, expect });
    });
    return cases.length === raw.length ? cases : undefined;
}
function unknownKeys(mapping, known, prefix, problem) {
    for (const key of Object.keys(mapping)) {
        if (known.includes(key))
            continue;
        if (key.trim() === '') {
            problem(`an empty key${prefix ? ` in \`${prefix.slice(0, -1)}\`` : ''} is not a known key: remove it (the keys are ${known.map((k) => `\`${k}\``).join(', ')})`);
            continue;
        }
        const nearest = (0,_core_similarity_js__WEBPACK_IMPORTED_MODULE_7__/* .nearestName */ .q)(key, known);
        problem(`\`${prefix}${key}\` is not a known key: ${nearest ? `did you mean \`${nearest}\`?` : `the keys are ${known.map((k) => `\`${k}\``).join(', ')}`}`);
    }
}
function optionalText(mapping, key, at, problem, what) {
    const value = mapping[key];
    if (value === undefined || value === null)
        return undefined;
    if (typeof value !== 'string' || value.trim() === '' || /[\r\n]/.test(value)) {
        problem(`\`${at}\` must be one line of text: ${what}`);
        return undefined;
    }
    return value;
}
function integer(mapping, key, min, max, fallback, problem) {
    const value = mapping[key];
    if (value === undefined || value === null)
        return fallback;
    const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
        problem(`\`${key}\` must be a whole number from ${min} to ${max}`);
        return fallback;
    }
    return number;
}
/** A duration in ms; undefined when not given, null when malformed (its problem recorded). */
function duration(mapping, key, at, problem) {
    const value = mapping[key];
    if (value === undefined || value === null)
        return undefined;
    try {
        // A bare number is seconds, as `timeout` itself reads it.
        if (typeof value !== 'string' && typeof value !== 'number')
            throw new Error('must be a duration such as `90s` or `2m`');
        return (0,_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .parseDuration */ .E9)(String(value));
    }
    catch (error) {
        problem(`\`${at}\` ${error.message.replace(/, got .*$/, '')}`);
        return null;
    }
}
/** `95%`, `0.95` or `1`: a share from 0 to 1. */
function rate(value, problem) {
    if (value === undefined || value === null)
        return EVALS_DEFAULTS.passRate;
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
    const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
    const share = percent ? Number(percent[1]) / 100 : typeof value === 'number' || /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN;
    if (!Number.isFinite(share) || share < 0 || share > 1) {
        problem('`pass-rate` must be a share of the cases from 0% to 100% (e.g. `95%`, or `0.95`)');
        return EVALS_DEFAULTS.passRate;
    }
    return share;
}


/***/ })

};

//# sourceMappingURL=46.index.js.map