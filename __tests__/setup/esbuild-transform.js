// Jest's transform for the TypeScript sources and tests: esbuild strips the types, file by file,
// to ES modules (jest runs them as such, --experimental-vm-modules). Types are checked apart, by
// `npm run typecheck` (tsc). ts-jest did the same through the TypeScript compiler, which each
// jest worker had to load first: on a fresh clone (jest's cache empty) that cost 1 to 5 s of the
// suite's minute; esbuild transforms a file in about a millisecond.
import { transformSync } from 'esbuild'

export default {
  canInstrument: false,
  /**
   * @param {string} source
   * @param {string} filename
   */
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: 'ts',
      format: 'esm',
      target: 'es2022',
      sourcemap: 'external',
      sourcefile: filename
    })
    return { code, map }
  }
}
