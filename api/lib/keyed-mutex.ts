/**
 * Runs tasks with the same key one after another (tasks with different keys run freely), within
 * this process. Keys are forgotten once their queue is empty.
 */
export function createKeyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    /** Runs `task` after every earlier task of `key` has settled; resolves or rejects with it. */
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
