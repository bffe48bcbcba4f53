export const id = 979;
export const ids = [979];
export const modules = {

/***/ 3979:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  prepareArchive: () => (/* binding */ prepareArchive)
});

// EXTERNAL MODULE: ./src/api/body.ts
var body = __webpack_require__(3994);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: ./node_modules/tar-stream/index.js
var tar_stream = __webpack_require__(6118);
// EXTERNAL MODULE: ./src/api/constants.ts
var constants = __webpack_require__(2997);
// EXTERNAL MODULE: ./src/core/cancel.ts
var cancel = __webpack_require__(9317);
;// CONCATENATED MODULE: ./src/operations/archive/stop.ts


/** The error that ends archiving, or undefined while it may go on. */
function stopReason(stop) {
    if (!stop)
        return undefined;
    if (stop.signal?.aborted)
        return new cancel/* CancelledError */.cc();
    if (stop.clock.now() >= stop.deadline)
        return archiveTimedOut();
    return undefined;
}
function throwIfStopped(stop) {
    const reason = stopReason(stop);
    if (reason)
        throw reason;
}
function archiveTimedOut() {
    return new errors/* ActionError */.lZ('timed-out', "Gave up archiving the checkout: the step's `timeout` ran out; nothing was sent to the control plane.", 'Leave out what the build does not need with `archive-exclude`, or raise `timeout`.');
}
/**
 * Calls `onStop` once the signal aborts or the time left before the deadline has passed,
 * so that a read or write that blocks is ended too; returns the function that stops
 * watching. The time is real (a timer of what is left): archiving does not move the run's
 * clock, which, virtual in tests, would otherwise jump to the deadline at once.
 */
function whenStopped(stop, onStop) {
    if (!stop)
        return () => undefined;
    const onAbort = () => onStop(new cancel/* CancelledError */.cc());
    stop.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => onStop(archiveTimedOut()), Math.max(0, stop.deadline - stop.clock.now()));
    timer.unref();
    return () => {
        clearTimeout(timer);
        stop.signal?.removeEventListener('abort', onAbort);
    };
}

;// CONCATENATED MODULE: ./src/operations/archive/build.ts











/**
 * Every entry's time: fixed, so that the same files give the same bytes whenever and
 * wherever they were checked out. 2000-01-01 rather than 1970: some tar versions warn
 * about "implausibly old" times.
 */
const FIXED_MTIME = new Date(Date.UTC(2000, 0, 1));
/**
 * The gzip header's OS byte (offset 9): zlib writes the OS it was built for (3 on Linux,
 * 19 on macOS, 10 on Windows...), so the same files would give another digest on another
 * runner. 255 is "unknown", which every reader accepts.
 */
const GZIP_OS_OFFSET = 9;
const GZIP_OS_UNKNOWN = 255;
/**
 * Files are read, and gzip's output handed on, in chunks this large: the 16 to 64 KiB defaults
 * make every layer (tar entry, gzip, hash, count, file) run thousands of times more per 100 MB.
 */
const READ_CHUNK_BYTES = 256 * 1024;
/** The upload host takes at most 200 MiB (the range header the upload sends says so too). */
const REFUSE_BYTES = constants/* MAX_UPLOAD_BYTES */.hR;
/** The platform's client warns above 50 MiB: a remote build of that much is slow. */
const WARN_BYTES = 50 * 1024 * 1024;
/** The archive grew past `limitBytes` while being written: it was stopped there. */
class ArchiveTooLarge extends Error {
    limitBytes;
    constructor(limitBytes) {
        super(`the archive exceeds ${limitBytes} bytes`);
        this.limitBytes = limitBytes;
    }
}
/**
 * Writes the entries as a gzip'd tar to a new temporary directory under `tempRoot`,
 * hashing the bytes as they go out, so memory stays flat whatever the size: one file
 * is read at a time, in chunks, and each layer waits for the next (back-pressure).
 * Reproducible: entries in the order given (sorted by the walk), a fixed time, owner 0
 * with empty names, modes 0644 or 0755, and a gzip header without a name or time
 * (Node's gzip writes neither) and with the OS byte fixed. Stops, and removes what it wrote, once the archive
 * passes `limitBytes`, or once `stop` says so (cancelled, or past the step's deadline):
 * checked between entries and as bytes go out, and a blocked read or write is ended then too.
 */
async function writeArchive(entries, tempRoot = (0,external_node_os_.tmpdir)(), limitBytes = REFUSE_BYTES, stop) {
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(tempRoot, 'source-archive-'));
    const file = (0,external_node_path_.join)(dir, 'source.tar.gz');
    const remove = () => (0,promises_.rm)(dir, { recursive: true, force: true });
    const hash = (0,external_node_crypto_.createHash)('sha256');
    let bytes = 0;
    const count = new external_node_stream_.Transform({
        transform(chunk, _encoding, done) {
            if (bytes <= GZIP_OS_OFFSET && bytes + chunk.length > GZIP_OS_OFFSET) {
                chunk = Buffer.from(chunk);
                chunk[GZIP_OS_OFFSET - bytes] = GZIP_OS_UNKNOWN;
            }
            bytes += chunk.length;
            const stopped = stopReason(stop);
            if (stopped) {
                done(stopped);
                return;
            }
            if (bytes > limitBytes) {
                done(new ArchiveTooLarge(limitBytes));
                return;
            }
            hash.update(chunk);
            done(null, chunk);
        }
    });
    const tar = (0,tar_stream.pack)();
    let stopped;
    const unwatch = whenStopped(stop, (reason) => {
        stopped = reason;
        tar.destroy(reason);
        count.destroy(reason);
    });
    // Each side stops the other when it fails: the pipeline, once the archive is too large or
    // the disk refuses it, destroys the pack; the feed, once a file cannot be read, destroys it too,
    // so the pipeline ends rather than wait for more. Both are awaited to the end, and the cause is
    // reported, not the other side's consequence ("tar entry destroyed"), whichever settles first.
    const feeding = feed(tar, entries, stop).catch((error) => {
        tar.destroy(error);
        throw error;
    });
    const writing = (0,external_node_stream_promises_.pipeline)(
    // The pack is read as an async iterable: it is not a Node stream, and pipeline must not treat it as one.
    async function* () {
        yield* tar;
    }, (0,external_node_zlib_.createGzip)({ level: external_node_zlib_.constants.Z_DEFAULT_COMPRESSION, chunkSize: READ_CHUNK_BYTES }), count, (0,external_node_fs_.createWriteStream)(file)).catch((error) => {
        tar.destroy();
        throw error;
    });
    const [fed, written] = await Promise.allSettled([feeding, writing]);
    unwatch();
    // A stop ends both sides with errors of their own: the stop is the cause.
    const failed = written.status === 'rejected' && written.reason instanceof ArchiveTooLarge
        ? written.reason
        : fed.status === 'rejected'
            ? fed.reason
            : written.status === 'rejected'
                ? written.reason
                : undefined;
    const failure = failed === undefined ? undefined : (stopped ?? stopReason(stop) ?? failed);
    if (failure !== undefined) {
        await remove();
        throw failure;
    }
    return { file, sha256: hash.digest('hex'), bytes, remove };
}
/** Adds the entries one after another, each file streamed from disk; ends the pack. */
async function feed(tar, entries, stop) {
    for (const entry of entries) {
        const stopped = stopReason(stop);
        if (stopped)
            throw stopped;
        const header = {
            name: entry.path,
            type: entry.type,
            size: entry.type === 'file' ? entry.size : 0,
            mode: entry.type === 'directory' || entry.executable ? 0o755 : 0o644,
            mtime: FIXED_MTIME,
            uid: 0,
            gid: 0,
            uname: '',
            gname: ''
        };
        if (entry.type === 'directory') {
            await new Promise((resolve, reject) => tar.entry(header, (error) => (error ? reject(error) : resolve())));
            continue;
        }
        await new Promise((resolve, reject) => {
            // The pack's own errors ("Size mismatch": the file changed since it was listed) name no file: this one does.
            const failed = (error) => reject(new Error(`\`${entry.path}\` changed while it was archived (${error.message})`));
            const sink = tar.entry(header, (error) => (error ? failed(error) : resolve()));
            sink.on('error', failed);
            // A file that changed size since it was listed makes the pack fail (its header said otherwise).
            copy((0,external_node_fs_.createReadStream)(entry.source, { highWaterMark: READ_CHUNK_BYTES }), sink).catch((error) => {
                sink.destroy(error);
                reject(new Error(`could not read \`${entry.path}\` (${error.message})`));
            });
        });
    }
    tar.finalize();
}
/** Copies a file into a pack entry, waiting whenever the entry says its buffer is full. */
async function copy(source, sink) {
    for await (const chunk of source) {
        if (sink.destroyed)
            throw new Error('the archive was stopped');
        if (!sink.write(chunk)) {
            await new Promise((resolve) => {
                const done = () => {
                    sink.removeListener('drain', done);
                    sink.removeListener('close', done);
                    resolve();
                };
                sink.once('drain', done);
                sink.once('close', done);
            });
        }
    }
    sink.end();
}

// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __webpack_require__(298);
var ignore_default = /*#__PURE__*/__webpack_require__.n(ignore);
// EXTERNAL MODULE: ./src/operations/archive/layout.ts
var archive_layout = __webpack_require__(9029);
;// CONCATENATED MODULE: ./src/operations/archive/walk.ts







/** Directories the platform's own client never archives: caches and environments. */
const ALWAYS_LEFT_OUT = new Set(['__pycache__', '.git', '.venv', 'venv', 'node_modules', '.tox', '.mypy_cache']);
const IGNORE_FILES = ['.gitignore', '.dockerignore'];
/** An ignore file is a few lines: one larger than this is not one, and is not read. */
const IGNORE_FILE_MAX_BYTES = 1024 * 1024;
/**
 * Every file and directory of the layout's included directories that goes into the
 * archive, and what was left out: the client's cache and environment directories, what
 * the `.gitignore` and `.dockerignore` of each directory name (nested ones apply below
 * their own directory, a deeper file overriding a shallower one as in git), `.env` files,
 * symbolic links (never followed), anything that is not a file or a directory, and
 * `archive-exclude` (matched against paths relative to the workspace, like a `.gitignore`
 * at the top of the repository). An excluded directory is not entered.
 */
async function walkLayout(layout, archiveExclude, stop) {
    const entries = [];
    const excluded = [];
    const unreadIgnoreFiles = [];
    const userRules = archiveExclude.length > 0 ? { base: '', prefix: fromWorkspace(layout), matcher: matcher().add([...archiveExclude]), why: '`archive-exclude`' } : undefined;
    const visit = async (dir, inherited) => {
        const base = (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(layout.root, dir));
        const rules = [...inherited];
        for (const name of IGNORE_FILES) {
            const path = `${base ? `${base}/` : ''}${name}`;
            const read = await readIgnoreFile((0,external_node_path_.join)(dir, name));
            if (typeof read === 'string')
                rules.push({ base, matcher: matcher().add(read), why: `\`${path}\`` });
            else if (read)
                unreadIgnoreFiles.push(`\`${path}\` ${read.problem}`);
        }
        const names = (await (0,promises_.readdir)(dir)).sort();
        for (const name of names) {
            throwIfStopped(stop);
            const source = (0,external_node_path_.join)(dir, name);
            const path = base ? `${base}/${name}` : name;
            const stats = await (0,promises_.lstat)(source);
            if (stats.isSymbolicLink()) {
                excluded.push({ path, why: 'symbolic link (never followed or archived)', warn: true });
                continue;
            }
            const isDir = stats.isDirectory();
            if (!isDir && !stats.isFile()) {
                excluded.push({ path, why: 'not a regular file or directory' });
                continue;
            }
            if (ALWAYS_LEFT_OUT.has(name)) {
                excluded.push({ path: isDir ? `${path}/` : path, why: 'cache or environment directory' });
                continue;
            }
            if (!isDir && (name === '.env' || name.startsWith('.env.'))) {
                excluded.push({ path, why: '`.env` file (secrets go through `secrets`)', warn: true });
                continue;
            }
            const rule = ignoredBy(userRules ? [...rules, userRules] : rules, path, isDir);
            if (rule) {
                excluded.push({ path: isDir ? `${path}/` : path, why: rule.why });
                continue;
            }
            if (isDir) {
                entries.push({ path: `${path}/`, type: 'directory', source, size: 0, executable: true });
                await visit(source, rules);
            }
            else {
                entries.push({
                    path,
                    type: 'file',
                    source,
                    size: stats.size,
                    executable: (stats.mode & 0o111) !== 0,
                    ...(stats.nlink > 1 ? { inode: `${stats.dev}:${stats.ino}` } : {})
                });
            }
        }
    };
    for (const dir of layout.included) {
        const path = (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(layout.root, dir));
        if (path)
            entries.push({ path: `${path}/`, type: 'directory', source: dir, size: 0, executable: true });
        await visit(dir, []);
    }
    return { entries: dropHardLinks(sortEntries(entries), excluded), excluded, unreadIgnoreFiles };
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
async function readIgnoreFile(file) {
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
        if (!(await handle.stat()).isFile())
            return { problem: 'is not a regular file: not read' };
        const buffer = Buffer.alloc(IGNORE_FILE_MAX_BYTES + 1);
        let length = 0;
        for (;;) {
            const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
            if (bytesRead === 0)
                break;
            length += bytesRead;
            if (length > IGNORE_FILE_MAX_BYTES)
                return { problem: `is over ${(0,body/* formatBytes */.z3)(IGNORE_FILE_MAX_BYTES)}: not read` };
        }
        return buffer.subarray(0, length).toString('utf8');
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
        const rel = (rule.prefix ?? '') + (rule.base === '' ? path : path.slice(rule.base.length + 1));
        const verdict = rule.matcher.test(isDir ? `${rel}/` : rel);
        if (verdict.ignored)
            decided = rule;
        else if (verdict.unignored)
            decided = undefined;
    }
    return decided;
}
/** The archive's root as seen from the workspace, with a trailing `/` (empty when they are the same). */
function fromWorkspace(layout) {
    const path = (0,archive_layout/* toPosix */.d)((0,external_node_path_.relative)(layout.workspace, layout.root));
    return path ? `${path}/` : '';
}
/** Sorted by path, byte by byte, so the archive's order is the same on every machine. */
function sortEntries(entries) {
    return entries.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
}
/** The platform's client drops hard links: a second path to a file already archived is left out. */
function dropHardLinks(entries, excluded) {
    const first = new Map();
    return entries.filter((entry) => {
        if (!entry.inode)
            return true;
        const earlier = first.get(entry.inode);
        if (earlier === undefined) {
            first.set(entry.inode, entry.path);
            return true;
        }
        excluded.push({ path: entry.path, why: `hard link to \`${earlier}\`` });
        return false;
    });
}

;// CONCATENATED MODULE: ./src/operations/archive/prepare.ts




const LIMITS = { refuseBytes: REFUSE_BYTES, warnBytes: WARN_BYTES };
/** Lines of the log's list of what was left out; the rest is counted. */
const LISTED = 50;
const LARGEST = 5;
/**
 * Builds the archive of `layout` in `tempRoot`, says in the log what it holds and what
 * was left out (warning about `.env` files and symbolic links), and checks the size: over
 * the refusal limit is bad input (the archive is stopped there and removed), over the
 * warning limit a warning; both name the largest files.
 */
async function prepareArchive(layout, options) {
    const { log } = options;
    const limits = options.limits ?? LIMITS;
    const walked = await walkLayout(layout, options.exclude, options.stop).catch(unreadable);
    warnAbout(walked.excluded, log);
    for (const problem of walked.unreadIgnoreFiles)
        log.warn(`The ignore file ${problem}; its patterns do not apply.`);
    const files = walked.entries.filter((entry) => entry.type === 'file');
    let written;
    try {
        written = await writeArchive(walked.entries, options.tempRoot, limits.refuseBytes, options.stop);
    }
    catch (error) {
        if (!(error instanceof ArchiveTooLarge))
            return unreadable(error);
        throw new errors/* ActionError */.lZ('bad-input', `The source archive of \`graph-config-path\` \`${layout.configPath}\` is over ${(0,body/* formatBytes */.z3)(limits.refuseBytes)} compressed, more than the upload takes. Largest files: ${largest(files)}.`, 'Leave out what the build does not need with `archive-exclude` (or a `.gitignore` / `.dockerignore`), then re-run; nothing was sent to the control plane.');
    }
    if (written.bytes > limits.warnBytes) {
        log.warn(`The source archive is ${(0,body/* formatBytes */.z3)(written.bytes)} compressed (over ${(0,body/* formatBytes */.z3)(limits.warnBytes)}): the remote build will be slow. Largest files: ${largest(files)}. Leave out what it does not need with \`archive-exclude\`.`);
    }
    log.info(`Source archive: ${files.length} files from ${layout.included.length === 1 ? 'one directory' : `${layout.included.length} directories`}, ${(0,body/* formatBytes */.z3)(written.bytes)} compressed, sha256 ${written.sha256}; config at \`${layout.configPath}\` in it.`);
    if (walked.excluded.length > 0) {
        log.info(`Left out of the archive (${walked.excluded.length}):`);
        for (const item of walked.excluded.slice(0, LISTED))
            log.info(`  ${item.path}: ${item.why}`);
        if (walked.excluded.length > LISTED)
            log.info(`  … and ${walked.excluded.length - LISTED} more`);
    }
    return { ...written, files: files.length, configPath: layout.configPath, excluded: walked.excluded };
}
/** A file or directory that could not be read (permissions, a file removed meanwhile): the checkout's problem, not the action's. */
function unreadable(error) {
    // Cancelled, or out of time: said as such, not as the checkout's fault.
    if (error instanceof errors/* ActionError */.lZ && (error.kind === 'cancelled' || error.kind === 'timed-out'))
        throw error;
    throw new errors/* ActionError */.lZ('bad-input', `Could not archive the checkout: ${error.message}.`, 'Check that the job can read every file under the directories `graph-config-path` names, and that no other step changes them meanwhile; nothing was sent to the control plane.');
}
/** One warning per kind of thing the user should know was left out. */
function warnAbout(excluded, log) {
    const envFiles = excluded.filter((item) => item.warn && item.why.startsWith('`.env`')).map((item) => `\`${item.path}\``);
    const links = excluded.filter((item) => item.warn && item.why.startsWith('symbolic link')).map((item) => `\`${item.path}\``);
    if (envFiles.length > 0) {
        log.warn(`Not archived: ${envFiles.join(', ')} (\`.env\` files are never uploaded; pass what the agent needs through the \`secrets\` input).`);
    }
    if (links.length > 0) {
        log.warn(`Not archived: ${links.join(', ')} (symbolic links are never followed or uploaded; put the file itself in the directory if the build needs it).`);
    }
}
function largest(files) {
    return [...files]
        .sort((a, b) => b.size - a.size)
        .slice(0, LARGEST)
        .map((file) => `\`${file.path}\` (${(0,body/* formatBytes */.z3)(file.size)})`)
        .join(', ');
}


/***/ })

};

//# sourceMappingURL=979.index.js.map