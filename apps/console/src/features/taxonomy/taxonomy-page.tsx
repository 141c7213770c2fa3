import { Tabs } from '@mantine/core';
import { useQueryParams } from '@flagship/ui';
import { Page } from '../../components/page';
import { LIST_QUERY } from '../../lib/list';
import { CategoriesPanel } from './categories-panel';
import { RegionsPanel } from './regions-panel';

export default function TaxonomyPage() {
  const query = useQueryParams(LIST_QUERY);
  const tab = query.get('tab') === 'regions' ? 'regions' : 'categories';
  return (
    <Page title="分类与地区" description="项目、公告、专家和企业的分类，以及省 / 市 / 区县三级地区（基础数据）。">
      <Tabs value={tab} onChange={(value) => query.set({ tab: value === 'regions' ? 'regions' : null })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="categories">分类</Tabs.Tab>
          <Tabs.Tab value="regions">地区</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="regions" pt="md">
          <RegionsPanel />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
