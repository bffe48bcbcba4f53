import { describe, expect, it } from '@jest/globals'
import { checkConfig } from '../src/operations/config-check/check.js'
import type { ConfigFiles } from '../src/operations/config-check/files.js'
import { problemText } from '../src/operations/config-check/problem.js'
import { similarity } from '../src/operations/config-check/unknown-keys.js'
import { decodeText, isUtf8 } from '../src/operations/config-check/text.js'

/** Files in memory: paths from the root, with their text; directories are implied (and `dirs` adds empty ones). */
function memory(
  files: Record<string, string>,
  options: { dirs?: string[]; leftOut?: Record<string, string>; unknown?: boolean } = {}
): ConfigFiles {
  const dirs = new Set<string>(['', ...(options.dirs ?? [])])
  for (const path of Object.keys(files)) {
    const parts = path.split('/')
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'))
  }
  return {
    rootName: 'repo',
    kind: (path) => (options.unknown ? 'unknown' : path in files ? 'file' : dirs.has(path) ? 'dir' : 'absent'),
    list: (dir) => {
      if (!dirs.has(dir)) return undefined
      const prefix = dir ? `${dir}/` : ''
      const names = [...Object.keys(files), ...dirs].filter(
        (p) => p !== '' && p.startsWith(prefix) && !p.slice(prefix.length).includes('/')
      )
      return [...new Set(names.map((p) => p.slice(prefix.length)))]
    },
    read: (path) => files[path],
    leftOut: (path) => options.leftOut?.[path]
  }
}

const PY_AGENT = { 'agent/agent.py': 'graph = build()\n' }

function check(config: unknown, files: Record<string, string> = PY_AGENT, options?: Parameters<typeof memory>[1]) {
  const report = checkConfig(JSON.stringify(config), 'agent/langgraph.json', memory(files, options))
  return { ...report, problemLines: report.problems.map(problemText), warningLines: report.warnings.map(problemText) }
}

const GOOD = { dependencies: ['.'], graphs: { agent: './agent.py:graph' } }

describe('config check: what the client accepts passes', () => {
  it('a Python config with its graph inside a local dependency', () => {
    const report = check(GOOD)
    expect(report.problemLines).toEqual([])
    expect(report.warningLines).toEqual([])
    expect(report.graphs).toEqual(['agent'])
    expect(report.runtime).toBe('Python 3.11')
  })

  it('graphs by module name, served from a workspace package outside the config folder', () => {
    const report = check(
      { dependencies: ['../libs/agentpkg'], graphs: { agent: 'agent.graphs.agent:graph' } },
      { 'libs/agentpkg/pyproject.toml': '', 'libs/agentpkg/agent/graphs/agent.py': 'graph = 1' }
    )
    expect(report.problemLines).toEqual([])
  })

  it('a JavaScript config without dependencies, and a package.json engine of 20', () => {
    const report = check(
      { graphs: { agent: './src/agent.ts:graph' } },
      { 'agent/src/agent.ts': 'export const graph = build()\n', 'agent/package.json': '{"engines":{"node":"20"}}' }
    )
    expect(report.problemLines).toEqual([])
    expect(report.runtime).toBe('Node.js 20')
  })

  it('source kind uv without dependencies, $schema and an env mapping', () => {
    const uv = { ...PY_AGENT, 'pyproject.toml': '[project]\nname = "agent"\n', 'uv.lock': 'version = 1\n' }
    const report = check(
      {
        $schema: 'https://example.invalid/schema.json',
        source: { kind: 'uv', root: '..' },
        python_version: '3.12',
        graphs: { agent: './agent.py:graph' },
        env: { A: 'b' }
      },
      uv
    )
    expect(report.problemLines).toEqual([])
    expect(report.warningLines).toEqual([])
    expect(report.runtime).toBe('Python 3.12')
  })

  it('an env file never committed is a warning, not a problem', () => {
    const report = check({ ...GOOD, env: '.env' })
    expect(report.problemLines).toEqual([])
    expect(report.warningLines).toEqual([expect.stringContaining('`env`: names the file `.env`, which is not shipped')])
  })

  it('versions the client takes: 3.12, 3.13-slim style tags, node 22, api_version ranges', () => {
    expect(check({ ...GOOD, python_version: '3.13' }).problemLines).toEqual([])
    expect(check({ ...GOOD, python_version: '3.12-wolfi' }).problemLines).toEqual([])
    expect(check({ ...GOOD, node_version: '22' }).problemLines).toEqual([])
    expect(check({ ...GOOD, api_version: '0.8' }).problemLines).toEqual([])
    expect(check({ ...GOOD, api_version: '~=0.11.0.dev5' }).problemLines).toEqual([])
    expect(check({ ...GOOD, image_distro: 'wolfi', pip_installer: 'uv', keep_pkg_tools: ['pip'] }).problemLines).toEqual([])
  })

  it('auth, encryption, checkpointer and http app files inside a dependency', () => {
    const files = { ...PY_AGENT, 'agent/auth.py': 'auth = 1', 'agent/enc.py': 'e = 1', 'agent/cp.py': 'c = 1', 'agent/app.py': 'app = 1' }
    const config = {
      ...GOOD,
      auth: { path: './auth.py:auth' },
      encryption: { path: './enc.py:e' },
      checkpointer: { path: './cp.py:c' },
      http: { app: './app.py:app' }
    }
    expect(check(config, files).problemLines).toEqual([])
  })

  it('an existence the source cannot tell (a truncated listing) is never a problem', () => {
    expect(check({ dependencies: ['.'], graphs: { agent: './gone.py:graph' } }, {}, { unknown: true }).problemLines).toEqual([])
  })
})

describe('config check: what the client refuses is a problem, all reported together', () => {
  it('graphs missing or empty', () => {
    expect(check({ dependencies: ['.'] }).problemLines).toEqual([expect.stringContaining('`graphs`: is missing or empty')])
    expect(check({ dependencies: ['.'], graphs: {} }).problemLines).toEqual([expect.stringContaining('`graphs`: is missing or empty')])
  })

  it('a graph object without path, and an import string without a variable', () => {
    const report = check({ dependencies: ['.'], graphs: { a: { description: 'x' }, b: './agent.py' } })
    expect(report.problemLines).toEqual([
      expect.stringContaining('`graphs.a`: must be a string'),
      expect.stringContaining('`graphs.b`: `./agent.py` must be')
    ])
  })

  it('a graph file that does not exist, and one outside every dependency', () => {
    const report = check(
      { dependencies: ['./sub'], graphs: { gone: './nope.py:graph', outside: './agent.py:graph' } },
      { ...PY_AGENT, 'agent/sub/x.py': '' }
    )
    expect(report.problemLines).toEqual([
      expect.stringContaining('`graphs.gone`: the file `./nope.py` does not exist'),
      expect.stringContaining('`graphs.outside`: `./agent.py` is not inside any local directory of `dependencies`')
    ])
  })

  it('a graph file that exists but the archive leaves out names the rule', () => {
    const report = check(GOOD, { 'agent/README.md': '' }, { leftOut: { 'agent/agent.py': 'agent/.gitignore' } })
    expect(report.problemLines).toEqual([expect.stringContaining('is not shipped: left out by `agent/.gitignore`')])
  })

  it('a Python config without dependencies; with uv, dependencies given and no python_version', () => {
    expect(check({ graphs: { agent: './agent.py:graph' } }).problemLines).toEqual([
      // One missing key does not cascade: the graph is not also said to lie outside the dependencies.
      expect.stringContaining('`dependencies`: is missing or empty')
    ])
    expect(
      check(
        { source: { kind: 'uv' }, dependencies: ['.'], graphs: { agent: './src/agent.ts:graph' } },
        { 'agent/src/agent.ts': 'export const graph = 1' }
      ).problemLines
    ).toEqual([
      expect.stringContaining('`python_version`: is required with `source.kind`'),
      expect.stringContaining('`dependencies`: must not be given')
    ])
    expect(check({ ...GOOD, source: { kind: 'pip' } }).problemLines).toEqual([expect.stringContaining('`source.kind`')])
  })

  it('local dependencies that are missing or files', () => {
    const report = check({ dependencies: ['.', './missing', './agent.py'], graphs: { agent: './agent.py:graph' } })
    expect(report.problemLines).toEqual([
      expect.stringContaining('`dependencies[1]`: the local dependency `./missing` does not exist'),
      expect.stringContaining('`dependencies[2]`: the local dependency `./agent.py` is a file')
    ])
  })

  it('a flat-layout dependency with a hyphen or a reserved name', () => {
    const files = {
      'agent/agent.py': 'graph = 1',
      'libs/my-lib/__init__.py': '',
      'libs/langgraph/__init__.py': '',
      'libs/ok_lib/__init__.py': ''
    }
    const report = check(
      { dependencies: ['.', '../libs/my-lib', '../libs/langgraph', '../libs/ok_lib'], graphs: { agent: './agent.py:graph' } },
      files
    )
    expect(report.problemLines).toEqual([
      expect.stringContaining('`my-lib` has a hyphen'),
      expect.stringContaining('named `langgraph`, a name that is reserved')
    ])
    // In the src layout of `.`, a subdirectory with Python files is a package too, named after it.
    expect(check(GOOD, { ...PY_AGENT, 'agent/pydantic/models.py': '' }).problemLines).toEqual([
      expect.stringContaining('makes a package named `pydantic`')
    ])
  })

  it('python_version with a patch, below 3.11; node_version with a minor, below 20', () => {
    expect(check({ ...GOOD, python_version: '3.11.4' }).problemLines).toEqual([
      expect.stringContaining('`python_version`: must be `major.minor`')
    ])
    expect(check({ ...GOOD, python_version: '3.10' }).problemLines).toEqual([expect.stringContaining('Python `3.10` is not supported')])
    expect(check({ ...GOOD, node_version: '20.1' }).problemLines).toEqual([
      expect.stringContaining('`node_version`: must be a major version only')
    ])
    expect(check({ ...GOOD, node_version: '18' }).problemLines).toEqual([expect.stringContaining('Node.js `18` is not supported')])
  })

  it('image_distro, pip_installer, api_version, keep_pkg_tools, legacy keys, auth.path without a colon', () => {
    const report = check({
      ...GOOD,
      image_distro: 'alpine',
      pip_installer: 'poetry',
      api_version: 'latest!',
      keep_pkg_tools: ['npm'],
      project_root: '.',
      auth: { path: './auth.py' }
    })
    expect(report.problemLines.map((line) => line.split(':')[0])).toEqual([
      '`agent/langgraph.json` `api_version`',
      '`agent/langgraph.json` `pip_installer`',
      '`agent/langgraph.json` `image_distro`',
      '`agent/langgraph.json` `project_root`',
      '`agent/langgraph.json` `auth.path`',
      '`agent/langgraph.json` `keep_pkg_tools`'
    ])
  })

  it('an auth file that does not exist and an http app outside the dependencies', () => {
    const report = check(
      { dependencies: ['./sub'], graphs: { agent: './sub/a.py:graph' }, auth: { path: './auth.py:auth' }, http: { app: './app.py:app' } },
      { 'agent/sub/a.py': 'graph = 1', 'agent/app.py': '' }
    )
    expect(report.problemLines).toEqual([
      expect.stringContaining('`http.app`: `./app.py` is not inside'),
      expect.stringContaining('`auth.path`: the file `./auth.py` does not exist')
    ])
  })

  it("a JS config's missing graph file, and a package.json engine range", () => {
    const report = check({ graphs: { agent: './src/gone.ts:graph' } }, { 'agent/package.json': '{"engines":{"node":">=18"}}' })
    expect(report.problemLines).toEqual([
      expect.stringContaining('`engines.node`: must be a major version only'),
      expect.stringContaining('`graphs.agent`: the file `./src/gone.ts` does not exist')
    ])
  })

  it('not JSON, or not an object', () => {
    expect(checkConfig('{', 'langgraph.json', memory({})).problems.map(problemText)).toEqual([expect.stringContaining('is not valid JSON')])
    expect(checkConfig('[]', 'langgraph.json', memory({})).problems.map(problemText)).toEqual([
      expect.stringContaining('is not a JSON object')
    ])
  })
})

describe("config check: a uv source, by the build's rules on the files that ship", () => {
  const WORKSPACE = {
    'pyproject.toml':
      '[project]\nname = "root"\n[tool.uv.workspace]\nmembers = ["apps/*", "libs/*"]\n[tool.uv.sources]\nshared = { workspace = true }\n[tool.uv]\npackage = false\n',
    'uv.lock': 'version = 1\n',
    'apps/agent/pyproject.toml': '[project]\nname = "agent"\ndependencies = ["shared"]\n',
    'apps/agent/src/graph.py': 'graph = None\n',
    'libs/shared/pyproject.toml': '[project]\nname = "shared"\n',
    'libs/other/pyproject.toml': '[project]\nname = "other"\n',
    'libs/other/mod.py': 'x = None\n'
  }
  const UV = { python_version: '3.12', graphs: { agent: './src/graph.py:graph' }, source: { kind: 'uv', root: '../..' } }
  const uv = (config: unknown, files: Record<string, string> = WORKSPACE) =>
    checkConfig(JSON.stringify(config), 'apps/agent/langgraph.json', memory(files)).problems.map(problemText)

  it("passes the client's own monorepo shape: the package holding the config and its workspace dependency", () => {
    expect(uv(UV)).toEqual([])
  })

  it('needs uv.lock at source.root, a known source.package, files inside what is copied, a base image with uv', () => {
    const { 'uv.lock': _lock, ...noLock } = WORKSPACE
    expect(uv(UV, noLock)).toEqual([expect.stringContaining('`source.root`: `../..` has no `uv.lock`.')])
    expect(uv({ ...UV, source: { ...UV.source, package: 'nope' } })).toEqual([
      expect.stringContaining(
        '`source.package`: names no package of the uv workspace at `source.root` (its packages: `agent, other, root, shared`)'
      )
    ])
    expect(uv({ ...UV, graphs: { agent: '../../libs/other/mod.py:x' } })).toEqual([
      expect.stringContaining(
        '`graphs.agent`: `../../libs/other/mod.py` is not inside the package `agent` or its workspace dependencies, the only directories copied into the image (`shared`, `agent`)'
      )
    ])
    expect(uv({ ...UV, base_image: 'langchain/langgraph-trial' })).toEqual([
      expect.stringContaining('`base_image`: `langchain/langgraph-trial` has no uv')
    ])
  })

  it("names a workspace file from the config's directory", () => {
    const files = { ...WORKSPACE, 'libs/shared/pyproject.toml': '[project]\nversion = "1"\n' }
    expect(uv(UV, files)).toEqual([
      expect.stringContaining('the workspace member `../../libs/shared/pyproject.toml` has no `[project].name`')
    ])
  })
})

describe('config check: the messages', () => {
  const fixOf = (line: string) => line.slice(line.indexOf(' Write '))

  it('a fix never repeats the refused value', () => {
    const fullwidth = check({ ...GOOD, python_version: '３.１２' }).problemLines
    expect(fullwidth).toEqual([expect.stringContaining('`python_version`: makes the image tag `３.１２`, which names no image')])
    expect(fixOf(fullwidth[0])).toContain('"python_version": "3.12"')
    expect(fixOf(fullwidth[0])).not.toContain('３')
    const words = check({ ...GOOD, python_version: 'abc.def' }).problemLines
    expect(words).toHaveLength(1)
    expect(fixOf(words[0])).toContain('"python_version": "3.11"')
    expect(words[0]).not.toContain('abc.def')
    const node = check(
      { graphs: { agent: './a.ts:graph' }, node_version: ' 20 ' },
      { 'agent/a.ts': 'export const graph = 1\n' }
    ).problemLines
    expect(node).toHaveLength(1)
    expect(fixOf(node[0])).toContain('"node_version": "20"')
  })

  it('a number where the client wants a string says so: `"python_version": 3.12` becomes `"3.12"`', () => {
    expect(check({ ...GOOD, python_version: 3.12 }).problemLines).toEqual([
      expect.stringContaining('`python_version`: is a number; the build reads a string. Write `"python_version": "3.12"`.')
    ])
    expect(
      check({ graphs: { agent: './a.ts:graph' }, node_version: 22 }, { 'agent/a.ts': 'export const graph = 1\n' }).problemLines
    ).toEqual([expect.stringContaining('`node_version`: is a number; the build reads a string. Write `"node_version": "22"`.')])
  })

  it('one problem is said once', () => {
    // A number `python_version` fails the validation and would make no image tag: one line, not two.
    expect(check({ ...GOOD, python_version: 3.12 }).problemLines).toHaveLength(1)
    // A tagged base image with an api_version range: the tag is the one problem.
    expect(check({ ...GOOD, base_image: 'langchain/langgraph-api:0.2.60', api_version: '~=0.4.0' }).problemLines).toEqual([
      expect.stringContaining('`base_image`: `langchain/langgraph-api:0.2.60` has a tag')
    ])
  })

  it('one missing key does not cascade', () => {
    // No graphs: no default Python version, and no image tag said to be `None`.
    expect(check({ dependencies: ['.'] }).problemLines).toEqual([expect.stringContaining('`graphs`: is missing or empty')])
    // No dependencies: the graph is not also said to lie outside them.
    expect(check({ graphs: { agent: './agent.py:graph' } }).problemLines).toEqual([
      expect.stringContaining('`dependencies`: is missing or empty')
    ])
  })

  it("a repository's name is not the build's folder name: a flat package at the root is not judged by it", () => {
    const files = { 'agent/__init__.py': '', 'agent/agent.py': 'graph = 1\n' }
    const report = checkConfig(JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }), 'langgraph.json', {
      ...memory(Object.fromEntries(Object.entries(files).map(([p, t]) => [p.slice('agent/'.length), t]))),
      rootName: 'support-agent'
    })
    expect(report.problems).toEqual([])
  })

  it('what the client accepts stays accepted: pip requirements, a string `dependencies`, NaN and Infinity', () => {
    expect(
      check({
        dependencies: ['/wheels/tool-1.0-py3-none-any.whl', 'git+https://github.com/org/tool.git', '.'],
        graphs: { agent: './agent.py:graph' }
      }).problemLines
    ).toEqual([])
    expect(check({ dependencies: '.', graphs: { agent: './agent.py:graph' } }).problemLines).toEqual([])
    const nan =
      '{"dependencies": ["."], "graphs": {"agent": "./agent.py:graph"}, "store": {"index": {"dims": NaN}, "ttl": {"default_ttl": Infinity}}}'
    expect(checkConfig(nan, 'agent/langgraph.json', memory(PY_AGENT)).problems).toEqual([])
  })
})

describe('config check: warnings beyond the client', () => {
  it('an unknown key names the nearest known one', () => {
    const report = check({ ...GOOD, python_verison: '3.12', zzz: 1 })
    expect(report.problemLines).toEqual([])
    expect(report.warningLines).toEqual([
      expect.stringContaining('`python_verison`: is not a key the build knows; it is ignored. Did you mean `python_version`?'),
      expect.stringContaining('`zzz`: is not a key')
    ])
  })

  it('a graph variable a plain read does not find, in Python and in TypeScript; a star import cannot tell', () => {
    expect(check({ dependencies: ['.'], graphs: { agent: './agent.py:grpah' } }).warningLines).toEqual([
      expect.stringContaining('`graphs.agent`: `./agent.py` has no top-level `grpah`')
    ])
    expect(check({ graphs: { agent: './a.ts:graph' } }, { 'agent/a.ts': 'const graph = 1\n' }).warningLines).toEqual([
      expect.stringContaining('has no top-level `graph` export')
    ])
    expect(check({ graphs: { agent: './a.ts:graph' } }, { 'agent/a.ts': 'const g = 1\nexport { g as graph }\n' }).warningLines).toEqual([])
    expect(
      check({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }, { 'agent/agent.py': 'from lib import *\n' }).warningLines
    ).toEqual([])
    for (const text of [
      'from lib import graph\n',
      'from lib import (a,\n    graph)\n',
      'import x as graph\n',
      'def graph():\n  pass\n',
      'graph: Graph = make()\n',
      'class graph: pass\n'
    ]) {
      expect(check({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }, { 'agent/agent.py': text }).warningLines).toEqual([])
    }
    // Indented, it is not top-level.
    expect(
      check({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }, { 'agent/agent.py': 'if x:\n    graph = 1\n' }).warningLines
    ).toHaveLength(1)
  })

  it("similarity is difflib's ratio", () => {
    expect(similarity('abcd', 'bcde')).toBeCloseTo(0.75)
    expect(similarity('python_verison', 'python_version')).toBeGreaterThan(0.9)
  })
})

describe('config check: a graph module its own package ships without (the build passes, the server cannot import it)', () => {
  const PACKAGE = { 'agent/pyproject.toml': '[project]\nname = "agent"\n', 'agent/src/agent/__init__.py': '' }
  const BY_MODULE = { dependencies: ['.'], graphs: { agent: 'agent.graph:graph' } }

  it('is refused when the package ships and the module is not in it', () => {
    const report = check(BY_MODULE, PACKAGE)
    expect(report.problemLines).toEqual([
      '`agent/langgraph.json` `graphs.agent`: the module `agent.graph` is not in what ships: the package `agent` ships ' +
        '(`agent/src/agent/`) without `agent/src/agent/graph.py`, so the server cannot import it when it starts ' +
        '(the build does not look). Fix the module path, or ship `agent/src/agent/graph.py`.'
    ])
  })

  it('is refused when the module is in a sub-package that is not there at all', () => {
    const report = check({ dependencies: ['.'], graphs: { agent: 'agent.sub.graph:graph' } }, PACKAGE)
    expect(report.problemLines).toHaveLength(1)
    expect(report.problemLines[0]).toContain('the module `agent.sub.graph` is not in what ships')
  })

  it('names the rule that left the file out, and its fix', () => {
    const report = check(BY_MODULE, { ...PACKAGE }, { leftOut: { 'agent/src/agent/graph.py': '.gitignore' } })
    expect(report.problemLines[0]).toContain('without `agent/src/agent/graph.py` (left out by `.gitignore`)')
  })

  it('passes when the module is there: a file, a package folder, a flat layout, the dependency named as the package', () => {
    expect(check(BY_MODULE, { ...PACKAGE, 'agent/src/agent/graph.py': 'graph = 1\n' }).problemLines).toEqual([])
    expect(check(BY_MODULE, { ...PACKAGE, 'agent/src/agent/graph/__init__.py': 'graph = 1\n' }).problemLines).toEqual([])
    expect(check(BY_MODULE, { 'agent/agent/__init__.py': '', 'agent/agent/graph.py': 'graph = 1\n' }).problemLines).toEqual([])
    const named = check({ dependencies: ['./agent'], graphs: { agent: 'agent.graph:graph' } }, { 'agent/agent/graph.py': 'graph = 1\n' })
    expect(named.problemLines).toEqual([])
  })

  it('says nothing when no local package of that name ships (PyPI may provide it) or the listing cannot tell', () => {
    expect(check({ dependencies: ['.', 'my-graphs'], graphs: { agent: 'my_graphs.agent:graph' } }, PACKAGE).problemLines).toEqual([])
    expect(check(BY_MODULE, PACKAGE, { unknown: true }).problemLines).toEqual([])
  })

  it('warns instead when dockerfile_lines may make the file in the image', () => {
    const report = check(
      { ...BY_MODULE, dockerfile_lines: ['RUN curl -o /deps/agent/src/agent/graph.py https://example.com/graph.py'] },
      PACKAGE
    )
    expect(report.problemLines).toEqual([])
    expect(report.warningLines[0]).toMatch(
      /^`agent\/langgraph\.json` `graphs\.agent`: the module `agent\.graph` is not in what ships.*`dockerfile_lines` may make it/
    )
  })
})

describe('config check: a config that is not UTF-8 (the build reads it as UTF-8)', () => {
  const text = JSON.stringify({ ...GOOD, graphs: { agent: { path: './agent.py:graph', description: 'Café' } } })

  it('is refused from whichever source read it, Latin-1 or UTF-16 alike', () => {
    for (const bytes of [Buffer.from(text, 'latin1'), Buffer.from(`\ufeff${text}`, 'utf16le')]) {
      const report = checkConfig(decodeText(bytes), 'agent/langgraph.json', memory(PY_AGENT))
      expect(report.problems.map(problemText)).toEqual([
        '`agent/langgraph.json` `(file)`: is not UTF-8 text, and the build reads it as UTF-8 (it fails with `UnicodeDecodeError`). ' +
          'Save the file as UTF-8.'
      ])
    }
  })

  it('passes in UTF-8, a U+FFFD the file holds itself included; a BOM is kept for the JSON rules to refuse', () => {
    expect(checkConfig(decodeText(Buffer.from(text)), 'agent/langgraph.json', memory(PY_AGENT)).problems).toEqual([])
    expect(isUtf8(decodeText(Buffer.from(text.replace('é', '\ufffd'))))).toBe(true)
    expect(decodeText(Buffer.from(`\ufeff${text}`)).startsWith('\ufeff')).toBe(true)
  })
})
