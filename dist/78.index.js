export const id = 78;
export const ids = [78];
export const modules = {

/***/ 2465:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ openContents)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _git_blob_stream_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9859);


/** Files are read in chunks this large: the 64 KiB default makes every layer run four times as often. */
const READ_CHUNK_BYTES = 256 * 1024;
function openContents(entries) {
    const idsByRepo = new Map();
    for (const entry of entries) {
        if (entry.type !== 'file' || !entry.blob)
            continue;
        const ids = idsByRepo.get(entry.blob.repo) ?? [];
        ids.push(entry.blob.oid);
        idsByRepo.set(entry.blob.repo, ids);
    }
    const streams = new Map([...idsByRepo].map(([repo, ids]) => [repo, (0,_git_blob_stream_js__WEBPACK_IMPORTED_MODULE_1__/* .openBlobStream */ .w)(repo, ids)]));
    return {
        of(entry) {
            if (!entry.blob)
                return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.createReadStream)(entry.absPath, { highWaterMark: READ_CHUNK_BYTES });
            const stream = streams.get(entry.blob.repo);
            if (!stream)
                throw new Error(`\`${entry.workspacePath}\` was not listed to be read`);
            return stream.next(entry.blob.oid);
        },
        close() {
            for (const stream of streams.values())
                stream.close();
        }
    };
}


/***/ }),

/***/ 1078:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  selectArchiveFiles: () => (/* binding */ selectArchiveFiles),
  O: () => (/* binding */ unreadable)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: external "node:v8"
var external_node_v8_ = __webpack_require__(8877);
;// CONCATENATED MODULE: ./src/core/young-generation.ts

/**
 * V8 doubles its young generation (where new objects are made) each time enough of them
 * survive a collection, up to 2 x 16 MiB on Node 20 and 2 x 32 MiB on Node 24, and seldom gives
 * it back. Listing a commit of 50,000 files builds that many long-lived records, so the young
 * generation grows to its maximum: measured, 34 MB of a 148 MB peak on Node 20 and 67 MB of
 * 208 MB on Node 24, for memory that holds almost nothing once the listing is built. Held at its
 * size while the files are listed and scanned, it stayed at 4 to 8 MB, and the archive's peak
 * (with the upload's, api/file-body.ts) is 118 to 123 MB and 129 to 143 MB, in about the same time.
 *
 * The action cannot start its own Node with `--max-semi-space-size` (the runner starts it), so
 * the growth factor is set at run time, the one young-generation setting V8 reads at each
 * collection rather than once at start-up: 1 is "do not grow", V8's default 2 comes back once
 * the last holder is done. Node documents `setFlagsFromString` as "use with care": only this
 * integer flag is set, and only to the two values V8 itself uses. Should a later V8 refuse a
 * factor below 2, the hold would do nothing (no harm): the test that builds 300,000 records in
 * a Node of the suite's own version would then fail, and say so.
 */
const DO_NOT_GROW = '--semi-space-growth-factor=1';
const V8_DEFAULT = '--semi-space-growth-factor=2';
let holders = 0;
/**
 * Runs `work` with the young generation kept at the size it has; nested and overlapping calls
 * share the setting, which is restored when the last one settles, whether it resolved or threw.
 */
async function withYoungGenerationHeld(work, setFlags = external_node_v8_.setFlagsFromString) {
    if (holders++ === 0)
        setFlags(DO_NOT_GROW);
    try {
        return await work();
    }
    finally {
        if (--holders === 0)
            setFlags(V8_DEFAULT);
    }
}

// EXTERNAL MODULE: ./src/core/stop.ts
var core_stop = __webpack_require__(1439);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./src/operations/git/git-tree.ts
var git_tree = __webpack_require__(4730);
;// CONCATENATED MODULE: ./src/operations/git/git-attributes.ts




/**
 * Which paths of a commit `git archive` leaves out for the `export-ignore` attribute: the commit's
 * own `.gitattributes` files (not the working tree's) and the repository's `info/attributes`,
 * read by git itself, so that patterns mean exactly what they mean to git. Git before 2.40 cannot
 * read attributes from a commit (`check-attr --source`), so the commit's `.gitattributes` files
 * are put in a throwaway index of their own (`update-index --index-info`, ids only: nothing is
 * read or written in the checkout) and `check-attr --cached` reads them there. Two git processes
 * per repository whatever the number of files, and none when there is no attributes file at all.
 */
/**
 * The paths (files, submodules and folders, relative to the top, `/`-separated) that carry
 * `export-ignore`: a folder's covers everything below it, as in `git archive`. `files` is the
 * listing to judge; `attributeFiles` every `.gitattributes` of the commit that may apply to it
 * (those in the listing and those in the folders above it); `infoAttributes` the repository's
 * own file, read when it exists.
 */
async function exportIgnored(top, files, attributeFiles, infoAttributes, stop) {
    const ignored = new Set();
    const hasInfo = infoAttributes !== undefined &&
        (await (0,promises_.access)(infoAttributes).then(() => true, () => false));
    if (attributeFiles.length === 0 && !hasInfo)
        return ignored;
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'attributes-'));
    const env = { GIT_INDEX_FILE: (0,external_node_path_.join)(dir, 'index') };
    try {
        if (attributeFiles.length > 0) {
            const entries = attributeFiles.map((file) => `${file.executable ? '100755' : '100644'} ${file.oid}\t${file.path}\0`).join('');
            await (0,git_tree/* runGit */.EO)(top, ['update-index', '-z', '--index-info'], { stop, env, input: entries, maxBuffer: 1024 * 1024 });
        }
        // Every path and every folder above one: an attribute on a folder is not reported for the files below it.
        // Folders and submodules are asked with a trailing `/`, as `git archive` asks: a pattern such as
        // `vendor/ export-ignore` matches only a path that ends in one.
        const paths = new Set();
        for (const file of files) {
            paths.add(file.kind === 'submodule' ? `${file.path}/` : file.path);
            for (let at = file.path.lastIndexOf('/'); at > 0; at = file.path.lastIndexOf('/', at - 1)) {
                const folder = `${file.path.slice(0, at)}/`;
                if (paths.has(folder))
                    break;
                paths.add(folder);
            }
        }
        const said = await (0,git_tree/* runGit */.EO)(top, ['check-attr', '--cached', '-z', '--stdin', 'export-ignore'], {
            stop,
            env,
            input: [...paths].map((path) => `${path}\0`).join('')
        });
        // `<path> NUL export-ignore NUL <set | unset | unspecified | value> NUL` for each path asked.
        const fields = said.split('\0');
        for (let at = 0; at + 2 < fields.length; at += 3)
            if (fields[at + 2] === 'set')
                ignored.add(fields[at].replace(/\/$/, ''));
        return ignored;
    }
    finally {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
    }
}
/** Whether `path` or a folder above it is in `ignored`. */
function isExportIgnored(ignored, path) {
    if (ignored.size === 0)
        return false;
    for (let at = path.length; at > 0; at = path.lastIndexOf('/', at - 1))
        if (ignored.has(path.slice(0, at)))
            return true;
    return false;
}

// EXTERNAL MODULE: ./src/operations/git/folder-index.ts
var folder_index = __webpack_require__(9411);
// EXTERNAL MODULE: ./src/operations/archive/layout.ts
var archive_layout = __webpack_require__(9029);
// EXTERNAL MODULE: ./src/operations/archive/secret-rules.ts
var secret_rules = __webpack_require__(9793);
;// CONCATENATED MODULE: ./src/operations/archive/secret-content.ts

/**
 * Secrets found by what a file holds, not its name: a cloud service-account JSON with a private
 * key in it, a `.yarnrc.yml` with `npmAuthToken`, AWS keys pasted into a config. Only text files
 * under SCAN_MAX_BYTES are read (a key file is small; a large or binary file is data), read as
 * a stream with a bounded window: memory does not grow with the file. The same read finds keys
 * written into a file (secret-rules.ts), each with its line.
 */
/** Files at or over this size are not scanned. */
const SCAN_MAX_BYTES = 1024 * 1024;
/** A NUL in the first bytes makes a file binary, as git decides it: not scanned. */
const BINARY_PROBE_BYTES = 8000;
/**
 * What makes a file a credential file by what it holds (it is left out whole), each with the rule
 * the warning names (the marker, never the value). A token's value must be written out (not a
 * `${VAR}` reference to the environment, which holds no secret), so a source file that passes a
 * key along (`aws_secret_access_key=key`) is not one; an AWS secret key is 40 characters. A
 * marker counts with `=`, `:` or only a space before the value: a Dockerfile's `ENV
 * AWS_SECRET_ACCESS_KEY <key>`, yarn v1's `.yarnrc` line `"//registry.npmjs.org/:_authToken" "<token>"`
 * (a space-separated value is a token's: 16 characters or more, a digit among them, so that prose
 * naming the marker is not one).
 */
const PATTERNS = [
    { rule: '-----BEGIN PRIVATE KEY-----', test: /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/, holds: 'PRIVATE KEY' },
    {
        rule: '_authToken',
        test: /_authToken(?:["']?\s*[=:]\s*["']?[^\s"'$]|["']?[ \t]+["']?(?=[^\s"'$]*\d)[A-Za-z0-9_.+/=-]{16,})/,
        holds: '_authToken'
    },
    { rule: 'npmAuthToken', test: /npmAuthToken["']?\s*:\s*["']?[^\s"'$]/, holds: 'npmAuthToken' },
    {
        rule: 'aws_secret_access_key',
        test: /aws_secret_access_key["']?(?:\s*[=:]\s*|[ \t]+)["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/i,
        holds: 'aws_secret_access_key'
    }
];
/**
 * Text that every match of a credential rule holds on one line (compared ignoring ASCII case): a
 * file holding none of these breaks no such rule, so a search for them (scan-tracked.ts: one `git
 * grep`) finds every file worth reading, and reading those few decides as for any other file. The
 * key rules' keywords (secret-rules.ts) are searched for alongside when keys are looked for.
 */
const SECRET_MARKERS = PATTERNS.map((pattern) => pattern.holds);
/** The longest text one credential match spans: kept from a chunk's end so that a match across two chunks is found. */
const OVERLAP = 256;
/** A line longer than this (minified code) is judged in parts, each part's last OVERLAP characters judged again with the next. */
const LONG_LINE = 64 * 1024;
/** Findings kept for one file: a file of a thousand tokens needs no thousand warnings. */
const FINDINGS_PER_FILE = 20;
/**
 * The rule a file's content breaks, or undefined (binary, or nothing found). `size` is the
 * file's size as listed: at or over SCAN_MAX_BYTES nothing is read. `chunks` is the file's
 * content; reading stops at the first match.
 */
async function secretInContent(chunks, size) {
    return (await scanContent(chunks, size, { keys: false })).credential;
}
/**
 * What a file's content holds: a credential rule's marker (reading stops there), else, with
 * `keys`, every key found (secret-rules.ts) with its line. Binary files and files at or over
 * SCAN_MAX_BYTES hold nothing.
 */
async function scanContent(chunks, size, options) {
    if (size >= SCAN_MAX_BYTES)
        return { keys: [] };
    const scan = contentScanner(options);
    for await (const chunk of chunks) {
        const verdict = scan.push(chunk);
        if (!verdict.more)
            return scan.end();
    }
    return scan.end();
}
/**
 * A scanner for one file's content: a tail of OVERLAP characters is carried from chunk to chunk
 * for the credential rules, and the current line's text (at most LONG_LINE) for the key rules.
 */
function contentScanner(options = { keys: false }) {
    let tail = '';
    let seen = 0;
    let done = false;
    let credential;
    const keys = options.keys ? keyScanner() : undefined;
    return {
        push(chunk) {
            if (done)
                return { more: false };
            if (seen < BINARY_PROBE_BYTES && chunk.subarray(0, BINARY_PROBE_BYTES - seen).includes(0)) {
                done = true;
                keys?.drop();
                return { more: false };
            }
            seen += chunk.length;
            // latin1 keeps one character a byte: a UTF-8 sequence split across chunks cannot garble the ASCII that the patterns match.
            const read = chunk.toString('latin1');
            const text = tail + read;
            for (const { rule, test } of PATTERNS) {
                if (test.test(text)) {
                    done = true;
                    credential = rule;
                    return { more: false, rule };
                }
            }
            tail = text.slice(-OVERLAP);
            keys?.push(read);
            return { more: true };
        },
        end() {
            if (credential)
                return { credential, keys: [] };
            return { keys: keys?.end() ?? [] };
        }
    };
}
/** The key rules over a file's text, line by line: each finding once per rule and line, at most FINDINGS_PER_FILE. */
function keyScanner() {
    let pending = '';
    let line = 1;
    const found = [];
    const seen = new Set();
    const judge = (block, firstLine) => {
        if (found.length >= FINDINGS_PER_FILE)
            return;
        // One pass for every rule's words: most blocks hold none, and no rule runs on them.
        const words = new Set();
        for (const match of block.matchAll(KEYWORDS))
            words.add(match[0].toLowerCase());
        if (words.size === 0)
            return;
        for (const rule of secret_rules/* KEY_RULES */.on) {
            if (!rule.keywords.some((word) => words.has(word)))
                continue;
            rule.pattern.lastIndex = 0;
            for (let match = rule.pattern.exec(block); match; match = rule.pattern.exec(block)) {
                if (!(0,secret_rules/* isFinding */.qd)(rule, match[1] ?? match[0]))
                    continue;
                const at = firstLine + newlinesIn(block, match.index);
                const key = `${rule.id}\0${at}`;
                if (seen.has(key))
                    continue;
                seen.add(key);
                found.push({ rule: rule.id, line: at });
                if (found.length >= FINDINGS_PER_FILE)
                    return;
            }
        }
    };
    return {
        push(text) {
            const all = pending + text;
            const last = all.lastIndexOf('\n');
            if (last >= 0) {
                const block = all.slice(0, last);
                judge(block, line);
                line += newlinesIn(block, block.length) + 1;
                pending = all.slice(last + 1);
            }
            else {
                pending = all;
            }
            if (pending.length > LONG_LINE) {
                judge(pending, line);
                pending = pending.slice(-OVERLAP);
            }
        },
        /** A binary file: nothing it holds is a finding. */
        drop() {
            pending = '';
            found.length = 0;
        },
        end() {
            if (pending)
                judge(pending, line);
            pending = '';
            return [...found].sort((a, b) => a.line - b.line || (a.rule < b.rule ? -1 : 1));
        }
    };
}
/** Every key rule's words, ignoring case (the same words the `git grep` looks for). */
const KEYWORDS = new RegExp(secret_rules/* KEY_KEYWORDS */.pk.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
/** How many line breaks `text` holds before `end`. */
function newlinesIn(text, end) {
    let count = 0;
    for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1))
        count++;
    return count;
}

;// CONCATENATED MODULE: ./src/operations/archive/commit-tree.ts









/** How deep submodules inside submodules are followed. */
const SUBMODULE_DEPTH = 8;
/**
 * The commit's tree for the included directories, when the config's directory is in a git
 * checkout (found from that directory: a checkout in a subfolder of the workspace counts);
 * undefined when it is not. An initialised submodule's files are those of the commit its parent
 * records, read from its own objects wherever its checkout stands; a submodule whose objects do
 * not hold that commit is refused, named. Git runs a constant number of times per repository:
 * one `rev-parse`, one `ls-tree`, one `diff`, and, when there is an attributes file, one
 * `update-index` and one `check-attr` (git-attributes.ts).
 */
async function readCommitTree(workspace, configDir, included, stop) {
    const checkout = await (0,git_tree/* checkoutOf */.o5)(configDir, stop, workspace);
    if (!checkout)
        return undefined;
    const tree = {
        checkout,
        files: new Map(),
        dirs: new Set(),
        children: new Map(),
        uninitialised: [],
        changed: [],
        exportIgnored: new Set()
    };
    await addRepository(tree, workspace, checkout, included, stop, 0);
    return tree;
}
async function addRepository(tree, workspace, repo, included, stop, depth, 
/** A submodule whose checkout is not at the commit its parent records (`repo.commit`): the commit it is at. */
movedFrom) {
    // The included directories inside this repository, from its top ('' for all of it); a directory above the top takes all of it.
    const dirs = included.flatMap((dir) => {
        const fromTop = (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(repo.top, dir));
        if (fromTop === '')
            return [''];
        if (!fromTop.startsWith('../') && fromTop !== '..')
            return [fromTop];
        return (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(dir, repo.top)).startsWith('..') ? [] : [''];
    });
    if (dirs.length === 0)
        return;
    // The `.gitattributes` of the folders above the included ones apply to them too: listed with them, in the same command.
    const above = attributesAbove(dirs);
    const under = (path) => dirs.some((dir) => dir === '' || path === dir || path.startsWith(`${dir}/`));
    let listed;
    let changed;
    try {
        // A partial clone's missing files in one fetch, before anything reads them (their sizes, their contents).
        await (0,git_tree/* fetchMissingBlobs */.$u)(repo.top, repo.commit, [...dirs, ...above], stop);
        [listed, changed] = await Promise.all([
            (0,git_tree/* listTree */.nT)(repo.top, repo.commit, [...dirs, ...above], stop),
            (0,git_tree/* changedFiles */.Y_)(repo.top, dirs, stop, repo.commit)
        ]);
    }
    catch (error) {
        if ((0,core_stop/* isStop */.jX)(error) || !movedFrom)
            throw error;
        throw new errors/* ActionError */.lZ('bad-input', `The submodule \`${(0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(workspace, repo.top))}\` is checked out at ${movedFrom.slice(0, 12)}, not at the commit ` +
            `its parent records (${repo.commit.slice(0, 12)}), and its objects do not hold that commit (${error.message}): ` +
            'what the commit ships there cannot be read. Nothing was sent.', 'Check the submodule out at the recorded commit before this step (`git submodule update --init --recursive`, or ' +
            '`submodules: true` of actions/checkout), then re-run.');
    }
    const files = listed.filter((file) => under(file.path));
    const large = files.filter((file) => file.kind === 'file' && file.size >= SCAN_MAX_BYTES).map((file) => file.path);
    const attributeFiles = listed.filter((file) => file.kind === 'file' && (file.path === '.gitattributes' || file.path.endsWith('/.gitattributes')));
    const ignored = await exportIgnored(repo.top, files, attributeFiles, repo.infoAttributes, stop);
    // The top may be the workspace, a folder in it (a checkout with `path:`), or above it. In the
    // first two cases a path is a prefix and git's own (normalised) path: no path.relative per file.
    const topInWorkspace = (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(workspace, repo.top));
    const prefixed = !(0,external_node_path_.isAbsolute)(topInWorkspace) && topInWorkspace !== '..' && !topInWorkspace.startsWith('../');
    const inWorkspace = (path) => prefixed ? (topInWorkspace ? `${topInWorkspace}/${path}` : path) : (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(workspace, (0,external_node_path_.join)(repo.top, path)));
    for (const path of changed)
        tree.changed.push(inWorkspace(path));
    for (const path of ignored)
        tree.exportIgnored.add(inWorkspace(path));
    for (const file of files) {
        const path = inWorkspace(file.path);
        (0,folder_index/* addToFolderIndex */.H)(tree.children, tree.dirs, path);
        if (file.kind !== 'submodule') {
            tree.files.set(path, {
                kind: file.kind,
                executable: file.executable,
                size: file.size,
                blob: { repo: repo.top, oid: file.oid, commit: repo.commit, path: file.path, dirs, large }
            });
            continue;
        }
        // Left out whole by the parent's attributes, itself or a folder above it, as `git archive` leaves it out.
        if (isExportIgnored(ignored, file.path))
            continue;
        const top = (0,external_node_path_.join)(repo.top, file.path);
        const inner = depth < SUBMODULE_DEPTH && (await isOwnCheckout(top)) ? await (0,git_tree/* checkoutOf */.o5)(top, stop) : undefined;
        if (inner && inner.top === top) {
            tree.dirs.add(path);
            // What the parent's commit records, not what the submodule's checkout has moved to since.
            const recorded = { ...inner, commit: file.oid.toLowerCase() };
            await addRepository(tree, workspace, recorded, included, stop, depth + 1, inner.commit === recorded.commit ? undefined : inner.commit);
        }
        else {
            tree.files.set(path, {
                kind: 'submodule',
                executable: false,
                size: 0,
                blob: { repo: repo.top, oid: file.oid, commit: repo.commit, path: file.path, dirs, large }
            });
            tree.uninitialised.push(path);
        }
    }
}
/** The `.gitattributes` paths of the folders above each included one (from the top), which apply to its files too. */
function attributesAbove(dirs) {
    const found = new Set();
    for (const dir of dirs) {
        if (dir === '')
            continue;
        found.add('.gitattributes');
        for (let at = dir.indexOf('/'); at > 0; at = dir.indexOf('/', at + 1))
            found.add(`${dir.slice(0, at)}/.gitattributes`);
    }
    return [...found];
}
/** A submodule's folder is a checkout of its own once initialised: it holds a `.git` (a file pointing into the parent's `.git/modules`). */
async function isOwnCheckout(dir) {
    return (0,promises_.access)((0,external_node_path_.join)(dir, '.git')).then(() => true, () => false);
}

// EXTERNAL MODULE: ./src/operations/archive/contents.ts
var archive_contents = __webpack_require__(2465);
;// CONCATENATED MODULE: ./src/operations/archive/secret-files.ts
/**
 * Files that hold credentials by their name, whatever their case, that a remote build never
 * ships (docs/remote-build-archive.md): what the agent needs goes through the `secrets` input,
 * which the control plane keeps encrypted; a file in the archive is readable by whoever can read
 * the build. A list of the usual places, not a guarantee about every file: the content scan
 * (secret-content.ts) catches keys and tokens written elsewhere. Each returns the rule as the
 * user would write it, for the warning.
 */
const NAMED = new Map([
    ['.npmrc', '.npmrc'],
    ['.pypirc', '.pypirc'],
    ['.netrc', '.netrc'],
    ['.git-credentials', '.git-credentials'],
    ['.pgpass', '.pgpass'],
    ['.htpasswd', '.htpasswd'],
    ['id_rsa', 'id_rsa'],
    ['id_dsa', 'id_dsa'],
    ['id_ecdsa', 'id_ecdsa'],
    ['id_ed25519', 'id_ed25519'],
    // A cluster's credentials (`KUBECONFIG` files under their usual name), a Google login's
    // (`gcloud auth application-default login`), Terraform's state (it holds every secret a
    // resource was given, in clear).
    ['kubeconfig', 'kubeconfig'],
    ['application_default_credentials.json', 'application_default_credentials.json'],
    ['terraform.tfstate', 'terraform.tfstate'],
    ['terraform.tfstate.backup', 'terraform.tfstate.backup']
]);
/** Files known by their folder too: `config` alone is any tool's, `.kube/config` is a cluster's credentials. */
const IN_FOLDER = ['.docker/config.json', '.aws/credentials', '.kube/config', '.streamlit/secrets.toml', 'config/secrets.yml'];
/** `.ppk`: PuTTY's private keys; `.tfstate`: any Terraform state (`prod.tfstate`). */
const KEY_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.jks', '.keystore', '.ppk', '.tfstate'];
/**
 * `.env` templates, which teams commit on purpose with the names and no values: they ship, and
 * are scanned as any file is; one that holds a key is left out (scan.ts). Both spellings:
 * `.env.example` and `example.env` (which `*.env` would otherwise leave out).
 */
const ENV_TEMPLATES = new Set(['.env.example', '.env.sample', '.env.template', 'example.env', 'sample.env', 'template.env']);
/**
 * `.env` exactly, and its variants: `.env.<x>`, `.env-<x>`, `.env_<x>`, `.envrc` (and a
 * `.env.d` folder); not a name that merely starts with the letters (`.envoy.yaml`,
 * `.environment`).
 */
const ENV_FILE = /^\.env(?:[._-].+|rc)?$/;
/** `<name>.env` (`prod.env`, `local.env`): the same variables under another name. */
const NAMED_ENV_FILE = /^.+\.env$/;
/**
 * The rule that makes `path` (relative to the workspace, posix, no trailing `/`) a secret
 * file, or undefined. A directory is one only when it is an `.env` one (`.env.d/`): a
 * directory named like a key file is left to the files inside it.
 */
function secretRule(path, isDir) {
    const lower = path.toLowerCase();
    const name = lower.slice(lower.lastIndexOf('/') + 1);
    if (ENV_FILE.test(name))
        return isDir || !ENV_TEMPLATES.has(name) ? envRule(name) : undefined;
    if (isDir)
        return undefined;
    if (NAMED_ENV_FILE.test(name))
        return ENV_TEMPLATES.has(name) ? undefined : '*.env';
    const named = NAMED.get(name);
    if (named)
        return named;
    const inFolder = IN_FOLDER.find((rule) => lower === rule || lower.endsWith(`/${rule}`));
    if (inFolder)
        return inFolder;
    const extension = KEY_EXTENSIONS.find((ext) => name.endsWith(ext));
    return extension ? `*${extension}` : undefined;
}
/** Whether `path` is an `.env` template (`.env.example`, `example.env`, `.sample`, `.template`): shipped unless it holds a key. */
function isEnvTemplate(path) {
    const lower = path.toLowerCase();
    return ENV_TEMPLATES.has(lower.slice(lower.lastIndexOf('/') + 1));
}
/** The `.env` rule as the warning names it: the form that matched. */
function envRule(name) {
    if (name === '.env' || name === '.envrc')
        return name;
    return `.env${name[4]}*`;
}
/**
 * Whether `archive-include` names `path` (workspace-relative, posix) itself: a pattern that is
 * exactly its path (a leading `/` allowed). A bare name (`.npmrc`) would match at any depth, and a
 * wildcard or a folder many files: neither ships a secret file.
 */
function namedExactly(patterns, path) {
    return patterns.some((pattern) => pattern.replace(/^\//, '').replace(/\/$/, '') === path);
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/operations/git/git-grep.ts


/** A list of paths (each at most a few hundred bytes) from a tree of a million files fits in this. */
const OUTPUT_MAX_BYTES = 256 * 1024 * 1024;
/**
 * `git grep` for files of `commit` under `pathspecs` (relative to the top; none: the whole tree)
 * holding any of `strings`, ignoring case (ASCII), except the files `skip` names (paths from the
 * top): git never reads those (a 1 GiB file the caller will not judge would be read whole into
 * git's memory, only to be skipped). Every path is taken literally (`:(literal)`), whatever
 * it holds. Every file is searched, binary or not:
 * `-I` would skip files that `.gitattributes` calls binary whatever they hold, and a prefilter
 * must never miss one. Line by line: a string holds no line break. The C locale, so that case
 * folding is ASCII's whatever the runner's language.
 */
function grepFiles(top, commit, pathspecs, strings, skip = []) {
    const patterns = strings.flatMap((text) => ['-e', text]);
    // With `skip` alone git searches the whole tree but those; a positive pathspec per folder otherwise.
    const magic = [...pathspecs.map((path) => `:(literal)${path}`), ...skip.map((path) => `:(exclude,literal)${path}`)];
    const args = ['grep', '-z', '-l', '-F', '-i', '-a', '--no-color', '--no-textconv', '--full-name', ...patterns, commit, '--', ...magic];
    const child = (0,external_node_child_process_.spawn)('git', (0,git_tree/* gitArgs */.iJ)(top, args, false), {
        cwd: top,
        env: { ...process.env, LC_ALL: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true
    });
    let closed = false;
    const files = new Promise((resolve, reject) => {
        const out = [];
        let bytes = 0;
        let stderr = '';
        child.stdout.on('data', (chunk) => {
            bytes += chunk.length;
            if (bytes > OUTPUT_MAX_BYTES)
                child.kill();
            else
                out.push(chunk);
        });
        child.stderr.on('data', (chunk) => {
            if (stderr.length < 1000)
                stderr += chunk.toString('utf8');
        });
        child.on('error', reject);
        child.on('close', (code) => {
            const said = stderr.trim().split('\n')[0];
            // 1: nothing found (and git said nothing wrong).
            if (code === 1 && !said)
                resolve([]);
            else if (code !== 0)
                reject(new Error(`\`git grep\` ${closed ? 'was stopped' : bytes > OUTPUT_MAX_BYTES ? 'named too many files' : 'failed'}${said ? `: ${said}` : ''}`));
            else
                resolve(namesIn(Buffer.concat(out).toString('utf8'), commit));
        });
    });
    return {
        files,
        close() {
            closed = true;
            if (child.exitCode === null && child.signalCode === null)
                child.kill();
        }
    };
}
/** `<commit>:<path>\0` for each file: the paths. */
function namesIn(output, commit) {
    const prefix = `${commit}:`;
    return output
        .split('\0')
        .filter((name) => name !== '')
        .map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name));
}

;// CONCATENATED MODULE: ./src/operations/archive/scan-tracked.ts


/**
 * The files of the commit, among `entries`, that hold any of `markers` (ignoring ASCII case):
 * one `git grep` per repository (the checkout, each submodule at its own commit), which reads
 * the blobs in git itself; the rest need no reading. Reading every small file through a pipe
 * to look for a marker that is almost never there cost more than packing them (docs/performance.md).
 * Each git process is ended at the deadline or on cancel. Git never reads a file of 1 MiB or
 * more (CommitBlob.large): the scan does not judge them.
 */
async function committedFilesHolding(entries, markers, stop) {
    // Each repository's files by their path in it (one path is one file of a repository's commit).
    const byRepo = new Map();
    for (const entry of entries) {
        if (!entry.blob)
            continue;
        const { repo: top, commit, path, dirs, large } = entry.blob;
        const repo = byRepo.get(top);
        if (repo)
            repo.files.set(path, entry);
        else
            byRepo.set(top, { commit, dirs, large, files: new Map([[path, entry]]) });
    }
    // A stop before the watch begins fires nothing: no search is started then.
    (0,core_stop/* throwIfStopped */.$J)(stop);
    const runs = [];
    const unwatch = (0,core_stop/* whenStopped */.OX)(stop, () => runs.forEach((run) => run.close()));
    try {
        // A repository with more large files than a command line holds is not searched: its small files are all read instead.
        const repos = [...byRepo].filter(([, repo]) => fitsCommandLine(repo.large));
        const holding = new Set();
        for (const [, repo] of byRepo)
            if (!fitsCommandLine(repo.large))
                for (const entry of repo.files.values())
                    holding.add(entry);
        // The folders the commit was listed for, no more: in a partial clone, a file outside them is not here, and git would fetch it.
        // The files of 1 MiB and over are never read: the scan does not judge them, and one may be gigabytes.
        for (const [top, repo] of repos)
            runs.push(grepFiles(top, repo.commit, repo.dirs.includes('') ? [] : repo.dirs, markers, repo.large));
        const found = await Promise.all(runs.map((run) => run.files));
        repos.forEach(([, repo], at) => {
            for (const path of found[at]) {
                const entry = repo.files.get(path);
                if (entry)
                    holding.add(entry);
            }
        });
        return holding;
    }
    catch (error) {
        // Stopped: said as such, not as the search that the stop ended.
        throw (0,core_stop/* stopReason */.PJ)(stop) ?? error;
    }
    finally {
        unwatch();
        for (const run of runs)
            run.close();
    }
}
/** Room for the paths of the files a search leaves out, well within what Linux, macOS and Windows take on one command line. */
const SKIP_MAX_CHARS = 24 * 1024;
function fitsCommandLine(paths) {
    let chars = 0;
    for (const path of paths)
        if ((chars += path.length + 20) > SKIP_MAX_CHARS)
            return false;
    return true;
}

;// CONCATENATED MODULE: ./src/operations/archive/scan.ts






/** A Git LFS pointer is a few lines starting so, never larger than this. */
const LFS_POINTER_MAX_BYTES = 1024;
const LFS_POINTER_START_TEXT = 'version https://git-lfs.github.com/spec/v1';
const LFS_POINTER_START = Buffer.from(`${LFS_POINTER_START_TEXT}\n`);
/**
 * The entries minus the text files under 1 MiB whose content holds a secret (secret-content.ts),
 * each of those added to `leftOut` with the rule it broke, never what it holds. A file
 * `archive-include` names by its exact path ships whatever it holds (the user said so), and is
 * still looked at for keys: a finding in it is warned about (or refused) like any other. Files
 * are read as the archive would read them: the commit's from git's objects, others from disk.
 * Of the commit's files only those that hold a rule's marker are read (one `git grep` finds
 * them, scan-tracked.ts): a file without one breaks no rule, so the verdicts are the same.
 * The same read notes the commit's files that are Git LFS pointers (select.ts ships the file).
 * With `keys`, it also finds the keys written into the files that ship (secret-rules.ts), by
 * file and line: those files still ship (`secret-scan` decides what a finding does), except an
 * `.env` template (`.env.example`), which is left out when it holds one.
 */
async function leaveOutSecretContent(entries, leftOut, include, stop, keys = false) {
    const named = (entry) => namedExactly(include, entry.workspacePath);
    // Named exactly: never left out, so read only when keys are looked for.
    const small = entries.filter((entry) => entry.type === 'file' && entry.size < SCAN_MAX_BYTES && (keys || !named(entry)));
    const marked = await committedFilesHolding(small, [...SECRET_MARKERS, ...(keys ? secret_rules/* KEY_KEYWORDS */.pk : []), LFS_POINTER_START_TEXT], stop);
    // A template is judged for keys whatever `keys` says (it ships only without one): the search did not look for their words then.
    const scanned = small.filter((entry) => !entry.blob || marked.has(entry) || (!keys && isEnvTemplate(entry.workspacePath)));
    const found = new Set();
    const lfsPointers = [];
    const findings = [];
    const contents = (0,archive_contents/* openContents */.h)(scanned);
    // A read blocked on git ends at the deadline or on cancel too.
    const unwatch = (0,core_stop/* whenStopped */.OX)(stop, () => contents.close());
    try {
        for (const entry of scanned) {
            (0,core_stop/* throwIfStopped */.$J)(stop);
            const chunks = contents.of(entry);
            const mayBePointer = entry.blob !== undefined && entry.size <= LFS_POINTER_MAX_BYTES;
            const notePointer = (start) => start.subarray(0, LFS_POINTER_START.length).equals(LFS_POINTER_START) && lfsPointers.push(entry);
            const verdict = await scanContent(mayBePointer ? peekStart(chunks, LFS_POINTER_START.length, notePointer) : chunks, entry.size, {
                keys: keys || isEnvTemplate(entry.workspacePath)
            });
            const template = verdict.keys.length > 0 && isEnvTemplate(entry.workspacePath);
            const rule = named(entry) ? undefined : (verdict.credential ?? (template ? verdict.keys[0].rule : undefined));
            if (!rule) {
                if (keys)
                    for (const key of verdict.keys)
                        findings.push({ path: entry.workspacePath, ...key });
                continue;
            }
            found.add(entry);
            leftOut.push({
                path: entry.workspacePath,
                reason: 'secret',
                rule,
                byContent: true,
                why: template
                    ? `\`.env\` template holding a key (\`${rule}\`, line ${verdict.keys[0].line}): pass what the agent needs through \`secrets\``
                    : `secret content (holds \`${rule}\`): pass what the agent needs through \`secrets\``
            });
        }
    }
    catch (error) {
        // Stopped: said as such, not as the read that the stop ended.
        throw (0,core_stop/* stopReason */.PJ)(stop) ?? error;
    }
    finally {
        unwatch();
        contents.close();
    }
    return {
        entries: found.size === 0 ? [...entries] : entries.filter((entry) => !found.has(entry)),
        lfsPointers: lfsPointers.filter((entry) => !found.has(entry)),
        findings
    };
}
/**
 * The chunks as they are, `look` called once with their first `bytes` bytes (or all of them, when
 * fewer): a stream may hand them over in pieces smaller than that, and the first piece alone
 * would then hide a pointer's start.
 */
async function* peekStart(chunks, bytes, look) {
    const head = [];
    let have = 0;
    let looked = false;
    for await (const chunk of chunks) {
        if (!looked) {
            head.push(chunk);
            have += chunk.length;
            if (have >= bytes) {
                looked = true;
                look(Buffer.concat(head));
            }
        }
        yield chunk;
    }
    if (!looked)
        look(Buffer.concat(head));
}

// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __webpack_require__(298);
var ignore_default = /*#__PURE__*/__webpack_require__.n(ignore);
// EXTERNAL MODULE: ./src/core/read-to-end.ts
var read_to_end = __webpack_require__(933);
// EXTERNAL MODULE: ./src/api/body.ts
var body = __webpack_require__(3994);
// EXTERNAL MODULE: ./src/operations/git/blob-stream.ts
var blob_stream = __webpack_require__(9859);
;// CONCATENATED MODULE: ./src/operations/archive/walk.ts










/** Directories the platform's own client never archives: caches and environments. */
const ALWAYS_LEFT_OUT = new Set(['__pycache__', '.git', '.venv', 'venv', 'node_modules', '.tox', '.mypy_cache']);
/** An ignore file is a few lines: one larger than this is not one, and is not read. */
const IGNORE_FILE_MAX_BYTES = 1024 * 1024;
/**
 * Every file and directory of the layout's included directories that goes into the archive,
 * and what was left out, with why. Always left out: symbolic links (never followed), what is
 * not a file or a directory, the client's cache and environment directories, secret files
 * (secret-files.ts; unless `archive-include` names its exact path), `archive-exclude` and what
 * each directory's `.dockerignore` names. In a git checkout, only the commit's files go (listed
 * from the commit, on disk or not, their content from git's objects: `blob`), plus the files on
 * disk that `archive-include` names; a submodule not initialised is left out; outside one, what the `.gitignore` files from the workspace
 * down name (nested ones apply below their own directory, a deeper file overriding a
 * shallower one, as in git) is left out, unless `archive-include` names it. A directory left
 * out is not entered, except when `archive-include` may name something below it: then it is
 * left out whole only when nothing below it goes.
 */
async function walkLayout(layout, options) {
    const { stop } = options;
    const entries = [];
    const leftOut = [];
    const unreadIgnoreFiles = [];
    const excluded = options.exclude.length > 0
        ? { base: '', matcher: matcher().add([...options.exclude]), reason: 'excluded', rule: 'archive-exclude' }
        : undefined;
    const include = options.include.length > 0 ? matcher().add([...options.include]) : undefined;
    // A secret file ships only when a pattern is its very path (`apps/agent/.npmrc`): never a bare name
    // at any depth (`.npmrc`), a wildcard, or a folder above it (`dist` ships `dist/app.js`, not `dist/.env`).
    const explicit = options.include.filter((pattern) => !/[*?[\]!]/.test(pattern));
    const git = options.commit;
    const fromWorkspace = (abs) => (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(layout.workspace, abs));
    // Per file, a slice rather than path.relative (which normalises both paths again, 50,000 times for 50,000 files).
    const rootPrefix = layout.root.endsWith(external_node_path_.sep) ? layout.root : `${layout.root}${external_node_path_.sep}`;
    const inArchive = (abs) => abs.startsWith(rootPrefix) ? (0,archive_layout/* toPosix */.d)(abs.slice(rootPrefix.length)) : (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(layout.root, abs));
    const included = (matcher, path, isDir) => matcher?.test(isDir ? `${path}/` : path).ignored === true;
    /**
     * The patterns of the ignore files in `dir`: a checkout's tracked files are not subject to its
     * `.gitignore`. In a checkout, a `.dockerignore` applies only when it is in the archive: the
     * commit's, or one on disk that `archive-include` ships (and no rule above, nor its own, leaves
     * out). One a step left beside the commit's files never removes a committed file.
     */
    const rulesIn = async (dir, names, inherited = []) => {
        const base = fromWorkspace(dir);
        const found = [];
        for (const name of names) {
            const path = `${base ? `${base}/` : ''}${name}`;
            const committed = git?.files.get(path);
            if (git && !committed && !included(include, path, false))
                continue;
            const read = await readIgnoreFile((0,external_node_path_.join)(dir, name), committed && blobs ? { file: committed, blobs } : undefined);
            if (typeof read !== 'string') {
                if (read)
                    unreadIgnoreFiles.push(`\`${path}\` ${read.problem}`);
                continue;
            }
            const rules = { base, matcher: matcher().add(read), reason: 'ignored', rule: path, gitignore: name === '.gitignore' };
            if (git && !committed && ignoredBy([...inherited, rules, ...(excluded ? [excluded] : [])], path, false))
                continue;
            found.push(rules);
        }
        return found;
    };
    const ignoreFiles = git ? ['.dockerignore'] : ['.gitignore', '.dockerignore'];
    /**
     * Enters a directory that is left out unless `archive-include` names something below it:
     * when nothing below it goes, it is left out whole, as one item.
     */
    const tentatively = async (entry, rules, whole) => {
        const [entriesBefore, leftOutBefore] = [entries.length, leftOut.length];
        entries.push(entry);
        await visit(entry.absPath, rules);
        if (entries.length > entriesBefore + 1)
            return;
        entries.length = entriesBefore;
        leftOut.length = leftOutBefore;
        leftOut.push(whole);
    };
    const visit = async (dir, inherited) => {
        const base = fromWorkspace(dir);
        const rules = [...inherited, ...(await rulesIn(dir, ignoreFiles, inherited))];
        // In a checkout, what the commit has here (on disk or not: a sparse checkout, a deleted file) and what the disk has besides.
        // A folder of the commit that a step replaced with a link is not followed: only the commit's files go from it.
        const linked = git !== undefined && (await (0,promises_.lstat)(dir).catch(() => undefined))?.isSymbolicLink() === true;
        const onDisk = linked
            ? []
            : await (0,promises_.readdir)(dir).catch((error) => {
                if (git && (error.code === 'ENOENT' || error.code === 'ENOTDIR'))
                    return [];
                throw error;
            });
        const names = [...new Set([...onDisk, ...(git?.children.get(base) ?? [])])].sort();
        for (const name of names) {
            (0,core_stop/* throwIfStopped */.$J)(stop);
            // A name from a folder's listing holds no separator: no normalising needed.
            const absPath = dir.endsWith(external_node_path_.sep) ? (0,external_node_path_.join)(dir, name) : `${dir}${external_node_path_.sep}${name}`;
            const path = base ? `${base}/${name}` : name;
            const committed = git?.files.get(path);
            if (git?.exportIgnored.has(path)) {
                const folder = !committed || committed.kind === 'submodule';
                leftOut.push({
                    path: folder ? `${path}/` : path,
                    reason: 'ignored',
                    rule: '.gitattributes',
                    why: "`export-ignore` in the commit's `.gitattributes` (as `git archive` leaves it out)"
                });
                continue;
            }
            if (committed?.kind === 'submodule') {
                leftOut.push({
                    path: `${path}/`,
                    reason: 'other',
                    rule: 'submodule not initialised',
                    why: 'submodule not initialised: its files are not in the checkout (`git submodule update --init`, or `submodules: true` of actions/checkout)'
                });
                continue;
            }
            const stats = committed || git?.dirs.has(path) ? undefined : await (0,promises_.lstat)(absPath);
            if (committed?.kind === 'link' || stats?.isSymbolicLink()) {
                leftOut.push({ path, reason: 'link', why: 'symbolic link (never followed or archived)' });
                continue;
            }
            const isDir = committed ? false : stats ? stats.isDirectory() : true;
            if (stats && !isDir && !stats.isFile()) {
                leftOut.push({ path, reason: 'other', why: 'not a regular file or directory' });
                continue;
            }
            const shown = isDir ? `${path}/` : path;
            if (ALWAYS_LEFT_OUT.has(name)) {
                leftOut.push({
                    path: shown,
                    reason: 'ignored',
                    rule: `${name}/`,
                    why: `cache or environment directory (\`${name}/\`, always left out)`
                });
                continue;
            }
            const secret = secretRule(path, isDir);
            if (secret && !namedExactly(explicit, path)) {
                leftOut.push({
                    path: shown,
                    reason: 'secret',
                    rule: secret,
                    why: `secret file (\`${secret}\`): pass what the agent needs through \`secrets\``
                });
                continue;
            }
            const entry = isDir
                ? { path: `${inArchive(absPath)}/`, workspacePath: shown, type: 'directory', absPath, size: 0, executable: true }
                : committed
                    ? {
                        path: inArchive(absPath),
                        workspacePath: path,
                        type: 'file',
                        absPath,
                        size: committed.size,
                        executable: committed.executable,
                        blob: committed.blob
                    }
                    : {
                        path: inArchive(absPath),
                        workspacePath: path,
                        type: 'file',
                        absPath,
                        size: stats?.size ?? 0,
                        executable: ((stats?.mode ?? 0) & 0o111) !== 0
                    };
            const rule = ignoredBy(excluded ? [...rules, excluded] : rules, path, isDir);
            if (rule) {
                const ruled = { path: shown, reason: rule.reason, rule: rule.rule, why: `\`${rule.rule}\`` };
                // Only a `.gitignore` gives way to `archive-include`: `.dockerignore` and `archive-exclude` always leave out.
                if (!rule.gitignore || !include)
                    leftOut.push(ruled);
                else if (included(include, path, isDir))
                    await add(entry, rules);
                else if (isDir)
                    await tentatively(entry, rules, ruled);
                else
                    leftOut.push(ruled);
                continue;
            }
            if (git && !(isDir ? git.dirs.has(path) : committed)) {
                const untracked = { path: shown, reason: 'untracked', why: `not in commit ${git.checkout.commit.slice(0, 12)}` };
                if (included(include, path, isDir))
                    await add(entry, rules);
                else if (isDir && include)
                    await tentatively(entry, rules, untracked);
                else
                    leftOut.push(untracked);
                continue;
            }
            await add(entry, rules);
        }
    };
    const add = async (entry, rules) => {
        entries.push(entry);
        if (entry.type === 'directory')
            await visit(entry.absPath, rules);
    };
    // The commit's ignore files, read from git's objects through one process per repository.
    const blobs = git ? (0,blob_stream/* openBlobReads */.P)(stop) : undefined;
    try {
        for (const dir of layout.included) {
            const path = inArchive(dir);
            if (path)
                entries.push({
                    path: `${path}/`,
                    workspacePath: `${fromWorkspace(dir)}/`,
                    type: 'directory',
                    absPath: dir,
                    size: 0,
                    executable: true
                });
            // Outside a checkout, the `.gitignore` files above the directory apply too, from the workspace's down, as git applies them.
            const above = git ? [] : await rulesAbove(layout.workspace, dir, (d) => rulesIn(d, ['.gitignore']));
            await visit(dir, above);
        }
    }
    finally {
        blobs?.close();
    }
    return { entries: sortEntries(entries), leftOut, unreadIgnoreFiles };
}
/** The rules of each directory from `top` down to `dir`'s parent, outermost first. */
async function rulesAbove(top, dir, rulesIn) {
    const rules = [];
    const segments = (0,external_node_path_.relative)(top, dir)
        .split(external_node_path_.sep)
        .filter((segment) => segment !== '');
    let at = top;
    for (const segment of segments) {
        rules.push(...(await rulesIn(at)));
        at = (0,external_node_path_.join)(at, segment);
    }
    return rules;
}
/** Patterns matched as git on Linux and the platform's client match them: case counts. */
function matcher() {
    return ignore_default()({ ignorecase: false });
}
/**
 * An ignore file's text; undefined when there is none; a problem when it is there but is
 * not read: a symbolic link (it could name any file on the runner, or one outside the
 * checkout), anything but a regular file (a FIFO would block the read for ever), or over
 * the size cap. Read through the descriptor that was checked, up to the cap.
 */
async function readIgnoreFile(file, fromCommit) {
    if (fromCommit) {
        // The commit's, whatever the disk holds now.
        const committed = fromCommit.file;
        if (committed.kind !== 'file')
            return { problem: committed.kind === 'link' ? 'is a symbolic link: not read' : 'is not a regular file: not read' };
        if (committed.size > IGNORE_FILE_MAX_BYTES)
            return { problem: `is over ${(0,body/* formatBytes */.z3)(IGNORE_FILE_MAX_BYTES)}: not read` };
        const read = await fromCommit.blobs.read(committed.blob.repo, committed.blob.oid, IGNORE_FILE_MAX_BYTES);
        return read === undefined ? { problem: 'could not be read from git: not read' } : read.toString('utf8');
    }
    const stats = await (0,promises_.lstat)(file).catch(() => undefined);
    if (!stats)
        return undefined;
    if (stats.isSymbolicLink())
        return { problem: 'is a symbolic link: not read' };
    if (!stats.isFile())
        return { problem: 'is not a regular file: not read' };
    if (stats.size > IGNORE_FILE_MAX_BYTES)
        return { problem: `is over ${(0,body/* formatBytes */.z3)(IGNORE_FILE_MAX_BYTES)}: not read` };
    // Opened without following a link or waiting on a FIFO, and checked again through the descriptor:
    // the file may have been swapped since the lstat.
    const handle = await (0,promises_.open)(file, external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NOFOLLOW ?? 0) | (external_node_fs_.constants.O_NONBLOCK ?? 0));
    try {
        const opened = await handle.stat();
        if (!opened.isFile())
            return { problem: 'is not a regular file: not read' };
        const read = (buffer, offset, length) => handle.read(buffer, offset, length, null).then(({ bytesRead }) => bytesRead);
        const bytes = await (0,read_to_end/* readToEnd */.f)(read, opened.size, IGNORE_FILE_MAX_BYTES);
        return bytes === undefined ? { problem: `is over ${(0,body/* formatBytes */.z3)(IGNORE_FILE_MAX_BYTES)}: not read` } : bytes.toString('utf8');
    }
    finally {
        await handle.close();
    }
}
/**
 * The rule set that decides `path`, if it is left out: sets are read from the outermost
 * to the innermost, and a later set's match (a deeper ignore file, or `archive-exclude`)
 * overrides an earlier one's, `!pattern` re-including what an outer set left out.
 */
function ignoredBy(rules, path, isDir) {
    let decided;
    for (const rule of rules) {
        if (rule.base !== '' && !path.startsWith(`${rule.base}/`))
            continue;
        const rel = rule.base === '' ? path : path.slice(rule.base.length + 1);
        const verdict = rule.matcher.test(isDir ? `${rel}/` : rel);
        if (verdict.ignored)
            decided = rule;
        else if (verdict.unignored)
            decided = undefined;
    }
    return decided;
}
/** Sorted by path, byte by byte (of UTF-8), so the archive's order is the same on every machine. */
function sortEntries(entries) {
    return entries.sort((a, b) => compareUtf8(a.path, b.path));
}
/**
 * The order of two strings' UTF-8 bytes, without encoding them (two buffers per comparison cost
 * 0.3 s for 50,000 paths): UTF-16 code units order the same way, except that a surrogate (half of
 * a character above U+FFFF, four bytes in UTF-8) comes before U+E000 to U+FFFF in UTF-16 and
 * after them in UTF-8.
 */
function compareUtf8(a, b) {
    const shorter = Math.min(a.length, b.length);
    for (let i = 0; i < shorter; i++) {
        const x = a.charCodeAt(i);
        const y = b.charCodeAt(i);
        if (x === y)
            continue;
        const xSurrogate = x >= 0xd800 && x <= 0xdfff;
        const ySurrogate = y >= 0xd800 && y <= 0xdfff;
        if (xSurrogate !== ySurrogate && (xSurrogate ? y : x) >= 0xe000)
            return xSurrogate ? 1 : -1;
        return x - y;
    }
    return a.length - b.length;
}

;// CONCATENATED MODULE: ./src/operations/archive/select.ts









/**
 * The archive's files for `layout`: no compression, no request. When the config's directory is
 * in a git checkout, the commit's files ship (from git's objects, whatever the working tree
 * holds) plus the untracked files `archive-include` names; otherwise what the ignore files
 * leave (walk.ts). Either way, small text files holding a key or a token are left out (scan.ts).
 */
function selectArchiveFiles(layout, options) {
    // A record per file, each living until the archive is written: core/young-generation.ts says why.
    return withYoungGenerationHeld(() => select_select(layout, options));
}
async function select_select(layout, options) {
    const configDir = (0,external_node_path_.dirname)((0,external_node_path_.join)(layout.root, layout.configPath));
    // Each git command is given the time left when it starts, and is killed on a cancel or at the deadline.
    const commit = await readCommitTree(layout.workspace, configDir, layout.included, options.stop).catch(unlisted);
    const include = options.include ?? [];
    const walked = await walkLayout(layout, { exclude: options.exclude, include, commit, stop: options.stop }).catch(unreadable);
    const keys = options.secretScan !== 'off';
    const scanned = await leaveOutSecretContent(walked.entries, walked.leftOut, include, options.stop, keys).catch(unreadable);
    const lfs = commit
        ? await filesForLfsPointers(commit, scanned.entries, scanned.lfsPointers)
        : { entries: scanned.entries, pointers: [], fromDisk: [] };
    // A Git LFS file ships from the disk: its content, not the pointer the scan read, is scanned too.
    const lfsScanned = lfs.fromDisk.length > 0
        ? await leaveOutSecretContent(lfs.fromDisk, walked.leftOut, include, options.stop, keys).catch(unreadable)
        : undefined;
    const keptFromDisk = new Set(lfsScanned?.entries);
    const fromDisk = new Set(lfs.fromDisk);
    const entries = lfsScanned ? lfs.entries.filter((entry) => !fromDisk.has(entry) || keptFromDisk.has(entry)) : lfs.entries;
    return {
        workspace: layout.workspace,
        root: layout.root,
        included: layout.included,
        configPath: layout.configPath,
        entries,
        leftOut: walked.leftOut,
        ...(commit ? { tiedToCommit: commit.checkout.commit } : {}),
        changedSinceCommit: commit ? changedThatShip(commit, entries) : [],
        uninitialisedSubmodules: commit?.uninitialised ?? [],
        lfsPointersShipped: lfs.pointers,
        unreadIgnoreFiles: walked.unreadIgnoreFiles,
        keyFindings: [...scanned.findings, ...(lfsScanned?.findings ?? [])].sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line)
    };
}
/**
 * A Git LFS file's blob is a pointer; the file itself is what `actions/checkout` with `lfs: true`
 * wrote to the working tree, and git's filters say it is the commit's (it is not in `git diff`):
 * that file ships, from the disk. Where it is not there (LFS not fetched, a sparse checkout) or
 * differs, the pointer ships, and is named.
 */
async function filesForLfsPointers(commit, entries, pointers) {
    if (pointers.length === 0)
        return { entries, pointers: [], fromDisk: [] };
    const changed = new Set(commit.changed);
    const replaced = new Map();
    const shipped = [];
    for (const entry of pointers) {
        const stats = changed.has(entry.workspacePath) ? undefined : await (0,promises_.lstat)(entry.absPath).catch(() => undefined);
        if (stats?.isFile() && !isPointerSized(stats.size, entry.size))
            replaced.set(entry, { ...entry, blob: undefined, size: stats.size });
        else
            shipped.push(entry.workspacePath);
    }
    return { entries: entries.map((entry) => replaced.get(entry) ?? entry), pointers: shipped, fromDisk: [...replaced.values()] };
}
/** The disk holds the pointer itself (LFS not fetched, and no filter to tell): the same size as the blob. */
function isPointerSized(diskSize, blobSize) {
    return diskSize === blobSize;
}
/** The commit's files that ship and differ on disk: a file missing from the disk (and not from a sparse checkout, which git does not list) was deleted. */
function changedThatShip(commit, entries) {
    if (commit.changed.length === 0)
        return [];
    const shipping = new Map(entries.map((entry) => [entry.workspacePath, entry]));
    const changed = [];
    for (const path of commit.changed) {
        const entry = shipping.get(path);
        if (entry)
            changed.push({ path, gone: !(0,external_node_fs_.existsSync)(entry.absPath) });
    }
    return changed;
}
/** A checkout whose files git cannot list: nothing is shipped rather than files it may not track. */
function unlisted(error) {
    // Cancelled, or out of time: said as such, not as the checkout's fault; a refusal that names its cause (a submodule) as it is.
    if ((0,core_stop/* isStop */.jX)(error) || error instanceof errors/* ActionError */.lZ)
        throw error;
    throw new errors/* ActionError */.lZ('bad-input', `The config is in a git checkout, but the files of its commit could not be listed (${error.message}), so what a remote build would ship is not known. Nothing was sent.`, 'Check that git can read the checkout in this step (a clone whose objects are all there, not a broken one), then re-run.');
}
/** A file or directory that could not be read (permissions, a file removed meanwhile): the checkout's problem, not the action's. */
function unreadable(error) {
    // Cancelled, or out of time: said as such, not as the checkout's fault.
    if ((0,core_stop/* isStop */.jX)(error))
        throw error;
    throw new errors/* ActionError */.lZ('bad-input', `Could not archive the checkout: ${error.message}.`, 'Check that the job can read every file under the directories `graph-config-path` names, and that no other step changes them meanwhile; nothing was sent to the control plane.');
}


/***/ })

};

//# sourceMappingURL=78.index.js.map