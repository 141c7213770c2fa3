import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListPagination } from './list-pagination';
import { renderAt } from './test/render';

describe('ListPagination', () => {
  it('shows the count and the pager when there is more than one page', () => {
    renderAt(<ListPagination page={1} pageSize={10} total={25} onChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: '分页' }).textContent).toContain('共 25 条');
    expect(screen.getByRole('button', { name: '第 3 页' })).toBeTruthy();
  });

  it('shows nothing for one page, or only the count when asked to', () => {
    const { unmount } = renderAt(<ListPagination page={1} pageSize={10} total={10} onChange={() => {}} />);
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    unmount();
    renderAt(<ListPagination page={1} pageSize={10} total={10} onChange={() => {}} alwaysShowTotal />);
    expect(screen.getByRole('navigation', { name: '分页' }).textContent).toContain('共 10 条');
    expect(screen.queryByRole('button', { name: '第 1 页' })).toBeNull();
  });
});
