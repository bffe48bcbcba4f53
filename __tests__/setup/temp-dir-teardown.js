// See temp-dir.js: the suite's temporary folder goes when the suite ends.
export { teardown as default } from './temp-dir.js'
