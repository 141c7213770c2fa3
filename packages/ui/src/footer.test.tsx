import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';
import { renderAt } from './test/render';

describe('Footer', () => {
  it('shows the friendly links in new tabs, the credit and the copyright', () => {
    renderAt(
      <Footer
        links={[
          { name: '中国艺术研究院', url: 'https://www.zgysyjy.org.cn' },
          { name: '国家大剧院', url: 'https://www.chncpa.org' },
        ]}
        supportCredit="技术支持：某某科技"
        copyright="© 2025 某某文化和旅游厅"
      />,
    );
    const link = screen.getByRole('link', { name: '国家大剧院' });
    expect(link.getAttribute('href')).toBe('https://www.chncpa.org');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('技术支持：某某科技')).toBeTruthy();
    expect(screen.getByText('© 2025 某某文化和旅游厅')).toBeTruthy();
  });
});
