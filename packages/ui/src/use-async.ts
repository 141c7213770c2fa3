import { createContext, use, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data: T | undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: T | undefined; error: unknown };

export type AsyncResult<T> = AsyncState<T> & {
  reload: () => void;
  setData: (update: (data: T | undefined) => T | undefined) => void;
};

/**
 * Data of a page rendered on the server. While rendering there, `read` runs each `useAsync` load
 * (suspending until it is in) and keeps the result under the hook's `useId`; the browser hydrates
 * with `initial`, the same results under the same ids, so the first render matches the server's
 * and does not load again.
 */
export interface AsyncDataStore {
  read?: <T>(id: string, load: (signal: AbortSignal) => Promise<T>) => Promise<T>;
  initial?: (id: string) => { data: unknown } | undefined;
}

export const AsyncDataContext = createContext<AsyncDataStore | null>(null);

/**
 * Keeps every load of one server render, for `AsyncDataContext`; `results()` is what to send to the
 * browser. `signal` reaches every load (a render given up on stops loading).
 */
export function createServerAsyncData(signal: AbortSignal = new AbortController().signal): AsyncDataStore & { results(): Record<string, unknown> } {
  const loads = new Map<string, Promise<unknown>>();
  const results: Record<string, unknown> = {};
  return {
    read<T>(id: string, load: (signal: AbortSignal) => Promise<T>): Promise<T> {
      let pending = loads.get(id) as Promise<T> | undefined;
      if (!pending) {
        pending = load(signal).then((data) => {
          results[id] = data;
          return data;
        });
        loads.set(id, pending);
      }
      return pending;
    },
    results: () => results,
  };
}

/** The browser's side of `createServerAsyncData`: the results the server rendered with. */
export function createHydrationAsyncData(results: Record<string, unknown>): AsyncDataStore {
  return { initial: (id) => (Object.hasOwn(results, id) ? { data: results[id] } : undefined) };
}

const noop = () => {};

/**
 * Runs `load` when `deps` change and aborts the previous run; the previous data stays
 * visible while the next page loads.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): AsyncResult<T> {
  const id = useId();
  const store = useContext(AsyncDataContext);
  const [state, setState] = useState<AsyncState<T>>(() => {
    const rendered = store?.initial?.(id);
    return rendered ? { status: 'success', data: rendered.data as T, error: undefined } : { status: 'loading', data: undefined, error: undefined };
  });
  const [round, setRound] = useState(0);
  // Data the server rendered with is not loaded again on hydration.
  const hydrated = useRef(state.status === 'success');

  useEffect(() => {
    if (hydrated.current) {
      hydrated.current = false;
      return;
    }
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is new on every render; the caller's `deps` (checked where useAsync is called) say when to run it again.
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

  if (store?.read) {
    // On the server: suspend until the data is in (a failure fails the server render).
    const data = use(store.read(id, load));
    return { status: 'success', data, error: undefined, reload: noop, setData: noop };
  }
  return { ...state, reload, setData };
}
