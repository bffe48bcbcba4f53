export const id = 954;
export const ids = [954];
export const modules = {

/***/ 8954:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deleteListener: () => (/* binding */ deleteListener),
/* harmony export */   deleteListenerCommand: () => (/* binding */ deleteListenerCommand)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _api_requests_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4748);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8619);



/**
 * `command: delete-listener`: `DELETE /v2/listeners/{listener_id}` (docs/control-plane.md,
 * Listeners). 204 is done; 403 (not a self-hosted enterprise plan) and 422 fail with the
 * control plane's text; 404 is a success with a notice under `ignore-missing`. A dry run
 * reads the listener (`GET /v2/listeners/{listener_id}`) so that its plan says whether
 * there is anything to delete.
 */
const deleteListenerCommand = (0,_types_js__WEBPACK_IMPORTED_MODULE_2__/* .defineCommand */ .N)({
    run: deleteListener
});
async function deleteListener(inputs, deps) {
    const { listenerId } = inputs;
    const { recorder } = deps;
    recorder.target({ kind: 'listener', name: listenerId, id: listenerId });
    if (inputs.dryRun)
        return planDelete(inputs, deps);
    deps.run.throwIfCancelled();
    deps.log.info(`Deleting listener ${listenerId}…`);
    try {
        await deps.client.deleteListener(listenerId);
    }
    catch (error) {
        if (!(0,_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error) || !inputs.ignoreMissing)
            throw error;
        deps.log.notice(`Listener ${listenerId} does not exist: nothing to delete.`);
        recorder.changed('unchanged');
        return recorder.finish({ kind: 'nothing-to-do', reason: 'already-gone' });
    }
    recorder.changed('deleted');
    deps.log.info(`Deleted listener ${listenerId}.`);
    return recorder.finish({ kind: 'deleted' });
}
/**
 * The dry run: reads the listener, and fails or notices on a 404 as the real run's DELETE
 * would, so a plan that passes is one whose run would find the listener.
 */
async function planDelete(inputs, deps) {
    const { listenerId } = inputs;
    const { recorder } = deps;
    deps.log.info(`Reading listener ${listenerId}…`);
    try {
        await deps.client.getListener(listenerId);
    }
    catch (error) {
        if (!(0,_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error) || !inputs.ignoreMissing)
            throw error;
        deps.log.notice(`Listener ${listenerId} does not exist: nothing to delete.`);
        // A dry run reports a plan, here an empty one, as `command: delete`'s does.
        recorder.changed('planned');
        return recorder.finish({ kind: 'planned', requests: [] });
    }
    deps.log.info(`Found listener ${listenerId}.`);
    recorder.changed('planned');
    return recorder.finish({ kind: 'planned', requests: [_api_requests_js__WEBPACK_IMPORTED_MODULE_1__/* .requests */ .z.deleteListener(listenerId)] });
}


/***/ }),

/***/ 8619:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ defineCommand)
/* harmony export */ });
/** Keeps a definition's input type, so the registry can pair it with its spec. */
function defineCommand(definition) {
    return definition;
}


/***/ })

};

//# sourceMappingURL=954.index.js.map