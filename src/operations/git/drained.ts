/** Resolves once a writable that refused a write has room again, or is closed (then nothing more goes in). */
export function drainedOrClosed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.removeListener('drain', done)
      stream.removeListener('close', done)
      resolve()
    }
    stream.once('drain', done)
    stream.once('close', done)
  })
}
