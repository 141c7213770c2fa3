import '@mantine/core/styles/Avatar.css';
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Empty, ListPagination, useQueryParams } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { EXPERT_PAGE_SIZE, useExpertCategories, useExpertList } from '../api/experts';
import { ExpertFilters } from '../components/expert-filters';

export default function ExpertListPage() {
  const query = useQueryParams();
  const categories = useExpertCategories();
  const list = useExpertList({
    page: query.page,
    keyword: query.get('keyword') || undefined,
    categoryId: query.number('categoryId'),
    regionId: query.number('regionId'),
  });
  return (
    <Page>
      <ExpertFilters query={query} categories={categories.data ?? []} />
      <AsyncView state={list}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty>没有符合条件的专家</Empty>
          ) : (
            <>
              <SimpleGrid cols={3} spacing="lg">
                {data.list.map((expert) => (
                  <Card key={expert.id} component={Link} to={`/expertDetail?id=${expert.id}`} className="fs-card-link">
                    <Group wrap="nowrap" align="flex-start">
                      <Avatar src={expert.photo} alt="" size={64} radius="md" color="cinnabar">
                        {expert.name.slice(0, 1)}
                      </Avatar>
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Text fw={700} size="lg">
                          {expert.name}
                        </Text>
                        <Text size="sm" c="dimmed" lineClamp={1}>
                          {expert.title}
                          {expert.organisation ? ` · ${expert.organisation}` : ''}
                        </Text>
                        {expert.regionName && (
                          <Text size="xs" c="dimmed">
                            {expert.regionName}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                    <Group gap={6} mt="md">
                      {expert.specialities.slice(0, 4).map((s) => (
                        <Badge key={s} variant="outline" color="cinnabar.8" size="sm">
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
              <ListPagination page={data.page} pageSize={EXPERT_PAGE_SIZE} total={data.total} onChange={(page) => query.set({ page })} />
            </>
          )
        }
      </AsyncView>
    </Page>
  );
}
