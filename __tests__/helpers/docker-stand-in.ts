import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeDockerStandIn, type DockerCall, type StandInMode } from '../../scripts/docker-stand-in.js'

/**
 * Docker is not on these machines: the stand-in `npm start` uses (scripts/docker-stand-in.js),
 * in a temporary directory put first on this process's PATH, recording each call and behaving as
 * its mode says (succeed, fail as `docker login` fails, or hang until killed).
 */
export type { DockerCall, StandInMode }

export class DockerStandIn {
  readonly dir = mkdtempSync(join(tmpdir(), 'docker-stand-in-'))
  private readonly standIn = writeDockerStandIn(this.dir)
  private readonly savedPath = process.env.PATH

  /** Puts the stand-in first on PATH (the real PATH after it). */
  install(): void {
    process.env.PATH = this.standIn.onPath(this.savedPath)
  }

  /** A PATH with no `docker` at all. */
  hide(): void {
    process.env.PATH = join(this.dir, 'nothing-here')
  }

  restorePath(): void {
    process.env.PATH = this.savedPath
  }

  reset(mode: StandInMode = 'succeed'): void {
    this.standIn.reset(mode)
  }

  calls(): DockerCall[] {
    return this.standIn.calls()
  }

  remove(): void {
    this.restorePath()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** Whether a process is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
