export const id = 46;
export const ids = [46];
export const modules = {

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

/***/ 3046:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EVALS_DEFAULTS: () => (/* binding */ EVALS_DEFAULTS),
/* harmony export */   MAX_CASES: () => (/* binding */ MAX_CASES),
/* harmony export */   MAX_RUNS: () => (/* binding */ MAX_RUNS),
/* harmony export */   parseEvals: () => (/* binding */ parseEvals),
/* harmony export */   sourceOf: () => (/* binding */ sourceOf),
/* harmony export */   valuePathSteps: () => (/* binding */ valuePathSteps)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _core_similarity_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8404);
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5165);
/* harmony import */ var _core_mapping_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(305);





const EVALS_DEFAULTS = { concurrency: 4, repeat: 1, timeoutMs: 2 * 60_000, passRate: 1, maxRegressions: 0 };
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
    'cases'
];
const CASE_KEYS = ['name', 'assistant', 'input', 'expect'];
const EXPECT_KEYS = ['contains', 'not-contains', 'matches', 'value', 'max-duration'];
const VALUE_KEYS = ['path', 'equals'];
const EXAMPLE = 'e.g. `cases: [{name: says-pong, input: {messages: [{role: user, content: Say pong.}]}, expect: {contains: pong}}]`';
/**
 * The `evals` input: a path to a YAML or JSON file in the workspace (relative to
 * `GITHUB_WORKSPACE`), or the suite written inline as a YAML mapping. One line that is not a
 * mapping is a path. Every problem names the key and the fix; no value is repeated (an input
 * may be built from secrets).
 */
async function parseEvals(raw, context = {}) {
    const source = sourceOf(raw);
    let text;
    let from;
    if ('file' in source) {
        const read = readSuiteFile(source.file, (context.env ?? process.env).GITHUB_WORKSPACE || process.cwd());
        if ('problem' in read)
            return { problems: [read.problem] };
        text = read.text;
        from = read.path;
    }
    else {
        text = source.inline;
        from = 'inline';
    }
    const { parseYaml } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(762)]).then(__webpack_require__.bind(__webpack_require__, 8762));
    let value;
    try {
        value = parseYaml(text).value;
    }
    catch (error) {
        return {
            problems: [`${from === 'inline' ? '' : `\`${from}\`: `}${error.message}; write a mapping with \`cases\`, ${EXAMPLE}`]
        };
    }
    const problems = [];
    const suite = readSuite(value, from, problems);
    return problems.length > 0 || !suite ? { problems } : { data: suite, problems };
}
function sourceOf(raw) {
    const trimmed = raw.trim();
    // A path is one line, and never a YAML mapping (`key: value`, `{...}`).
    if (!/[\r\n]/.test(trimmed) && !trimmed.startsWith('{') && !/:(\s|$)/.test(trimmed))
        return { file: trimmed };
    return { inline: raw };
}
function readSuiteFile(path, workspace) {
    const fix = 'give the path of a YAML or JSON file in the repository, relative to the workspace (e.g. `evals/suite.yml`), or write the suite inline';
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace, path);
    const outside = (from, to) => {
        const inside = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(from, to);
        return inside === '' || inside.startsWith('..') || (0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(inside);
    };
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
    if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_3__/* .isMapping */ .p)(value)) {
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
        ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
        passRate,
        ...(compareWith === undefined ? {} : { compareWith }),
        maxRegressions
    };
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
        if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_3__/* .isMapping */ .p)(item)) {
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
        else if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_3__/* .isMapping */ .p)(input))
            problem(`\`${at}.input\` must be a mapping (the graph's input, e.g. \`{messages: [...]}\`), not a list or a single value`);
        const expect = readExpect(item.expect, `${at}.expect`, problem);
        if ((0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_3__/* .isMapping */ .p)(input) && expect)
            cases.push({ name, assistant: (own ?? assistant), input, expect });
    });
    return cases.length === raw.length ? cases : undefined;
}
function readExpect(raw, at, problem) {
    if (raw === undefined || raw === null)
        return {};
    if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_3__/* .isMapping */ .p)(raw)) {
        problem(`\`${at}\` must be a mapping of checks (\`contains\`, \`not-contains\`, \`matches\`, \`value\`, \`max-duration\`)`);
        return undefined;
    }
    unknownKeys(raw, EXPECT_KEYS, `${at}.`, problem);
    const expect = {};
    let ok = true;
    const texts = (key) => {
        const value = raw[key];
        if (value === undefined)
            return undefined;
        const list = Array.isArray(value) ? value : [value];
        if (list.length === 0 || list.some((t) => typeof t !== 'string' || t === '')) {
            problem(`\`${at}.${key}\` must be text, or a list of texts (quote one that looks like a number)`);
            ok = false;
            return undefined;
        }
        return list;
    };
    const contains = texts('contains');
    if (contains)
        expect.contains = contains;
    const notContains = texts('not-contains');
    if (notContains)
        expect.notContains = notContains;
    if (raw.matches !== undefined) {
        if (typeof raw.matches !== 'string' || raw.matches === '') {
            problem(`\`${at}.matches\` must be a regular expression, written as text (quote it: \`'^pong\\b'\`)`);
            ok = false;
        }
        else {
            try {
                expect.matches = regularExpression(raw.matches);
            }
            catch (error) {
                problem(`\`${at}.matches\` is not a valid regular expression (JavaScript ` +
                    `syntax): ${error.message.replace(/^Invalid regular expression: \/.*\/u?: /, '')}; fix it, or escape the ` +
                    `characters meant literally with \`\\\``);
                ok = false;
            }
        }
    }
    if (raw.value !== undefined) {
        const value = raw.value;
        if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_3__/* .isMapping */ .p)(value) || typeof value.path !== 'string' || !('equals' in value)) {
            problem(`\`${at}.value\` must be a mapping with \`path\` (e.g. \`structured_response.intent\`) and \`equals\` (the value, compared as JSON)`);
            ok = false;
        }
        else {
            unknownKeys(value, VALUE_KEYS, `${at}.value.`, problem);
            const steps = valuePathSteps(value.path);
            if (!steps) {
                problem(`\`${at}.value.path\` must be a dotted path into the final state, with \`[n]\` for a list item (e.g. \`messages[1].content\`)`);
                ok = false;
            }
            else
                expect.value = { path: value.path, steps, equals: value.equals };
        }
    }
    const maxDuration = duration(raw, 'max-duration', `${at}.max-duration`, problem);
    if (maxDuration === null)
        ok = false;
    else if (maxDuration !== undefined)
        expect.maxDurationMs = maxDuration;
    return ok ? expect : undefined;
}
/**
 * A `matches` pattern, in JavaScript's syntax: with the `u` flag (whole characters, `\p{...}`)
 * when the pattern is valid under it, else without, so that an escape JavaScript allows only
 * without `u` (`pong\!`) is not refused.
 */
function regularExpression(pattern) {
    try {
        return new RegExp(pattern, 'u');
    }
    catch {
        return new RegExp(pattern);
    }
}
/** The steps of a `value.path` (`messages[1].content` is `messages`, 1, `content`); undefined when it is not such a path. */
function valuePathSteps(path) {
    if (!/^([^.[\]]+|\[\d+\])(\.[^.[\]]+|\[\d+\])*$/.test(path))
        return undefined;
    return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((step) => (step[2] !== undefined ? Number(step[2]) : step[1]));
}
function unknownKeys(mapping, known, prefix, problem) {
    for (const key of Object.keys(mapping)) {
        if (known.includes(key))
            continue;
        if (key.trim() === '') {
            problem(`an empty key${prefix ? ` in \`${prefix.slice(0, -1)}\`` : ''} is not a known key: remove it (the keys are ${known.map((k) => `\`${k}\``).join(', ')})`);
            continue;
        }
        const nearest = (0,_core_similarity_js__WEBPACK_IMPORTED_MODULE_4__/* .nearestName */ .q)(key, known);
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