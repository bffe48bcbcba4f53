import * as core from '@actions/core'
import { HttpClient } from '@actions/http-client'

/**
 * The start-up floor: the two libraries every run needs before its first request
 * (@actions/core to read inputs and log, @actions/http-client to send, with the runner's
 * proxy settings), and nothing of ours, sending one request to INPUT_CONTROL-PLANE-URL.
 * scripts/bench.js times it beside `node -e 0` and the action, to show what the action's
 * own start-up costs above the libraries'.
 */
const url = core.getInput('control-plane-url')
await new HttpClient('bench-floor').get(`${url}/v2/deployments`).then((response) => response.readBody())
