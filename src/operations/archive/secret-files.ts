/**
 * Files that hold credentials by their name, whatever their case, that a remote build never
 * ships (docs/remote-build-archive.md): what the agent needs goes through the `secrets` input,
 * which the control plane keeps encrypted; a file in the archive is readable by whoever can read
 * the build. A list of the usual places, not a guarantee about every file: the content scan
 * (secret-content.ts) catches keys and tokens written elsewhere. Each returns the rule as the
 * user would write it, for the warning.
 */
const NAMED = new Map([
  ['.npmrc', '.npmrc'],
  ['.pypirc', '.pypirc'],
  ['.netrc', '.netrc'],
  ['.git-credentials', '.git-credentials'],
  ['.pgpass', '.pgpass'],
  ['.htpasswd', '.htpasswd'],
  ['id_rsa', 'id_rsa'],
  ['id_dsa', 'id_dsa'],
  ['id_ecdsa', 'id_ecdsa'],
  ['id_ed25519', 'id_ed25519'],
  // A cluster's credentials (`KUBECONFIG` files under their usual name), a Google login's
  // (`gcloud auth application-default login`), Terraform's state (it holds every secret a
  // resource was given, in clear).
  ['kubeconfig', 'kubeconfig'],
  ['application_default_credentials.json', 'application_default_credentials.json'],
  ['terraform.tfstate', 'terraform.tfstate'],
  ['terraform.tfstate.backup', 'terraform.tfstate.backup']
])
/** Files known by their folder too: `config` alone is any tool's, `.kube/config` is a cluster's credentials. */
const IN_FOLDER = ['.docker/config.json', '.aws/credentials', '.kube/config', '.streamlit/secrets.toml', 'config/secrets.yml']
/** `.ppk`: PuTTY's private keys; `.tfstate`: any Terraform state (`prod.tfstate`). */
const KEY_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.jks', '.keystore', '.ppk', '.tfstate']

/**
 * `.env` templates, which teams commit on purpose with the names and no values: they ship, and
 * are scanned as any file is; one that holds a key is left out (scan.ts). Both spellings:
 * `.env.example` and `example.env` (which `*.env` would otherwise leave out).
 */
const ENV_TEMPLATES = new Set(['.env.example', '.env.sample', '.env.template', 'example.env', 'sample.env', 'template.env'])

/**
 * `.env` exactly, and its variants: `.env.<x>`, `.env-<x>`, `.env_<x>`, `.envrc` (and a
 * `.env.d` folder); not a name that merely starts with the letters (`.envoy.yaml`,
 * `.environment`).
 */
const ENV_FILE = /^\.env(?:[._-].+|rc)?$/
/** `<name>.env` (`prod.env`, `local.env`): the same variables under another name. */
const NAMED_ENV_FILE = /^.+\.env$/

/**
 * The rule that makes `path` (relative to the workspace, posix, no trailing `/`) a secret
 * file, or undefined. A directory is one only when it is an `.env` one (`.env.d/`): a
 * directory named like a key file is left to the files inside it.
 */
export function secretRule(path: string, isDir: boolean): string | undefined {
  const lower = path.toLowerCase()
  const name = lower.slice(lower.lastIndexOf('/') + 1)
  if (ENV_FILE.test(name)) return isDir || !ENV_TEMPLATES.has(name) ? envRule(name) : undefined
  if (isDir) return undefined
  if (NAMED_ENV_FILE.test(name)) return ENV_TEMPLATES.has(name) ? undefined : '*.env'
  const named = NAMED.get(name)
  if (named) return named
  const inFolder = IN_FOLDER.find((rule) => lower === rule || lower.endsWith(`/${rule}`))
  if (inFolder) return inFolder
  const extension = KEY_EXTENSIONS.find((ext) => name.endsWith(ext))
  return extension ? `*${extension}` : undefined
}

/** Whether `path` is an `.env` template (`.env.example`, `example.env`, `.sample`, `.template`): shipped unless it holds a key. */
export function isEnvTemplate(path: string): boolean {
  const lower = path.toLowerCase()
  return ENV_TEMPLATES.has(lower.slice(lower.lastIndexOf('/') + 1))
}

/** The `.env` rule as the warning names it: the form that matched. */
function envRule(name: string): string {
  if (name === '.env' || name === '.envrc') return name
  return `.env${name[4]}*`
}

/**
 * Whether `archive-include` names `path` (workspace-relative, posix) itself: a pattern that is
 * exactly its path (a leading `/` allowed). A bare name (`.npmrc`) would match at any depth, and a
 * wildcard or a folder many files: neither ships a secret file.
 */
export function namedExactly(patterns: readonly string[], path: string): boolean {
  return patterns.some((pattern) => pattern.replace(/^\//, '').replace(/\/$/, '') === path)
}
