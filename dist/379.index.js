export const id = 379;
export const ids = [379];
export const modules = {

/***/ 1379:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   listingOf: () => (/* binding */ listingOf)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9029);


/** Folders and largest files the summary shows; the rest is counted. */
const FOLDERS = 8;
const LARGEST = 5;
/** Paths shown per reason left out; the log lists them all. */
const SHOWN = 5;
/** The order the summary gives the reasons in: what the user most needs to know first. */
const REASONS = ['secret', 'untracked', 'ignored', 'excluded', 'link', 'other'];
/**
 * The selection as the reports show it: every file, the folders by size (one level below
 * each included directory, so a monorepo's `apps/agent/` does not hide what is in it), the
 * largest files, and what was left out by reason.
 */
function listingOf(selection) {
    const files = selection.entries.filter((entry) => entry.type === 'file');
    const tops = selection.included.map((dir) => (0,_layout_js__WEBPACK_IMPORTED_MODULE_1__/* .toPosix */ .d)((0,node_path__WEBPACK_IMPORTED_MODULE_0__.relative)(selection.workspace, dir))).map((dir) => (dir ? `${dir}/` : ''));
    const byFolder = new Map();
    for (const file of files) {
        const folder = folderOf(file.workspacePath, tops);
        const sum = byFolder.get(folder) ?? { files: 0, bytes: 0 };
        byFolder.set(folder, { files: sum.files + 1, bytes: sum.bytes + file.size });
    }
    const folders = [...byFolder].map(([path, sum]) => ({ path, ...sum })).sort((a, b) => b.bytes - a.bytes || compare(a.path, b.path));
    return {
        files: files.map((file) => file.workspacePath),
        contentBytes: files.reduce((sum, file) => sum + file.size, 0),
        folders: folders.slice(0, FOLDERS),
        moreFolders: Math.max(0, folders.length - FOLDERS),
        largest: [...files]
            .sort((a, b) => b.size - a.size || compare(a.workspacePath, b.workspacePath))
            .slice(0, LARGEST)
            .map((file) => ({ path: file.workspacePath, bytes: file.size })),
        leftOut: REASONS.map((reason) => {
            const items = selection.leftOut.filter((item) => item.reason === reason);
            return { reason, count: items.length, shown: items.slice(0, SHOWN).map(({ path, rule }) => (rule ? { path, rule } : { path })) };
        }).filter((group) => group.count > 0),
        changed: selection.changedSinceCommit,
        ...(selection.keyFindings.length > 0
            ? {
                keys: {
                    count: selection.keyFindings.length,
                    shown: selection.keyFindings.slice(0, SHOWN).map(({ path, line, rule }) => ({ path, line, rule }))
                }
            }
            : {})
    };
}
/** The folder a file is counted in: its included directory's, or the first level below it. */
function folderOf(path, tops) {
    const top = tops.filter((dir) => path.startsWith(dir)).sort((a, b) => b.length - a.length)[0] ?? '';
    const below = path.slice(top.length);
    const slash = below.indexOf('/');
    return slash < 0 ? top || './' : `${top}${below.slice(0, slash + 1)}`;
}
function compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}


/***/ })

};

//# sourceMappingURL=379.index.js.map