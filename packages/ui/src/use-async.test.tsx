import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { AsyncDataContext, createHydrationAsyncData, createServerAsyncData, useAsync, type AsyncDataStore } from './use-async';

function Greeting({ load }: { load: () => Promise<string> }) {
  // The function it was first given: loading once, as the tests count.
  const [first] = useState(() => load);
  const state = useAsync(() => first(), [first]);
  return <p>{state.status === 'success' ? state.data : '正在加载…'}</p>;
}

function Page({ store, load }: { store: AsyncDataStore; load: () => Promise<string> }) {
  return (
    <AsyncDataContext value={store}>
      <Greeting load={load} />
      <Greeting load={async () => `${await load()}！`} />
    </AsyncDataContext>
  );
}

async function html(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('useAsync on the server and in hydration', () => {
  it('renders the loaded data on the server and hydrates with it without loading again', async () => {
    const server = createServerAsyncData();
    const serverLoad = vi.fn(async () => '你好');
    const { prelude } = await prerender(<Page store={server} load={serverLoad} />);
    const markup = await html(prelude);
    expect(markup).toBe('<p>你好</p><p>你好！</p>');
    expect(serverLoad).toHaveBeenCalledTimes(2);

    // What the browser gets: the HTML and the results, through JSON.
    const results = JSON.parse(JSON.stringify(server.results())) as Record<string, unknown>;
    expect(Object.values(results).sort()).toEqual(['你好', '你好！']);
    const container = document.createElement('div');
    container.innerHTML = markup;
    const browserLoad = vi.fn(async () => '再见');
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page store={createHydrationAsyncData(results)} load={browserLoad} />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    expect(mismatches).toEqual([]);
    expect(browserLoad).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe('<p>你好</p><p>你好！</p>');
  });

  it('fails the server render when a load fails', async () => {
    const failing = () => Promise.reject(new Error('库不可用'));
    await expect(prerender(<Page store={createServerAsyncData()} load={failing} />, { onError: () => {} })).rejects.toThrow('库不可用');
  });
});
