/** Run `sweep` every `intervalMs` until the returned function is called. */
export function startSweeper(intervalMs: number, sweep: () => Promise<void>, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweep().catch(onError);
  }, intervalMs);
  // The sweeper alone must not keep the process alive.
  timer.unref();
  return () => clearInterval(timer);
}
