import { HttpClient } from '@actions/http-client'
import * as http from 'node:http'
import * as https from 'node:https'
import type { OutgoingHttpHeaders } from 'node:http'
import { ACTION_NAME, ACTION_VERSION } from '../core/version.js'

/** One health-check request: the answer's status, or a rejection (network failure, abort). */
export type Probe = (url: string, headers: OutgoingHttpHeaders, signal: AbortSignal) => Promise<{ status: number }>

/**
 * A GET that reads only the status line. Aborting `signal` destroys the request and its
 * socket at once, so a check given up on leaves nothing running. Redirects are not
 * followed (the credential would go along), and the body is never read: a health
 * endpoint's body means nothing here, and a hostile one could be endless.
 * The agent comes from @actions/http-client so that the runner's proxy settings apply.
 */
export const httpProbe: Probe = (url, headers, signal) =>
  new Promise((resolve, reject) => {
    const target = new URL(url)
    const agent = new HttpClient(`${ACTION_NAME}/${ACTION_VERSION}`).getAgent(url)
    const transport = target.protocol === 'https:' ? https : http
    const request = transport.request(
      target,
      { method: 'GET', agent, signal, headers: { 'User-Agent': `${ACTION_NAME}/${ACTION_VERSION}`, ...headers } },
      (response) => {
        resolve({ status: response.statusCode ?? 0 })
        response.destroy()
      }
    )
    request.on('error', reject)
    request.end()
  })
