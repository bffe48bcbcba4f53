export const id = 330;
export const ids = [330];
export const modules = {

/***/ 2637:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ otherCommitCheckedOut),
/* harmony export */   t: () => (/* binding */ checkoutCommitGate)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);


/**
 * `expected-commit` for a remote build: the archive holds the files of the commit checked out
 * where the config is, from git's objects (a file a step changed ships as committed), so that
 * commit, the one its files were listed from, must be the expected one. Nothing is packed or sent
 * otherwise.
 */
const checkoutCommitGate = {
    id: 'checkout-commit',
    stage: 'archive',
    appliesTo: ({ inputs }) => inputs.expectedCommit !== undefined,
    run({ inputs, deps, layout, selection }) {
        const expected = inputs.expectedCommit;
        const listed = selection.tiedToCommit;
        if (!listed) {
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('bad-input', `\`expected-commit\` is ${expected}, but the config's folder (${(0,node_path__WEBPACK_IMPORTED_MODULE_0__.dirname)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(layout.root, layout.configPath))}) is ` +
                `not in a git checkout whose commit can be read, so what would be archived cannot be shown to be that commit. Nothing ` +
                `was sent.`, 'Check out the repository (actions/checkout) before this step, at the expected commit (its `ref` input).');
        }
        if (listed !== expected)
            throw otherCommitCheckedOut(listed, expected);
        deps.log.info(`The checkout has commit ${expected} checked out, the expected one; its files ship from git's objects.`);
        return {};
    }
};
/** The refusal of a checkout at another commit than `expected-commit`: before anything is listed (remote-build.ts), and by this gate. */
function otherCommitCheckedOut(checkedOut, expected) {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('bad-input', `The checkout has commit ${checkedOut} checked out, not \`expected-commit\` ${expected}: the archive would ship code that was not tested. ` +
        'Nothing was sent.', 'Check out the expected commit (actions/checkout with `ref: <the commit>`), or test this one first.');
}


/***/ }),

/***/ 4330:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ZY: () => (/* binding */ DEPLOY_GATES),
  kx: () => (/* binding */ runArchiveGates),
  AQ: () => (/* binding */ runGates)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/operations/config-check/read-capped.ts
var read_capped = __webpack_require__(9966);
;// CONCATENATED MODULE: ./src/operations/config-check/archive-files.ts


/** How to ship a file each rule left out: a file that is committed is never told to be committed. */
const FIXES = {
    untracked: ['Commit it (a remote build ships what git tracks), or name it in ', { code: 'archive-include' }, '.'],
    ignored: ['Change that ignore rule, or name the file in ', { code: 'archive-include' }, '.'],
    secret: ['A secret file never ships: pass secrets through the ', { code: 'secrets' }, ' input, or rename the file if it holds none.'],
    link: ['A link never ships: put the file itself there.'],
    excluded: ['Take it out of ', { code: 'archive-exclude' }, '.'],
    other: ['Make it a regular file.']
};
/** Our words for a file left out without a rule to name. */
const REASONS = {
    untracked: 'git: not committed',
    ignored: 'an ignore file',
    secret: 'the secret-file rule',
    link: 'the link rule (links never ship)',
    excluded: 'archive-exclude',
    other: 'not a regular file'
};
/**
 * The files a remote build gets: exactly the archive's selection (paths from the archive's
 * root), each read from where it would be packed (git's objects for a file of the commit, through `reads`); a file left out says by which rule (an
 * ignore file, `archive-exclude`, not tracked by git...).
 */
function archiveFiles(selection, reads) {
    const files = new Map();
    const dirs = new Set(['']);
    const children = new Map();
    for (const entry of selection.entries) {
        const path = entry.path.replace(/\/$/, '');
        if (entry.type === 'directory')
            dirs.add(path);
        else
            files.set(path, entry);
        const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
        children.set(parent, [...(children.get(parent) ?? []), path.slice(path.lastIndexOf('/') + 1)]);
    }
    // Left-out paths are from the workspace; the config's are from the archive's root.
    const prefix = workspacePrefix(selection);
    return {
        reads,
        archive: true,
        rootName: (0,external_node_path_.basename)(selection.root),
        kind: (path) => (files.has(path) ? 'file' : dirs.has(path) ? 'dir' : 'absent'),
        list: (dir) => (dirs.has(dir) ? (children.get(dir) ?? []) : undefined),
        read: (path) => {
            const entry = files.get(path);
            if (entry === undefined)
                return undefined;
            // A file of the commit is read as the archive ships it: from git's objects.
            return entry.blob ? reads.text(entry.blob) : (0,read_capped/* readCapped */.E)(entry.absPath);
        },
        leftOut(path) {
            const hit = leftOutHit(selection, prefix + path);
            return hit && (hit.rule ?? REASONS[hit.reason]);
        },
        leftOutFix(path) {
            const hit = leftOutHit(selection, prefix + path);
            if (!hit)
                return undefined;
            // A `.dockerignore` leaves a file out whatever `archive-include` says.
            if (hit.reason === 'ignored' && hit.rule?.endsWith('.dockerignore'))
                return ['Change that ', { code: '.dockerignore' }, ' rule: it always leaves the file out.'];
            return FIXES[hit.reason];
        }
    };
}
function leftOutHit(selection, inWorkspace) {
    return selection.leftOut.find((item) => item.path === inWorkspace || (item.path.endsWith('/') && inWorkspace.startsWith(item.path)));
}
/** The archive's root from the workspace, with a trailing `/` (empty when they are the same). */
function workspacePrefix(selection) {
    const path = (0,external_node_path_.relative)(selection.workspace, selection.root).split(external_node_path_.sep).join('/');
    return path ? `${path}/` : '';
}

;// CONCATENATED MODULE: ./src/operations/config-check/files.ts

/**
 * `relative` (as written in the config) from the config's directory, normalised against the
 * source's root; undefined when it leaves the root (`../..` past it, or absolute), where no
 * source has anything.
 */
function fromConfig(configPath, relative) {
    // The build runs on Linux, where a `\\` is part of a name, not a separator.
    const written = relative;
    if (written.startsWith('/'))
        return undefined;
    const joined = external_node_path_.posix.normalize(external_node_path_.posix.join(external_node_path_.posix.dirname(configPath), written));
    if (joined === '..' || joined.startsWith('../'))
        return undefined;
    // `a/b/../../` normalises to `./`: the root, as `.` is.
    const path = joined.replace(/\/$/, '');
    return path === '.' ? '' : path;
}
/** Whether `path` is `dir` or below it ('' is the root, above everything). */
function isWithin(path, dir) {
    return dir === '' || path === dir || path.startsWith(`${dir}/`);
}

// EXTERNAL MODULE: ./src/core/quoted.ts
var quoted = __webpack_require__(891);
;// CONCATENATED MODULE: ./src/operations/config-check/problem.ts

function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Python's truthiness, which the client's `if config.get(...)` tests use: empty strings, lists and mappings, 0 and null are false. */
function truthy(value) {
    if (value === null || value === undefined || value === false || value === 0 || value === '')
        return false;
    if (Array.isArray(value))
        return value.length > 0;
    if (isObject(value))
        return Object.keys(value).length > 0;
    return true;
}
/** The problem as one line of the log and of the `::error::`. */
function problemText(problem) {
    return `\`${problem.file}\` \`${problem.key}\`: ${(0,quoted/* plainText */.wh)(problem.what)} ${(0,quoted/* plainText */.wh)(problem.fix)}`;
}
/** The problem as the reports show it: the key (after its file, when not the config named above it), what is wrong and the fix. */
function problemSaid(problem, configPath) {
    const file = problem.file === configPath ? [] : [{ code: problem.file }, ' '];
    return [...file, { code: problem.key }, ': ', ...problem.what, ' ', ...problem.fix];
}

;// CONCATENATED MODULE: ./src/operations/config-check/graphs.ts

/** The extensions the client's `_is_node_graph` reads as Node.js; any other is Python. */
const NODE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];
/** A graph's import string (`./src/agent.py:graph`, or `agent.graphs:graph`), or undefined when the entry has none. */
function importString(spec) {
    const value = isObject(spec) ? spec.path : spec;
    return typeof value === 'string' ? value : undefined;
}
/** `_is_node_graph`: the extension of the part before the first `:`. */
function isNodeGraph(spec) {
    const file = spec.split(':')[0];
    const base = file.slice(file.lastIndexOf('/') + 1);
    const dot = base.lastIndexOf('.');
    // Python's splitext: a leading dot (`.ts`) is a name, not an extension.
    const extension = dot > 0 ? base.slice(dot) : '';
    return NODE_EXTENSIONS.includes(extension);
}
/** Python's `str.partition(':')`: module and attribute, the attribute empty when there is no `:`. */
function splitImport(spec) {
    const at = spec.indexOf(':');
    return at < 0
        ? { module: spec, attribute: '', hasColon: false }
        : { module: spec.slice(0, at), attribute: spec.slice(at + 1), hasColon: true };
}
/** A module string that the client reads as a file path: it has a `/` or a `\`. */
function isFilePath(module) {
    return module.includes('/') || module.includes('\\');
}

;// CONCATENATED MODULE: ./src/operations/config-check/left-out.ts
/** A path the config names that the build will not have: gone, outside what ships, or left out by a rule (named). */
function missingSaid(files, path, written) {
    const rule = path === undefined ? undefined : files.leftOut?.(path);
    if (rule)
        return [{ code: written }, ' is not shipped: left out by ', { code: rule }, '.'];
    return [{ code: written }, path === undefined ? ' is outside what is shipped.' : ' does not exist.'];
}
/**
 * How to ship a file a rule left out, in the words of that rule (a committed file is never told
 * to be committed: a link, a secret, an exclusion each say their own); `otherwise` when no rule
 * left it out.
 */
function leftOutFix(files, path, otherwise) {
    if (path === undefined || !files.leftOut?.(path))
        return otherwise;
    return files.leftOutFix?.(path) ?? files.shipFix ?? ['Ship it: change the rule that leaves it out.'];
}

// EXTERNAL MODULE: ./src/operations/config-check/python-json.ts
var python_json = __webpack_require__(6751);
;// CONCATENATED MODULE: ./src/operations/config-check/build-files.ts





/*
 * What the client refuses when it builds a Python config (`python_config_to_docker`): the local
 * dependencies (`_assemble_local_deps`) and the files the config names (`_update_graph_paths`,
 * `_update_auth_path`, `_update_encryption_path`, `_update_checkpointer_path`,
 * `_update_http_app_path`), checked against the files the build gets.
 */
/** `_assemble_local_deps`' reserved names: a local package may not take one (nor one another package took). */
const RESERVED = [
    'src',
    'langgraph-api',
    'langgraph_api',
    'langgraph',
    'langchain-core',
    'langchain_core',
    'pydantic',
    'orjson',
    'fastapi',
    'uvicorn',
    'psycopg',
    'httpx',
    'langsmith'
];
/** The local dependencies that are directories the build gets, as paths from the root; problems for the others. */
function localDependencies(entries, configPath, files, problem) {
    const dirs = [];
    const taken = new Set(RESERVED);
    entries.forEach((dependency, index) => {
        const key = `dependencies[${index}]`;
        if (typeof dependency !== 'string') {
            problem(key, ['must be a string: a package, or a local directory such as ', { code: '"."' }, '.'], ['Fix the entry.']);
            return;
        }
        if (!dependency.startsWith('.'))
            return;
        const path = fromConfig(configPath, dependency);
        const kind = path === undefined ? 'absent' : files.kind(path);
        if (kind === 'unknown')
            return;
        if (kind === 'absent')
            return problem(key, ['the local dependency ', ...missingSaid(files, path, dependency)], leftOutFix(files, path, ['Fix the path (it is relative to the config file), or remove the entry.']));
        if (kind === 'file')
            return problem(key, ['the local dependency ', { code: dependency }, ' is a file; it must be a directory.'], ['Name the directory that holds the package.']);
        // A remote build's folder that ships empty (another checkout inside the workspace, files never committed) installs nothing.
        if (files.archive && !holdsAFile(files, path))
            return problem(key, [
                'the local dependency ',
                { code: dependency },
                ' would ship empty: none of the files under it is in what the archive holds ',
                '(they are not in the commit checked out: another checkout, or never committed).'
            ], leftOutFix(files, path, [
                'Commit its files to this repository (a submodule counts), or name them in ',
                { code: 'archive-include' },
                '.'
            ]));
        dirs.push(path);
        packageNames(path, dependency, key, files, taken, problem);
    });
    return dirs;
}
/** Whether a folder of the files holds a file at any depth (a walk that stops at the first). */
function holdsAFile(files, dir) {
    const folders = [dir];
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
        for (const name of files.list(folder) ?? []) {
            const path = folder === '' ? name : `${folder}/${name}`;
            const kind = files.kind(path);
            if (kind === 'file' || kind === 'unknown')
                return true;
            if (kind === 'dir')
                folders.push(path);
        }
    }
    return false;
}
/** A directory without `pyproject.toml` or `setup.py` is made a package from its name (flat layout) or its subdirectories (src layout). */
function packageNames(dir, written, key, files, taken, problem) {
    const names = files.list(dir);
    if (!names || names.includes('pyproject.toml') || names.includes('setup.py'))
        return;
    const reserve = (name) => {
        if (taken.has(name))
            problem(key, [
                'the local dependency ',
                { code: written },
                ' makes a package named ',
                { code: name },
                ', a name that is reserved or already taken.'
            ], ['Rename the directory.']);
        taken.add(name);
    };
    if (names.includes('__init__.py')) {
        // At the root, the package is named after the folder the client runs on: for a remote build, the client's
        // archive step judges it on this machine (the archive's root); a `github` build's own folder no one can read here.
        const name = dir === '' ? (files.archive ? files.rootName : undefined) : dir.slice(dir.lastIndexOf('/') + 1);
        if (name === undefined)
            return;
        if (name.includes('-'))
            return problem(key, ['the local dependency ', { code: written }, ' is a flat-layout package whose directory name ', { code: name }, ' has a hyphen.'], ['Rename the directory (e.g. with ', { code: '_' }, '), or add a ', { code: 'pyproject.toml' }, '.']);
        return reserve(name);
    }
    for (const name of names) {
        if (name === '__pycache__' || name.startsWith('.'))
            continue;
        const sub = dir ? `${dir}/${name}` : name;
        if (files.kind(sub) !== 'dir')
            continue;
        if ((files.list(sub) ?? []).some((file) => file.endsWith('.py')))
            reserve(name);
    }
}
/** `_update_graph_paths` and `_update_http_app_path`: a file path must be a file inside a local dependency. */
function pythonFileRules(config, configPath, dirs, files, problem) {
    const graphs = isObject(config.graphs) ? config.graphs : {};
    for (const [id, spec] of Object.entries(graphs)) {
        const path = importString(spec);
        if (path !== undefined)
            importRule(`graphs.${id}`, path, configPath, dirs, files, problem);
    }
    const http = config.http;
    if (isObject(http) && typeof http.app === 'string' && http.app !== '')
        importRule('http.app', http.app, configPath, dirs, files, problem);
    for (const section of ['auth', 'encryption', 'checkpointer']) {
        const conf = config[section];
        if (isObject(conf) && typeof conf.path === 'string')
            dottedPathRule(`${section}.path`, conf.path, configPath, dirs, files, problem);
    }
}
function importRule(key, spec, configPath, dirs, files, problem) {
    const { module, attribute } = splitImport(spec);
    if (!module || !attribute)
        return problem(key, [{ code: spec }, ' must be ', { code: '"<module or file>:<variable>"' }, '.'], ['Add the variable after a ', { code: ':' }, ', e.g. ', { code: './agent.py:graph' }, '.']);
    // A module name (`agent.graphs:graph`) is imported from the installed packages: nothing to find on disk.
    if (isFilePath(module))
        fileRule(key, module, configPath, dirs, files, problem);
}
/** `auth.path`, `encryption.path`, `checkpointer.path`: only a relative path with a `:` (`./auth.py:auth`) is a local file. */
function dottedPathRule(key, spec, configPath, dirs, files, problem) {
    const { module, hasColon } = splitImport(spec);
    if (!hasColon || !module.startsWith('.'))
        return;
    const path = fileRule(key, module, configPath, dirs, files, problem);
    // The client looks for these three under a local dependency by the path as written, `..` kept
    // (`apps/agent/../shared/auth.py` is under no `apps/shared`): only a graph's path is resolved first.
    if (path === undefined || !dirs || dirs.some((dir) => isWithin(asWritten(configPath, module), dir)))
        return;
    problem(key, [
        { code: module },
        ' goes up through ',
        { code: '..' },
        ', and the build looks for it under a local dependency by its path as written, not resolved: none of ',
        { code: 'dependencies' },
        ' holds it that way.'
    ], ["Move the file into a local dependency below the config's directory (or list that directory, e.g. ", { code: '"."' }, ').']);
}
/** `module` joined to the config's directory as Python's `pathlib` joins it: `.` and empty parts gone, `..` kept. */
function asWritten(configPath, module) {
    const configDir = configPath.includes('/') ? configPath.slice(0, configPath.lastIndexOf('/')) : '';
    return [...configDir.split('/'), ...module.split('/')].filter((part) => part !== '' && part !== '.').join('/');
}
/**
 * A module the config names (relative to the config file): its path when it is a file; otherwise
 * undefined, with the problem said (missing, left out of what ships, a directory). Undefined and
 * nothing said when the source cannot tell (GitHub's listing cut short).
 */
function existingFile(key, module, configPath, files, problem) {
    const path = fromConfig(configPath, module);
    const kind = path === undefined ? 'absent' : files.kind(path);
    if (kind === 'unknown')
        return undefined;
    if (kind === 'absent') {
        problem(key, ['the file ', ...missingSaid(files, path, module)], leftOutFix(files, path, ['Fix the path (it is relative to the config file).']));
        return undefined;
    }
    if (kind === 'dir') {
        problem(key, [{ code: module }, ' is a directory; it must be a file.'], ["Name the module's file."]);
        return undefined;
    }
    return path;
}
/** `dirs` undefined: `dependencies` has a problem of its own, so whether a file is installed is not said again. */
function fileRule(key, module, configPath, dirs, files, problem) {
    const path = existingFile(key, module, configPath, files, problem);
    if (path === undefined)
        return undefined;
    if (dirs && !dirs.some((dir) => isWithin(path, dir))) {
        problem(key, [{ code: module }, ' is not inside any local directory of ', { code: 'dependencies' }, ', so the build does not install it.'], ['Add its directory (e.g. ', { code: '"."' }, ') to ', { code: 'dependencies' }, '.']);
        return undefined;
    }
    return path;
}
/**
 * A Node.js config's graph files must exist: the client's `node_config_to_docker` copies the
 * config's directory and runs the server's JS build over every graph, which fails on a file
 * that is not there. Its `validate_config` does not look, so this is the one file rule of a
 * Node.js config.
 */
function nodeFileRules(config, configPath, files, problem) {
    const graphs = isObject(config.graphs) ? config.graphs : {};
    for (const [id, spec] of Object.entries(graphs)) {
        const path = importString(spec);
        if (path === undefined)
            continue;
        const { module } = splitImport(path);
        if (!isFilePath(module))
            continue;
        const resolved = fromConfig(configPath, module);
        const kind = resolved === undefined ? 'absent' : files.kind(resolved);
        if (kind === 'absent')
            problem(`graphs.${id}`, ['the file ', ...missingSaid(files, resolved, module)], leftOutFix(files, resolved, ['Fix the path (it is relative to the config file).']));
        else if (kind === 'dir')
            problem(`graphs.${id}`, [{ code: module }, ' is a directory; it must be a file.'], ["Name the module's file."]);
    }
}
/** `validate_config_file`: a `package.json` beside a Node.js config may name only the `node` engine, a major version of at least 20. */
function packageJsonRules(configPath, files, minNode, nodeMajor, push) {
    const path = fromConfig(configPath, 'package.json');
    if (path === undefined || files.kind(path) !== 'file')
        return;
    const text = files.read(path);
    if (text === undefined)
        return;
    const problem = (key, what, fix) => push({ file: path, key, what, fix });
    let json;
    try {
        json = (0,python_json/* parsePythonJson */.S)(text);
    }
    catch {
        return problem('(file)', ['is not valid JSON, and the build reads it beside a Node.js config.'], ['Fix the JSON.']);
    }
    if (!isObject(json) || !('engines' in json))
        return;
    const engines = json.engines;
    if (!isObject(engines))
        return problem('engines', ['must be a mapping with only ', { code: 'node' }, '.'], ['Fix ', { code: 'engines' }, '.']);
    const others = Object.keys(engines).filter((name) => name !== 'node');
    if (others.length > 0)
        return problem('engines', ['names engines other than ', { code: 'node' }, ': ', { code: others.join(', ') }, '.'], ['Keep only ', { code: 'node' }, ' in ', { code: 'engines' }, '.']);
    if (!('node' in engines))
        return;
    const major = nodeMajor(engines.node);
    if (major === undefined)
        problem('engines.node', ['must be a major version only (no range, minor or patch): ', { code: JSON.stringify(engines.node) }, '.'], ['Write e.g. ', { code: `"node": "${minNode}"` }, '.']);
    else if (major < minNode)
        problem('engines.node', ['Node.js ', { code: String(engines.node) }, ` is below the minimum, ${minNode}.`], ['Write e.g. ', { code: `"node": "${minNode}"` }, '.']);
}

;// CONCATENATED MODULE: ./src/operations/config-check/static-read.ts
/**
 * Whether a graph's module defines its variable, by reading the text, never running it: for
 * a warning only (a variable made another way, e.g. by `globals()` or a re-export we cannot
 * follow, is not a problem). Undefined when the text cannot tell (`from x import *`, `export *`).
 */
function definesName(text, name, language) {
    return language === 'python' ? pythonDefines(text, name) : nodeDefines(text, name);
}
function static_read_escape(name) {
    return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** A top-level assignment, `def`, `class` or import of the name (the statement starts at column 0). */
function pythonDefines(text, name) {
    const n = static_read_escape(name);
    const patterns = [
        new RegExp(`^(?:async\\s+)?def\\s+${n}\\b`, 'm'),
        new RegExp(`^class\\s+${n}\\b`, 'm'),
        // `graph = ...`, `graph: T = ...`, `a, graph = ...`, `graph = other = ...`
        new RegExp(`^(?:[A-Za-z_][\\w]*\\s*(?:,|=)\\s*)*${n}\\s*(?::[^=\\n]*)?=(?!=)`, 'm'),
        // `import x as graph`, `from m import a, graph`, `from m import (a,\n graph)`
        new RegExp(`^(?:from\\s+\\S+\\s+)?import\\b[^;\\n]*?(?:\\(|,|\\s)\\s*(?:[\\w.]+\\s+as\\s+)?${n}\\b(?!\\.)`, 'm'),
        new RegExp(`^from\\s+\\S+\\s+import\\s*\\([^)]*\\b${n}\\b[^)]*\\)`, 'm')
    ];
    if (patterns.some((pattern) => pattern.test(text)))
        return true;
    return /^from\s+\S+\s+import\s+\*/m.test(text) ? undefined : false;
}
/** An export of the name: a declaration, a list (`export { a as graph }`), or `default`. */
function nodeDefines(text, name) {
    const n = static_read_escape(name);
    if (name === 'default' && /\bexport\s+default\b/.test(text))
        return true;
    const patterns = [
        new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:const|let|var|function\\*?|async\\s+function\\*?|class|abstract\\s+class)\\s+${n}\\b`),
        new RegExp(`\\bexport\\s*\\{[^}]*\\b${n}\\s*(?:,|\\}|$)`, 'm'),
        // CommonJS: `exports.graph =`, `module.exports.graph =`, `module.exports = { graph }`
        new RegExp(`\\bexports\\.${n}\\s*=`),
        new RegExp(`\\bmodule\\.exports\\s*=\\s*\\{[^}]*\\b${n}\\b`)
    ];
    if (patterns.some((pattern) => pattern.test(text)))
        return true;
    return /\bexport\s*\*\s*from\b/.test(text) ? undefined : false;
}

// EXTERNAL MODULE: ./src/core/similarity.ts
var similarity = __webpack_require__(8404);
;// CONCATENATED MODULE: ./src/operations/config-check/unknown-keys.ts


/**
 * The keys the client's `validate_config` knows (`_KNOWN_CONFIG_KEYS`); its `validate`
 * command warns about any other, naming the nearest known one as `difflib.get_close_matches`
 * finds it. `$schema` is an editor's key, not a typo: never warned about.
 */
const KNOWN_KEYS = [
    'python_version',
    'node_version',
    'api_version',
    'base_image',
    'image_distro',
    'pip_config_file',
    'pip_installer',
    'source',
    'dependencies',
    'dockerfile_lines',
    'graphs',
    'env',
    'store',
    'auth',
    'encryption',
    'http',
    'webhooks',
    'checkpointer',
    'ui',
    'ui_config',
    'keep_pkg_tools',
    '_INTERNAL_docker_tag',
    'project_root',
    'package'
];
/** Each unknown top-level key, with the nearest known one when there is one close enough (difflib's cutoff, 0.6). */
function unknownKeys(keys) {
    return keys
        .filter((key) => !KNOWN_KEYS.includes(key) && key !== '$schema')
        .sort()
        .map((key) => {
        const nearest = (0,similarity/* nearestName */.q)(key, KNOWN_KEYS);
        return nearest ? { key, nearest } : { key };
    });
}

;// CONCATENATED MODULE: ./src/operations/config-check/python-values.ts
/**
 * Python's `int()` of a string: optional whitespace and sign, digits of any script (`２０`),
 * `_` between digits. Undefined when Python would raise, or when a digit's value cannot be read
 * here (a script whose digits do not fold to ASCII: the image tag refuses those anyway).
 */
function pythonInt(text) {
    const match = /^\s*([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)\s*$/u.exec(text);
    if (!match)
        return undefined;
    const digits = match[2].replace(/_/g, '').normalize('NFKC');
    if (!/^\d+$/.test(digits))
        return undefined;
    return Number(`${match[1]}${digits}`);
}
/**
 * Python's `str()` of a JSON value, as the client's f-strings write it into the image's tag
 * (`None`, `True`, `3.12`, `nan`); lists and mappings only need to be recognisably not a tag.
 */
function pythonStr(value) {
    if (value === null || value === undefined)
        return 'None';
    if (value === true)
        return 'True';
    if (value === false)
        return 'False';
    if (typeof value === 'number') {
        if (Number.isNaN(value))
            return 'nan';
        if (!Number.isFinite(value))
            return value > 0 ? 'inf' : '-inf';
        return Number.isInteger(value) && !Object.is(value, -0) ? String(value) : pythonFloat(value);
    }
    if (typeof value === 'string')
        return value;
    return JSON.stringify(value);
}
function pythonFloat(value) {
    const text = String(value);
    return text.includes('.') || text.includes('e') ? text : `${text}.0`;
}
/**
 * The value a fix proposes for a refused version: the plain-digit form of what was written
 * when it is a valid one (`３.１２` → `3.12`, the number `3.12` → `3.12`, `3.11.4` → `3.11`, ` 20 `
 * → `20`), else the default. Never the refused value itself.
 */
function versionFix(value, language, fallback) {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : '';
    const folded = text.normalize('NFKC').trim().replace(/^\+/, '').replace(/_/g, '');
    const candidate = language === 'python' ? /^(\d+)\.(\d+)/.exec(folded)?.slice(1, 3).join('.') : /^\d+$/.exec(folded)?.[0];
    if (!candidate || candidate === value)
        return fallback;
    if (language === 'python') {
        const [major, minor] = candidate.split('.').map(Number);
        return major === 3 && minor >= 11 ? candidate : fallback;
    }
    return Number(candidate) >= Number(fallback) ? candidate : fallback;
}

;// CONCATENATED MODULE: ./src/operations/config-check/validate.ts



/*
 * The client's `validate_config` (langgraph_cli/config.py), rule by rule: what it refuses (or
 * fails on: a number where it calls a string's method) is a problem here, and nothing else is.
 * It stops at its first error; this reports them all, each once. docs/config-check.md lists
 * each rule with the function it comes from.
 */
const MIN_PYTHON = [3, 11];
const MIN_NODE = 20;
const DISTROS = ['debian', 'wolfi', 'bookworm'];
const PIP_INSTALLERS = ['auto', 'pip', 'uv'];
const BUILD_TOOLS = ['pip', 'setuptools', 'wheel'];
/** `_API_VERSION_RANGE_PATTERN` and `_API_VERSION_PATTERN`. */
const API_RANGE = /^(~=|>~=)\s*([\s\S]+)$/;
const API_VERSION = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.?[A-Za-z][0-9A-Za-z]*)?$/;
/** Python's `str.isdigit`, near enough: decimal digits of any script, and the super- and subscript ones. */
const PY_DIGITS = /^[\p{Nd}\u00b2\u00b3\u00b9\u2070-\u2079\u2080-\u2089]+$/u;
function validateConfig(config, file) {
    const problems = [];
    const problem = (key, what, fix) => problems.push({ file, key, what, fix });
    const graphs = isObject(config.graphs) ? config.graphs : {};
    const specs = [];
    if ('graphs' in config && !isObject(config.graphs)) {
        problem('graphs', ['must be a mapping of graph ids to graphs.'], ['Write it as ', { code: '"graphs": {"agent": "./agent.py:graph"}' }, '.']);
    }
    else if (Object.keys(graphs).length === 0) {
        problem('graphs', ['is missing or empty: there is nothing to serve.'], ['Add at least one graph, e.g. ', { code: '"graphs": {"agent": "./my_agent/graph.py:graph"}' }, '.']);
    }
    for (const [id, spec] of Object.entries(graphs)) {
        const path = importString(spec);
        if (path === undefined) {
            problem(`graphs.${id}`, ['must be a string ', { code: '"<file>:<variable>"' }, ' or an object with a ', { code: 'path' }, '.'], ['Write it as ', { code: '"./agent.py:graph"' }, '.']);
        }
        else
            specs.push(path);
    }
    const someNode = specs.some(isNodeGraph);
    const somePython = specs.some((spec) => !isNodeGraph(spec));
    const nodeVersion = 'node_version' in config ? config.node_version : someNode ? String(MIN_NODE) : undefined;
    const pythonVersion = 'python_version' in config ? config.python_version : somePython ? MIN_PYTHON.join('.') : undefined;
    const dependencies = 'dependencies' in config ? config.dependencies : [];
    const source = config.source;
    const sourceKind = isObject(source) && typeof source.kind === 'string' ? source.kind : undefined;
    const build = truthy(nodeVersion) && !truthy(pythonVersion) ? 'node' : sourceKind === 'uv' ? 'uv' : 'python';
    if (truthy(config._INTERNAL_docker_tag) && truthy(config.api_version)) {
        problem('api_version', ['cannot be given with ', { code: '_INTERNAL_docker_tag' }, '.'], ['Remove one of them.']);
    }
    if (truthy(config.api_version) && !validApiVersion(config.api_version)) {
        problem('api_version', ['is not a version the build takes: ', { code: JSON.stringify(config.api_version) }, '.'], ['Pin to a minor version, e.g. ', { code: '"api_version": "0.8"' }, '.']);
    }
    if (truthy(nodeVersion))
        nodeVersionRules(nodeVersion, problem);
    if (truthy(config.pip_installer) && !PIP_INSTALLERS.includes(config.pip_installer)) {
        problem('pip_installer', [
            'must be ',
            { code: 'auto' },
            ', ',
            { code: 'pip' },
            ' or ',
            { code: 'uv' },
            ', not ',
            { code: JSON.stringify(config.pip_installer) },
            '.'
        ], ['Write one of those, or remove the key (the default is ', { code: 'auto' }, ').']);
    }
    if (source !== undefined && source !== null) {
        if (!isObject(source))
            problem('source', ['must be an object.'], ['Write e.g. ', { code: '"source": {"kind": "uv", "root": ".."}' }, '.']);
        else if (sourceKind !== 'uv')
            problem('source.kind', ['must be ', { code: 'uv' }, ', the only kind there is.'], ['Write e.g. ', { code: '"source": {"kind": "uv", "root": ".."}' }, '.']);
    }
    if (truthy(pythonVersion)) {
        pythonVersionRules(pythonVersion, problem);
        if (sourceKind !== 'uv' && !truthy(dependencies)) {
            problem('dependencies', ['is missing or empty, and a Python config needs it to install the graphs.'], ['Add ', { code: '"dependencies": ["."]' }, " (the config's directory), or use ", { code: '"source": {"kind": "uv"}' }, '.']);
        }
    }
    const distro = config.image_distro;
    if (truthy(distro)) {
        if (distro === 'bullseye')
            problem('image_distro', ['Bullseye images are no longer built.'], ['Use ', { code: 'bookworm' }, ', ', { code: 'debian' }, ' or ', { code: 'wolfi' }, '.']);
        else if (!DISTROS.includes(distro))
            problem('image_distro', ['must be one of ', { code: DISTROS.join(', ') }, '; this value is not.'], ['Write e.g. ', { code: '"image_distro": "wolfi"' }, '.']);
    }
    if (sourceKind === 'uv' && isObject(source))
        uvShapeRules(source, pythonVersion, dependencies, problem);
    if (truthy(config.project_root) || truthy(config.package)) {
        problem(truthy(config.project_root) ? 'project_root' : 'package', ['is no longer supported at the top level.'], ['Use ', { code: 'source.root' }, ' and ', { code: 'source.package' }, ' instead.']);
    }
    for (const [section, key] of [
        ['auth', 'path'],
        ['encryption', 'path'],
        ['http', 'app']
    ])
        sectionRules(config, section, key, build, problem);
    const tools = config.keep_pkg_tools;
    if (truthy(tools) && tools !== true) {
        const bad = Array.isArray(tools) ? tools.filter((tool) => !BUILD_TOOLS.includes(tool)) : [tools];
        for (const tool of bad)
            problem('keep_pkg_tools', ['takes ', { code: 'true' }, ' or a list of ', { code: BUILD_TOOLS.join(', ') }, ', not ', { code: JSON.stringify(tool) }, '.'], ['Keep only those names.']);
    }
    return {
        problems,
        validated: {
            graphIds: Object.keys(graphs),
            pythonVersion: truthy(pythonVersion) && typeof pythonVersion === 'string' ? pythonVersion : undefined,
            nodeVersion: truthy(nodeVersion) && typeof nodeVersion === 'string' ? nodeVersion : undefined,
            rawPython: pythonVersion,
            rawNode: nodeVersion,
            build
        }
    };
}
/** `_parse_node_version`: a string without a `.` that Python's `int()` reads; at least the minimum. */
function nodeVersionRules(value, problem) {
    if (typeof value !== 'string') {
        const what = typeof value === 'number' ? ['is a number; the build reads a string.'] : ['must be a string: a major version.'];
        return problem('node_version', what, ['Write ', { code: `"node_version": "${versionFix(value, 'node', String(MIN_NODE))}"` }, '.']);
    }
    const major = value.includes('.') ? undefined : pythonInt(value);
    if (major === undefined)
        problem('node_version', ['must be a major version only (no minor, patch or range).'], ['Write e.g. ', { code: `"node_version": "${versionFix(value, 'node', String(MIN_NODE))}"` }, '.']);
    else if (major < MIN_NODE)
        problem('node_version', ['Node.js ', { code: value }, ` is not supported: the minimum is ${MIN_NODE}.`], ['Set ', { code: `"node_version": "${MIN_NODE}"` }, ' or higher.']);
}
/** `validate_config`'s `python_version` checks: a string `major.minor` (an optional `-suffix`), at least the minimum, never Bullseye. */
function pythonVersionRules(value, problem) {
    const minimum = MIN_PYTHON.join('.');
    if (typeof value !== 'string') {
        const what = typeof value === 'number' ? ['is a number; the build reads a string.'] : ['must be a string such as ', { code: '"3.12"' }, '.'];
        return problem('python_version', what, ['Write ', { code: `"python_version": "${versionFix(value, 'python', minimum)}"` }, '.']);
    }
    const parts = value.split('-')[0].split('.');
    const fix = ['Write ', { code: `"python_version": "${versionFix(value, 'python', minimum)}"` }, '.'];
    if ((value.match(/\./g) ?? []).length !== 1 || !parts.every((part) => PY_DIGITS.test(part))) {
        return problem('python_version', ['must be ', { code: 'major.minor' }, ' (no patch, e.g. ', { code: '3.12' }, ').'], fix);
    }
    const numbers = parts.map(pythonInt);
    if (numbers.length !== 2 || numbers.some((n) => n === undefined))
        return problem('python_version', ['must be ', { code: 'major.minor' }, ' in plain digits.'], fix);
    const [major, minor] = numbers;
    if (major < MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor < MIN_PYTHON[1])) {
        return problem('python_version', ['Python ', { code: value }, ` is not supported: the minimum is ${minimum}.`], ['Set ', { code: `"python_version": "${minimum}"` }, ' or higher.']);
    }
    if (value.includes('bullseye'))
        problem('python_version', ['names Bullseye, whose images are no longer built.'], ['Use ', { code: 'bookworm' }, ' or ', { code: 'debian' }, '.']);
}
/**
 * `auth`, `encryption`, `http`: a mapping. The client's validation fails on a number or a string
 * holding the key's name; its Python build (`_update_auth_path`...) on anything else but a mapping.
 */
function sectionRules(config, section, key, build, problem) {
    const conf = config[section];
    if (!truthy(conf))
        return;
    if (!isObject(conf)) {
        const failsValidation = typeof conf === 'number' || typeof conf === 'boolean' || ((typeof conf === 'string' || Array.isArray(conf)) && conf.includes(key));
        if (failsValidation || build === 'python')
            problem(section, ['must be a mapping.'], [
                'Write e.g. ',
                { code: `"${section}": {"${key}": "./src/agent/${section === 'http' ? 'webapp.py:app' : `${section}.py:${section}`}"}` },
                '.'
            ]);
        return;
    }
    if (!(key in conf))
        return;
    const value = conf[key];
    if (typeof value !== 'string' || !value.includes(':')) {
        problem(`${section}.${key}`, ['must be ', { code: '"./path/to/file.py:attribute"' }, ' (a file, a ', { code: ':' }, ' and the name in it).'], ['Add the attribute after a ', { code: ':' }, '.']);
    }
}
/** The client's `source.kind = "uv"` block: a different config shape than dependency installs. */
function uvShapeRules(source, pythonVersion, dependencies, problem) {
    if (!truthy(pythonVersion))
        problem('python_version', ['is required with ', { code: 'source.kind' }, ' ', { code: 'uv' }, ' (a Python-only mode).'], ['Set ', { code: '"python_version"' }, ', or drop ', { code: 'source' }, ' for a Node.js config.']);
    if (truthy(dependencies))
        problem('dependencies', [
            'must not be given with ',
            { code: 'source.kind' },
            ' ',
            { code: 'uv' },
            ': they come from ',
            { code: 'pyproject.toml' },
            ' and ',
            { code: 'uv.lock' },
            '.'
        ], ['Remove ', { code: 'dependencies' }, '.']);
    const root = 'root' in source ? source.root : '.';
    if (typeof root !== 'string')
        problem('source.root', ['must be a string.'], ['Write e.g. ', { code: '"root": "."' }, '.']);
    else if (root.trim() === '')
        problem('source.root', ['must not be empty.'], ['Write ', { code: '"root": "."' }, " for the config's directory."]);
    const pkg = source.package;
    if (pkg !== undefined && pkg !== null && (typeof pkg !== 'string' || pkg.trim() === ''))
        problem('source.package', ['must be a non-empty string.'], ['Name the package, or remove the key.']);
}
/** `_parse_api_version_parts`, on the range's version when it is one; a non-string fails as the client's regex call does. */
function validApiVersion(value) {
    if (typeof value !== 'string')
        return false;
    const range = API_RANGE.exec(value);
    const version = range ? range[2].trim() : value;
    return API_VERSION.test(version.split('-')[0]);
}
/**
 * `_parse_node_version` for a `package.json`'s `engines.node`: a string without a `.` that
 * Python's `int()` reads; a non-string is refused (the client fails on it). Undefined when it
 * is not a major version.
 */
function nodeMajor(value) {
    if (typeof value !== 'string' || value.includes('.'))
        return undefined;
    return pythonInt(value);
}

// EXTERNAL MODULE: ./src/operations/config-check/dependencies.ts
var dependencies = __webpack_require__(6747);
;// CONCATENATED MODULE: ./src/operations/config-check/build-rules.ts




/** The keywords a Dockerfile instruction starts with. */
const INSTRUCTIONS = new Set([
    'FROM',
    'RUN',
    'CMD',
    'LABEL',
    'MAINTAINER',
    'EXPOSE',
    'ENV',
    'ADD',
    'COPY',
    'ENTRYPOINT',
    'VOLUME',
    'USER',
    'WORKDIR',
    'ARG',
    'ONBUILD',
    'STOPSIGNAL',
    'HEALTHCHECK',
    'SHELL'
]);
/** `_assemble_local_deps` iterates `dependencies` (the archive does, for every config): null, a number or a boolean cannot be. */
function dependenciesShape(config, taken, problem) {
    if (taken.has('dependencies') || (0,dependencies/* iterableDependencies */.w)(config.dependencies))
        return;
    problem('dependencies', ['must be a list (of packages and local directories such as ', { code: '"."' }, ').'], ['Write e.g. ', { code: '"dependencies": ["."]' }, '.']);
}
/** `python_config_to_docker`: `pip_installer` given but empty takes none of `auto`, `pip`, `uv`. */
function pipInstallerPresent(config, problem) {
    if ('pip_installer' in config && !truthy(config.pip_installer)) {
        problem('pip_installer', ['is empty, and the build takes only ', { code: 'auto' }, ', ', { code: 'pip' }, ' or ', { code: 'uv' }, '.'], ['Remove the key (the default is ', { code: 'auto' }, '), or write one of those.']);
    }
}
/** `_update_checkpointer_path`: a `path` must be a string. */
function checkpointerPath(config, problem) {
    const conf = config.checkpointer;
    if (isObject(conf) && truthy(conf.path) && typeof conf.path !== 'string') {
        problem('checkpointer.path', ['must be a string ', { code: '"./path/to/file.py:name"' }, '.'], ['Write the file and the name in it, or remove the key.']);
    }
}
/**
 * `pip_config_file` becomes `ADD <file> /pipconfig.txt`, from the build's context (the config's
 * directory): a file there that ships.
 */
function pipConfigFile(config, configPath, files, problem) {
    const value = config.pip_config_file;
    if (!truthy(value))
        return;
    if (typeof value !== 'string')
        return problem('pip_config_file', ['must be a path to a file beside the config.'], ['Write e.g. ', { code: '"pip_config_file": "./pip.conf"' }, '.']);
    const path = fromConfig(configPath, value);
    const configDir = configPath.includes('/') ? configPath.slice(0, configPath.lastIndexOf('/')) : '';
    if (path === undefined || !isWithin(path, configDir)) {
        return problem('pip_config_file', [{ code: value }, " is outside the config's directory, the only place the build's Dockerfile adds files from."], ["Move the file into the config's directory."]);
    }
    const kind = files.kind(path);
    if (kind === 'absent' || kind === 'dir')
        problem('pip_config_file', ['the file ', ...(kind === 'dir' ? [{ code: value }, ' is a directory.'] : missingSaid(files, path, value))], leftOutFix(files, path, ['Fix the path (it is relative to the config file).']));
}
/**
 * `dockerfile_lines` are joined into the Dockerfile: a list of strings, each instruction
 * starting with a keyword (a string is read one character per line; null or a number fails).
 */
function dockerfileLines(config, problem) {
    if (!('dockerfile_lines' in config))
        return;
    const lines = config.dockerfile_lines;
    if (lines === null || typeof lines === 'number' || typeof lines === 'boolean') {
        return problem('dockerfile_lines', ['must be a list of Dockerfile lines.'], ['Write e.g. ', { code: '"dockerfile_lines": ["RUN apt-get update"]' }, ', or remove the key.']);
    }
    if (typeof lines === 'string') {
        if (lines !== '')
            problem('dockerfile_lines', ['is a string; the build reads it as a list, one character per line.'], ['Write it as a list of lines: ', { code: '["RUN ..."]' }, '.']);
        return;
    }
    const entries = Array.isArray(lines) ? lines : Object.keys(lines);
    const notText = entries.findIndex((line) => typeof line !== 'string');
    if (notText >= 0)
        return problem(`dockerfile_lines[${notText}]`, ['must be a string (a Dockerfile line).'], ['Write the line as text.']);
    let continued = false;
    // A heredoc's body (`RUN <<EOF` ... `EOF`) is not instructions.
    let heredoc;
    entries.forEach((entry, index) => {
        for (const line of entry.split(/\r?\n/)) {
            const text = line.trim();
            if (heredoc !== undefined) {
                if (text === heredoc)
                    heredoc = undefined;
                continue;
            }
            if (!continued && (text === '' || text.startsWith('#')))
                continue;
            if (!continued && !INSTRUCTIONS.has(text.split(/\s+/)[0].toUpperCase())) {
                problem(`dockerfile_lines[${index}]`, [
                    'does not start with a Dockerfile instruction (',
                    { code: 'RUN' },
                    ', ',
                    { code: 'ENV' },
                    ', ',
                    { code: 'COPY' },
                    ', ...), so the image does not build.'
                ], ['Start it with an instruction, or end the line before it with ', { code: '\\' }, '.']);
                continued = false;
                return;
            }
            heredoc = /<<-?\s*["']?([A-Za-z_][A-Za-z0-9_]*)["']?/.exec(text)?.[1];
            continued = heredoc === undefined && text.endsWith('\\');
        }
    });
}

;// CONCATENATED MODULE: ./src/operations/config-check/graph-modules.ts



/** The places a local dependency's top-level package may sit: flat (`<dep>/agent`) or src (`<dep>/src/agent`) layout. */
const LAYOUTS = ['', 'src'];
const join = (...parts) => parts.filter((part) => part !== '').join('/');
/** A Python module path: dotted identifiers. */
const MODULE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/;
/**
 * Graphs by module name whose package ships without the module. `dirs`: the local dependencies
 * that ship (paths from the root); `warn` takes the problem instead when `dockerfile_lines` may
 * make the file.
 */
function graphModuleRules(config, dirs, files, problem, warn) {
    const graphs = isObject(config.graphs) ? config.graphs : {};
    const lines = config.dockerfile_lines;
    const mayMake = Array.isArray(lines) ? lines.length > 0 : typeof lines === 'string' && lines !== '';
    for (const [id, spec] of Object.entries(graphs)) {
        const path = importString(spec);
        if (path === undefined)
            continue;
        const { module, attribute } = splitImport(path);
        if (!attribute || isFilePath(module) || !MODULE.test(module))
            continue;
        const [top, ...rest] = module.split('.');
        const packages = packageDirs(top, dirs, files);
        // No local package of that name ships: it may come from PyPI, or the build installs nothing of it. Not ours to say.
        if (packages === undefined || packages.length === 0)
            continue;
        if (packages.some((dir) => holdsModule(dir, rest, files)))
            continue;
        const expected = join(packages[0], ...rest);
        const said = [
            'the module ',
            { code: module },
            ' is not in what ships: the package ',
            { code: top },
            ' ships (',
            { code: `${packages[0]}/` },
            ') without ',
            { code: `${expected}.py` },
            ...(files.leftOut?.(`${expected}.py`) ? [' (left out by ', { code: files.leftOut(`${expected}.py`) }, ')'] : []),
            ', so the server cannot import it when it starts (the build does not look).'
        ];
        const fix = leftOutFix(files, `${expected}.py`, ['Fix the module path, or ship ', { code: `${expected}.py` }, '.']);
        if (mayMake)
            warn(`graphs.${id}`, [...said, ' ', { code: 'dockerfile_lines' }, ' may make it in the image; if they do not, the deploy fails when the server starts.'], fix);
        else
            problem(`graphs.${id}`, said, fix);
    }
}
/** The directories named `top` that ship as a package in a local dependency; undefined when the source cannot tell. */
function packageDirs(top, dirs, files) {
    const found = [];
    for (const dep of dirs) {
        // The dependency itself as the package: a flat layout the build names after its folder (`./agent` holding
        // `__init__.py` and no `pyproject.toml` or `setup.py`; see build-files.ts). At the root its name is the build's own.
        const names = files.list(dep);
        const flat = names?.includes('__init__.py') && !names.includes('pyproject.toml') && !names.includes('setup.py');
        if (flat && dep !== '' && dep.slice(dep.lastIndexOf('/') + 1) === top)
            found.push(dep);
        for (const layout of LAYOUTS) {
            const dir = join(dep, layout, top);
            const kind = files.kind(dir);
            if (kind === 'unknown')
                return undefined;
            if (kind === 'dir')
                found.push(dir);
        }
    }
    return [...new Set(found)];
}
/** Whether `dir` (a package) holds the module `rest` (`graph` or `graphs.agent`): a `.py` (or compiled) file, or a package folder. */
function holdsModule(dir, rest, files) {
    const parent = join(dir, ...rest.slice(0, -1));
    const name = rest[rest.length - 1];
    if (files.kind(join(parent, name)) === 'dir')
        return true;
    const names = files.list(parent);
    // A folder that cannot be listed (or may be there) is not said to lack anything; one that is not there lacks it.
    if (names === undefined) {
        const kind = files.kind(parent);
        return kind === 'dir' || kind === 'unknown';
    }
    return names.some((file) => file === `${name}.py` || (file.startsWith(`${name}.`) && /\.(so|pyd|pyc)$/.test(file)));
}

;// CONCATENATED MODULE: ./src/operations/config-check/image-tag.ts


/** A Docker image reference: lowercase path components (a registry host's may have capitals), an optional registry port, an optional tag. */
const IMAGE = /^[A-Za-z0-9]+(?:(?:[._]|__|-+)[A-Za-z0-9]+)*(?::[0-9]+)?(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const image_tag_API_RANGE = /^(~=|>~=)\s*([\s\S]+)$/;
/** `_API_VERSION_PART_PATTERN`: the floor of a range, with only `dev` and `rc` pre-releases. */
const API_FLOOR = /^\d+(?:\.\d+)?(?:\.\d+)?(?:\.?(?:dev|rc)\d+)?$/;
/** `semver_pattern` of `_image_supports_uv`. */
const BASE_VERSION = /:(\d+(?:\.\d+)?(?:\.\d+)?)(?:-|$)/;
const image_tag_DISTROS = ['debian', 'wolfi', 'bookworm'];
/** `default_base_image`. */
function defaultBase(build) {
    return build === 'node' ? 'langchain/langgraphjs-api' : 'langchain/langgraph-api';
}
/** The image reference's rules; `taken` holds the keys that already have a problem (one problem is said once). */
function imageRules(config, validated, taken, problem) {
    const say = (key, what, fix) => {
        if (taken.has(key))
            return;
        taken.add(key);
        problem(key, what, fix);
    };
    const written = config.base_image;
    if (truthy(written) && typeof written !== 'string')
        say('base_image', ['must be a string: an image name.'], ['Write e.g. ', { code: '"base_image": "langchain/langgraph-api"' }, ', or remove the key.']);
    const base = truthy(written) && typeof written === 'string' ? written : defaultBase(validated.build);
    if (validated.build === 'uv' && !supportsUv(base)) {
        say('base_image', [{ code: base }, ' has no uv, which a uv source needs (', { code: 'langchain/langgraph-api' }, ' 0.2.47 or later).'], ['Use a newer base image, or remove ', { code: 'base_image' }, '.']);
    }
    const internal = config._INTERNAL_docker_tag;
    if (truthy(internal)) {
        if (!TAG.test(pythonStr(internal)))
            say('_INTERNAL_docker_tag', ['must be an image tag (letters, digits, ', { code: '.' }, ', ', { code: '-' }, ', ', { code: '_' }, ').'], ['Fix the tag, or remove the key.']);
        return finalReference(`${base}:${pythonStr(internal)}`, taken, say);
    }
    const node = validated.build === 'node';
    const versionKey = node ? 'node_version' : 'python_version';
    const version = node ? validated.rawNode : validated.rawPython;
    const versionText = pythonStr(version);
    // A version left out takes the client's default (or, with no graph, the config is refused for that): only a written one is judged.
    if (versionKey in config && !(node ? /^[0-9]+$/ : /^[0-9]+\.[0-9]+(?:-[a-z]+)?$/).test(versionText)) {
        const fallback = node ? '20' : '3.11';
        const what = truthy(version)
            ? ['makes the image tag ', { code: versionText }, ', which names no image: the tag takes plain ASCII digits.']
            : ['is empty, so the image tag would be ', { code: versionText || '(nothing)' }, ', which names no image.'];
        say(versionKey, what, [
            'Write ',
            { code: `"${versionKey}": "${versionFix(version, node ? 'node' : 'python', fallback)}"` },
            ', or remove the key (the default is ',
            { code: fallback },
            ').'
        ]);
    }
    const distro = 'image_distro' in config ? config.image_distro : 'debian';
    if (!truthy(distro))
        say('image_distro', ['is empty, so the image tag would end in ', { code: `-${pythonStr(distro)}` }, ', which names no image.'], ['Remove the key (the default is ', { code: 'debian' }, '), or write e.g. ', { code: '"wolfi"' }, '.']);
    else if (typeof distro !== 'string' || !image_tag_DISTROS.includes(distro))
        taken.add('image_distro'); // validate.ts says so
    const api = config.api_version;
    const range = truthy(api) && typeof api === 'string' ? image_tag_API_RANGE.exec(api) : null;
    const serverBase = base.includes('/langgraph-server') && !truthy(api);
    if (typeof written === 'string' && lastSegment(base).includes(':') && !serverBase) {
        say('base_image', [{ code: base }, ' has a tag, and the build adds its own after it, which makes no image name.'], ['Remove the tag from ', { code: 'base_image' }, "; pin the server's version with ", { code: 'api_version' }, '.']);
    }
    if (range && !API_FLOOR.test(range[2].trim())) {
        say('api_version', [
            'is a range whose lowest version the build cannot read: only releases and ',
            { code: 'dev' },
            ' or ',
            { code: 'rc' },
            ' pre-releases (e.g. ',
            { code: '0.9.0rc1' },
            ').'
        ], ['Write e.g. ', { code: '"api_version": "~=0.4.0"' }, ', or pin one version.']);
    }
    const distroTag = distro === 'debian' ? '' : `-${pythonStr(distro)}`;
    const versionDistro = `${versionText}${distroTag}`;
    const language = node ? 'node' : 'py';
    // A range's release is picked from PyPI at build time: its floor stands in for it here.
    const apiTag = range ? range[2].trim() : truthy(api) ? pythonStr(api) : undefined;
    if (apiTag === undefined && base.includes('/langgraph-server') && !base.includes(versionDistro))
        return finalReference(`${base}-${language}${versionDistro}`, taken, say);
    finalReference(`${base}:${apiTag === undefined ? versionDistro : `${apiTag}-${language}${versionDistro}`}`, taken, say);
}
/** Whatever the parts, the reference must be one Docker reads; said only when no part was blamed already. */
function finalReference(reference, taken, say) {
    if (IMAGE.test(reference))
        return;
    if (['base_image', '_INTERNAL_docker_tag', 'python_version', 'node_version', 'image_distro', 'api_version'].some((key) => taken.has(key)))
        return;
    say('base_image', ['with the rest of the config makes the image name ', { code: reference }, ', which is not a valid image reference.'], ['Write a lowercase image name without a tag.']);
}
function lastSegment(image) {
    return image.slice(image.lastIndexOf('/') + 1);
}
/** `_image_supports_uv`: not the trial image, and a version tag (when there is one) of at least 0.2.47. */
function supportsUv(base) {
    if (base === 'langchain/langgraph-trial')
        return false;
    const match = BASE_VERSION.exec(base);
    if (!match)
        return true;
    const [major = 0, minor = 0, patch = 0] = match[1].split('.').map(Number);
    return major > 0 || minor > 2 || (minor === 2 && patch >= 47);
}

// EXTERNAL MODULE: ./src/operations/config-check/text.ts
var config_check_text = __webpack_require__(1345);
// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
// EXTERNAL MODULE: ./node_modules/smol-toml/dist/index.js + 8 modules
var dist = __webpack_require__(3292);
;// CONCATENATED MODULE: ./src/operations/config-check/uv-source.ts








const uv_source_join = (dir, name) => (dir ? `${dir}/${name}` : name);
const parentOf = (path) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const normalizeName = (name) => name.replace(/[-_.]+/g, '-').toLowerCase();
const table = (value, ...keys) => keys.reduce((at, key) => (isObject(at) ? at[key] : undefined), value);
/** The uv rules; nothing when a file they need cannot be read from this source (GitHub's API does not read them). */
function uvSourceRules(config, configPath, files, problem) {
    const source = config.source;
    const written = 'root' in source ? source.root : '.';
    if (typeof written !== 'string' || written.trim() === '')
        return; // validate.ts says so
    const root = fromConfig(configPath, written);
    if (root === undefined)
        return problem('source.root', [{ code: written }, ' is outside what is shipped, so the build has no ', { code: 'uv.lock' }, '.'], ['Point it at the uv workspace inside the repository.']);
    const rootKind = files.kind(root);
    if (rootKind === 'unknown')
        return;
    if (rootKind !== 'dir')
        return problem('source.root', [{ code: written }, ' is not a directory that ships.'], ['Point it at the directory where you run ', { code: 'uv lock' }, '.']);
    for (const name of ['uv.lock', 'pyproject.toml']) {
        const path = uv_source_join(root, name);
        const kind = files.kind(path);
        if (kind === 'unknown')
            return;
        if (kind !== 'file') {
            const left = files.leftOut?.(path);
            const what = [
                { code: written },
                ' has no ',
                { code: name },
                ...(left ? [' that ships: left out by ', { code: left }, '.'] : ['.'])
            ];
            return problem('source.root', what, leftOutFix(files, path, [
                'Point ',
                { code: 'source.root' },
                ' at the directory where you run ',
                { code: 'uv lock' },
                ' (it holds ',
                { code: 'pyproject.toml' },
                ' and ',
                { code: 'uv.lock' },
                ').'
            ]));
        }
    }
    const configDir = parentOf(configPath);
    // Paths in messages are from the config's directory, as the config's own paths are.
    const shown = (path) => {
        const relative = external_node_path_.posix.relative(configDir, path);
        return relative.startsWith('..') ? relative : `./${relative}`;
    };
    const rootData = readToml(files, uv_source_join(root, 'pyproject.toml'), shown, problem);
    if (!rootData)
        return;
    const members = workspaceMembers(root, rootData, files, shown, problem);
    if (!members)
        return;
    const target = targetPackage(source, members, root, configDir, problem);
    if (!target)
        return;
    const closure = installClosure(target, members, shown(uv_source_join(root, 'pyproject.toml')), root, rootData, problem);
    if (!closure)
        return;
    const copied = new Set(closure.map((member) => member.root));
    const all = new Set(members.map((member) => member.root));
    const inside = (path) => containedIn(path, copied, all);
    const names = closure.flatMap((member, index) => [...(index > 0 ? [', '] : []), { code: member.name }]);
    const fileRule = (key, module) => {
        const path = existingFile(key, module, configPath, files, problem);
        if (path === undefined)
            return;
        if (!inside(path)) {
            problem(key, [
                { code: module },
                ' is not inside the package ',
                { code: target.name },
                ' or its workspace dependencies, the only directories copied into the image (',
                ...names,
                ').'
            ], [
                'Move it there, or make its package a dependency of ',
                { code: target.name },
                ' with ',
                { code: '{ workspace = true }' },
                ' in ',
                { code: '[tool.uv.sources]' },
                '.'
            ]);
        }
    };
    const importRule = (key, spec) => {
        const { module, attribute } = splitImport(spec);
        if (!module || !attribute)
            return problem(key, [{ code: spec }, ' must be ', { code: '"<module or file>:<variable>"' }, '.'], ['Add the variable after a ', { code: ':' }, ', e.g. ', { code: './src/agent/graph.py:graph' }, '.']);
        if (isFilePath(module))
            fileRule(key, module);
    };
    const graphs = isObject(config.graphs) ? config.graphs : {};
    for (const [id, spec] of Object.entries(graphs)) {
        const path = importString(spec);
        if (path !== undefined)
            importRule(`graphs.${id}`, path);
    }
    for (const [section, key] of [
        ['auth', 'path'],
        ['encryption', 'path'],
        ['checkpointer', 'path'],
        ['http', 'app']
    ]) {
        const conf = config[section];
        if (isObject(conf) && typeof conf[key] === 'string')
            importRule(`${section}.${key}`, conf[key]);
    }
    if (isObject(config.ui)) {
        for (const [name, path] of Object.entries(config.ui))
            if (typeof path === 'string')
                fileRule(`ui.${name}`, path);
    }
}
function readToml(files, path, shown, problem) {
    const text = files.read(path);
    if (text === undefined)
        return undefined;
    try {
        return (0,dist/* parse */.qg)(text);
    }
    catch (error) {
        problem('source.root', [{ code: shown(path) }, ' is not valid TOML (', { code: String(error.message).split('\n')[0] }, ').'], ['Fix the file.']);
        return undefined;
    }
}
/** `_discover_uv_lock_workspace_packages`: the root (when it names a project) and each member matched by `[tool.uv.workspace].members`. */
function workspaceMembers(root, rootData, files, shown, problem) {
    const rootPyproject = shown(uv_source_join(root, 'pyproject.toml'));
    const patterns = table(rootData, 'tool', 'uv', 'workspace', 'members') ?? [];
    if (!Array.isArray(patterns)) {
        if (patterns)
            problem('source.root', [{ code: rootPyproject }, ': ', { code: '[tool.uv.workspace].members' }, ' must be a list.'], ['Write it as a list of glob patterns, e.g. ', { code: 'members = ["apps/*", "libs/*"]' }, '.']);
        if (patterns)
            return undefined;
    }
    const roots = [];
    if (typeof table(rootData, 'project', 'name') === 'string')
        roots.push(root);
    for (const pattern of Array.isArray(patterns) ? patterns : []) {
        if (typeof pattern !== 'string') {
            problem('source.root', [{ code: rootPyproject }, ': every ', { code: '[tool.uv.workspace].members' }, ' entry must be a string.'], ['Fix the entry.']);
            return undefined;
        }
        for (const match of globUnder(files, root, pattern)) {
            const memberRoot = files.kind(match) === 'dir' ? match : parentOf(match);
            if (files.kind(uv_source_join(memberRoot, 'pyproject.toml')) === 'file')
                roots.push(memberRoot);
        }
    }
    // Every member's `pyproject.toml` asked for before any is judged: a source that reads in batches (a commit's, from git) reads them together.
    for (const memberRoot of roots)
        if (memberRoot !== root)
            files.read(uv_source_join(memberRoot, 'pyproject.toml'));
    const members = [];
    for (const memberRoot of [...new Set(roots)]) {
        const pyproject = shown(uv_source_join(memberRoot, 'pyproject.toml'));
        const data = memberRoot === root ? rootData : readToml(files, uv_source_join(memberRoot, 'pyproject.toml'), shown, problem);
        if (!data)
            return undefined;
        const name = table(data, 'project', 'name');
        if (typeof name !== 'string' || name.trim() === '') {
            problem('source.root', ['the workspace member ', { code: pyproject }, ' has no ', { code: '[project].name' }, '.'], ['Name the package in its ', { code: 'pyproject.toml' }, '.']);
            return undefined;
        }
        const twin = members.find((member) => member.normalized === normalizeName(name));
        if (twin) {
            problem('source.root', [{ code: twin.pyproject }, ' and ', { code: pyproject }, ' both name the package ', { code: name }, '.'], ['Give each workspace member its own name.']);
            return undefined;
        }
        members.push({ name, normalized: normalizeName(name), root: memberRoot, pyproject, data });
    }
    return members;
}
/** Python's `Path.glob` under `root`, over the files that ship: `*`, `?`, `[...]` within a name, `**` across directories. */
function globUnder(files, root, pattern) {
    const segments = pattern.split('/').filter((segment) => segment !== '' && segment !== '.');
    let current = [root];
    for (const segment of segments) {
        const next = [];
        if (segment === '**') {
            const stack = [...current];
            while (stack.length > 0) {
                const dir = stack.pop();
                next.push(dir);
                for (const name of files.list(dir) ?? [])
                    if (files.kind(uv_source_join(dir, name)) === 'dir')
                        stack.push(uv_source_join(dir, name));
            }
        }
        else {
            const matches = picomatch_default()(segment, { dot: true });
            for (const dir of current)
                for (const name of files.list(dir) ?? [])
                    if (matches(name))
                        next.push(uv_source_join(dir, name));
        }
        current = [...new Set(next)];
    }
    return current.sort();
}
/** `_infer_uv_lock_target_package`: `source.package`, else the member holding the config, else the only member. */
function targetPackage(source, members, root, configDir, problem) {
    const available = members
        .map((member) => member.name)
        .sort()
        .join(', ') || '(none)';
    const wanted = source.package;
    if (wanted !== undefined && wanted !== null) {
        if (typeof wanted !== 'string' || wanted.trim() === '')
            return undefined; // validate.ts says so
        const target = members.find((member) => member.normalized === normalizeName(wanted));
        if (!target)
            problem('source.package', ['names no package of the uv workspace at ', { code: 'source.root' }, ' (its packages: ', { code: available }, ').'], ['Set it to one of those names (a ', { code: '[project].name' }, ').']);
        return target;
    }
    const containing = members.filter((member) => isWithin(configDir, member.root)).sort((a, b) => b.root.length - a.root.length);
    const deepest = containing[0];
    if (deepest && (deepest.root !== root || members.length === 1 || configDir === root))
        return deepest;
    if (members.length === 1)
        return members[0];
    problem('source.package', ['is needed: the uv workspace has several packages (', { code: available }, ') and none holds the config file.'], ['Set ', { code: 'source.package' }, ' to the package to deploy, or move the config into it.']);
    return undefined;
}
/** The package and its workspace dependencies, each checked as `_validate_uv_lock_package` does; undefined after a problem. */
function installClosure(target, members, rootPyproject, root, rootData, problem) {
    const byName = new Map(members.map((member) => [member.normalized, member]));
    const byRoot = new Map(members.map((member) => [member.root, member]));
    const rootSources = table(rootData, 'tool', 'uv', 'sources') ?? {};
    const order = [];
    const seen = new Set();
    const visit = (member) => {
        if (seen.has(member.normalized))
            return true;
        seen.add(member.normalized);
        const dependencies = workspaceDependencies(member, { root, rootSources, rootPyproject, byName, byRoot }, problem);
        if (!dependencies)
            return false;
        const deployable = enabled(member, problem);
        if (deployable === undefined)
            return false;
        if (member === target && !deployable) {
            problem('source.package', [
                { code: target.name },
                ' sets ',
                { code: 'tool.uv.package = false' },
                ' in ',
                { code: target.pyproject },
                ', so it cannot be deployed.'
            ], ['Remove that setting, or deploy another member.']);
            return false;
        }
        for (const name of dependencies) {
            const dependency = byName.get(name);
            if (dependency && !visit(dependency))
                return false;
        }
        order.push(member);
        return true;
    };
    return visit(target) ? order : undefined;
}
/** `[tool.uv].package`: true unless set; undefined after a problem (not a boolean, `[tool.uv]` not a table). */
function enabled(member, problem) {
    const uv = table(member.data, 'tool', 'uv');
    if (uv && !isObject(uv)) {
        problem('source.root', [{ code: member.pyproject }, ': ', { code: '[tool.uv]' }, ' must be a table.'], ['Fix the file.']);
        return undefined;
    }
    const value = isObject(uv) && 'package' in uv ? uv.package : true;
    if (typeof value !== 'boolean') {
        problem('source.root', [{ code: member.pyproject }, ': ', { code: '[tool.uv].package' }, ' must be a boolean.'], ['Fix the file.']);
        return undefined;
    }
    return value;
}
/** The member's dependencies that its (or the root's) `[tool.uv.sources]` take from the workspace; undefined after a problem. */
function workspaceDependencies(member, workspace, problem) {
    const specs = table(member.data, 'project', 'dependencies') ?? [];
    if (!Array.isArray(specs) || !specs.every((spec) => typeof spec === 'string')) {
        problem('source.root', [{ code: member.pyproject }, ': ', { code: '[project].dependencies' }, ' must be a list of strings.'], ['Fix the file.']);
        return undefined;
    }
    const names = [];
    for (const spec of specs) {
        const match = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec);
        if (!match) {
            problem('source.root', [{ code: member.pyproject }, ': the dependency ', { code: spec }, ' has no package name that a uv source can be matched to.'], ['Write it as a PEP 508 requirement, e.g. ', { code: 'httpx>=0.27' }, '.']);
            return undefined;
        }
        names.push(normalizeName(match[1]));
    }
    if (!isObject(workspace.rootSources)) {
        problem('source.root', [{ code: workspace.rootPyproject }, ': ', { code: '[tool.uv.sources]' }, ' must be a table.'], ['Fix the file.']);
        return undefined;
    }
    const uv = table(member.data, 'tool', 'uv');
    const own = isObject(uv) ? (uv.sources ?? {}) : {};
    if (!isObject(own)) {
        problem('source.root', [{ code: member.pyproject }, ': ', { code: '[tool.uv.sources]' }, ' must be a table.'], ['Fix the file.']);
        return undefined;
    }
    const entries = new Map();
    for (const [name, value] of Object.entries(workspace.rootSources))
        entries.set(name, { value, declaredIn: workspace.root, pyproject: workspace.rootPyproject });
    for (const [name, value] of Object.entries(own))
        entries.set(name, { value, declaredIn: member.root, pyproject: member.pyproject });
    const fromWorkspace = new Set();
    for (const [name, entry] of entries) {
        if (!names.includes(normalizeName(name)))
            continue;
        if (!sourceEntry(name, entry.value, entry.declaredIn, entry.pyproject, workspace, fromWorkspace, problem))
            return undefined;
    }
    return names.filter((name) => fromWorkspace.has(name));
}
/** `_validate_uv_lock_source_entry`: `{ workspace = true }` and `{ path = ... }` must name buildable members of this workspace. */
function sourceEntry(name, value, declaredIn, pyproject, workspace, found, problem) {
    if (Array.isArray(value))
        return value.every((item) => sourceEntry(name, item, declaredIn, pyproject, workspace, found, problem));
    if (!isObject(value))
        return true;
    const disabled = (member) => {
        problem('source.root', [
            { code: pyproject },
            ': ',
            { code: name },
            ' is the workspace package ',
            { code: member.name },
            ', which sets ',
            { code: 'tool.uv.package = false' },
            '.'
        ], ['A workspace dependency must be a buildable package: remove that setting.']);
        return false;
    };
    if (value.workspace === true) {
        const member = workspace.byName.get(normalizeName(name));
        if (!member) {
            problem('source.root', [
                { code: pyproject },
                ': ',
                { code: name },
                ' is ',
                { code: '{ workspace = true }' },
                ', but no workspace member that ships has that name.'
            ], ['Add its directory to ', { code: '[tool.uv.workspace].members' }, ' (and ship it).']);
            return false;
        }
        if (enabled(member, problem) === false)
            return disabled(member);
        found.add(member.normalized);
    }
    if (typeof value.path === 'string') {
        const path = value.path;
        if (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path)) {
            problem('source.root', [{ code: pyproject }, ': ', { code: name }, ' uses an absolute path.'], ['Use a path relative to the file, or ', { code: '{ workspace = true }' }, '.']);
            return false;
        }
        const resolved = normalizeFrom(declaredIn, path);
        if (resolved === undefined || !isWithin(resolved, workspace.root)) {
            problem('source.root', [{ code: pyproject }, ': the path source of ', { code: name }, ' leaves the uv workspace at ', { code: 'source.root' }, '.'], ['Keep workspace packages under ', { code: 'source.root' }, '.']);
            return false;
        }
        const member = workspace.byRoot.get(resolved);
        if (!member) {
            problem('source.root', [{ code: pyproject }, ': the path source of ', { code: name }, ' is not a workspace member.'], ['Add its directory to ', { code: '[tool.uv.workspace].members' }, '.']);
            return false;
        }
        if (member.normalized !== normalizeName(name)) {
            problem('source.root', [
                { code: pyproject },
                ': the path source of ',
                { code: name },
                ' is the package ',
                { code: member.name },
                '; the names must match.'
            ], ['Name the dependency as its package is named.']);
            return false;
        }
        if (enabled(member, problem) === false)
            return disabled(member);
        found.add(member.normalized);
    }
    return Object.entries(value).every(([key, nested]) => key === 'workspace' || key === 'path' || sourceEntry(name, nested, declaredIn, pyproject, workspace, found, problem));
}
function normalizeFrom(dir, relative) {
    const parts = dir ? dir.split('/') : [];
    for (const part of relative.replace(/\\/g, '/').split('/')) {
        if (part === '' || part === '.')
            continue;
        if (part === '..') {
            if (parts.length === 0)
                return undefined;
            parts.pop();
        }
        else
            parts.push(part);
    }
    return parts.join('/');
}
/** `_resolve_uv_lock_container_path`: inside a copied member, and not inside a member that is not copied. */
function containedIn(path, copied, all) {
    const holders = [...copied].filter((root) => isWithin(path, root)).sort((a, b) => b.length - a.length);
    return holders.some((holder) => ![...all].some((other) => other !== holder && !isWithin(holder, other) && isWithin(path, other) && !copied.has(other)));
}

;// CONCATENATED MODULE: ./src/operations/config-check/check.ts














/**
 * Checks the config file at `configPath` (its text) against the official client's rules
 * and the files the build will get. Pure: everything it sees comes through `files`.
 */
function checkConfig(text, configPath, files) {
    if (!(0,config_check_text/* isUtf8 */.c)(text))
        return refusedWhole(configPath, ['is not UTF-8 text, and the build reads it as UTF-8 (it fails with ', { code: 'UnicodeDecodeError' }, ').'], ['Save the file as UTF-8.']);
    let config;
    try {
        config = (0,python_json/* parsePythonJson */.S)(text);
    }
    catch (error) {
        return refusedWhole(configPath, ['is not valid JSON (', { code: error.message }, ').'], ['Fix the JSON.']);
    }
    if (!isObject(config))
        return refusedWhole(configPath, ['is not a JSON object.'], ['Write the config as ', { code: '{"graphs": {...}}' }, '.']);
    const { problems, validated } = validateConfig(config, configPath);
    const problem = (key, what, fix) => problems.push({ file: configPath, key, what, fix });
    const taken = () => new Set(problems.map((p) => p.key));
    const early = [];
    const warn = (key, what, fix) => early.push({ file: configPath, key, what, fix });
    if (truthy(validated.rawNode))
        packageJsonRules(configPath, files, MIN_NODE, nodeMajor, (p) => problems.push(p));
    // The archive step (every config of a remote build) and a Python image iterate `dependencies` and check its local directories.
    let dirs = [];
    if (files.archive || validated.build === 'python') {
        dependenciesShape(config, taken(), problem);
        dirs = localDependencies((0,dependencies/* dependencyEntries */.Q)(config.dependencies), configPath, files, problem);
    }
    // Then the image the client builds: Node.js (a Node.js version and no Python one), uv, or Python.
    if (validated.build === 'node')
        nodeFileRules(config, configPath, files, problem);
    else if (validated.build === 'uv')
        uvSourceRules(config, configPath, files, problem);
    else {
        pipInstallerPresent(config, problem);
        checkpointerPath(config, problem);
        // One missing key does not cascade: with `dependencies` refused, no file is said to lie outside it.
        pythonFileRules(config, configPath, taken().has('dependencies') ? undefined : dirs, files, problem);
        // Beyond the build: a graph module its own package ships without (the server's import fails).
        if (!taken().has('dependencies'))
            graphModuleRules(config, dirs, files, problem, warn);
    }
    if (validated.build !== 'node')
        pipConfigFile(config, configPath, files, problem);
    dockerfileLines(config, problem);
    imageRules(config, validated, taken(), problem);
    return {
        problems: onceEach(problems),
        warnings: [...early, ...warningsOf(config, configPath, files)],
        graphs: validated.graphIds,
        runtime: [validated.pythonVersion && `Python ${validated.pythonVersion}`, validated.nodeVersion && `Node.js ${validated.nodeVersion}`]
            .filter(Boolean)
            .join(', ')
    };
}
/** One problem is said once: the same key and words, from two rules, are one line. */
function onceEach(problems) {
    const seen = new Set();
    return problems.filter((problem) => {
        const id = JSON.stringify([problem.file, problem.key, problem.what]);
        if (seen.has(id))
            return false;
        seen.add(id);
        return true;
    });
}
function refusedWhole(file, what, fix) {
    return { problems: [{ file, key: '(file)', what, fix }], warnings: [], graphs: [], runtime: '' };
}
/** Beyond the client, warnings only: unknown keys, a graph variable not found, an env file that will not ship. */
function warningsOf(config, configPath, files) {
    const warnings = [];
    const warn = (key, what, fix) => warnings.push({ file: configPath, key, what, fix });
    for (const { key, nearest } of unknownKeys(Object.keys(config))) {
        warn(key, ['is not a key the build knows; it is ignored.'], nearest ? ['Did you mean ', { code: nearest }, '?'] : ['Remove it if it is a typo.']);
    }
    const graphs = isObject(config.graphs) ? config.graphs : {};
    for (const [id, spec] of Object.entries(graphs)) {
        const path = importString(spec);
        if (path === undefined)
            continue;
        const { module, attribute } = splitImport(path);
        if (!attribute || !isFilePath(module))
            continue;
        const file = fromConfig(configPath, module);
        const text = file === undefined || files.kind(file) !== 'file' || files.leftOut?.(file) ? undefined : files.read(file);
        if (text === undefined)
            continue;
        if (definesName(text, attribute, isNodeGraph(path) ? 'node' : 'python') === false) {
            warn(`graphs.${id}`, [
                { code: module },
                ' has no top-level ',
                { code: attribute },
                isNodeGraph(path) ? ' export' : ' (assignment, def, class or import)',
                ' that a plain read finds.'
            ], ["Check the variable's name; ignore this if the module makes it another way."]);
        }
    }
    if (typeof config.env === 'string' && config.env !== '') {
        const file = fromConfig(configPath, config.env);
        const ships = file !== undefined && files.kind(file) === 'file' && !files.leftOut?.(file);
        if (!ships) {
            warn('env', ['names the file ', { code: config.env }, ', which is not shipped with the build (env files are never uploaded or committed).'], ['Pass secrets through the ', { code: 'secrets' }, ' input, or write plain settings as an ', { code: 'env' }, ' mapping.']);
        }
    }
    return warnings;
}

;// CONCATENATED MODULE: ./src/operations/config-check/commit-reads.ts



function commitReads(blobs) {
    const held = new Map();
    const noted = new Map();
    const key = (blob) => `${blob.repo}\0${blob.oid}`;
    return {
        text(blob) {
            const id = key(blob);
            if (!held.has(id))
                noted.set(id, blob);
            return held.get(id);
        },
        async readNoted() {
            if (noted.size === 0)
                return false;
            const asked = [...noted];
            noted.clear();
            // One answer a blob, each set as "held" (undefined when git could not give it: never asked again).
            const read = await Promise.all(asked.map(([, blob]) => blobs.read(blob.repo, blob.oid, read_capped/* READ_CAP_BYTES */.m)));
            asked.forEach(([id], index) => held.set(id, read[index] && (0,config_check_text/* decodeText */.g)(read[index])));
            return true;
        }
    };
}
/**
 * How many times one file may lead to another: the config to its modules and a uv workspace's
 * `pyproject.toml`, that to its members' (asked for together), so three or four; more than any
 * config needs. Past it, what is not read yet is "cannot be read", and its rules are skipped.
 */
const MAX_ROUNDS = 8;
/** One file's text now: read from git first when it is a committed one not read yet. */
async function readNow(files, path) {
    files.read(path);
    await files.reads.readNoted();
    return files.read(path);
}
/**
 * checkConfig, with every committed file it reads read from git: it runs on what was read so
 * far, the files it asked for and did not have are read (all at once), and it runs again, until
 * it asks for nothing new (one file leads to another: the config to a uv workspace's
 * `pyproject.toml`, that to its members'). The last run saw every file it read.
 */
async function checkConfigFromCommit(text, configPath, files) {
    for (let round = 1;; round++) {
        const report = checkConfig(text, configPath, files);
        if (round >= MAX_ROUNDS || !(await files.reads.readNoted()))
            return report;
    }
}

// EXTERNAL MODULE: ./src/operations/git/blob-stream.ts
var blob_stream = __webpack_require__(9859);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
;// CONCATENATED MODULE: ./src/operations/config-check/verdict.ts



const ID = 'config-check';
const LABEL = 'Config check';
/** The verdict of a config that could not be read or was not to be checked: the deploy goes on, and the row says why. */
function notChecked(why) {
    return { id: ID, label: LABEL, status: 'not-checked', detail: ['not checked: ', ...why] };
}
/**
 * The report as a verdict, told in the log: each problem and warning on its own line.
 * With `error`, problems fail it (the caller refuses the deploy); with `warn`, they are
 * warnings and the verdict says the deploy went on. `elapsedMs`: the time the check took, when it
 * asked GitHub (a check of local files is instant: no time shown).
 */
function verdictOf(report, configPath, mode, log, elapsedMs, note) {
    const graphs = report.graphs.length === 1 ? `1 graph (${report.graphs[0]})` : `${report.graphs.length} graphs (${report.graphs.join(', ')})`;
    const what = [graphs, report.runtime].filter(Boolean).join(', ');
    for (const warning of report.warnings)
        log.warn(`Config check: ${problemText(warning)}`);
    const warnings = report.warnings.length === 0 ? '' : ` (${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'})`;
    const said = (problem) => problemSaid(problem, configPath);
    const base = {
        id: ID,
        label: LABEL,
        ...(elapsedMs === undefined ? {} : { elapsedMs }),
        ...(report.warnings.length > 0 ? { warnings: report.warnings.map(said) } : {})
    };
    const noted = note ? ['; ', ...note] : [];
    if (report.problems.length === 0) {
        log.info(`Config check of \`${configPath}\`: ${what}: passed${warnings}.`);
        return { ...base, status: 'passed', detail: [`${what}: passed${warnings}`, ...noted] };
    }
    const count = `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`;
    const problems = report.problems.map(said);
    if (mode === 'warn') {
        for (const problem of report.problems)
            log.warn(`Config check (\`config-check: warn\`, the deploy goes on): ${problemText(problem)}`);
        return {
            ...base,
            status: 'not-proven',
            detail: [
                `${count} the build may fail on, in `,
                { code: configPath },
                ' (',
                { code: 'config-check: warn' },
                ': deployed anyway)',
                ...noted
            ],
            problems
        };
    }
    for (const problem of report.problems)
        log.info(`Config check: ${problemText(problem)}`);
    return { ...base, status: 'failed', detail: [`${count} the build would fail on, in `, { code: configPath }, ...noted], problems };
}
/**
 * Puts the verdict on record; a failed one refuses the deploy, every problem in the error,
 * before any change (for a remote build, before any request and before anything is packed).
 * `waivable`: false when a problem is refused under every mode (nothing can archive it).
 */
function enforceConfigVerdict(verdict, deps, waivable = true) {
    if (!verdict)
        return;
    deps.recorder.checked(verdict);
    if (verdict.status !== 'failed')
        return;
    const lines = (verdict.problems ?? []).map(quoted/* plainText */.wh);
    throw new errors/* ActionError */.lZ('bad-input', `The config check found ${(0,quoted/* plainText */.wh)(verdict.detail)}:\n${lines.map((line) => `- ${line}`).join('\n')}`, waivable
        ? 'Fix the config (or what leaves its files out), then re-run; nothing was changed on the control plane. `config-check: warn` deploys anyway.'
        : 'Fix the config, then re-run; nothing was changed on the control plane. What lies outside the workspace cannot be archived under any `config-check` mode.');
}

;// CONCATENATED MODULE: ./src/commands/deploy/gates/archive-config-check.ts





/**
 * The config check (`config-check`) of a remote build, on the files its archive will hold, before
 * they are packed: a problem with `error`, or one nothing can archive under any mode, refuses here
 * (every problem in the error), before any request when the inputs name a remote build.
 */
const archiveConfigCheckGate = {
    id: 'archive-config-check',
    stage: 'archive',
    appliesTo: () => true,
    async run({ inputs, deps, layout, selection }) {
        const verdict = await archiveVerdict(selection, inputs.configCheck, { log: deps.log, ...deps.run?.stop() }, layout.problems);
        // Recorded before it throws: the refusal's reports list the problems.
        if (verdict.status === 'failed')
            enforceConfigVerdict(verdict, deps, !unwaivable(layout.problems));
        return { verdict };
    }
};
/**
 * A remote build: the config and the files exactly as the archive will hold them; messages name
 * workspace paths. `layoutProblems`: what the layout could not archive (said once, before the
 * check's own); one outside the workspace refuses the deploy under every mode, since nothing can
 * ship it. Committed files are read from git through one process per repository, ended with the
 * check (or by a cancel, or the deadline: `deps` without a deadline has none).
 */
async function archiveVerdict(selection, mode, deps, layoutProblems = []) {
    const prefix = workspacePrefix(selection);
    const configPath = selection.configPath;
    const shown = (problem) => ({ ...problem, file: prefix + problem.file });
    const fromLayout = layoutProblems.map((problem) => shown({ file: configPath, ...problem }));
    const unshippable = fromLayout.filter((problem) => problem.always);
    const refusing = (problems) => verdictOf({ problems, warnings: [], graphs: [], runtime: '' }, prefix + configPath, 'error', deps.log, undefined);
    if (mode === 'off')
        return unshippable.length > 0 ? refusing(unshippable) : notChecked([{ code: 'config-check: off' }]);
    const blobs = (0,blob_stream/* openBlobReads */.P)(deps.clock && deps.deadline !== undefined ? { signal: deps.signal, clock: deps.clock, deadline: deps.deadline } : undefined);
    try {
        const files = archiveFiles(selection, commitReads(blobs));
        // As the archive holds it (the commit's version, in a checkout); one left out is read from the disk, to say so.
        const shipped = files.kind(configPath) === 'file';
        const text = shipped ? await readNow(files, configPath) : (0,read_capped/* readCapped */.E)(`${selection.root}/${configPath}`);
        if (text === undefined)
            return unshippable.length > 0
                ? refusing(unshippable)
                : notChecked(['the config file ', { code: prefix + configPath }, ' could not be read']);
        const report = shipped
            ? await checkConfigFromCommit(text, configPath, files)
            : configNotShipped(configPath, files.leftOut?.(configPath));
        // A key the layout spoke of is not spoken of again by the check (one problem, said once).
        const layoutKeys = new Set(fromLayout.map((problem) => problem.key));
        const problems = [...fromLayout, ...report.problems.filter((problem) => !layoutKeys.has(problem.key)).map(shown)];
        // With `warn`, what cannot be archived at all still refuses: the build could not have it whatever happens.
        return verdictOf({ ...report, problems, warnings: report.warnings.map(shown) }, prefix + configPath, unshippable.length > 0 ? 'error' : mode, deps.log, undefined);
    }
    finally {
        blobs.close();
    }
}
/** The config file itself left out of the archive (untracked, ignored): the build would find no config at all. */
function configNotShipped(configPath, rule) {
    const what = [
        'is not in the archive',
        ...(rule ? [': left out by ', { code: rule }] : []),
        ', so the build would find no config.'
    ];
    const fix = ['Ship it: commit it, or change that rule (', { code: 'archive-include' }, ' ships an untracked file).'];
    return { problems: [{ file: configPath, key: '(file)', what, fix }], warnings: [], graphs: [], runtime: '' };
}
/** Whether the layout left out something nothing can archive (refused under every `config-check` mode). */
function unwaivable(layoutProblems) {
    return layoutProblems.some((problem) => problem.always);
}

// EXTERNAL MODULE: ./src/commands/deploy/gates/checkout-commit.ts
var checkout_commit = __webpack_require__(2637);
// EXTERNAL MODULE: ./src/core/sha.ts
var core_sha = __webpack_require__(3541);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/operations/git/folder-index.ts
var folder_index = __webpack_require__(9411);
;// CONCATENATED MODULE: ./src/operations/config-check/commit-files.ts



/**
 * A commit's files for a `github` build (which fetches the commit, not the runner's folder), read
 * from the checkout's git objects (`HEAD`'s tree): a file a sparse checkout leaves out, or that a
 * step deleted or changed, is seen as committed; a file a step left beside them is absent, and
 * said to be left out because it was never committed. `top` is the checkout's top; paths are
 * relative to it. A link is neither a file nor a folder (the build does not follow it either).
 * Contents come through `reads` (checkConfigFromCommit reads them from git).
 */
function commitFiles(top, tree, reads) {
    const files = new Map(tree.map((file) => [file.path, file]));
    const { children } = (0,folder_index/* folderIndex */.J)(files.keys());
    const kind = (path) => {
        const file = files.get(path);
        if (file)
            return file.kind === 'file' ? 'file' : file.kind === 'submodule' ? 'dir' : 'absent';
        return children.has(path) ? 'dir' : 'absent';
    };
    return {
        reads,
        // No root name: the checkout's folder (usually the repository's name) is not the folder the build clones into.
        kind,
        list: (dir) => {
            const names = children.get(dir);
            return names ? [...names].sort() : undefined;
        },
        read: (path) => {
            const file = files.get(path);
            return file?.kind === 'file' ? reads.text({ repo: top, oid: file.oid }) : undefined;
        },
        leftOut: (path) => !files.has(path) && !children.has(path) && (0,external_node_fs_.existsSync)((0,external_node_path_.join)(top, ...path.split('/'))) ? 'git: not committed' : undefined,
        shipFix: ['Commit it: a ', { code: 'github' }, ' build gets the commit, not the files beside it on the runner.']
    };
}

// EXTERNAL MODULE: ./src/operations/config-check/github-files.ts
var github_files = __webpack_require__(1403);
// EXTERNAL MODULE: ./src/core/stop.ts
var core_stop = __webpack_require__(1439);
// EXTERNAL MODULE: ./src/operations/git/git-tree.ts
var git_tree = __webpack_require__(4730);
;// CONCATENATED MODULE: ./src/commands/deploy/checkout-reads.ts


/**
 * The checkout's reads for this run: the config check, `paths` and `expected-commit` each ask
 * whether a folder (the workspace, or the config's) is in a checkout at a commit (and which
 * files it tracks), and git answers once. The checkout is found from the folder itself, so one
 * in a subfolder of the workspace (`actions/checkout` with `path:`) counts. Kept in the run's memos.
 */
function checkoutReads(deps, dir) {
    const reads = deps.memos.checkouts;
    let found = reads.get(dir);
    if (!found) {
        let checkout;
        let tree;
        const workspace = deps.workflow.workspace ?? dir;
        // Each git command gets the time left before the step's deadline, and is killed on a cancel.
        const stop = deps.run?.stop();
        const checkoutOnce = () => (checkout ??= (0,git_tree/* checkoutOf */.o5)(dir, stop, workspace));
        found = {
            checkout: checkoutOnce,
            commit: async () => (await checkoutOnce())?.commit,
            tree: () => 
            // No sizes: `--long` would read every blob, and a partial clone would fetch each missing one alone.
            (tree ??= checkoutOnce().then((at) => at
                ? (0,git_tree/* listTree */.nT)(at.top, at.commit, [''], stop, false).catch((error) => {
                    if ((0,core_stop/* isStop */.jX)(error))
                        throw error;
                    return undefined;
                })
                : undefined))
        };
        reads.set(dir, found);
    }
    return found;
}

// EXTERNAL MODULE: ./src/operations/github/github-requests.ts
var github_requests = __webpack_require__(6080);
;// CONCATENATED MODULE: ./src/commands/deploy/github-reads.ts

/**
 * The GitHub repository that `repoUrl` names, read with the workflow's token: the workflow's own
 * repository, or another on the same GitHub server (the token may still not reach it; GitHub
 * then says so). A repository elsewhere cannot be read with this token.
 */
function repositoryOf(repoUrl, workflow) {
    if (!workflow.repoUrl || !workflow.repository)
        return { reason: "the workflow's repository is not known (GITHUB_REPOSITORY is not set)" };
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
    const path = parsed.pathname
        .replace(/\/+$/, '')
        .replace(/\.git$/, '')
        .slice(1);
    if (!/^[\w.-]+\/[\w.-]+$/.test(path))
        return undefined;
    return { host: parsed.host.toLowerCase(), repository: path.toLowerCase() };
}
/**
 * GitHub reads through the one rate-limited path (operations/github/github-requests.ts): bounded by the
 * step's deadline, keeping one request's time free before it, each request aborted at its limit.
 * One reader per token for the run (its memos), so a rate limit one read met is honoured by the next.
 */
async function openCommitReads(token, repoUrl, deps, 
/**
 * A read that must not hold the deploy (the config check): a reader of its own whose requests
 * all end within this time (the run's shared one keeps the step's deadline).
 */
budgetMs) {
    const where = repositoryOf(repoUrl, deps.workflow);
    if ('reason' in where)
        return { ok: false, reason: where.reason };
    if (!token)
        return {
            ok: false,
            reason: "`github-token` is empty: leave it unset to use the workflow's `${{ github.token }}` (it needs `contents: read`)"
        };
    const open = deps.openGitHub;
    if (!open)
        return { ok: false, reason: 'GitHub cannot be read in this run' };
    if (budgetMs !== undefined) {
        const github = (0,github_requests/* gitHubReader */.n)(await open(token), deps.run.within(budgetMs), {
            warn: deps.log.warn,
            reserveMs: 0,
            requestLimitMs: Math.max(1, Math.min(deps.run.requestLimit(), budgetMs))
        });
        return { ok: true, github, repository: where.repository };
    }
    const readers = deps.memos.githubReaders;
    let github = readers.get(token);
    if (!github) {
        github = open(token).then((get) => (0,github_requests/* gitHubReader */.n)(get, deps.run, { warn: deps.log.warn }));
        readers.set(token, github);
    }
    return { ok: true, github: await github, repository: where.repository };
}

;// CONCATENATED MODULE: ./src/commands/deploy/gates/config-check.ts










/**
 * The config check (`config-check`) of a `github` revision: the config at the commit to be
 * built. A problem with `error` refuses here (every problem in the error). Only the `github`
 * source has this gate (source.ts); a remote build's is archive-config-check.ts.
 */
const configCheckGate = {
    id: 'config-check',
    stage: 'change',
    appliesTo: () => true,
    async run({ inputs, deps, existing }) {
        const verdict = await githubVerdict({ inputs, deps, existing });
        // Recorded before it throws: the refusal's reports list the problems.
        if (verdict.status === 'failed')
            enforceConfigVerdict(verdict, deps);
        return { go: true, verdict };
    }
};
/** The most a `github` config check spends reading GitHub: a slow or hanging GitHub must not hold the deploy. */
const READ_BUDGET_MS = 15_000;
/** A tenth of the step's time left, at most READ_BUDGET_MS: the deploy keeps nine tenths whatever GitHub does. */
function readBudgetMs(deps) {
    return Math.max(0, Math.min(READ_BUDGET_MS, (deps.run.deadline - deps.run.now()) / 10));
}
/**
 * `github`: from the workspace when it is a checkout of the repository at the commit to be
 * built, else through GitHub's API; not checked (and the deploy goes on) when neither can be read.
 */
async function githubVerdict({ inputs, deps, existing }) {
    const mode = inputs.configCheck;
    if (mode === 'off')
        return notChecked([{ code: 'config-check: off' }]);
    const started = deps.run.now();
    const { workflow, log } = deps;
    const configPath = inputs.sourceRevisionConfig.graph_config_path ?? existing?.source_revision_config?.graph_config_path ?? undefined;
    // A create without one is refused by the source rules; a patch without one keeps the deployment's, which it names.
    if (!configPath)
        return logNotChecked(deps, notChecked(['no ', { code: 'graph-config-path' }, ' is known for this deployment']));
    // A path inside the repository only: `..` or a leading `/` would read another file of the
    // workspace, or (normalised by the URL) another repository with the token.
    if (configPath.startsWith('/') || configPath.split(/[\\/]/).includes('..')) {
        return logNotChecked(deps, notChecked(['the config path ', { code: configPath }, ' leaves the repository']));
    }
    const repoUrl = inputs.sourceConfig.repo_url ?? existing?.source_config?.repo_url ?? workflow.repoUrl;
    // With `expected-commit`, that commit is what must be built (its own gate refuses any other).
    const ref = inputs.expectedCommit ?? inputs.sourceRevisionConfig.repo_ref ?? workflow.repoRef;
    if (!ref)
        return logNotChecked(deps, notChecked(['no ', { code: 'repo-ref' }, ' to read the config at']));
    const done = (report, note) => verdictOf(report, configPath, mode, log, deps.run.now() - started, note);
    const checkout = await checkoutOf(repoUrl, ref, deps);
    const reads = checkout && checkoutReads(deps, checkout.workspace);
    const [top, tree] = reads ? await Promise.all([reads.checkout(), reads.tree()]) : [];
    if (checkout && top && tree) {
        // The commit itself, from git's objects: a sparse checkout or a file a step removed is seen as the build sees it.
        // Its files through one `git cat-file --batch`, ended with the check, a cancel or the deadline.
        const blobs = (0,blob_stream/* openBlobReads */.P)(deps.run.stop());
        try {
            const files = commitFiles(top.top, tree, commitReads(blobs));
            const text = await readNow(files, configPath);
            if (text !== undefined) {
                const report = await checkConfigFromCommit(text, configPath, files);
                return verdictOf(report, configPath, mode, log, undefined, ['read from the checkout of ', { code: checkout.commit.slice(0, 12) }]);
            }
        }
        finally {
            blobs.close();
        }
    }
    const github = await openCommitReads(inputs.githubToken, repoUrl ?? undefined, deps, readBudgetMs(deps));
    if (!github.ok)
        return logNotChecked(deps, notChecked(['no checkout of ', { code: ref }, ' and GitHub cannot be read: ', ...(0,quoted/* quoted */.TL)(github.reason)]));
    const read = await (0,github_files/* readFromGitHub */.A)(github.github, github.repository, ref, configPath);
    // Not a problem: the commit may not be what the build reads in the end (a branch moves), and the control plane says so itself.
    if (!read.ok && read.missing) {
        log.warn(`Config check: \`${configPath}\` is not a file in \`${ref}\` of ${github.repository}: the build will fail unless it is there when it builds.`);
        return notChecked((0,quoted/* quoted */.TL)(read.reason));
    }
    if (!read.ok)
        return logNotChecked(deps, notChecked((0,quoted/* quoted */.TL)(read.reason)));
    const note = read.truncated
        ? ['read through GitHub; its file listing was cut short, so whether files exist was not checked']
        : ['read through GitHub (', `${read.requests} requests`, ')'];
    if (read.truncated)
        log.warn(`Config check: GitHub's listing of \`${ref}\` was cut short (too many files), so whether the files the config names exist was not checked.`);
    return done(checkConfig(read.text, configPath, read.files), note);
}
/**
 * The workspace, when it is a checkout of the deployment's repository at the commit the build
 * will use: `repo-ref` is that commit's full SHA, or the workflow's own ref, whose commit the
 * workflow checked out. Undefined otherwise (another repository, another ref, not a checkout).
 */
async function checkoutOf(repoUrl, ref, deps) {
    const { workflow } = deps;
    const repository = repositoryOf(repoUrl ?? undefined, workflow);
    if (!workflow.workspace || !('repository' in repository) || repository.repository !== workflow.repository)
        return undefined;
    const wanted = core_sha/* FULL_SHA */.R.test(ref) ? ref.toLowerCase() : ref === workflow.repoRef ? workflow.triggerSha : undefined;
    if (!wanted)
        return undefined;
    const commit = await checkoutReads(deps, workflow.workspace).commit();
    return commit === wanted.toLowerCase() ? { workspace: workflow.workspace, commit } : undefined;
}
function logNotChecked(deps, verdict) {
    // Missing information never blocks, and is no warning either: the summary's row says it.
    deps.log.info(`Config check: ${(0,quoted/* plainText */.wh)(verdict.detail)}; the deploy goes on.`);
    return verdict;
}

// EXTERNAL MODULE: ./src/api/errors.ts
var api_errors = __webpack_require__(3249);
;// CONCATENATED MODULE: ./src/operations/github/github-commits.ts

/** GitHub lists at most this many files in a compare: one with as many may be cut short. */
const COMPARE_FILE_LIMIT = 300;
const STATUSES = ['ahead', 'behind', 'diverged', 'identical'];
const CONTENTS_HINT = "The token needs `contents: read` (add it to the job's `permissions`, or pass a `github-token` that has it).";
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
        return { ok: false, reason: "GitHub's compare answer has no known `status`" };
    // `identical` may come without a list; any other status must list its files.
    const listed = data?.files ?? (status === 'identical' ? [] : undefined);
    if (!Array.isArray(listed))
        return { ok: false, reason: "GitHub's compare answer lists no files" };
    const files = [];
    for (const entry of listed) {
        const { filename, previous_filename: previous } = (entry ?? {});
        if (typeof filename !== 'string' || filename === '')
            return { ok: false, reason: "GitHub's compare answer has a file without a name" };
        files.push(typeof previous === 'string' && previous !== '' ? { filename, previousFilename: previous } : { filename });
    }
    return { ok: true, status: status, files };
}
/**
 * `GET /repos/{owner}/{repo}/git/trees/{sha}?recursive=1`: one request, the paths of every file
 * in the commit (blobs, and submodules, which a changed-files list names as paths too). A listing
 * GitHub cut short (`truncated: true`: over 100,000 entries or 7 MB) is not a list of the files.
 */
async function github_commits_commitFiles(github, repository, sha) {
    const outcome = await github.fetch(`/repos/${repository}/git/trees/${encodeURIComponent(sha)}?recursive=1`, `Listing the files of commit ${sha}`);
    if (!outcome.ok)
        return { ok: false, reason: withHint(outcome) };
    const data = outcome.response.data;
    if (data?.truncated === true)
        return { ok: false, reason: "GitHub's listing of the commit is cut short (the repository has too many files for one answer)" };
    if (!Array.isArray(data?.tree))
        return { ok: false, reason: "GitHub's tree answer lists no files" };
    const files = [];
    for (const entry of data.tree) {
        const { path, type } = (entry ?? {});
        if (typeof path !== 'string' || path === '')
            return { ok: false, reason: "GitHub's tree answer has an entry without a path" };
        if (type === 'blob' || type === 'commit')
            files.push(path);
    }
    return { ok: true, files };
}
/** `GET /repos/{owner}/{repo}/commits/{ref}`: the commit a branch, tag or SHA names now. */
async function commitOfRef(github, repository, ref) {
    // A tag's full ref names the tag; GitHub takes branch and tag names (and SHAs) here.
    const name = ref.replace(/^refs\/(heads|tags)\//, '');
    const outcome = await github.fetch(`/repos/${repository}/commits/${encodeURIComponent(name)}`, `Reading the commit \`${ref}\` points to`);
    if (!outcome.ok)
        return { ok: false, reason: withHint(outcome), ...(outcome.status === 422 ? { unknownRef: true } : {}) };
    const sha = outcome.response.data?.sha;
    if (typeof sha !== 'string' || !core_sha/* FULL_SHA */.R.test(sha))
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

// EXTERNAL MODULE: ./src/commands/deploy/sources/built-commit.ts
var built_commit = __webpack_require__(9087);
;// CONCATENATED MODULE: ./src/commands/deploy/gates/expected-commit.ts






/** `expected-commit` for a `github` revision (the only source with this gate): the ref the control plane will build points at it now. */
const expectedCommitGate = {
    id: 'expected-commit',
    stage: 'change',
    appliesTo: ({ inputs }) => inputs.expectedCommit !== undefined,
    async run({ inputs, deps, existing, plan }) {
        const repoUrl = existing?.source_config?.repo_url ?? (plan.action === 'create' ? plan.body.source_config.repo_url : undefined);
        await checkRefBeforeChange(inputs.expectedCommit, inputs.sourceRevisionConfig.repo_ref ?? deps.workflow.repoRef, repoUrl ?? undefined, inputs, deps, existing);
        return { go: true };
    }
};
/**
 * `expected-commit`, before any change, for a `github` deployment: the ref the control plane will
 * build must point at the expected commit now. Refused when it does not, and when GitHub cannot
 * say (missing information never ships untested code); each refusal says what still serves.
 * A `repo-ref` that is a full commit SHA (a promotion that pins the commit) is compared as it is:
 * the control plane builds that very commit, so GitHub has nothing to add.
 */
async function checkRefBeforeChange(expected, ref, repoUrl, inputs, deps, existing) {
    if (!ref) {
        throw new errors/* ActionError */.lZ('bad-input', `\`expected-commit\` is ${expected}, but which ref the control plane builds is not known: \`repo-ref\` is not set and the workflow's ref is not known.`, 'Set `repo-ref` to the branch or tag that holds the commit.');
    }
    if (core_sha/* FULL_SHA */.R.test(ref)) {
        if (ref.toLowerCase() === expected) {
            deps.log.info(`\`repo-ref\` is commit ${expected} itself, the expected one: the control plane builds exactly that commit.`);
            return;
        }
        throw new errors/* ActionError */.lZ('bad-input', `\`repo-ref\` is commit ${ref.toLowerCase()}, not \`expected-commit\` ${expected}: the control plane would build a ` +
            `commit that was not tested. Nothing was sent.${await servingNow(existing, deps)}`, 'Set `repo-ref` and `expected-commit` to the same commit: the one that was tested.');
    }
    const reads = await openCommitReads(inputs.githubToken, repoUrl, deps);
    const read = reads.ok ? await commitOfRef(reads.github, reads.repository, ref) : reads;
    if (!read.ok) {
        throw new errors/* ActionError */.lZ('api-refused', `Could not read which commit \`${ref}\` points to (${read.reason}), so this deploy could not be shown to ship ` +
            `\`expected-commit\` ${expected}. Nothing was sent.${await servingNow(existing, deps)}`, 'unknownRef' in read && read.unknownRef
            ? `Set \`repo-ref\` to the branch or tag that holds the tested commit (or to \`${expected}\` itself).`
            : 'Re-run the job once GitHub can be read; the token needs `contents: read`.');
    }
    if (read.sha !== expected) {
        throw new errors/* ActionError */.lZ('bad-input', `\`${ref}\` points to commit ${read.sha} now, not to \`expected-commit\` ${expected}: the control plane would build a ` +
            `commit that was not tested. Nothing was sent.${await servingNow(existing, deps)}`, built_commit/* TESTED_FIRST */.V);
    }
    deps.log.info(`\`${ref}\` points to commit ${expected}, the expected one.`);
}
/**
 * What a refusal leaves serving, as a sentence to append: the revision and the commit it was built
 * from, read now (one request, made only for a refusal). Nothing it cannot read is guessed.
 */
async function servingNow(existing, deps) {
    if (!existing)
        return '';
    const revisionId = existing.active_revision_id;
    if (!revisionId)
        return ` Deployment \`${existing.name}\` serves no revision yet.`;
    let commit;
    try {
        const revision = await deps.client.getRevision(existing.id, revisionId);
        const sha = revision.source_revision_config?.repo_commit_sha;
        commit = typeof sha === 'string' && core_sha/* FULL_SHA */.R.test(sha) ? sha.toLowerCase() : undefined;
    }
    catch (error) {
        if (!(error instanceof api_errors/* ApiError */.hD))
            throw error;
        return ` Deployment \`${existing.name}\` still serves revision ${revisionId} (its commit could not be read: ${(0,errors/* firstLine */.TM)(error)}).`;
    }
    return ` Deployment \`${existing.name}\` still serves revision ${revisionId}${commit ? `, built from commit ${commit}` : ', which reports no commit'}.`;
}

;// CONCATENATED MODULE: ./src/commands/deploy/paths-patterns.ts



/** The verdict's id and its row's label (one row of the summary, as every check). */
const paths_patterns_ID = 'paths-patterns';
const paths_patterns_LABEL = 'Paths patterns';
/**
 * `paths` is judged as a set, in order, against the files of the commit being deployed: each
 * pattern (not `!` ones) must keep a file of it. One that matches none (`agents/suport/**`), or
 * whose every file a later `!` pattern removes (`agents/support/**` then `!agents/**`), would make
 * every change look "outside `paths`", and a deploy skipped on it would be skipped forever. The files come from the checkout when it is at that very commit
 * (free, no request), else from GitHub's listing of the commit (one request). Records one
 * verdict row; a pattern that matches nothing is also a warning naming it.
 */
async function checkPatterns(paths, head, reads, deps) {
    const started = deps.run.now();
    const short = head.slice(0, 12);
    const listed = await filesOf(head, reads, deps);
    const elapsedMs = deps.run.now() - started;
    if (!listed.ok) {
        deps.log.warn(`The \`paths\` patterns were not checked against commit ${head}: ${listed.reasons.join('; ')}. The decision rests on GitHub's compare alone.`);
        deps.recorder.checked({
            id: paths_patterns_ID,
            label: paths_patterns_LABEL,
            status: 'not-checked',
            detail: ['not checked against commit ', { code: short }, ...(0,quoted/* quoted */.TL)(`: ${listed.reasons.join('; ')}`)],
            elapsedMs
        });
        return { checked: false };
    }
    const { dead, keepsNone } = paths.judge(listed.files);
    const from = listed.from === 'checkout' ? 'the checkout' : "GitHub's listing of the commit";
    if (dead.length === 0) {
        deps.log.info(`Every \`paths\` pattern keeps files of commit ${head} (read from ${from}).`);
        deps.recorder.checked({
            id: paths_patterns_ID,
            label: paths_patterns_LABEL,
            status: 'passed',
            detail: [`each keeps files of commit `, { code: short }, ` (${from})`],
            elapsedMs
        });
        return { checked: true, dead, keepsNone };
    }
    for (const { pattern, why } of dead) {
        const what = why === 'matches-none'
            ? `matches no file of commit ${head}`
            : `matches files of commit ${head}, but a later \`!\` pattern removes every one of them`;
        deps.log.warn(`\`paths\` pattern \`${pattern}\` ${what} (read from ${from}): check it for a typo, a moved folder or a \`!\` pattern that is too wide. Until it keeps a file, this deploy never skips.`);
    }
    if (keepsNone)
        deps.log.warn(`\`paths\` as a whole keeps no file of commit ${head}: every change would be "outside \`paths\`", so this deploy never skips until it does.`);
    deps.recorder.checked({
        id: paths_patterns_ID,
        label: paths_patterns_LABEL,
        status: 'not-proven',
        detail: [
            ...deadSaid(dead),
            ` (commit `,
            { code: short },
            `${keepsNone ? '; the set keeps no file' : ''}): the deploy goes ahead, and never skips until fixed`
        ],
        elapsedMs
    });
    return { checked: true, dead, keepsNone };
}
/** `a` matches no file, `b` is emptied by a later `!` pattern: one clause per kind. */
function deadSaid(dead) {
    const clause = (why, words) => {
        const named = dead.filter((item) => item.why === why);
        if (named.length === 0)
            return [];
        const codes = named.flatMap(({ pattern }, i) => [...(i === 0 ? [] : [', ']), { code: pattern }]);
        return [...codes, words];
    };
    const none = clause('matches-none', dead.filter((item) => item.why === 'matches-none').length === 1 ? ' matches no file' : ' match no file');
    const emptied = clause('all-excluded', ' keep no file (a later `!` pattern removes all they match)');
    return [...none, ...(none.length > 0 && emptied.length > 0 ? ['; '] : []), ...emptied];
}
async function filesOf(head, reads, deps) {
    const reasons = [];
    const workspace = deps.workflow.workspace;
    const checkout = workspace ? checkoutReads(deps, workspace) : undefined;
    const checkedOut = await checkout?.commit();
    if (checkout && checkedOut === head.toLowerCase()) {
        const tree = await checkout.tree();
        if (tree)
            return { ok: true, files: tree.map((file) => file.path), from: 'checkout' };
        reasons.push("git could not list the checkout's files");
    }
    else {
        reasons.push(checkedOut ? `the checkout is at another commit (${checkedOut.slice(0, 12)})` : 'the workspace is not a git checkout');
    }
    const opened = await reads();
    const listed = opened.ok ? await github_commits_commitFiles(opened.github, opened.repository, head) : opened;
    if (listed.ok)
        return { ok: true, files: listed.files, from: 'github' };
    reasons.push(listed.reason);
    return { ok: false, reasons };
}

// EXTERNAL MODULE: ./src/commands/deploy/environment.ts
var environment = __webpack_require__(5157);
// EXTERNAL MODULE: ./src/commands/deploy/settings-differ.ts
var settings_differ = __webpack_require__(9040);
;// CONCATENATED MODULE: ./src/commands/deploy/gates/paths.ts









/** `paths`: a deploy with no change under them ends here, sending nothing. */
const pathsGate = {
    id: 'paths',
    stage: 'change',
    appliesTo: ({ inputs }) => inputs.paths !== undefined,
    async run({ inputs, deps, existing, source, plan }) {
        const verdict = await decidePaths(inputs.paths, source, inputs, existing, deps, plan);
        if (verdict.skip && existing)
            return { go: false, outcome: nothingUnderPaths(verdict.serving, existing, inputs, deps) };
        return { go: true };
    }
};
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
/** How many matching files a log line names before "and N more". */
const NAMED_FILES = 5;
/**
 * `paths`: skip the deploy when no file under them changed between the commit the serving
 * revision was built from and the commit this run deploys. The answer must be certain to
 * skip: every case where something is not known, or where the deploy would change more
 * than the code (secrets, settings), or where a person asked for it, deploys, and says why.
 * Records the decision and logs it; makes no change, so a dry run reports it as is.
 */
async function decidePaths(paths, source, inputs, existing, deps, plan) {
    const { log, recorder } = deps;
    // Only a source whose module lists `paths` can decide it (a `github` revision reports the commit it was built from).
    if (!source.module.gates.includes('paths')) {
        const reason = `\`paths\` applies to \`github\` deployments only (their revisions report the commit they were built from), and this deploy ships \`${source.builds}\``;
        log.warn(`${reason}: it does not apply, and the deploy goes ahead.`);
        recorder.pathsDecided({ skip: false, reason });
        return { skip: false };
    }
    const decided = await decide(paths, inputs, existing, deps, plan);
    recorder.pathsDecided(decided.decision);
    const { decision } = decided;
    if (decision.skip)
        log.info(`\`paths\`: nothing to deploy: ${decision.reason}.`);
    else
        log.info(`\`paths\`: deploying, because ${decision.reason}.`);
    return decided.serving && decision.skip ? { skip: true, serving: decided.serving } : { skip: false };
}
async function decide(paths, inputs, existing, deps, plan) {
    const { workflow } = deps;
    const go = (reason, facts = {}) => ({ decision: { skip: false, reason, ...facts } });
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
    const settings = settingsDiffer(inputs, existing, plan);
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
    if (!base || !core_sha/* FULL_SHA */.R.test(base))
        return go(`revision ${servingId}, which serves, reports no commit it was built from`, { servingRevisionId: servingId });
    // Without `repo-ref` the deploy builds the workflow's ref: another branch than the one serving is a change whatever the files say.
    const builtRef = ref ?? workflow.repoRef;
    const servingRef = serving.source_revision_config?.repo_ref ?? undefined;
    if (builtRef !== undefined && servingRef !== undefined && builtRef !== servingRef) {
        return go(`this run deploys \`${builtRef}\`, but the serving revision was built from \`${servingRef}\``, {
            servingRevisionId: servingId,
            baseCommit: base
        });
    }
    const graph = inputs.sourceRevisionConfig.graph_config_path;
    if (graph !== undefined && graph !== serving.source_revision_config?.graph_config_path) {
        return go(`\`graph-config-path\` differs from the serving revision's`, { servingRevisionId: servingId, baseCommit: base });
    }
    const head = workflow.triggerSha;
    const commits = { servingRevisionId: servingId, baseCommit: base, headCommit: head };
    if (!head)
        return go("the commit this run deploys is not known (the pull request's head commit could not be read from the event)", commits);
    // Opened once, when first needed: the checkout may answer the pattern check without GitHub.
    let opened;
    const readsOnce = () => (opened ??= openCommitReads(inputs.githubToken, existing.source_config?.repo_url ?? undefined, deps));
    const patterns = await checkPatterns(paths, head, readsOnce, deps);
    if (patterns.checked && patterns.dead.length > 0) {
        const none = patterns.dead.filter((item) => item.why === 'matches-none').map((item) => `\`${item.pattern}\``);
        const emptied = patterns.dead.filter((item) => item.why === 'all-excluded').map((item) => `\`${item.pattern}\``);
        const said = [
            ...(none.length > 0 ? [`${none.join(', ')} ${none.length === 1 ? 'matches' : 'match'} no file of the commit deployed`] : []),
            ...(emptied.length > 0
                ? [`every file ${emptied.join(', ')} ${emptied.length === 1 ? 'matches is' : 'match is'} removed by a later \`!\` pattern`]
                : [])
        ];
        return go(`${said.join(', and ')}${patterns.keepsNone ? ' (`paths` keeps no file of it)' : ''}, so no skip can be trusted`, commits);
    }
    const reads = await readsOnce();
    if (!reads.ok)
        return go(`GitHub cannot be asked what changed: ${reads.reason}`, commits);
    const compared = await compareCommits(reads.github, reads.repository, base, head);
    if (!compared.ok)
        return go(`GitHub could not compare the serving commit with this run's: ${compared.reason}`, commits);
    const { status, files } = compared;
    const counted = { ...commits, changedFiles: files.length };
    if (status !== 'ahead' && status !== 'identical') {
        return go(`commit ${head} is ${status === 'behind' ? 'behind' : 'not ahead of'} commit ${base}, which serves (\`${status}\`): what changed cannot be told from one side`, counted);
    }
    if (files.length >= COMPARE_FILE_LIMIT)
        return go(`GitHub lists ${files.length} changed files, its most, so the list may be cut short`, counted);
    const under = files.filter((file) => touches(paths, file));
    const outsidePaths = files.length - under.length;
    if (under.length > 0) {
        const named = under
            .slice(0, NAMED_FILES)
            .map((f) => `\`${(0,quoted/* quotable */.E7)(f.filename, 200)}\``)
            .join(', ');
        const more = under.length > NAMED_FILES ? ` and ${under.length - NAMED_FILES} more` : '';
        return go(`${under.length} changed file${under.length === 1 ? '' : 's'} under \`paths\` since commit ${base}: ${named}${more}`, {
            ...counted,
            outsidePaths
        });
    }
    const outside = files.length === 0 ? 'no file changed' : `${files.length} changed file${files.length === 1 ? '' : 's'}, all outside \`paths\``;
    return {
        decision: {
            skip: true,
            reason: `no change under \`paths\` since commit ${base}, which revision ${servingId} serves (${outside})`,
            ...counted,
            outsidePaths
        },
        serving
    };
}
/** A rename touches both its paths: moving a file out of `paths` changes what is under them. */
function touches(paths, file) {
    return paths.matches(file.filename) || (file.previousFilename !== undefined && paths.matches(file.previousFilename));
}
/**
 * Why the deploy would change more than the code, or undefined when the settings it sends are already the deployment's.
 * The environment is read from the plan (environment.ts), which compared names and values: a secret whose value
 * changes is a change, said by its name only.
 */
function settingsDiffer(inputs, existing, plan) {
    const secrets = environmentDiffers('secrets', plan.environment?.secrets);
    if (secrets)
        return secrets;
    const differing = (0,settings_differ/* sourceConfigDifferences */.s2)(inputs.sourceConfig, existing.source_config ?? {});
    if (differing.length > 0)
        return `${differing.map((n) => `\`${n}\``).join(', ')} ${differing.length === 1 ? 'differs' : 'differ'} from the deployment's`;
    return environmentDiffers('secret-references', plan.environment?.references);
}
/** What the plan's list changes, by name; undefined when it sends none (nothing in it changes). */
function environmentDiffers(what, change) {
    if (!change?.send)
        return undefined;
    const { set, added, removed } = change.names;
    const named = environment/* shownNames */.kA;
    const said = [
        added.length ? `adds ${named(added)}` : '',
        removed.length ? `drops ${named(removed)}` : '',
        set.length ? `changes the value of ${named(set)}` : '',
        change.removedUnknown ? 'replaces what the deployment does not report' : ''
    ].filter(Boolean);
    return `\`${what}\` ${said.join(' and ')}`;
}

;// CONCATENATED MODULE: ./src/commands/deploy/gates/index.ts





/**
 * Every gate, in the order they run. The `archive` stage comes first: a remote build's gates run on
 * its files as selected, before any request when the inputs name a remote build (its commit first:
 * a checkout of another commit is refused whatever its config says). Then the `change` stage,
 * after the lookup: the config check first (a config the build would refuse is the cheapest thing
 * to find), and those that refuse before `paths`, whose skip ends the run: a deploy that would be
 * refused is refused even when nothing changed. A new gate is its module and one entry here.
 */
const DEPLOY_GATES = [checkout_commit/* checkoutCommitGate */.t, archiveConfigCheckGate, configCheckGate, expectedCommitGate, pathsGate];
/**
 * Runs the `archive` gates on a remote build's selected files, recording each verdict; a refusal is
 * thrown by its gate. Whatever the source decision will say: for inputs that name a remote build
 * it is not made yet (the lookup comes after), and an archive set aside has its row withdrawn.
 */
async function runArchiveGates(gates, ctx) {
    for (const gate of gates.filter((gate) => gate.stage === 'archive')) {
        if (!gate.appliesTo(ctx))
            continue;
        const result = await gate.run(ctx);
        if (result.verdict)
            ctx.deps.recorder.checked(result.verdict);
    }
}
/**
 * Runs the `change` gates the source has, in order, recording each verdict. Returns the outcome of
 * a gate that ended the run (nothing to deploy), or undefined to go on; a refusal is thrown by its gate.
 */
async function runGates(gates, ctx) {
    for (const gate of gates.filter((gate) => gate.stage === 'change')) {
        if (!ctx.source.gates.includes(gate.id) || !gate.appliesTo(ctx))
            continue;
        const result = await gate.run(ctx);
        if (result.verdict)
            ctx.deps.recorder.checked(result.verdict);
        if (!result.go)
            return result.outcome;
    }
    return undefined;
}


/***/ }),

/***/ 6747:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ dependencyEntries),
/* harmony export */   w: () => (/* binding */ iterableDependencies)
/* harmony export */ });
/**
 * `dependencies` as the client iterates it (`for dep in config["dependencies"]`): a list's
 * entries, a string's characters (so `"."` is `["."]`), a mapping's keys. Anything else (null,
 * a number, a boolean) cannot be iterated: the client fails on it, and the check says so.
 */
function dependencyEntries(value) {
    if (value === undefined)
        return [];
    if (Array.isArray(value))
        return value;
    if (typeof value === 'string')
        return [...value];
    if (typeof value === 'object' && value !== null)
        return Object.keys(value);
    return [];
}
/** Whether the client can iterate `dependencies` at all (missing is an empty list). */
function iterableDependencies(value) {
    return value === undefined || typeof value === 'string' || (typeof value === 'object' && value !== null);
}


/***/ }),

/***/ 6751:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ parsePythonJson)
/* harmony export */ });
/**
 * JSON as the official client reads a config (Python's `json.load`): standard JSON plus the
 * bare constants `NaN`, `Infinity` and `-Infinity`, which JavaScript's `JSON.parse` refuses.
 * Everything else is JSON's own rules (a BOM, a trailing comma, a comment: refused by both).
 */
function parsePythonJson(text) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        const marked = markConstants(text);
        if (marked === text)
            throw error;
        try {
            return JSON.parse(marked, (_key, value) => (typeof value === 'string' && value in CONSTANTS ? CONSTANTS[value] : value));
        }
        catch {
            // The constants were not the problem: say what the plain read said.
            throw error;
        }
    }
}
/** Placeholders no config holds (a NUL in a string is refused by JSON itself, never written by anyone). */
const CONSTANTS = { '\u0000NaN': NaN, '\u0000Infinity': Infinity, '\u0000-Infinity': -Infinity };
/** The text with each bare constant outside a string replaced by a string placeholder. */
function markConstants(text) {
    let out = '';
    let inString = false;
    for (let at = 0; at < text.length; at++) {
        const char = text[at];
        if (inString) {
            out += char;
            if (char === '\\')
                out += text[++at] ?? '';
            else if (char === '"')
                inString = false;
            continue;
        }
        if (char === '"') {
            inString = true;
            out += char;
            continue;
        }
        const constant = ['-Infinity', 'Infinity', 'NaN'].find((name) => text.startsWith(name, at));
        if (constant) {
            out += JSON.stringify(`\u0000${constant}`);
            at += constant.length - 1;
        }
        else
            out += char;
    }
    return out;
}


/***/ }),

/***/ 9859:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ openBlobReads),
/* harmony export */   w: () => (/* binding */ openBlobStream)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_time_limit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2164);
/* harmony import */ var _core_stop_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1439);
/* harmony import */ var _git_tree_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4730);
/* harmony import */ var _drained_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2770);





function openBlobStream(top, oids) {
    // Every id is known up front: `--buffer` lets git fill the pipe, rather than write (and wake
    // this process) once per file, which for tens of thousands of small files was most of the cost.
    // A file over 1 MiB is streamed by git, not read whole into its memory first (its default
    // threshold is 512 MiB: a 300 MB file took git to 380 MB).
    const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)('git', (0,_git_tree_js__WEBPACK_IMPORTED_MODULE_3__/* .gitArgs */ .iJ)(top, ['-c', 'core.bigFileThreshold=1m', 'cat-file', '--batch', '--buffer']), {
        cwd: top,
        env: process.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
        if (stderr.length < 1000)
            stderr += chunk.toString('utf8');
    });
    let failed;
    child.on('error', (error) => (failed = error));
    // A write after git exits (a missing object, a kill) fails the stream: the reads say why.
    child.stdin.on('error', () => undefined);
    void writeAll(child.stdin, oids);
    const reader = new ByteReader(child.stdout, () => failed ?? new Error(`\`git cat-file\` ended early${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}`));
    /** Bytes of the previous blob not read by its reader (it stopped early), skipped before the next. */
    let unread = 0;
    return {
        async *next(oid) {
            if (unread > 0)
                await reader.skip(unread);
            unread = 0;
            const header = await reader.line();
            const [id, type, size] = header.split(' ');
            if (id !== oid || type !== 'blob')
                throw new Error(`git has no file \`${oid}\` in this checkout's objects (${header.trim() || 'no answer'}): a partial or broken clone?`);
            unread = Number(size) + 1;
            const content = Number(size);
            let left = content;
            while (left > 0) {
                const chunk = await reader.upTo(left);
                left -= chunk.length;
                unread -= chunk.length;
                yield chunk;
            }
            await reader.skip(1);
            unread = 0;
        },
        close() {
            child.stdin.destroy();
            child.stdout.destroy();
            if (child.exitCode === null)
                child.kill();
        }
    };
}
function openBlobReads(stop) {
    const readers = new Map();
    return {
        read(repo, oid, cap) {
            const stopped = (0,_core_stop_js__WEBPACK_IMPORTED_MODULE_2__/* .stopReason */ .PJ)(stop);
            if (stopped)
                return Promise.reject(stopped);
            let reader = readers.get(repo);
            if (!reader)
                readers.set(repo, (reader = new BatchReader(repo)));
            return reader.read(oid, cap, stop);
        },
        close() {
            for (const reader of readers.values())
                reader.close();
        }
    };
}
/** One `git cat-file --batch`, asked one id at a time (git answers each at once: without `--buffer`, it flushes every answer). */
class BatchReader {
    child;
    reader;
    queue = Promise.resolve();
    broken = false;
    constructor(repo) {
        this.child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)('git', (0,_git_tree_js__WEBPACK_IMPORTED_MODULE_3__/* .gitArgs */ .iJ)(repo, ['cat-file', '--batch']), {
            cwd: repo,
            env: process.env,
            stdio: ['pipe', 'pipe', 'pipe'],
            windowsHide: true
        });
        this.child.on('error', () => (this.broken = true));
        this.child.stdin.on('error', () => (this.broken = true));
        this.child.stderr.resume();
        this.reader = new ByteReader(this.child.stdout, () => new Error('`git cat-file` ended early'));
    }
    read(oid, cap, stop) {
        const asked = this.queue.then(() => this.answer(oid, cap, stop));
        this.queue = asked.catch(() => undefined);
        return asked;
    }
    async answer(oid, cap, stop) {
        if (this.broken)
            return undefined;
        // A read queued behind another may start after the run stopped: an aborted signal fires no
        // event, so without this it would wait on git for ever.
        const stoppedBefore = (0,_core_stop_js__WEBPACK_IMPORTED_MODULE_2__/* .stopReason */ .PJ)(stop);
        if (stoppedBefore) {
            this.close();
            throw stoppedBefore;
        }
        const limit = (0,_core_time_limit_js__WEBPACK_IMPORTED_MODULE_1__/* .startTimeLimit */ .r5)((0,_git_tree_js__WEBPACK_IMPORTED_MODULE_3__/* .gitLimit */ .gY)(stop));
        // A read that does not answer in time leaves the process mid-answer: it is ended, and so is every later read of it.
        const onAbort = () => this.close();
        limit.signal.addEventListener('abort', onAbort, { once: true });
        if (limit.signal.aborted)
            onAbort();
        try {
            this.child.stdin.write(`${oid}\n`);
            const [id, type, size] = (await this.reader.line()).split(' ');
            if (id !== oid || type === 'missing')
                return undefined;
            const length = Number(size);
            if (type !== 'blob' || length > cap) {
                await this.reader.skip(length + 1);
                return undefined;
            }
            const chunks = [];
            for (let left = length; left > 0;) {
                const chunk = await this.reader.upTo(left);
                chunks.push(Buffer.from(chunk));
                left -= chunk.length;
            }
            await this.reader.skip(1);
            return Buffer.concat(chunks, length);
        }
        catch {
            this.close();
            const stopped = (0,_core_stop_js__WEBPACK_IMPORTED_MODULE_2__/* .stopReason */ .PJ)(stop);
            if (stopped)
                throw stopped;
            return undefined;
        }
        finally {
            limit.signal.removeEventListener('abort', onAbort);
            limit.end();
        }
    }
    close() {
        this.broken = true;
        this.child.stdin.destroy();
        this.child.stdout.destroy();
        if (this.child.exitCode === null)
            this.child.kill();
    }
}
/** Writes each id on a line, waiting whenever the pipe is full; ends the input. */
async function writeAll(stdin, oids) {
    const BATCH = 512;
    for (let at = 0; at < oids.length; at += BATCH) {
        if (stdin.destroyed)
            return;
        const ok = stdin.write(`${oids.slice(at, at + BATCH).join('\n')}\n`);
        if (!ok)
            await (0,_drained_js__WEBPACK_IMPORTED_MODULE_4__/* .drainedOrClosed */ .B)(stdin);
    }
    stdin.end();
}
/**
 * A pull reader over a stream: a line, then so many bytes, keeping what is left over. It listens
 * for `readable` from the start: a child's output nobody listens to is drained (thrown away) by
 * node once the child exits, and git may exit before the first blob is asked for.
 */
class ByteReader {
    source;
    ended;
    pending = Buffer.alloc(0);
    done = false;
    wake;
    constructor(source, ended) {
        this.source = source;
        this.ended = ended;
        const wake = () => this.wake?.();
        source.on('readable', wake);
        source.on('end', () => {
            this.done = true;
            wake();
        });
        source.on('error', () => {
            this.done = true;
            wake();
        });
        source.on('close', () => {
            this.done = true;
            wake();
        });
    }
    async fill() {
        for (;;) {
            const chunk = this.source.read();
            if (chunk !== null) {
                this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
                return;
            }
            if (this.done)
                throw this.ended();
            await new Promise((resolve) => (this.wake = resolve));
            this.wake = undefined;
        }
    }
    async line() {
        for (;;) {
            const at = this.pending.indexOf(10);
            if (at >= 0) {
                const text = this.pending.subarray(0, at).toString('utf8');
                this.pending = this.pending.subarray(at + 1);
                return text;
            }
            if (this.pending.length > 4096)
                throw new Error('`git cat-file` answered with no header line');
            await this.fill();
        }
    }
    /** Up to `most` bytes (at least one): what is pending, or the next chunk. */
    async upTo(most) {
        if (this.pending.length === 0)
            await this.fill();
        const chunk = this.pending.subarray(0, most);
        this.pending = this.pending.subarray(chunk.length);
        return chunk;
    }
    async skip(count) {
        for (let left = count; left > 0;)
            left -= (await this.upTo(left)).length;
    }
}


/***/ }),

/***/ 2770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ drainedOrClosed)
/* harmony export */ });
/** Resolves once a writable that refused a write has room again, or is closed (then nothing more goes in). */
function drainedOrClosed(stream) {
    return new Promise((resolve) => {
        const done = () => {
            stream.removeListener('drain', done);
            stream.removeListener('close', done);
            resolve();
        };
        stream.once('drain', done);
        stream.once('close', done);
    });
}


/***/ }),

/***/ 9411:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ addToFolderIndex),
/* harmony export */   J: () => (/* binding */ folderIndex)
/* harmony export */ });
function folderIndex(paths) {
    const index = { children: new Map([['', new Set()]]), dirs: new Set() };
    for (const path of paths)
        addToFolderIndex(index.children, index.dirs, path);
    return index;
}
/** Records `path`'s parent folders and the name of each in its parent; stops at the first parent already known. */
function addToFolderIndex(children, dirs, path) {
    let child = path;
    for (let slash = child.lastIndexOf('/');; slash = child.lastIndexOf('/')) {
        const parent = slash < 0 ? '' : child.slice(0, slash);
        const known = parent === '' || dirs.has(parent);
        const names = children.get(parent) ?? new Set();
        names.add(child.slice(slash + 1));
        children.set(parent, names);
        if (known)
            return;
        dirs.add(parent);
        child = parent;
    }
}


/***/ })

};

//# sourceMappingURL=330.index.js.map