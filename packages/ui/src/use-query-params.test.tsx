import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from './test/render';
import { useQueryParams, type QueryParamsOptions } from './use-query-params';

let query: ReturnType<typeof useQueryParams>;
function Probe({ options }: { options?: QueryParamsOptions }) {
  query = useQueryParams(options);
  return null;
}

describe('useQueryParams', () => {
  it('reads numbers, counting 0 only when asked to', () => {
    const { unmount } = renderAt(<Probe />, '/list?page=0&year=x');
    expect(query.page).toBe(0);
    expect(query.number('year')).toBeUndefined();
    unmount();
    renderAt(<Probe options={{ positiveOnly: true }} />, '/list?page=0');
    expect(query.page).toBe(1);
  });

  it('drops empty values and goes back to page 1 on any other change', () => {
    renderAt(<Probe />, '/list?page=3&keyword=a&status=open');
    act(() => query.set({ keyword: 'b', status: '' }));
    expect(screen.getByTestId('location').textContent).toBe('/list?keyword=b');
    act(() => query.set({ page: 2 }));
    expect(screen.getByTestId('location').textContent).toBe('/list?keyword=b&page=2');
    expect(query.oneOf('keyword', ['a', 'b'] as const)).toBe('b');
  });
});
