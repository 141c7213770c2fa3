import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Empty, ListPagination, useQueryParams } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { PROJECT_PAGE_SIZE, useActiveProjects } from '../api/projects';
import { ProjectCard } from '../components/project-card';

export default function DeclarationPage() {
  const query = useQueryParams();
  const list = useActiveProjects(query.page);
  return (
    <Page>
      <Alert variant="light" color="ink" icon={<IconInfoCircle />} mb="lg">
        以下为正在申报及即将开始申报的项目。请在申报截止前完成填报并提交，逾期系统将不再受理。
      </Alert>
      <AsyncView state={list}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty>当前没有开放申报的项目</Empty>
          ) : (
            <>
              <Stack gap="md">
                {data.list.map((project) => (
                  <ProjectCard key={project.id} project={project} countdown />
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
