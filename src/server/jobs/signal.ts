/**
 * "A job was queued in this process": enqueue() tells the workers of this process, which look for
 * due jobs at once instead of at their next poll (the webhook latency target, issue 23). Only a
 * hint: the job may not be committed yet, and workers of other processes find it by polling.
 */
type Listener = (jobName: string) => void;

const listeners = new Set<Listener>();

export function onJobQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function jobQueued(jobName: string): void {
  for (const listener of listeners) listener(jobName);
}
