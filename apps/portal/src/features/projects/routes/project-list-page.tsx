import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from '@flagship/api-client';
import { RegionSelect } from '@flagship/ui/form-fields';
import { Empty, ListPagination, useQueryParams } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { PROJECT_PAGE_SIZE, useProjectCategories, useProjectList } from '../api/projects';
import { ProjectCard } from '../components/project-card';

/** Next year and the five before it; worked out per render (a server runs across New Year). */
function yearOptions(): string[] {
  const thisYear = new Date().getFullYear();
  return Array.from({ length: 6 }, (_, i) => String(thisYear + 1 - i));
}

export default function ProjectListPage() {
  const query = useQueryParams();
  const [keyword, setKeyword] = useState(query.get('keyword'));
  const categories = useProjectCategories();
  const statusParam = query.get('status');
  const status = (PROJECT_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as ProjectStatus) : undefined;
  const list = useProjectList({
    page: query.page,
    keyword: query.get('keyword') || undefined,
    categoryId: query.number('categoryId'),
    regionId: query.number('regionId'),
    status,
    year: query.number('year'),
  });

  return (
    <Page>
      <Paper withBorder p="md" mb="lg">
        <Group
          component="form"
          align="flex-end"
          gap="sm"
          onSubmit={(event) => {
            event.preventDefault();
            query.set({ keyword: keyword.trim() });
          }}
        >
          <TextInput label="关键词" placeholder="项目名称" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={200} />
          <Select
            label="类别"
            placeholder="全部类别"
            clearable
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={query.get('categoryId') || null}
            onChange={(value) => query.set({ categoryId: value })}
            w={150}
          />
          <RegionSelect label="地区" placeholder="全部地区" value={query.number('regionId')} onChange={(id) => query.set({ regionId: id })} w={220} />
          <Select
            label="状态"
            placeholder="全部状态"
            clearable
            data={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
            value={status ?? null}
            onChange={(value) => query.set({ status: value })}
            w={120}
          />
          <Select label="年度" placeholder="全部年度" clearable data={yearOptions()} value={query.get('year') || null} onChange={(value) => query.set({ year: value })} w={110} />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            查询
          </Button>
        </Group>
      </Paper>
      <AsyncView state={list}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty>没有符合条件的项目</Empty>
          ) : (
            <>
              <Stack gap="md">
                {data.list.map((project) => (
                  <ProjectCard key={project.id} project={project} />
                ))}
              </Stack>
              <ListPagination page={data.page} pageSize={PROJECT_PAGE_SIZE} total={data.total} onChange={(page) => query.set({ page })} />
            </>
          )
        }
      </AsyncView>
    </Page>
  );
}
