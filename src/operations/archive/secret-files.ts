/**
 * Files that hold credentials by their name, whatever their case, that a remote build never
 * ships (docs/remote-build.md): what the agent needs goes through the `secrets` input, which
 * the control plane keeps encrypted; a file in the archive is readable by whoever can read
 * the build. Each returns the rule as the user would write it, for the warning.
 */
const NAMED = new Map([
  ['.npmrc', '.npmrc'],
  ['.pypirc', '.pypirc'],
  ['.netrc', '.netrc'],
  ['.git-credentials', '.git-credentials'],
  ['id_rsa', 'id_rsa'],
  ['id_dsa', 'id_dsa'],
  ['id_ecdsa', 'id_ecdsa'],
  ['id_ed25519', 'id_ed25519']
])
const KEY_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx']

/**
 * The rule that makes `path` (relative to the workspace, posix, no trailing `/`) a secret
 * file, or undefined. A directory is one only when it is an `.env*` one (`.env.d/`): a
 * directory named like a key file is left to the files inside it.
 */
export function secretRule(path: string, isDir: boolean): string | undefined {
  const lower = path.toLowerCase()
  const name = lower.slice(lower.lastIndexOf('/') + 1)
  // `.env`, `.env.local`, `.env-prod`, `.envrc`, `.env.d/`: any form.
  if (name.startsWith('.env')) return '.env*'
  if (isDir) return undefined
  const named = NAMED.get(name)
  if (named) return named
  if (lower === '.docker/config.json' || lower.endsWith('/.docker/config.json')) return '.docker/config.json'
  const extension = KEY_EXTENSIONS.find((ext) => name.endsWith(ext))
  return extension ? `*${extension}` : undefined
}
