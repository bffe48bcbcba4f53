import { chmodSync, cpSync, linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * A monorepo checkout in a new temporary directory: an agent under apps/agent whose
 * config lists `.` and a shared library under libs/shared, plus what an archive must
 * leave out (caches, a `.env`, a symbolic link, ignored files) and what it must keep
 * (an executable script, a nested directory). Returns the workspace; `remove()` deletes it.
 */
export function agentTree(): { workspace: string; remove: () => void } {
  const workspace = mkdtempSync(join(tmpdir(), 'agent-ws-'))
  const files: Record<string, string> = {
    'apps/agent/langgraph.json': JSON.stringify({
      dependencies: ['.', '../../libs/shared', 'langchain-openai>=0.3'],
      graphs: { agent: './agent.py:graph' }
    }),
    'apps/agent/agent.py': 'from shared.tools import tool\ngraph = tool()\n',
    'apps/agent/prompts/system.txt': 'You are helpful.\n',
    'apps/agent/.gitignore': '*.log\nscratch/\n',
    'apps/agent/debug.log': 'noise\n',
    'apps/agent/scratch/notes.md': 'draft\n',
    'apps/agent/.env': 'OPENAI_API_KEY=sk-local\n',
    'apps/agent/.env.production': 'DB=prod\n',
    'apps/agent/__pycache__/agent.cpython-312.pyc': 'bytecode',
    'apps/agent/.venv/bin/python': 'binary',
    'apps/agent/data/big.bin': 'pretend this is large\n',
    'apps/agent/run.sh': '#!/bin/sh\necho run\n',
    'libs/shared/shared/__init__.py': '',
    'libs/shared/shared/tools.py': 'def tool():\n    return 1\n',
    'libs/shared/.dockerignore': 'tests/\n',
    'libs/shared/tests/test_tools.py': 'def test(): pass\n',
    'libs/shared/node_modules/left/index.js': 'out',
    'libs/other/unrelated.py': 'not a dependency\n',
    'README.md': 'the repository\n'
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true })
    writeFileSync(join(workspace, path), text)
  }
  chmodSync(join(workspace, 'apps/agent/run.sh'), 0o755)
  symlinkSync('../../README.md', join(workspace, 'apps/agent/readme-link.md'))
  linkSync(join(workspace, 'apps/agent/agent.py'), join(workspace, 'apps/agent/same-as-agent.py'))
  return { workspace, remove: () => rmSync(workspace, { recursive: true, force: true }) }
}

/** What the archive of agentTree() holds, sorted: the files and directories that go. */
export const AGENT_TREE_ARCHIVED = [
  'apps/agent/',
  'apps/agent/agent.py',
  'apps/agent/langgraph.json',
  'apps/agent/.gitignore',
  'apps/agent/data/',
  'apps/agent/data/big.bin',
  'apps/agent/prompts/',
  'apps/agent/prompts/system.txt',
  'apps/agent/run.sh',
  // A hard link is a file like any other: archived as one, never as a link entry.
  'apps/agent/same-as-agent.py',
  'libs/shared/',
  'libs/shared/.dockerignore',
  'libs/shared/shared/',
  'libs/shared/shared/__init__.py',
  'libs/shared/shared/tools.py'
]

/** A copy of a tree in another new temporary directory, every file's time changed. */
export function copyWithOtherTimes(workspace: string): { workspace: string; remove: () => void } {
  const copy = mkdtempSync(join(tmpdir(), 'agent-copy-'))
  cpSync(workspace, copy, { recursive: true, verbatimSymlinks: true })
  // A copy does not keep hard links: make it again.
  rmSync(join(copy, 'apps/agent/same-as-agent.py'))
  linkSync(join(copy, 'apps/agent/agent.py'), join(copy, 'apps/agent/same-as-agent.py'))
  const touch = (path: string) => utimesSync(path, new Date('2011-11-11T11:11:11Z'), new Date('2011-11-11T11:11:11Z'))
  for (const path of ['apps/agent/agent.py', 'apps/agent/langgraph.json', 'libs/shared/shared/tools.py', 'apps/agent/prompts'])
    touch(join(copy, path))
  return { workspace: copy, remove: () => rmSync(copy, { recursive: true, force: true }) }
}
