import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data: T | undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: T | undefined; error: unknown };

export type AsyncResult<T> = AsyncState<T> & {
  reload: () => void;
  setData: (update: (data: T | undefined) => T | undefined) => void;
};

/**
 * Runs `load` when `deps` change and aborts the previous run; the previous data stays
 * visible while the next page loads.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): AsyncResult<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading', data: undefined, error: undefined });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: undefined }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is a new function on every render; `deps` say when to run it again.
  }, [...deps, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const setData = useCallback(
    (update: (data: T | undefined) => T | undefined) =>
      setState((previous) => {
        const data = update(previous.data);
        return data === undefined ? previous : { status: 'success', data, error: undefined };
      }),
    [],
  );
  return { ...state, reload, setData };
}
