export const id = 673;
export const ids = [673];
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

/***/ 7673:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SMOKE_TEST_DEFAULT_TIMEOUT_MS: () => (/* binding */ SMOKE_TEST_DEFAULT_TIMEOUT_MS),
/* harmony export */   parseSmokeTest: () => (/* binding */ parseSmokeTest)
/* harmony export */ });
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5165);
/* harmony import */ var _core_mapping_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(305);


const SMOKE_TEST_DEFAULT_TIMEOUT_MS = 2 * 60_000;
const KEYS = ['assistant', 'input', 'expect', 'timeout'];
const EXAMPLE = 'e.g. `{"assistant": "agent", "input": {"messages": [{"role": "user", "content": "ping"}]}, "expect": "pong"}`';
/**
 * The `smoke-test` input: a YAML or JSON mapping. Problems name the key and the fix; values are
 * not repeated (an input may be built from secrets).
 */
async function parseSmokeTest(raw) {
    const { parseYaml } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(762)]).then(__webpack_require__.bind(__webpack_require__, 8762));
    let value;
    try {
        value = parseYaml(raw).value;
    }
    catch (error) {
        return { problems: [`${error.message}; write a mapping, ${EXAMPLE}`] };
    }
    if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_1__/* .isMapping */ .p)(value))
        return { problems: [`must be a YAML or JSON mapping with \`assistant\` and \`input\`, ${EXAMPLE}`] };
    const problems = [];
    for (const key of Object.keys(value)) {
        if (!KEYS.includes(key))
            problems.push(`${(0,_parsers_js__WEBPACK_IMPORTED_MODULE_0__/* .codeOrEmpty */ .KR)(key, 'an empty key')} is not a known key (known: ${KEYS.map((k) => `\`${k}\``).join(', ')})`);
    }
    const { assistant, input, expect } = value;
    if (assistant === undefined || assistant === null)
        problems.push('`assistant` is required: a graph id from the config (e.g. `agent`) or an assistant id');
    else if (typeof assistant !== 'string' || assistant.trim() === '' || /[\r\n]/.test(assistant))
        problems.push('`assistant` must be one line of text: a graph id from the config or an assistant id');
    if (input === undefined || input === null)
        problems.push('`input` is required: a mapping, the graph\'s input (e.g. `{"messages": [...]}`)');
    else if (!(0,_core_mapping_js__WEBPACK_IMPORTED_MODULE_1__/* .isMapping */ .p)(input))
        problems.push('`input` must be a mapping (the graph\'s input, e.g. `{"messages": [...]}`), not a list or a single value');
    if (expect !== undefined && (typeof expect !== 'string' || expect === ''))
        problems.push('`expect` must be text the answer must contain; quote it if it looks like a number');
    let timeoutMs;
    const timeout = value.timeout;
    if (timeout !== undefined) {
        try {
            // A bare number is seconds, as `timeout` itself reads it.
            if (typeof timeout !== 'string' && typeof timeout !== 'number')
                throw new Error('must be a duration such as `90s` or `2m`');
            timeoutMs = (0,_parsers_js__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E9)(String(timeout));
        }
        catch (error) {
            problems.push(`\`timeout\` ${error.message.replace(/, got .*$/, '')}`);
        }
    }
    if (problems.length > 0)
        return { problems };
    return {
        data: {
            assistant: assistant,
            input: input,
            ...(expect !== undefined ? { expect: expect } : {}),
            ...(timeoutMs !== undefined ? { timeoutMs } : {})
        },
        problems
    };
}


/***/ })

};

//# sourceMappingURL=673.index.js.map