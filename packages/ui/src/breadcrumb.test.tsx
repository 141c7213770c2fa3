import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from './breadcrumb';
import { renderAt } from './test/render';

describe('Breadcrumb', () => {
  it('shows 首页 linking to /index and the current title', () => {
    renderAt(<Breadcrumb title="项目库" />, '/project');
    const nav = screen.getByRole('navigation', { name: '面包屑导航' });
    const home = screen.getByRole('link', { name: '首页' });
    expect(nav.contains(home)).toBe(true);
    expect(home.getAttribute('href')).toBe('/index');
    const current = screen.getByText('项目库');
    expect(current.getAttribute('aria-current')).toBe('page');
  });
});
