import { describe, expect, it } from 'vitest';
import { regionOptions } from './regions';

describe('regions', () => {
  it('lists regions with their full names in tree order', () => {
    const options = regionOptions([
      { id: 3, parentId: 1, name: '宁波市', level: 2, sort: 2 },
      { id: 1, parentId: null, name: '浙江省', level: 1, sort: 1 },
      { id: 2, parentId: 1, name: '杭州市', level: 2, sort: 1 },
      { id: 10, parentId: 2, name: '西湖区', level: 3, sort: 1 },
    ]);
    expect(options.map((o) => o.label)).toEqual(['浙江省', '浙江省 / 杭州市', '浙江省 / 杭州市 / 西湖区', '浙江省 / 宁波市']);
    expect(options[2]?.value).toBe('10');
  });
});
