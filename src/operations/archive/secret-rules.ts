/**
 * Keys and tokens written into source files, by the shape each service gives them: the kinds
 * the best secret scanners' default rules find (docs/secret-scan.md says which, and how the
 * coverage is measured). Data, not code: each rule is a shape on one line, and the words every
 * match of it holds.
 *
 * A match is a finding only when its value could be a key: written out (a `${VAR}` or
 * `os.environ[...]` holds none, and the shapes below never match one), varied enough to be
 * random (not `xxxx`, `0000` or `abcdef...`), and not a placeholder or a key published as an
 * example (`AKIAIOSFODNN7EXAMPLE`): see `looksLikeAKey`.
 */
export interface KeyRule {
  /** The rule's name as the warning gives it (gitleaks' id where it has one, so a reader can compare). */
  id: string
  /** What it finds, in a few words. */
  kind: string
  /**
   * Text every match holds (compared ignoring ASCII case): a file holding none of these breaks
   * no rule, so one `git grep -F -i` for them (scan-tracked.ts) finds every file worth reading.
   * As few as that allows (`xox` for every Slack token): git tries each one on every line, and
   * each costs about as much as the next; none so common that most files hold it (`sg.`).
   */
  keywords: readonly string[]
  /** The shape, on one line (no `\n` in it); group 1 is the value judged. Global, so every match on a line is seen. */
  pattern: RegExp
}

/** Not part of a token: the characters a token's shape may be followed or preceded by. */
const B = String.raw`(?<![A-Za-z0-9_-])`
const E = String.raw`(?![A-Za-z0-9_-])`
/** A variable or key named after a service, then `=`, `:`, `:=`, `=>` or a space, then the value (quoted or not). */
const assigned = (names: string) => String.raw`(?:${names})[\w.-]{0,20}["'\x60]?[ \t]*(?:=>|:=|[=:]|[ \t])[ \t]*["'\x60]?`

/** What a SendGrid key is written after (`"SG.…"`, `key=SG.…`, `Bearer SG.…`). */
const SENDGRID_BEFORE = ['"', "'", '`', ' ', '=', ':']

const rule = (id: string, kind: string, keywords: string[], pattern: string, flags = ''): KeyRule => ({
  id,
  kind,
  keywords,
  pattern: new RegExp(pattern, `g${flags}`)
})

export const KEY_RULES: readonly KeyRule[] = [
  rule(
    'openai-api-key',
    'OpenAI API key',
    ['t3blbkfj', 'sk-proj-', 'sk-svcacct-', 'sk-admin-'],
    String.raw`${B}(sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}T3BlbkFJ[A-Za-z0-9_-]{40,}|sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{80,}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})${E}`
  ),
  rule('anthropic-api-key', 'Anthropic API key', ['sk-ant-'], String.raw`${B}(sk-ant-(?:api03|admin01)-[A-Za-z0-9_-]{93}AA)${E}`),
  rule('langsmith-api-key', 'LangSmith API key', ['lsv2_'], String.raw`${B}(lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10})${E}`),
  // The keys LangSmith gave before `lsv2_` (still accepted, and in older projects' `.env` and notebooks).
  rule('langsmith-legacy-api-key', 'LangSmith API key (legacy)', ['ls__'], String.raw`${B}(ls__[a-f0-9]{32})${E}`),
  rule(
    'github-token',
    'GitHub token',
    ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    String.raw`${B}((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{82})${E}`
  ),
  rule(
    'gitlab-token',
    'GitLab token',
    ['glpat-', 'gldt-', 'glptt-', 'glrt-', 'gr1348941'],
    String.raw`${B}(glpat-[A-Za-z0-9_-]{20,300}(?:\.[0-9a-z]{9})?|gldt-[A-Za-z0-9_-]{20}|glptt-[a-f0-9]{40}|glrt-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20})${E}`
  ),
  rule(
    'aws-access-key-id',
    'AWS access key ID',
    ['akia', 'asia', 'abia', 'acca', 'a3t'],
    String.raw`(?<![A-Za-z0-9])((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})(?![A-Za-z0-9])`
  ),
  rule(
    'aws-secret-access-key',
    'AWS secret access key',
    ['aws_secret', 'aws-secret', 'awssecret', 'secret_access', 'secret-access', 'secretaccess'],
    String.raw`${assigned(String.raw`aws[_-]?secret[_-]?(?:access[_-]?)?key|secret[_-]?access[_-]?key`)}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])`,
    'i'
  ),
  rule(
    'slack-token',
    'Slack token',
    ['xox', 'xapp-'],
    String.raw`${B}(xox[abeoprs]-(?:\d-)?[0-9]{8,14}-[A-Za-z0-9-]{8,}|xapp-\d-[A-Z0-9]{8,}-\d{8,}-[a-z0-9]{16,})${E}`
  ),
  rule(
    'slack-webhook-url',
    'Slack webhook URL',
    ['hooks.slack.com'],
    String.raw`hooks\.slack\.com/((?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56})(?![A-Za-z0-9+/])`
  ),
  rule(
    'stripe-access-token',
    'Stripe secret key',
    ['k_live_', 'k_test_', 'k_prod_'],
    String.raw`${B}((?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{16,247})${E}`
  ),
  rule('gcp-api-key', 'Google API key', ['aiza'], String.raw`${B}(AIza[A-Za-z0-9_-]{35})${E}`),
  rule(
    'jwt',
    'JSON Web Token',
    ['eyj'],
    String.raw`${B}(eyJ[A-Za-z0-9_-]{15,}={0,2}\.eyJ[A-Za-z0-9_-]{15,}={0,2}\.[A-Za-z0-9_-]{10,}={0,2})(?![A-Za-z0-9_=-])`
  ),
  rule('huggingface-access-token', 'Hugging Face token', ['hf_', 'api_org_'], String.raw`${B}((?:hf|api_org)_[A-Za-z0-9]{34})${E}`),
  rule('groq-api-key', 'Groq API key', ['gsk_'], String.raw`${B}(gsk_[A-Za-z0-9]{52})${E}`),
  rule(
    'cohere-api-token',
    'Cohere API key',
    ['cohere', 'co_api_key'],
    String.raw`${assigned('cohere|co_api_key')}([A-Za-z0-9]{40})(?![A-Za-z0-9])`,
    'i'
  ),
  rule('mistral-api-key', 'Mistral API key', ['mistral'], String.raw`${assigned('mistral')}([A-Za-z0-9]{32})(?![A-Za-z0-9])`, 'i'),
  rule('xai-api-key', 'xAI API key', ['xai-'], String.raw`${B}(xai-[A-Za-z0-9_]{80})${E}`),
  rule('perplexity-api-key', 'Perplexity API key', ['pplx-'], String.raw`${B}(pplx-[A-Za-z0-9]{48})${E}`),
  rule('replicate-api-token', 'Replicate API token', ['r8_'], String.raw`${B}(r8_[A-Za-z0-9_-]{37})${E}`),
  rule('openrouter-api-key', 'OpenRouter API key', ['sk-or-v1-'], String.raw`${B}(sk-or-v1-[0-9a-f]{64})${E}`),
  rule('pinecone-api-key', 'Pinecone API key', ['pcsk_'], String.raw`${B}(pcsk_[A-Za-z0-9]{5,6}_[A-Za-z0-9]{63})${E}`),
  rule(
    'langfuse-secret-key',
    'Langfuse secret key',
    ['sk-lf-'],
    String.raw`${B}(sk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})${E}`
  ),
  rule('tavily-api-key', 'Tavily API key', ['tvly-'], String.raw`${B}(tvly-(?:dev-|prod-)?[A-Za-z0-9]{32})${E}`),
  rule('deepseek-api-key', 'DeepSeek API key', ['deepseek'], String.raw`${assigned('deepseek')}(sk-[a-f0-9]{32})(?![A-Za-z0-9])`, 'i'),
  rule('npm-access-token', 'npm token', ['npm_'], String.raw`${B}(npm_[A-Za-z0-9]{36})${E}`),
  rule(
    'pypi-upload-token',
    'PyPI upload token',
    ['pypi-ageichlwas5vcmc'],
    String.raw`${B}(pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000})${E}`
  ),
  // `sg.` alone is in every file that says `msg.` or `svg.`: the key is looked for after a quote, a space or an operator only.
  rule(
    'sendgrid-api-token',
    'SendGrid API key',
    SENDGRID_BEFORE.map((char) => `${char}sg.`),
    String.raw`(?<=[${SENDGRID_BEFORE.join('').replace(/[\]\\^-]/g, '\\$&')}])(SG\.[A-Za-z0-9_-]{20,24}\.[A-Za-z0-9_-]{39,50})${E}`
  ),
  rule('databricks-api-token', 'Databricks token', ['dapi'], String.raw`${B}(dapi[a-f0-9]{32}(?:-\d)?)${E}`),
  rule('digitalocean-token', 'DigitalOcean token', ['dop_v1_', 'doo_v1_', 'dor_v1_'], String.raw`${B}(do[opr]_v1_[a-f0-9]{64})${E}`),
  rule('linear-api-key', 'Linear API key', ['lin_api_'], String.raw`${B}(lin_api_[A-Za-z0-9]{40})${E}`),
  rule('notion-api-token', 'Notion token', ['ntn_'], String.raw`${B}(ntn_[0-9]{11}[A-Za-z0-9]{35})${E}`),
  rule(
    'telegram-bot-api-token',
    'Telegram bot token',
    ['telegr'],
    String.raw`${assigned('telegr[a-z]*')}([0-9]{5,16}:A[A-Za-z0-9_-]{34})(?![A-Za-z0-9_-])`,
    'i'
  ),
  // Twilio's `SK` + 32 hex digits has no text of its own (`sk` is in nearly every file): found by the name it is given.
  rule('twilio-api-key', 'Twilio API key', ['twilio'], String.raw`${assigned('twilio')}(SK[0-9a-fA-F]{32})(?![A-Za-z0-9])`, 'i'),
  // A database URL's password: `scheme://user:<password>@host`, not `${VAR}`, `postgres` or `password`. SQLAlchemy names
  // the driver after the scheme (`postgresql+asyncpg://`, `mysql+pymysql://`): the `+` forms are keywords too, for git grep.
  rule(
    'database-url-password',
    'password in a database URL',
    [
      'postgres://',
      'postgresql://',
      'postgres+',
      'postgresql+',
      'mysql://',
      'mysql+',
      'mariadb://',
      'mariadb+',
      'mongodb://',
      'mongodb+srv://',
      'redis://',
      'rediss://',
      'amqp://',
      'amqps://'
    ],
    String.raw`(?<![A-Za-z0-9+])(?:(?:postgres(?:ql)?|mysql|mariadb)(?:\+[a-z0-9_]+)?|mongodb(?:\+srv)?|rediss?|amqps?)://[^\s:@/$<>{}'"\x60]*:([^\s:@/$<>{}'"\x60]{6,})@`,
    'i'
  ),
  rule('sentry-user-token', 'Sentry token', ['sntry'], String.raw`${B}(sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=_]{60,})${E}`)
]

/** Every rule's keywords: what the one `git grep` looks for. */
export const KEY_KEYWORDS: readonly string[] = [...new Set(KEY_RULES.flatMap((item) => item.keywords))]

/**
 * Whether a value matched by a rule could be a key: random enough (Shannon entropy, in bits a
 * character), no run of one character (`xxxxxxxx`, `00000000`), no alphabet or counting run
 * (`abcdefgh`, `12345678`), and not a placeholder's or a published example's words.
 */
export function looksLikeAKey(value: string): boolean {
  if (entropy(value) < MIN_ENTROPY) return false
  if (/(.)\1{5}/.test(value)) return false
  if (/abcdefgh|bcdefghi|12345678|23456789|01234567/i.test(value)) return false
  return !PLACEHOLDER_WORDS.some((word) =>
    [word, word.toUpperCase(), word[0].toUpperCase() + word.slice(1)].some((form) => value.includes(form))
  )
}

/** gitleaks' threshold for most of its rules: a random key of 16 characters or more is well above it. */
const MIN_ENTROPY = 3

/**
 * Words a real key holds by chance about once in a hundred thousand (in one of three cases:
 * `example`, `EXAMPLE`, `Example`): a value holding one is a placeholder
 * (`sk_live_YOUR_KEY_HERE...`) or a key a vendor publishes as an example
 * (`AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`).
 */
const PLACEHOLDER_WORDS = ['example', 'your', 'placeholder', 'redacted', 'changeme', 'dummy', 'sample', 'xxxx', 'password']

/** Shannon entropy of `text`, in bits a character. */
export function entropy(text: string): number {
  const counts = new Map<string, number>()
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const p = count / text.length
    bits -= p * Math.log2(p)
  }
  return bits
}

/** The published example of jwt.io (`{"sub":"1234567890","name":"John Doe",...}`): in countless docs, never a credential. */
const JWT_IO_EXAMPLE_PAYLOAD = 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ'

/** Whether a value the rule's shape matched is a finding. */
export function isFinding(ruleOf: KeyRule, value: string): boolean {
  if (ruleOf.id === 'jwt' && (value.includes(JWT_IO_EXAMPLE_PAYLOAD) || isPublicToken(value))) return false
  return looksLikeAKey(value)
}

/**
 * A token made to be public: Supabase's anon key (`"role": "anon"`) goes into every browser that
 * loads the app, and its rights are what the database's row policies give anyone.
 */
function isPublicToken(jwt: string): boolean {
  try {
    const claims: unknown = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'))
    return typeof claims === 'object' && claims !== null && (claims as { role?: unknown }).role === 'anon'
  } catch {
    return false
  }
}
