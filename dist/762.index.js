export const id = 762;
export const ids = [762];
export const modules = {

/***/ 8762:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   duplicateKeys: () => (/* binding */ duplicateKeys),
/* harmony export */   formatPath: () => (/* binding */ formatPath),
/* harmony export */   parseChecked: () => (/* binding */ parseChecked),
/* harmony export */   parseYaml: () => (/* binding */ parseYaml),
/* harmony export */   schemaProblems: () => (/* binding */ schemaProblems)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5165);


function parseYaml(raw) {
    const lineCounter = new yaml__WEBPACK_IMPORTED_MODULE_0__/* .LineCounter */ .HN();
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(raw, { lineCounter, uniqueKeys: false, prettyErrors: false });
    const [first] = doc.errors;
    if (first) {
        const line = lineCounter.linePos(first.pos[0]).line;
        throw new Error(`not valid YAML or JSON (line ${line}): ${first.code.toLowerCase().replace(/_/g, ' ')}`);
    }
    const contents = doc.contents;
    return {
        value: doc.toJS({ maxAliasCount: 100 }),
        topLevelKeys: (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(contents) ? contents.items.map((pair) => String((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(pair.key) ? pair.key.value : pair.key)) : [],
        lineOf: (path) => {
            const node = doc.getIn(path, true);
            return node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
        }
    };
}
/** `a.b[0].c`, the way users write paths into their YAML. */
function formatPath(path) {
    return path.reduce((out, key) => {
        if (typeof key === 'number')
            return `${out}[${key}]`;
        return out ? `${out}.${String(key)}` : String(key);
    }, '');
}
/** A YAML/JSON input checked against a schema: its value, or the problems, each naming a path. */
function parseChecked(raw, schema) {
    let value;
    try {
        value = parseYaml(raw).value;
    }
    catch (error) {
        return { problems: [error.message] };
    }
    return schemaProblems(schema, value);
}
/**
 * Validates a parsed input against a strict zod schema and returns one message per
 * problem, each naming the path. Unknown keys are reported by name.
 */
function schemaProblems(schema, value) {
    const result = schema.safeParse(value);
    if (result.success)
        return { data: result.data, problems: [] };
    const problems = result.error.issues.flatMap((issue) => {
        if (issue.code === 'unrecognized_keys') {
            return issue.keys.map((key) => `${(0,_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .codeOrEmpty */ .KR)(formatPath([...issue.path, key]), 'an empty key')} is not a known key`);
        }
        if (issue.path.length === 0 && issue.code === 'invalid_type') {
            return [issue.expected === 'array' ? 'must be a YAML or JSON list' : 'must be a YAML or JSON mapping (`key: value` lines)'];
        }
        const where = `\`${formatPath(issue.path)}\``;
        if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined'))
            return [`${where} is required`];
        return [`${where}: ${issue.message}`];
    });
    return { problems };
}
/**
 * The keys written twice in one mapping, anywhere in a YAML (or JSON) text, each with its path
 * and lines. YAML's reader keeps the last and drops the first silently: a suite with two `cases:`
 * would lose a whole list. Positions only, never a value.
 */
function duplicateKeys(raw) {
    const lineCounter = new yaml__WEBPACK_IMPORTED_MODULE_0__/* .LineCounter */ .HN();
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(raw, { lineCounter, uniqueKeys: false, prettyErrors: false });
    const found = [];
    const lineAt = (node) => {
        const range = node?.range;
        return range ? lineCounter.linePos(range[0]).line : 0;
    };
    const walk = (node, path, depth) => {
        if (depth > 64)
            return;
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
            const seen = new Map();
            for (const pair of node.items) {
                const key = String((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(pair.key) ? pair.key.value : pair.key);
                seen.set(key, [...(seen.get(key) ?? []), lineAt(pair.key)]);
                walk(pair.value, [...path, key], depth + 1);
            }
            for (const [key, lines] of seen)
                if (lines.length > 1)
                    found.push({ path: formatPath([...path, key]), lines });
        }
        else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node))
            node.items.forEach((item, i) => walk(item, [...path, i], depth + 1));
    };
    if (doc.errors.length === 0)
        walk(doc.contents, [], 0);
    return found;
}


/***/ })

};

//# sourceMappingURL=762.index.js.map