export const id = 977;
export const ids = [977];
export const modules = {

/***/ 933:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ readToEnd),
/* harmony export */   g: () => (/* binding */ readToEndSync)
/* harmony export */ });
/**
 * Reading a small file through its descriptor to its end, up to a cap, into a buffer the size
 * its `fstat` gave (one byte more, to see a file that grew since), grown only when it did grow:
 * a buffer of the cap for each file (1 MiB, zeroed) cost more than reading the file, for the
 * few hundred bytes an ignore file or a config holds.
 */
/** The file's bytes, or undefined once it holds more than `capBytes`. */
function readToEndSync(read, sizeHint, capBytes) {
    let buffer = Buffer.allocUnsafe(Math.min(sizeHint, capBytes) + 1);
    let length = 0;
    for (;;) {
        if (length === buffer.length)
            buffer = grown(buffer, capBytes);
        const bytesRead = read(buffer, length, buffer.length - length);
        if (bytesRead === 0)
            return buffer.subarray(0, length);
        length += bytesRead;
        if (length > capBytes)
            return undefined;
    }
}
/** As readToEndSync, through reads that answer later (a `FileHandle`'s). */
async function readToEnd(read, sizeHint, capBytes) {
    let buffer = Buffer.allocUnsafe(Math.min(sizeHint, capBytes) + 1);
    let length = 0;
    for (;;) {
        if (length === buffer.length)
            buffer = grown(buffer, capBytes);
        const bytesRead = await read(buffer, length, buffer.length - length);
        if (bytesRead === 0)
            return buffer.subarray(0, length);
        length += bytesRead;
        if (length > capBytes)
            return undefined;
    }
}
/** A full buffer's bytes in one twice as large (at least 64 KiB), never beyond one byte over the cap. */
function grown(buffer, capBytes) {
    const next = Buffer.allocUnsafe(Math.min(capBytes + 1, Math.max(buffer.length * 2, 64 * 1024)));
    buffer.copy(next);
    return next;
}


/***/ }),

/***/ 1439:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $J: () => (/* binding */ throwIfStopped),
/* harmony export */   E1: () => (/* binding */ stopLimit),
/* harmony export */   OX: () => (/* binding */ whenStopped),
/* harmony export */   PJ: () => (/* binding */ stopReason),
/* harmony export */   jX: () => (/* binding */ isStop)
/* harmony export */ });
/* unused harmony export checkoutTimedOut */
/* harmony import */ var _cancel_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9317);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _time_limit_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2164);



/** The one wording of "the step's time ran out while the checkout was read". */
function checkoutTimedOut() {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ('timed-out', "Gave up reading the checkout: the step's `timeout` ran out; nothing was sent to the control plane.", 'Raise `timeout`, or, for a remote build, leave out what the build does not need with `archive-exclude`.');
}
/** Why the work must stop now (cancelled, or out of the step's time), or undefined while it may go on. */
function stopReason(stop) {
    if (!stop)
        return undefined;
    if (stop.signal?.aborted)
        return new _cancel_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc();
    if (stop.clock.now() >= stop.deadline)
        return checkoutTimedOut();
    return undefined;
}
function throwIfStopped(stop) {
    const reason = stopReason(stop);
    if (reason)
        throw reason;
}
/** Whether an error is the run's own end (a cancel, the step's time), which no caller may take for "could not read". */
function isStop(error) {
    return error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ && (error.kind === 'cancelled' || error.kind === 'timed-out');
}
/** The limit one piece of work gets: the time left before the deadline, at most `capMs`. */
function stopLimit(stop, capMs) {
    return { limitMs: Math.max(1, Math.min(capMs, stop ? stop.deadline - stop.clock.now() : capMs)), signal: stop?.signal };
}
/**
 * Calls `onStop` once the signal aborts or the time left before the deadline has passed, so that
 * a read or write that blocks is ended too; returns the function that stops watching. The time
 * is real (a limit of what is left, no clock given): reading the checkout does not move the
 * run's clock, which, virtual in tests, would otherwise jump to the deadline at once.
 */
function whenStopped(stop, onStop) {
    if (!stop)
        return () => undefined;
    const limit = (0,_time_limit_js__WEBPACK_IMPORTED_MODULE_2__/* .startTimeLimit */ .r5)({ limitMs: stop.deadline - stop.clock.now(), signal: stop.signal });
    const onAbort = () => onStop(limit.reason() instanceof _cancel_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc ? new _cancel_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc() : checkoutTimedOut());
    limit.signal.addEventListener('abort', onAbort, { once: true });
    // A signal already aborted fires no event: every caller checks the stop itself (throwIfStopped)
    // before each read or write, so a stop before the watch began ends the work there.
    return () => limit.signal.removeEventListener('abort', onAbort);
}


/***/ }),

/***/ 1403:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ readFromGitHub),
/* harmony export */   r: () => (/* binding */ readContents)
/* harmony export */ });
/* harmony import */ var _read_capped_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9966);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1345);


const CONTENTS_HINT = 'the token needs `contents: read`';
/**
 * Reads what the build of `ref` will see, in a few requests whatever the repository's size:
 * one tree listing (`git/trees/{ref}?recursive=1`) for which files exist, the config's
 * contents, and `package.json` beside it when there is one (a Node.js config's engines).
 * Graph modules are not read (a request per file would not scale): their variables are not
 * looked for. A listing GitHub cut short (`truncated`) leaves existence unknown.
 */
async function readFromGitHub(github, repository, ref, configPath) {
    const before = github.requests;
    const tree = await github.fetch(`/repos/${repository}/git/trees/${encodeURIComponent(ref)}?recursive=1`, `Listing the files of \`${ref}\``);
    if (!tree.ok)
        return { ok: false, reason: reasonOf(tree) };
    const data = tree.response.data;
    if (!Array.isArray(data?.tree))
        return { ok: false, reason: "GitHub's tree listing has no `tree`" };
    const truncated = data.truncated === true;
    const kinds = new Map([['', 'dir']]);
    for (const item of data.tree) {
        if (typeof item?.path !== 'string')
            continue;
        if (item.type === 'blob')
            kinds.set(item.path, 'file');
        else if (item.type === 'tree')
            kinds.set(item.path, 'dir');
    }
    if (!truncated && kinds.get(configPath) !== 'file')
        return { ok: false, missing: true, reason: `\`${configPath}\` is not a file in \`${ref}\`` };
    const text = await readContents(github, repository, ref, configPath);
    if (typeof text !== 'string')
        return { ok: false, reason: text.reason };
    const dir = configPath.includes('/') ? configPath.slice(0, configPath.lastIndexOf('/')) : '';
    const packageJson = dir ? `${dir}/package.json` : 'package.json';
    const texts = new Map();
    if (kinds.get(packageJson) === 'file') {
        const read = await readContents(github, repository, ref, packageJson);
        if (typeof read === 'string')
            texts.set(packageJson, read);
    }
    const files = {
        kind: (path) => kinds.get(path) ?? (truncated ? 'unknown' : 'absent'),
        list(dir) {
            if (truncated || kinds.get(dir) !== 'dir')
                return undefined;
            const prefix = dir ? `${dir}/` : '';
            return [...kinds.keys()]
                .filter((path) => path !== '' && path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
                .map((path) => path.slice(prefix.length));
        },
        read: (path) => texts.get(path),
        rootName: repository.slice(repository.indexOf('/') + 1)
    };
    return { ok: true, text, files, truncated, requests: github.requests - before };
}
/** `GET /repos/{o}/{r}/contents/{path}?ref=`: a file's text (base64 in the answer), up to the cap (1 MiB). */
async function readContents(github, repository, ref, path) {
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    const read = await github.fetch(`/repos/${repository}/contents/${encoded}?ref=${encodeURIComponent(ref)}`, `Reading \`${path}\` at \`${ref}\``);
    if (!read.ok)
        return { reason: reasonOf(read) };
    const data = read.response.data;
    if (typeof data?.size === 'number' && data.size > _read_capped_js__WEBPACK_IMPORTED_MODULE_0__/* .READ_CAP_BYTES */ .m)
        return { reason: `\`${path}\` is over ${_read_capped_js__WEBPACK_IMPORTED_MODULE_0__/* .READ_CAP_BYTES */ .m} bytes` };
    if (data?.type !== 'file' || data.encoding !== 'base64' || typeof data.content !== 'string')
        return { reason: `GitHub's answer for \`${path}\` is not a file's contents` };
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .decodeText */ .g)(Buffer.from(data.content, 'base64'));
}
function reasonOf(outcome) {
    if (outcome.status === 403 || outcome.status === 404)
        return `${outcome.reason} (${CONTENTS_HINT}, and the repository and ref must exist)`;
    return outcome.reason;
}


/***/ }),

/***/ 9966:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ readCapped),
/* harmony export */   m: () => (/* binding */ READ_CAP_BYTES)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_read_to_end_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(933);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1345);



/** A module or `package.json` larger than this is not read (its warnings are skipped, never guessed). */
const READ_CAP_BYTES = 1024 * 1024;
/**
 * A small regular file's text, read through one descriptor up to the cap; undefined when it
 * is not a regular file, is larger, or cannot be read. Never follows a final symbolic link.
 */
function readCapped(file) {
    let fd;
    try {
        fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(file, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | (node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW ?? 0) | (node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK ?? 0));
        const stats = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
        if (!stats.isFile() || stats.size > READ_CAP_BYTES)
            return undefined;
        const opened = fd;
        const bytes = (0,_core_read_to_end_js__WEBPACK_IMPORTED_MODULE_2__/* .readToEndSync */ .g)((buffer, offset, length) => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(opened, buffer, offset, length, null), stats.size, READ_CAP_BYTES);
        return bytes === undefined ? undefined : (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .decodeText */ .g)(bytes);
    }
    catch {
        return undefined;
    }
    finally {
        if (fd !== undefined)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}


/***/ }),

/***/ 1345:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ isUtf8),
/* harmony export */   g: () => (/* binding */ decodeText)
/* harmony export */ });
/*
 * The text of a file the config check reads. The build reads the config with Python's `open()`
 * in its UTF-8 locale, so a config whose bytes are not UTF-8 fails there (`UnicodeDecodeError`),
 * while Node's decoder would quietly put U+FFFD in their place and the check would pass it.
 * Such text is marked with a lone surrogate, which decoding UTF-8 never yields (a U+FFFD the
 * file holds itself is valid UTF-8 and stays accepted).
 */
const NOT_UTF8 = '\uDC80';
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The bytes' text: as UTF-8 when they are; otherwise marked (`isUtf8` false), the rest decoded with U+FFFD. */
function decodeText(bytes) {
    try {
        return strict.decode(bytes);
    }
    catch {
        return NOT_UTF8 + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    }
}
/** Whether `decodeText` read the text from UTF-8. */
function isUtf8(text) {
    return !text.startsWith(NOT_UTF8);
}


/***/ }),

/***/ 4730:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $u: () => (/* binding */ fetchMissingBlobs),
/* harmony export */   EO: () => (/* binding */ runGit),
/* harmony export */   Y_: () => (/* binding */ changedFiles),
/* harmony export */   gY: () => (/* binding */ gitLimit),
/* harmony export */   gp: () => (/* binding */ committedDirectories),
/* harmony export */   iJ: () => (/* binding */ gitArgs),
/* harmony export */   nT: () => (/* binding */ listTree),
/* harmony export */   o5: () => (/* binding */ checkoutOf)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9317);
/* harmony import */ var _core_stop_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1439);
/* harmony import */ var _core_time_limit_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2164);






/** A listing of a large monorepo (a million paths, with modes, ids and sizes) fits in this. */
const LISTING_MAX_BYTES = 256 * 1024 * 1024;
/** Git answers these from its objects at once; one that does not in this long (a hung filesystem) must not hold the step. */
const GIT_TIMEOUT_MS = 60_000;
/**
 * Arguments every git command here gets: the repository declared safe for this command only (in a
 * container job the checkout belongs to another user, and git would call it dubious), paths as
 * they are (no quoting), pathspecs taken literally (a folder named `*` is that folder), and no
 * lock taken (nothing is written).
 */
function gitArgs(top, args, literalPathspecs = true) {
    const safe = (typeof top === 'string' ? [top] : top).flatMap((dir) => ['-c', `safe.directory=${dir}`]);
    // A command that needs a pathspec's magic (`:(exclude)`) writes `:(literal)` into each one itself.
    return [...safe, '-c', 'core.quotePath=false', '--no-optional-locks', ...(literalPathspecs ? ['--literal-pathspecs'] : []), ...args];
}
/**
 * What ends git early: the run's cancel and the step's deadline (core/stop.ts). Every git process
 * is killed on either, and each is given the time left when it starts (never more than
 * GIT_TIMEOUT_MS, unless a caller says otherwise). The time is real: the run's clock may be
 * virtual (tests), and git does not move it.
 */
function gitLimit(stop, capMs = GIT_TIMEOUT_MS) {
    return (0,_core_stop_js__WEBPACK_IMPORTED_MODULE_4__/* .stopLimit */ .E1)(stop, capMs);
}
/**
 * One git command in `cwd`; its output, or a rejection naming the command and git's first line
 * of error. Killed on the run's cancel (CancelledError), or once its limit passes (the step's
 * deadline: a `timed-out` ActionError).
 */
function runGit(cwd, args, run = {}) {
    const stopped = (0,_core_stop_js__WEBPACK_IMPORTED_MODULE_4__/* .stopReason */ .PJ)(run.stop);
    if (stopped)
        return Promise.reject(stopped);
    const limit = (0,_core_time_limit_js__WEBPACK_IMPORTED_MODULE_5__/* .startTimeLimit */ .r5)(gitLimit(run.stop, run.capMs));
    return new Promise((resolve, reject) => {
        const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', gitArgs(run.safe ?? [cwd], args), {
            cwd,
            env: run.env ? { ...process.env, ...run.env } : process.env,
            signal: limit.signal,
            maxBuffer: run.maxBuffer ?? LISTING_MAX_BYTES,
            windowsHide: true
        }, (error, stdout, stderr) => {
            if (error) {
                if (limit.signal.aborted) {
                    reject((0,_core_stop_js__WEBPACK_IMPORTED_MODULE_4__/* .stopReason */ .PJ)(run.stop) ??
                        (run.stop?.signal?.aborted ? new _core_cancel_js__WEBPACK_IMPORTED_MODULE_3__/* .CancelledError */ .cc() : new Error(`\`git ${args[0]}\` failed: it did not answer in time`)));
                    return;
                }
                const said = String(stderr ?? '')
                    .trim()
                    .split('\n')[0];
                reject(new Error(`\`git ${args[0]}\` failed${said ? `: ${said}` : ''}`));
                return;
            }
            resolve(String(stdout));
        });
        // A write after git exits early fails the command: its own error says why.
        child.stdin?.on('error', () => undefined);
        child.stdin?.end(run.input ?? '');
    }).finally(() => limit.end());
}
/** Looking for a `.git` above a folder answers at once; a filesystem that does not must not hold the step. */
const LOOK_TIMEOUT_MS = 10_000;
/**
 * Whether git could find a repository from `dir`: `GIT_DIR` is set, or there is a `.git` (a
 * folder, or a file for a worktree or submodule) in `dir` or a folder above it, walking up from
 * where `dir` really is (its symbolic links resolved, as git does). Where there is none, git
 * would only start to say "not a git repository". A path that cannot be resolved is left to
 * git; a filesystem that does not answer within git's own limit is no checkout (git would hang
 * on it too).
 */
async function mayBeInRepository(dir) {
    if (process.env.GIT_DIR !== undefined)
        return true;
    const look = async () => {
        let current;
        try {
            current = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.realpath)(dir);
        }
        catch {
            return true;
        }
        for (;; current = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(current)) {
            if (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.access)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(current, '.git')).then(() => true, () => false))
                return true;
            if ((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(current) === current)
                return false;
        }
    };
    return (0,_core_time_limit_js__WEBPACK_IMPORTED_MODULE_5__/* .withinTimeLimit */ .A0)(look, { limitMs: LOOK_TIMEOUT_MS }).catch(() => false);
}
/**
 * The checkout that holds `dir` (found from `dir` itself, not the workspace: `actions/checkout`
 * with `path:` puts one in a subfolder), or undefined when there is none, or no commit yet.
 * Its top is declared safe when it is `dir` or a folder above it up to `trustedRoot` (the
 * workspace): never a repository above the workspace.
 */
async function checkoutOf(dir, stop, trustedRoot = dir) {
    // No `.git` here or above: git would only walk up to say so (slowly, on a network filesystem).
    if (!(await mayBeInRepository(dir)))
        return undefined;
    const safe = [dir];
    for (let at = dir; at !== trustedRoot && (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(at) !== at && isInside(trustedRoot, at);)
        safe.push((at = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(at)));
    const said = await runGit(dir, ['rev-parse', '--show-toplevel', 'HEAD', '--git-path', 'info/attributes'], {
        stop,
        maxBuffer: 64 * 1024,
        safe
    }).catch(unlessStop);
    const [top, commit, attributes] = (said ?? '').split('\n').map((line) => line.trim());
    if (!top || !commit || !/^([0-9a-f]{40}|[0-9a-f]{64})$/i.test(commit))
        return undefined;
    // `--git-path` answers relative to `dir` unless the repository's folder is elsewhere.
    return { top, commit: commit.toLowerCase(), ...(attributes ? { infoAttributes: (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(dir, attributes) } : {}) };
}
/**
 * In a partial clone (`actions/checkout` makes one for a sparse checkout: `--filter=blob:none`),
 * the commit's files outside the checked-out folders are not in the local objects; git would
 * fetch each one alone, on first use (a round trip per file). They are fetched here first, in
 * one `git fetch` of their ids, as git itself fetches for a checkout. Nothing happens in a
 * complete clone (one `git config` asks). Rejects when the fetch fails.
 */
async function fetchMissingBlobs(top, commit, dirs, stop) {
    const promisor = (await runGit(top, ['config', '--get-regexp', '^remote\\..*\\.promisor$'], { stop, maxBuffer: 64 * 1024 }).catch(unlessStop)) ?? '';
    const remote = /^remote\.(.+)\.promisor true$/m.exec(promisor)?.[1];
    if (!remote)
        return 0;
    const pathspecs = dirs.includes('') ? [] : [...dirs];
    // `--missing=print` names what is not here without fetching it.
    const listed = await runGit(top, ['rev-list', '--objects', '--no-walk', '--missing=print', commit, '--', ...pathspecs], { stop });
    const missing = listed
        .split('\n')
        .filter((line) => line.startsWith('?'))
        .map((line) => line.slice(1).trim());
    if (missing.length === 0)
        return 0;
    const args = [
        '-c',
        'fetch.negotiationAlgorithm=noop',
        'fetch',
        remote,
        '--no-tags',
        '--no-write-fetch-head',
        '--recurse-submodules=no',
        '--filter=blob:none',
        '--stdin'
    ];
    // A fetch may take long: it has all the time left, not the cap of a local command.
    await runGit(top, args, {
        stop,
        capMs: stop ? Infinity : GIT_TIMEOUT_MS,
        maxBuffer: 1024 * 1024,
        input: `${missing.join('\n')}\n`
    }).catch((error) => {
        if ((0,_core_stop_js__WEBPACK_IMPORTED_MODULE_4__/* .isStop */ .jX)(error))
            throw error;
        throw new Error(`\`git fetch\` of ${missing.length} files of the commit that the partial clone does not hold failed: ${error.message}`);
    });
    return missing.length;
}
/**
 * Every file of `commit`'s tree under `dirs` (relative to the top; '' for all of it): one
 * `git ls-tree -r -z --full-tree`, with `--long` when `sizes` are wanted (which reads every
 * blob's header: in a partial clone, fetch the missing ones first, fetchMissingBlobs). Without,
 * every size is 0. A submodule is one entry (its recorded commit).
 */
async function listTree(top, commit, dirs, stop, sizes = true) {
    const pathspecs = dirs.includes('') ? [] : [...dirs];
    const listed = await runGit(top, ['ls-tree', '-r', '-z', ...(sizes ? ['--long'] : []), '--full-tree', commit, '--', ...pathspecs], {
        stop
    });
    const files = [];
    // Read in place, by offsets: no array of records nor of fields. Listing 27,687 files took the
    // process from 44 MB to about 79 MB of RSS that way, to about 65 MB this way.
    for (let at = 0; at < listed.length;) {
        const end = listed.indexOf('\0', at);
        const stop = end < 0 ? listed.length : end;
        // `<mode> SP <type> SP <oid> [SP+ <size>] TAB <path>`
        const tab = listed.indexOf('\t', at);
        const typeAt = listed.indexOf(' ', at) + 1;
        const oidAt = listed.indexOf(' ', typeAt) + 1;
        const sizeAt = listed.indexOf(' ', oidAt) + 1;
        const oidEnd = sizeAt > 0 && sizeAt < tab ? sizeAt - 1 : tab;
        const oid = listed.slice(oidAt, oidEnd);
        const path = listed.slice(tab + 1, stop);
        if (listed.startsWith('commit ', typeAt))
            files.push({ path, kind: 'submodule', executable: false, oid, size: 0 });
        else if (listed.startsWith('blob ', typeAt)) {
            const size = oidEnd < tab ? listed.slice(oidEnd, tab).trim() : '0';
            // git says `BAD` for the size of a blob it does not have (a broken or partial clone).
            if (!/^\d+$/.test(size))
                throw new Error(`git has no file \`${oid}\` (\`${path}\`) in this checkout's objects: a partial or broken clone?`);
            const link = listed.startsWith('120000 ', at);
            files.push({ path, kind: link ? 'link' : 'file', executable: listed.startsWith('100755 ', at), oid, size: Number(size) });
        }
        at = stop + 1;
    }
    return files;
}
/**
 * Tracked files under `dirs` whose working-tree content is not the commit's (changed, or
 * deleted), relative to the top: `git diff --name-only <commit>` (`HEAD` unless a submodule's
 * checkout moved off the commit its parent records). A file a sparse checkout leaves out
 * of the working tree is not one (git marks it so).
 */
async function changedFiles(top, dirs, stop, commit = 'HEAD') {
    const pathspecs = dirs.includes('') ? [] : [...dirs];
    const listed = await runGit(top, ['diff', '--name-only', '-z', '--no-renames', '--ignore-submodules=dirty', commit, '--', ...pathspecs], {
        stop
    });
    return listed.split('\0').filter((path) => path !== '');
}
/** A failed git command is "no answer" (undefined), unless the run itself is ending. */
function unlessStop(error) {
    if ((0,_core_stop_js__WEBPACK_IMPORTED_MODULE_4__/* .isStop */ .jX)(error))
        throw error;
    return undefined;
}
function isInside(parent, child) {
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(parent, child);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_1__.sep}`) && !(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(rel));
}
/**
 * Which of `relativePaths` (from `cwd`, `..` allowed) are folders of the commit checked out where
 * `cwd` is, whether or not they are on disk: one `git cat-file --batch-check` for all of them
 * (`HEAD:./<path>`). None when `cwd` is not in a checkout.
 */
async function committedDirectories(cwd, relativePaths, stop) {
    const found = new Set();
    if (relativePaths.length === 0 || !(await mayBeInRepository(cwd)))
        return found;
    const asked = relativePaths.map((path) => `HEAD:./${path.split(node_path__WEBPACK_IMPORTED_MODULE_1__.sep).join('/')}`);
    const said = await runGit(cwd, ['cat-file', '--batch-check=%(objecttype)'], {
        stop,
        maxBuffer: 1024 * 1024,
        input: `${asked.join('\n')}\n`
    }).catch(unlessStop);
    // One answer a line, in the order asked: `tree`, `blob`, or `<name> missing`.
    const answers = (said ?? '').split('\n');
    relativePaths.forEach((path, index) => answers[index] === 'tree' && found.add(path));
    return found;
}


/***/ }),

/***/ 6080:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ gitHubReader)
/* harmony export */ });
/* unused harmony export RateLimitedGitHub */
/* harmony import */ var _api_body_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3994);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7018);
/* harmony import */ var _core_cancel_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9317);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2257);
/* harmony import */ var _core_quoted_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(891);
/* harmony import */ var _core_time_limit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2164);






/**
 * A reader bounded by the run context `run` (its deadline, its cancel), each request limited to
 * one request's limit, and keeping one request's time free before the deadline unless told otherwise.
 */
function gitHubReader(get, run, options) {
    return new RateLimitedGitHub(get, {
        ...run.stop(),
        reserveMs: options.reserveMs ?? run.requestLimit(),
        requestTimeoutMs: options.requestLimitMs ?? run.requestLimit(),
        warn: options.warn
    });
}
/** Attempts per request, the first included: 5xx and network failures are usually brief. */
const MAX_ATTEMPTS = 3;
const BACKOFF_MS = [1_000, 3_000];
/**
 * GitHub requests that honour its rate limits: a `retry-after` is waited out, and so is
 * an exhausted `x-ratelimit-remaining` until `x-ratelimit-reset`, but only when that
 * still leaves `reserveMs` before the deadline; otherwise the request is given up with
 * a reason, never sent into a certain refusal. 5xx and network failures are retried
 * briefly. Every request is aborted at its time limit. Counts what it sends.
 */
class RateLimitedGitHub {
    get;
    options;
    requests = 0;
    /** Set from the last answer: GitHub will refuse until then. */
    exhaustedUntil;
    /** The same moment as wall-clock epoch milliseconds (GitHub's `x-ratelimit-reset`), to tell the user when. */
    resetsAt;
    constructor(get, options) {
        this.get = get;
        this.options = options;
    }
    async fetch(url, what) {
        let last = { ok: false, reason: 'not sent' };
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            if (this.exhaustedUntil !== undefined) {
                const refused = await this.waitUntil(this.exhaustedUntil, `${what}: GitHub's rate limit for this token is used up${resetsWhen(this.resetsAt)}`);
                if (refused)
                    return { ok: false, limited: true, reason: refused };
                this.exhaustedUntil = undefined;
                this.resetsAt = undefined;
            }
            if (this.options.clock.now() >= this.options.deadline - this.options.reserveMs) {
                return { ok: false, reason: `${what}: not sent, the step's \`timeout\` is too near` };
            }
            let response;
            try {
                response = await this.send(url);
            }
            catch (error) {
                if (this.options.signal?.aborted)
                    throw error;
                // The same answer would be as large again: not retried.
                if (error instanceof _api_body_js__WEBPACK_IMPORTED_MODULE_0__/* .BodyTooLarge */ .KQ)
                    return { ok: false, reason: `${what}: GitHub's answer was too large to read (${error.message})` };
                last = { ok: false, reason: `${what}: no answer from GitHub (${error.message})` };
                const retried = await this.backoff(attempt, last);
                if (!retried)
                    return last;
                continue;
            }
            this.noteRateLimit(response);
            if (response.status >= 200 && response.status < 300)
                return { ok: true, response };
            const retryAfterMs = (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .parseRetryAfter */ .mu)(response.headers['retry-after'], Date.now());
            const limited = response.status === 429 ||
                (response.status === 403 &&
                    (retryAfterMs !== undefined || this.exhaustedUntil !== undefined || response.headers['x-ratelimit-remaining'] === '0'));
            const reason = `${what}: GitHub answered HTTP ${response.status}${messageOf(response)}`;
            last = limited ? { ok: false, limited: true, reason } : { ok: false, status: response.status, reason };
            if (limited) {
                if (retryAfterMs !== undefined) {
                    const refused = await this.waitUntil(this.options.clock.now() + retryAfterMs, `${what}: GitHub asked to retry after ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(retryAfterMs)}`);
                    if (refused)
                        return { ok: false, limited: true, reason: refused };
                }
                // Without retry-after, the loop waits for x-ratelimit-reset (noted above) before the next try,
                // or, knowing neither, backs off as for a 5xx.
                else if (this.exhaustedUntil === undefined && !(await this.backoff(attempt, last)))
                    return last;
                continue;
            }
            if (response.status >= 500) {
                if (!(await this.backoff(attempt, last)))
                    return last;
                continue;
            }
            return last;
        }
        return last;
    }
    send(url) {
        this.requests++;
        // Real time (no clock): GitHub is not on the step's clock, and a hung request must end on a runner.
        return (0,_core_time_limit_js__WEBPACK_IMPORTED_MODULE_4__/* .withinTimeLimit */ .A0)((signal) => this.get(url, signal), { limitMs: this.options.requestTimeoutMs, signal: this.options.signal });
    }
    /** `x-ratelimit-remaining: 0` means the next request would be refused until `x-ratelimit-reset` (epoch seconds). */
    noteRateLimit(response) {
        const remaining = response.headers['x-ratelimit-remaining'];
        const reset = Number(response.headers['x-ratelimit-reset']);
        if (remaining === '0' && Number.isFinite(reset)) {
            // The reset is wall-clock time; the wait is measured on the step's clock.
            this.exhaustedUntil = this.options.clock.now() + Math.max(0, reset * 1000 - Date.now()) + 1_000;
            this.resetsAt = reset * 1000;
        }
    }
    /** Waits, or says why not: the wait would not leave time before the deadline. */
    async waitUntil(until, why) {
        const { clock, deadline, reserveMs } = this.options;
        const waitMs = until - clock.now();
        if (waitMs <= 0)
            return undefined;
        if (until > deadline - reserveMs) {
            return `${why}, and waiting ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(waitMs)} would not leave time before the step's \`timeout\``;
        }
        this.options.warn(`${why}: waiting ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(waitMs)}.`);
        await (0,_core_cancel_js__WEBPACK_IMPORTED_MODULE_2__/* .sleepUnlessCancelled */ .xE)(clock, waitMs, this.options.signal);
        return undefined;
    }
    async backoff(attempt, last) {
        if (attempt >= MAX_ATTEMPTS)
            return false;
        const waitMs = BACKOFF_MS[attempt - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1];
        return (await this.waitUntil(this.options.clock.now() + waitMs, `${last.reason}; trying again`)) === undefined;
    }
}
/** When GitHub's rate limit resets, as the user can act on it: the UTC time (it is wall-clock time, not the step's). */
function resetsWhen(resetsAt) {
    if (resetsAt === undefined)
        return '';
    const inMs = Math.max(0, resetsAt - Date.now());
    return ` until ${new Date(resetsAt).toISOString().replace(/\.\d{3}Z$/, 'Z')} (in ${(0,_core_clock_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(inMs)})`;
}
/**
 * GitHub's `message`, on one line and short (it is shown in a warning), quoted as code: a reason
 * is our sentence with its backticked names as code (core/quoted.ts), and GitHub's text is not ours.
 */
function messageOf(response) {
    const message = response.data?.message;
    return typeof message === 'string' && message.trim() !== '' ? ` (\`${(0,_core_quoted_js__WEBPACK_IMPORTED_MODULE_5__/* .quotable */ .E7)(message.trim(), 200)}\`)` : '';
}


/***/ })

};

//# sourceMappingURL=977.index.js.map