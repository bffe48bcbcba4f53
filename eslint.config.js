// ESLint flat config (`npm run lint`): typescript-eslint's type-aware recommended rules on
// the TypeScript, ESLint's recommended rules on the JavaScript (simulator, scripts, bench).
// A rule is changed here only with the reason beside it.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// As tsc's noUnusedLocals/noUnusedParameters read it: a leading `_` marks a name kept on
// purpose (a parameter an interface requires, a field destructured away to drop it).
const unusedVars = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }
]

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.node24/', '.bench/', 'tmp/'] },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: { 'no-unused-vars': unusedVars }
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    },
    rules: { '@typescript-eslint/no-unused-vars': unusedVars }
  },
  {
    files: ['__tests__/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Fakes of the client and the clock implement async interfaces: `async` keeps a throw
      // in them a rejected promise, as the real method's would be, even with nothing to await.
      '@typescript-eslint/require-await': 'off'
    }
  },
  {
    files: ['__tests__/**/*.ts'],
    rules: {
      // Tests read the simulator's answers and the action's JSON as free-form (`Json = any`)
      // and their assertions check the shape at run time; typing each body would repeat the
      // schemas without catching more. src/ keeps these rules: there every answer is parsed.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off'
    }
  }
)
