export const id = 700;
export const ids = [700];
export const modules = {

/***/ 700:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  packArchive: () => (/* binding */ packArchive)
});

// UNUSED EXPORTS: prepareArchive

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
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
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/api/constants.ts
var constants = __webpack_require__(2997);
// EXTERNAL MODULE: ./src/core/stop.ts
var core_stop = __webpack_require__(1439);
// EXTERNAL MODULE: ./src/operations/archive/contents.ts
var archive_contents = __webpack_require__(2465);
;// CONCATENATED MODULE: ./src/operations/archive/tar.ts
/**
 * Tar headers, byte for byte as tar-stream 3 writes them (the writer of v1.4 and before), so that
 * the same files still give the same digest: ustar, a name over 100 bytes split into the prefix
 * field at a `/`, and a PAX `path` record before the header when the name is not ASCII or does
 * not fit (the header that follows is then named `PaxHeader`, as tar-stream names it). Written
 * here rather than through tar-stream's stream of one small piece per header, per file and per
 * padding: for tens of thousands of small files those pieces cost more than compressing them.
 */
const BLOCK = 512;
const ZEROS = '0000000000000000000';
const SEVENS = '7777777777777777777';
const USTAR = Buffer.from('ustar\x0000', 'latin1');
/** The end of an archive: two blocks of zeros. */
const END_OF_TAR = Buffer.alloc(2 * BLOCK);
/** The blocks that announce one entry: its header, preceded by a PAX record when its name needs one. */
function headerBlocks(header) {
    const plain = encode(header.name, header.type, header.size, header);
    if (plain)
        return [plain];
    const pax = Buffer.from(withLength(` path=${header.name}\n`), 'utf8');
    const blocks = [encode('PaxHeader', 'pax-header', pax.length, header), pax];
    if (pax.length % BLOCK)
        blocks.push(Buffer.alloc(BLOCK - (pax.length % BLOCK)));
    blocks.push(encode('PaxHeader', header.type, header.size, header));
    return blocks;
}
/** The zeros that complete a file of `size` bytes to a whole block (none when it ends on one). */
function paddingOf(size) {
    return (BLOCK - (size % BLOCK)) % BLOCK;
}
/** One ustar header block, or undefined when the name cannot be one (not ASCII, or too long to split). */
function encode(fullName, type, size, header) {
    let name = fullName;
    let prefix = '';
    if (Buffer.byteLength(name) !== name.length)
        return undefined;
    while (name.length > 100) {
        const at = name.indexOf('/');
        if (at === -1)
            return undefined;
        prefix += prefix ? `/${name.slice(0, at)}` : name.slice(0, at);
        name = name.slice(at + 1);
    }
    if (name.length > 100 || prefix.length > 155)
        return undefined;
    const block = Buffer.alloc(BLOCK);
    block.write(name, 0, 'latin1');
    block.write(octal(header.mode & 0o7777, 6), 100, 'latin1');
    block.write(octal(0, 6), 108, 'latin1');
    block.write(octal(0, 6), 116, 'latin1');
    if (size.toString(8).length > 11) {
        // Over 8 GiB: base-256, as tar-stream writes it.
        block[124] = 0x80;
        for (let at = 11, left = size; at > 0; at--, left = Math.floor(left / 0x100))
            block[124 + at] = left & 0xff;
    }
    else
        block.write(octal(size, 11), 124, 'latin1');
    block.write(octal((header.mtime.getTime() / 1000) | 0, 11), 136, 'latin1');
    block[156] = 0x30 + (type === 'directory' ? 5 : type === 'pax-header' ? 72 : 0);
    USTAR.copy(block, 257);
    block.write(octal(0, 6), 329, 'latin1');
    block.write(octal(0, 6), 337, 'latin1');
    if (prefix)
        block.write(prefix, 345, 'latin1');
    block.write(octal(checksum(block), 6), 148, 'latin1');
    return block;
}
function octal(value, digits) {
    const text = value.toString(8);
    if (text.length > digits)
        return `${SEVENS.slice(0, digits)} `;
    return `${ZEROS.slice(0, digits - text.length)}${text} `;
}
function checksum(block) {
    let sum = 8 * 32;
    for (let at = 0; at < 148; at++)
        sum += block[at];
    for (let at = 156; at < BLOCK; at++)
        sum += block[at];
    return sum;
}
/** A PAX record: its own length in decimal first, that length counting itself. */
function withLength(record) {
    const length = Buffer.byteLength(record);
    let digits = Math.floor(Math.log(length) / Math.log(10)) + 1;
    if (length + digits >= Math.pow(10, digits))
        digits++;
    return `${length + digits}${record}`;
}

// EXTERNAL MODULE: ./src/operations/git/drained.ts
var drained = __webpack_require__(2770);
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
            const stopped = (0,core_stop/* stopReason */.PJ)(stop);
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
    const gzip = (0,external_node_zlib_.createGzip)({ level: external_node_zlib_.constants.Z_DEFAULT_COMPRESSION, chunkSize: READ_CHUNK_BYTES });
    let stopped;
    // Opened here, so that a stop ends git's reads too: one blocked on git would otherwise never settle.
    const contents = (0,archive_contents/* openContents */.h)(entries);
    const unwatch = (0,core_stop/* whenStopped */.OX)(stop, (reason) => {
        stopped = reason;
        contents.close();
        gzip.destroy(reason);
        count.destroy(reason);
    });
    // Each side stops the other when it fails: the pipeline, once the archive is too large or the
    // disk refuses it, destroys gzip (and the feed's next write fails) and ends git's reads; the
    // feed, once a file cannot be read, destroys gzip too, so the pipeline ends rather than wait for
    // more. Both are awaited to the end, and the cause is reported, not the other side's consequence.
    const writing = (0,external_node_stream_promises_.pipeline)(gzip, count, (0,external_node_fs_.createWriteStream)(file)).catch((error) => {
        contents.close();
        throw error;
    });
    const feeding = feed(new TarOut(gzip), entries, contents, stop).catch((error) => {
        gzip.destroy(error);
        throw error;
    });
    const [fed, written] = await Promise.allSettled([feeding, writing]);
    unwatch();
    contents.close();
    // A stop ends both sides with errors of their own: the stop is the cause. Both sides reject
    // with Errors (the streams' and the feed's own).
    const failed = written.status === 'rejected' && written.reason instanceof ArchiveTooLarge
        ? written.reason
        : fed.status === 'rejected'
            ? fed.reason
            : written.status === 'rejected'
                ? written.reason
                : undefined;
    const failure = failed === undefined ? undefined : (stopped ?? (0,core_stop/* stopReason */.PJ)(stop) ?? failed);
    if (failure !== undefined) {
        await remove();
        throw failure;
    }
    return { file, sha256: hash.digest('hex'), bytes, remove };
}
/**
 * Writes every entry as tar (tar.ts) into gzip, then the end of the archive, and ends gzip. Each
 * file is streamed (from git's objects, or the disk) and must hold exactly the size its header
 * says: one that changed since it was listed fails, named.
 */
async function feed(out, entries, contents, stop) {
    for (const entry of entries) {
        const stopped = (0,core_stop/* stopReason */.PJ)(stop);
        if (stopped)
            throw stopped;
        const size = entry.type === 'file' ? entry.size : 0;
        for (const block of headerBlocks({
            name: entry.path,
            type: entry.type,
            size,
            mode: entry.type === 'directory' || entry.executable ? 0o755 : 0o644,
            mtime: FIXED_MTIME
        })) {
            const wait = out.write(block);
            if (wait)
                await wait;
        }
        if (entry.type === 'directory')
            continue;
        let copied = 0;
        try {
            for await (const chunk of contents.of(entry)) {
                copied += chunk.length;
                if (copied > size)
                    break;
                const wait = out.write(chunk);
                if (wait)
                    await wait;
            }
        }
        catch (error) {
            if (out.failed)
                throw out.failed;
            throw new Error(`could not read \`${entry.path}\` (${error.message})`);
        }
        // A file that changed size since it was listed: its header would lie.
        if (copied !== size)
            throw new Error(`\`${entry.path}\` changed while it was archived (Size mismatch)`);
        const padding = paddingOf(size);
        if (padding > 0) {
            const wait = out.write(ZERO_BLOCK.subarray(0, padding));
            if (wait)
                await wait;
        }
    }
    const wait = out.write(END_OF_TAR);
    if (wait)
        await wait;
    await out.end();
}
/** A block of zeros, to pad a file to a whole block. */
const ZERO_BLOCK = Buffer.alloc(512);
/**
 * The tar's bytes gathered into pieces of about READ_CHUNK_BYTES before gzip gets them: gzip
 * works on each piece it is given as one task on another thread, and tens of thousands of
 * headers and small files would otherwise cost more in those hand-overs than in compressing. A
 * piece at least half that size goes on as it is (no copy). `write` returns a promise only when
 * gzip asks the writer to wait.
 */
class TarOut {
    gzip;
    pending = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    length = 0;
    /** Why gzip cannot take more (destroyed: a stop, a failure of the other side). */
    failed;
    constructor(gzip) {
        this.gzip = gzip;
    }
    write(chunk) {
        if (chunk.length >= READ_CHUNK_BYTES / 2) {
            const flushed = this.flush();
            return flushed ? flushed.then(() => this.send(chunk)) : this.send(chunk);
        }
        if (this.length + chunk.length > this.pending.length) {
            const flushed = this.flush();
            if (flushed)
                return flushed.then(() => this.write(chunk));
        }
        chunk.copy(this.pending, this.length);
        this.length += chunk.length;
        return undefined;
    }
    async end() {
        const flushed = this.flush();
        if (flushed)
            await flushed;
        this.gzip.end();
    }
    flush() {
        if (this.length === 0)
            return undefined;
        const piece = this.pending.subarray(0, this.length);
        // The piece is gzip's now: the next ones go into a new buffer.
        this.pending = Buffer.allocUnsafe(READ_CHUNK_BYTES);
        this.length = 0;
        return this.send(piece);
    }
    send(piece) {
        if (this.gzip.destroyed)
            throw (this.failed ??= new Error('the archive was stopped'));
        if (this.gzip.write(piece))
            return undefined;
        return (0,drained/* drainedOrClosed */.B)(this.gzip).then(() => {
            if (this.gzip.destroyed)
                throw (this.failed ??= new Error('the archive was stopped'));
        });
    }
}

// EXTERNAL MODULE: ./src/operations/archive/layout.ts
var layout = __webpack_require__(9029);
// EXTERNAL MODULE: ./src/operations/archive/select.ts + 9 modules
var archive_select = __webpack_require__(1078);
// EXTERNAL MODULE: ./src/operations/archive/describe.ts
var describe = __webpack_require__(9090);
;// CONCATENATED MODULE: ./src/operations/archive/prepare.ts







const LIMITS = { refuseBytes: REFUSE_BYTES, warnBytes: WARN_BYTES };
const LARGEST = 5;
/** Selects the files of `layout`, says what they are in the log, and packs them. */
async function prepareArchive(layout, options) {
    const selection = await selectArchiveFiles(layout, options);
    describeSelection(selection, options.log);
    return packArchive(selection, options);
}
/**
 * Writes the selected files as the archive in `tempRoot` and checks the size:
 * over the refusal limit is bad input (the archive is stopped there and removed), over the
 * warning limit a warning; both name the largest files.
 */
async function packArchive(selection, options) {
    const { log } = options;
    const limits = options.limits ?? LIMITS;
    const files = selection.entries.filter((entry) => entry.type === 'file');
    let written;
    try {
        written = await writeArchive(selection.entries, options.tempRoot, limits.refuseBytes, options.stop);
    }
    catch (error) {
        if (!(error instanceof ArchiveTooLarge))
            return (0,archive_select/* unreadable */.O)(error);
        throw new errors/* ActionError */.lZ('bad-input', `The source archive of \`graph-config-path\` ` +
            `\`${(0,layout/* toPosix */.d)((0,external_node_path_.relative)(selection.workspace, (0,external_node_path_.join)(selection.root, selection.configPath)))}\` is ` +
            `over ${(0,body/* formatBytes */.z3)(limits.refuseBytes)} compressed, more than the upload takes. Largest files: ${largest(files)}.`, 'Leave out what the build does not need with `archive-exclude` (or a `.gitignore` / `.dockerignore`), then re-run; nothing was sent to the control plane.');
    }
    if (written.bytes > limits.warnBytes) {
        log.warn(`The source archive is ${(0,body/* formatBytes */.z3)(written.bytes)} compressed (over ${(0,body/* formatBytes */.z3)(limits.warnBytes)}): the remote ` +
            `build will be slow. Largest files: ${largest(files)}. Leave out what it does not need with \`archive-exclude\`.`);
    }
    log.info(`Source archive: ${files.length} files ` +
        `from ${selection.included.length === 1 ? 'one directory' : `${selection.included.length} directories`}, ${(0,body/* formatBytes */.z3)(written.bytes)} compressed, ` +
        `sha256 ${written.sha256}; config at \`${selection.configPath}\` in it.`);
    return { ...written, files: files.length, configPath: selection.configPath, leftOut: selection.leftOut, commit: selection.tiedToCommit };
}
function largest(files) {
    return [...files]
        .sort((a, b) => b.size - a.size)
        .slice(0, LARGEST)
        .map((file) => `\`${file.workspacePath}\` (${(0,body/* formatBytes */.z3)(file.size)})`)
        .join(', ');
}


/***/ })

};

//# sourceMappingURL=700.index.js.map