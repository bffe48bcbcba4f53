/**
 * The secret corpus: one realistic finding per kind of key an agent project holds, written where
 * such a key ends up (a Python client, a Dockerfile, a YAML config...), and near-misses that must
 * stay quiet (placeholders, environment lookups, docs, published examples). Every key is made at
 * test time from a seeded generator and the kind's shape, so no literal key is in the repository
 * and none is real.
 *
 * For each kind, what the two best-known scanners' default rules catch, taken as data from their
 * rule sets (gitleaks' config/gitleaks.toml at b58d3f1, 2026-07-22; trufflehog's
 * pkg/detectors/<name> keyword and pattern at 3ab759f, 2026-08-21) and checked by running their
 * patterns (with their keywords and entropy thresholds) over this corpus. `null`: no default rule
 * catches it there. trufflehog's generic detectors (URI, JDBC) are counted; its verification is
 * not (it reports unverified findings too).
 */

/** A seeded generator: the same corpus every run. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return (alphabet: string, length: number) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
}

const random = generator(20261128)
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const DIGITS = '0123456789'
const ALNUM = UPPER + LOWER + DIGITS
const URLSAFE = `${ALNUM}_-`
const HEX = '0123456789abcdef'
const BASE32 = `${UPPER}234567`
const BASE64 = `${ALNUM}+/`

/** Parts joined: a key's fixed prefix written in two halves, so that no whole prefix of a key stands in the source either. */
const join = (...parts: string[]) => parts.join('')
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

export interface CorpusKind {
  /** What it is, as the coverage table names it. */
  kind: string
  /** The file it is written in (relative to the agent's folder) and that file's text. */
  file: string
  text: string
  /** The line (from 1) the key is on. */
  line: number
  /** gitleaks' default rule that catches it, or null. */
  gitleaks: string | null
  /** trufflehog's detector that catches it, or null. */
  trufflehog: string | null
  /** Our rule: a key rule (a finding at file and line) or a credential rule (the file is left out, named); null: we miss it. */
  ours: string | null
  /** Our rule leaves the whole file out (a credential file by what it holds), rather than finding a key in it. */
  leftOut?: boolean
}

const py = (line: string) => `import os\n\n${line}\n`
const openaiLegacy = join('sk', '-', random(ALNUM, 20), 'T3Blbk', 'FJ', random(ALNUM, 20))
const openaiProject = join('sk-pr', 'oj-', random(URLSAFE, 74), 'T3Blbk', 'FJ', random(URLSAFE, 74))
const openaiService = join('sk-svc', 'acct-', random(URLSAFE, 58), 'T3Blbk', 'FJ', random(URLSAFE, 58))
const anthropic = join('sk-ant-', 'api03-', random(URLSAFE, 93), 'AA')
const anthropicAdmin = join('sk-ant-', 'admin01-', random(URLSAFE, 93), 'AA')
const jwt = join(
  b64url({ alg: 'HS256', typ: 'JWT' }),
  '.',
  b64url({ sub: 'svc-agent', role: 'service_role', iat: 1764288000, exp: 1795824000 }),
  '.',
  random(URLSAFE, 43)
)
const pem = (label: string) =>
  [`-----BEGIN ${label}-----`, ...Array.from({ length: 4 }, () => random(BASE64, 64)), `-----END ${label}-----`].join('\n')

export const CORPUS: readonly CorpusKind[] = [
  {
    kind: 'OpenAI key (legacy `sk-`)',
    file: 'llm.py',
    text: py(`client = OpenAI(api_key="${openaiLegacy}")`),
    line: 3,
    gitleaks: 'openai-api-key',
    trufflehog: 'openai',
    ours: 'openai-api-key'
  },
  {
    kind: 'OpenAI project key (`sk-proj-`)',
    file: 'agent.py',
    text: py(`os.environ["OPENAI_API_KEY"] = "${openaiProject}"`),
    line: 3,
    gitleaks: 'openai-api-key',
    trufflehog: 'openai',
    ours: 'openai-api-key'
  },
  {
    kind: 'OpenAI service-account key (`sk-svcacct-`)',
    file: 'src/models.ts',
    text: `export const models = {\n  openai: new ChatOpenAI({ apiKey: '${openaiService}' })\n}\n`,
    line: 2,
    gitleaks: 'openai-api-key',
    trufflehog: 'openai',
    ours: 'openai-api-key'
  },
  {
    kind: 'Anthropic API key (`sk-ant-api03-`)',
    file: 'graph.py',
    text: py(`llm = ChatAnthropic(model="claude-sonnet-4-5", api_key="${anthropic}")`),
    line: 3,
    gitleaks: 'anthropic-api-key',
    trufflehog: 'anthropic',
    ours: 'anthropic-api-key'
  },
  {
    kind: 'Anthropic admin key (`sk-ant-admin01-`)',
    file: 'config/admin.yaml',
    text: `anthropic:\n  admin_key: ${anthropicAdmin}\n`,
    line: 2,
    gitleaks: 'anthropic-admin-api-key',
    trufflehog: 'anthropic',
    ours: 'anthropic-api-key'
  },
  {
    kind: 'LangSmith personal token (`lsv2_pt_`)',
    file: 'tracing.py',
    text: py(`os.environ["LANGSMITH_API_KEY"] = "${join('lsv2_', 'pt_', random(HEX, 32), '_', random(HEX, 10))}"`),
    line: 3,
    gitleaks: null,
    trufflehog: 'langsmith',
    ours: 'langsmith-api-key'
  },
  {
    kind: 'LangSmith service key (`lsv2_sk_`)',
    file: 'src/tracing.ts',
    text: `const client = new Client({\n  apiUrl: 'https://api.smith.langchain.com',\n  apiKey: '${join('lsv2_', 'sk_', random(HEX, 32), '_', random(HEX, 10))}'\n})\n`,
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: 'langsmith',
    ours: 'langsmith-api-key'
  },
  {
    kind: 'GitHub personal token (`ghp_`)',
    file: 'scripts/clone.sh',
    text: `#!/bin/sh\ngit clone https://x-access-token:${join('gh', 'p_', random(ALNUM, 36))}@github.com/acme/tools.git\n`,
    line: 2,
    gitleaks: 'github-pat',
    trufflehog: 'github',
    ours: 'github-token'
  },
  {
    kind: 'GitHub fine-grained token (`github_pat_`)',
    file: 'tools.yaml',
    text: `github:\n  token: ${join('github_', 'pat_', random(ALNUM, 22), '_', random(ALNUM, 59))}\n`,
    line: 2,
    gitleaks: 'github-fine-grained-pat',
    trufflehog: 'github',
    ours: 'github-token'
  },
  {
    kind: 'GitHub OAuth token (`gho_`)',
    file: 'fixtures/session.json',
    text: `{\n  "provider": "github",\n  "access_token": "${join('gh', 'o_', random(ALNUM, 36))}"\n}\n`,
    line: 3,
    gitleaks: 'github-oauth',
    trufflehog: 'github',
    ours: 'github-token'
  },
  {
    kind: 'GitHub App token (`ghs_`)',
    file: 'bot.py',
    text: py(`headers = {"Authorization": "token ${join('gh', 's_', random(ALNUM, 36))}"}`),
    line: 3,
    gitleaks: 'github-app-token',
    trufflehog: 'github',
    ours: 'github-token'
  },
  {
    kind: 'AWS access key ID',
    file: 'storage.py',
    text: py(`s3 = boto3.client("s3", aws_access_key_id="${join('AK', 'IA', random(BASE32, 16))}")`),
    line: 3,
    gitleaks: 'aws-access-token',
    trufflehog: null,
    ours: 'aws-access-key-id'
  },
  {
    kind: 'AWS secret key in a variable',
    file: 'settings.py',
    text: py(`AWS_SECRET_KEY = "${random(BASE64, 40)}"`),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: null,
    ours: 'aws-secret-access-key'
  },
  {
    kind: 'AWS key pair in a Dockerfile (`ENV` without `=`)',
    file: 'Dockerfile',
    text: `FROM python:3.12\nENV AWS_ACCESS_KEY_ID ${join('AK', 'IA', random(BASE32, 16))}\nENV AWS_SECRET_ACCESS_KEY ${random(BASE64, 40)}\n`,
    line: 3,
    gitleaks: 'aws-access-token',
    trufflehog: 'aws',
    ours: 'aws_secret_access_key',
    leftOut: true
  },
  {
    kind: 'Slack bot token (`xoxb-`)',
    file: 'notify.py',
    text: py(`slack = WebClient(token="${join('xo', 'xb-', random(DIGITS, 12), '-', random(DIGITS, 13), '-', random(ALNUM, 24))}")`),
    line: 3,
    gitleaks: 'slack-bot-token',
    trufflehog: 'slack',
    ours: 'slack-token'
  },
  {
    kind: 'Slack user token (`xoxp-`)',
    file: 'notify_user.py',
    text: py(
      `SLACK_USER_TOKEN = "${join('xo', 'xp-', random(DIGITS, 12), '-', random(DIGITS, 12), '-', random(DIGITS, 13), '-', random(HEX, 32))}"`
    ),
    line: 3,
    gitleaks: 'slack-user-token',
    trufflehog: 'slack',
    ours: 'slack-token'
  },
  {
    kind: 'Slack app token (`xapp-`)',
    file: 'socket.py',
    text: py(`app_token = "${join('xa', 'pp-1-', 'A', random(UPPER + DIGITS, 10), '-', random(DIGITS, 13), '-', random(HEX, 64))}"`),
    line: 3,
    gitleaks: 'slack-app-token',
    trufflehog: null,
    ours: 'slack-token'
  },
  {
    kind: 'Slack webhook URL',
    file: 'alerts.py',
    text: py(
      `WEBHOOK = "https://hooks.slack.com/services/T${random(UPPER + DIGITS, 10)}/B${random(UPPER + DIGITS, 10)}/${random(ALNUM, 24)}"`
    ),
    line: 3,
    gitleaks: 'slack-webhook-url',
    trufflehog: 'slackwebhook',
    ours: 'slack-webhook-url'
  },
  {
    kind: 'Stripe live secret key (`sk_live_`)',
    file: 'billing.py',
    text: py(`stripe.api_key = "${join('sk_', 'live_', random(ALNUM, 99))}"`),
    line: 3,
    gitleaks: 'stripe-access-token',
    trufflehog: 'stripe',
    ours: 'stripe-access-token'
  },
  {
    kind: 'Stripe restricted key (`rk_live_`)',
    file: 'src/billing.ts',
    text: `const stripe = new Stripe('${join('rk_', 'live_', random(ALNUM, 99))}')\n`,
    line: 1,
    gitleaks: 'stripe-access-token',
    trufflehog: 'stripe',
    ours: 'stripe-access-token'
  },
  {
    kind: 'Stripe test key (`sk_test_`)',
    file: 'tests/conftest.py',
    text: py(`STRIPE_KEY = "${join('sk_', 'test_', random(ALNUM, 99))}"`),
    line: 3,
    gitleaks: 'stripe-access-token',
    trufflehog: null,
    ours: 'stripe-access-token'
  },
  {
    kind: 'Google API key (`AIza`)',
    file: 'src/maps.ts',
    text: `export const GOOGLE_API_KEY = '${join('AI', 'zaSy', random(URLSAFE, 33))}'\n`,
    line: 1,
    gitleaks: 'gcp-api-key',
    trufflehog: 'googlegemini',
    ours: 'gcp-api-key'
  },
  {
    kind: 'JSON Web Token',
    file: 'db.py',
    text: py(`SUPABASE_SERVICE_KEY = "${jwt}"`),
    line: 3,
    gitleaks: 'jwt',
    trufflehog: 'jwt',
    ours: 'jwt'
  },
  {
    kind: 'Private key block in a source file',
    file: 'signing.py',
    text: `KEY = """\n${pem('RSA PRIVATE KEY')}\n"""\n`,
    line: 2,
    gitleaks: 'private-key',
    trufflehog: 'privatekey',
    ours: '-----BEGIN PRIVATE KEY-----',
    leftOut: true
  },
  {
    kind: 'OpenSSH private key under another name',
    file: 'deploy/ssh.txt',
    text: `${pem('OPENSSH PRIVATE KEY')}\n`,
    line: 1,
    gitleaks: 'private-key',
    trufflehog: 'privatekey',
    ours: '-----BEGIN PRIVATE KEY-----',
    leftOut: true
  },
  {
    kind: 'Hugging Face token (`hf_`)',
    file: 'embed.py',
    text: py(`login(token="${join('h', 'f_', random(UPPER + LOWER, 34))}")`),
    line: 3,
    gitleaks: 'huggingface-access-token',
    trufflehog: 'huggingface',
    ours: 'huggingface-access-token'
  },
  {
    kind: 'Groq API key (`gsk_`)',
    file: 'fast.py',
    text: py(`llm = ChatGroq(api_key="${join('gs', 'k_', random(ALNUM, 52))}")`),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: 'groq',
    ours: 'groq-api-key'
  },
  {
    kind: 'Cohere API key (by its variable)',
    file: 'rerank.py',
    text: py(`COHERE_API_KEY = "${random(ALNUM, 40)}"`),
    line: 3,
    gitleaks: 'cohere-api-token',
    trufflehog: null,
    ours: 'cohere-api-token'
  },
  {
    kind: 'Mistral API key (by its variable)',
    file: 'mistral.py',
    text: py(`MISTRAL_API_KEY = "${random(ALNUM, 32)}"`),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: null,
    ours: 'mistral-api-key'
  },
  {
    kind: 'xAI API key (`xai-`)',
    file: 'grok.py',
    text: py(`client = Client(api_key="${join('xa', 'i-', random(ALNUM, 80))}")`),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: 'xai',
    ours: 'xai-api-key'
  },
  {
    kind: 'Perplexity API key (`pplx-`)',
    file: 'search.py',
    text: py(`PPLX = "${join('pp', 'lx-', random(ALNUM, 48))}"`),
    line: 3,
    gitleaks: 'perplexity-api-key',
    trufflehog: null,
    ours: 'perplexity-api-key'
  },
  {
    kind: 'Replicate token (`r8_`)',
    file: 'images.py',
    text: py(`replicate_client = replicate.Client(api_token="${join('r', '8_', random(ALNUM, 37))}")`),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: 'replicate',
    ours: 'replicate-api-token'
  },
  {
    kind: 'Pinecone API key (`pcsk_`)',
    file: 'vectors.py',
    text: py(`pc = Pinecone(api_key="${join('pc', 'sk_', random(ALNUM, 5), '_', random(ALNUM, 63))}")`),
    line: 3,
    gitleaks: null,
    trufflehog: 'pinecone',
    ours: 'pinecone-api-key'
  },
  {
    kind: 'OpenRouter key (`sk-or-v1-`)',
    file: 'router.py',
    text: py(`OPENROUTER_API_KEY = "${join('sk-', 'or-v1-', random(HEX, 64))}"`),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: 'openrouter',
    ours: 'openrouter-api-key'
  },
  {
    kind: 'Tavily API key (`tvly-`)',
    file: 'tools.py',
    text: py(`search = TavilySearch(tavily_api_key="${join('tv', 'ly-', 'dev-', random(ALNUM, 32))}")`),
    line: 3,
    gitleaks: null,
    trufflehog: null,
    ours: 'tavily-api-key'
  },
  {
    kind: 'Langfuse secret key (`sk-lf-`)',
    file: 'observe.py',
    text: py(
      `langfuse = Langfuse(secret_key="${join('sk-', 'lf-', random(HEX, 8), '-', random(HEX, 4), '-', random(HEX, 4), '-', random(HEX, 4), '-', random(HEX, 12))}")`
    ),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: 'langfuse',
    ours: 'langfuse-secret-key'
  },
  {
    kind: 'npm token (`npm_`)',
    file: 'scripts/publish.sh',
    text: `#!/bin/sh\nexport NODE_AUTH_TOKEN=${join('np', 'm_', random(ALNUM, 36))}\nnpm publish\n`,
    line: 2,
    gitleaks: 'npm-access-token',
    trufflehog: 'npmtokenv2',
    ours: 'npm-access-token'
  },
  {
    kind: 'yarn v1 `.yarnrc` auth token (no `=`)',
    file: '.yarnrc',
    text: `registry "https://registry.npmjs.org/"\n"//registry.npmjs.org/:_authToken" "${join('np', 'm_', random(ALNUM, 36))}"\n`,
    line: 2,
    gitleaks: 'npm-access-token',
    trufflehog: 'npmtokenv2',
    ours: '_authToken',
    leftOut: true
  },
  {
    kind: 'PyPI upload token',
    file: 'release.toml',
    text: `[pypi]\npassword = "${join('pypi-', 'AgEIcHlwaS5vcmc', 'CJ', random(URLSAFE, 150))}"\n`,
    line: 2,
    gitleaks: 'pypi-upload-token',
    trufflehog: 'pypi',
    ours: 'pypi-upload-token'
  },
  {
    kind: 'GitLab personal token (`glpat-`)',
    file: 'ci/mirror.py',
    text: py(`GITLAB_TOKEN = "${join('gl', 'pat-', random(URLSAFE, 20))}"`),
    line: 3,
    gitleaks: 'gitlab-pat',
    trufflehog: 'gitlab',
    ours: 'gitlab-token'
  },
  {
    kind: 'SendGrid API key (`SG.`)',
    file: 'mail.py',
    text: py(`sg = SendGridAPIClient("${join('S', 'G.', random(URLSAFE, 22), '.', random(URLSAFE, 43))}")`),
    line: 3,
    gitleaks: 'sendgrid-api-token',
    trufflehog: 'sendgrid',
    ours: 'sendgrid-api-token'
  },
  {
    kind: 'Databricks token (`dapi`)',
    file: 'warehouse.py',
    text: py(`DATABRICKS_TOKEN = "${join('da', 'pi', random(HEX, 32))}"`),
    line: 3,
    gitleaks: 'databricks-api-token',
    trufflehog: 'databrickstoken',
    ours: 'databricks-api-token'
  },
  {
    kind: 'DigitalOcean token (`dop_v1_`)',
    file: 'infra.py',
    text: py(`DO_TOKEN = "${join('do', 'p_v1_', random(HEX, 64))}"`),
    line: 3,
    gitleaks: 'digitalocean-pat',
    trufflehog: 'digitaloceanv2',
    ours: 'digitalocean-token'
  },
  {
    kind: 'Linear API key (`lin_api_`)',
    file: 'tickets.py',
    text: py(`LINEAR = "${join('lin_', 'api_', random(ALNUM, 40))}"`),
    line: 3,
    gitleaks: 'linear-api-key',
    trufflehog: 'linearapi',
    ours: 'linear-api-key'
  },
  {
    kind: 'Notion token (`ntn_`)',
    file: 'notes.py',
    text: py(`notion = Client(auth="${join('nt', 'n_', random(DIGITS, 11), random(ALNUM, 35))}")`),
    line: 3,
    gitleaks: 'notion-api-token',
    trufflehog: null,
    ours: 'notion-api-token'
  },
  {
    kind: 'Telegram bot token (by its variable)',
    file: 'telegram_bot.py',
    text: py(`TELEGRAM_BOT_TOKEN = "${random(DIGITS, 10)}:AA${random(URLSAFE, 33)}"`),
    line: 3,
    gitleaks: 'telegram-bot-api-token',
    trufflehog: 'telegrambottoken',
    ours: 'telegram-bot-api-token'
  },
  {
    kind: 'DeepSeek key (by its variable)',
    file: 'reason.py',
    text: py(`DEEPSEEK_API_KEY = "sk-${random(HEX, 32)}"`),
    line: 3,
    gitleaks: 'generic-api-key',
    trufflehog: 'deepseek',
    ours: 'deepseek-api-key'
  },
  {
    kind: 'Sentry user token (`sntryu_`)',
    file: 'errors.py',
    text: py(`sentry_api = SentryClient(token="${join('sntr', 'yu_', random(HEX, 64))}")`),
    line: 3,
    gitleaks: 'sentry-user-token',
    trufflehog: 'sentrytoken',
    ours: 'sentry-user-token'
  },
  {
    kind: 'Postgres URL with a password',
    file: 'database.py',
    text: py(`DATABASE_URL = "postgresql://agent:${random(ALNUM, 24)}@db.internal:5432/agent"`),
    line: 3,
    gitleaks: null,
    trufflehog: 'postgres',
    ours: 'database-url-password'
  },
  {
    kind: 'Twilio API key (`SK` + 32 hex, by its variable)',
    file: 'voice.py',
    text: py(`twilio_key = "SK${random(HEX, 32)}"`),
    line: 3,
    gitleaks: 'twilio-api-key',
    trufflehog: null,
    ours: 'twilio-api-key'
  },
  // The last three: read from the two rule sets (no rule of either matches them), not run like the others.
  {
    kind: 'Postgres URL with a driver (`postgresql+asyncpg://`)',
    file: 'app/db.py',
    text: py(`engine = create_async_engine("postgresql+asyncpg://agent:${random(ALNUM, 24)}@db.internal:5432/agent")`),
    line: 3,
    gitleaks: null,
    trufflehog: null,
    ours: 'database-url-password'
  },
  {
    kind: 'MySQL URL with a driver (`mysql+pymysql://`)',
    file: 'alembic.ini',
    text: `[alembic]\nscript_location = migrations\nsqlalchemy.url = mysql+pymysql://agent:${random(ALNUM, 20)}@mysql.internal/agent\n`,
    line: 3,
    gitleaks: null,
    trufflehog: null,
    ours: 'database-url-password'
  },
  {
    kind: 'LangSmith legacy key (`ls__`)',
    file: 'notebooks/setup.py',
    text: py(`os.environ["LANGCHAIN_API_KEY"] = "${join('ls', '__', random(HEX, 32))}"`),
    line: 3,
    gitleaks: null,
    trufflehog: null,
    ours: 'langsmith-legacy-api-key'
  }
]

export interface NearMiss {
  what: string
  file: string
  text: string
}

/** Text that looks like a key and is not one: none of it is a finding, and every file ships. */
export const NEAR_MISSES: readonly NearMiss[] = [
  { what: 'a placeholder `sk-...`', file: 'README.md', text: 'Set `OPENAI_API_KEY` to your key (it looks like `sk-proj-...`).\n' },
  { what: 'an `.env` template', file: '.env.example', text: 'OPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=\nLANGSMITH_API_KEY=lsv2_pt_...\n' },
  { what: 'a `<your-key>` placeholder', file: 'docs/setup.md', text: '```python\nclient = OpenAI(api_key="<your-key>")\n```\n' },
  { what: '`YOUR_API_KEY`', file: 'example.py', text: py('llm = ChatAnthropic(api_key="YOUR_API_KEY")') },
  {
    what: 'an environment lookup',
    file: 'env.py',
    text: py('OPENAI_API_KEY = os.environ["OPENAI_API_KEY"]\nkey = os.getenv("MISTRAL_API_KEY")')
  },
  { what: 'a `process.env` lookup', file: 'src/env.ts', text: 'const apiKey = process.env.ANTHROPIC_API_KEY ?? ""\n' },
  {
    what: 'a `${VAR}` reference',
    file: 'compose.yaml',
    text: 'environment:\n  COHERE_API_KEY: ${COHERE_API_KEY}\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n'
  },
  { what: "`x`s of a token's length", file: 'docs/tokens.md', text: `GITHUB_TOKEN=ghp_${'x'.repeat(36)}\nHF_TOKEN=hf_${'x'.repeat(34)}\n` },
  { what: '`X`s in a Google key', file: 'docs/maps.md', text: `key: AIzaSy${'X'.repeat(33)}\n` },
  {
    what: "AWS's published example keys",
    file: 'docs/aws.md',
    text: `aws_access_key_id = ${join('AKIAIOSF', 'ODNN7EXAMPLE')}\nAWS_SECRET_KEY = ${join('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}\n`
  },
  {
    what: "Slack's docs webhook",
    file: 'docs/slack.md',
    text: `https://hooks.slack.com/services/T00000000/B00000000/${'X'.repeat(24)}\n`
  },
  {
    what: "jwt.io's example token",
    file: 'docs/auth.md',
    text: `${join('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ', '.', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c')}\n`
  },
  {
    what: "Supabase's anon key (public by design)",
    file: 'src/supabase.ts',
    text: `export const SUPABASE_ANON_KEY = '${join(
      b64url({ alg: 'HS256', typ: 'JWT' }),
      '.',
      b64url({ iss: 'supabase', ref: 'qwhzkvplmrtxbnca', role: 'anon', iat: 1764288000, exp: 2079864000 }),
      '.',
      random(URLSAFE, 43)
    )}'\n`
  },
  { what: 'zeros for a key', file: 'tests/fixtures.py', text: py(`COHERE_API_KEY = "${'0'.repeat(40)}"`) },
  { what: 'a counting run', file: 'tests/fake.py', text: py('MISTRAL_API_KEY = "abcdefghijklmnopqrstuvwxyz123456"') },
  {
    what: 'a public key block',
    file: 'keys/signing.pub.txt',
    text: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----\n'
  },
  {
    what: 'names of token prefixes in prose',
    file: 'docs/security.md',
    text: 'Tokens start with `ghp_`, `xoxb-`, `sk_live_`, `hf_`, `gsk_` or `AKIA`.\n'
  },
  {
    what: 'a git commit and a UUID',
    file: 'versions.py',
    text: py('COMMIT = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"\nRUN_ID = "0b8c4c4e-58b1-4d2a-9f3e-3f8d2c0f6a11"')
  },
  {
    what: "LangGraph's local database URL and a `${VAR}` password",
    file: 'docker-compose.yml',
    text: [
      'environment:',
      '  POSTGRES_URI: postgres://postgres:postgres@langgraph-postgres:5432/postgres?sslmode=disable',
      '  DATABASE_URL: postgresql://agent:${DB_PASSWORD}@db:5432/agent',
      '  CACHE: redis://:password@cache:6379/0',
      ''
    ].join('\n')
  },
  { what: 'a `.env.sample`', file: '.env.sample', text: 'GROQ_API_KEY=gsk_...\nTAVILY_API_KEY=tvly-...\n' },
  { what: 'a `.env.template`', file: 'config/.env.template', text: 'STRIPE_KEY=sk_live_<your key>\n' }
]
