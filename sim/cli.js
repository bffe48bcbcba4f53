#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { startSimulator } from './index.js'

const { values } = parseArgs({ options: { port: { type: 'string' } } })
const port = Number(values.port ?? 0)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535, got ${values.port}`)
  process.exit(2)
}

const sim = await startSimulator({ port })
console.log(`Control-plane simulator listening on ${sim.url}`)
console.log(`API key:   ${sim.apiKey}`)
console.log(`Tenant ID: ${sim.tenantId}`)
console.log('Press Ctrl+C to stop.')

process.once('SIGINT', () => {
  sim.stop().then(
    () => console.log('Simulator stopped.'),
    (error) => {
      console.error(error)
      process.exitCode = 1
    }
  )
})
