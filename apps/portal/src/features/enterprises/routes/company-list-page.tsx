import '@mantine/core/styles/Avatar.css';
import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { RegionSelect } from '@flagship/ui/form-fields';
import { Empty, ListPagination, useQueryParams } from '@flagship/ui';
import { useAddEnterprise } from '../../../components/add-enterprise';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { ENTERPRISE_PAGE_SIZE, useEnterpriseCategories, useEnterpriseList } from '../api/enterprises';

export default function CompanyListPage() {
  const query = useQueryParams();
  const [keyword, setKeyword] = useState(query.get('keyword'));
  const categories = useEnterpriseCategories();
  const addEnterprise = useAddEnterprise();
  const list = useEnterpriseList({
    page: query.page,
    keyword: query.get('keyword') || undefined,
    categoryId: query.number('categoryId'),
    regionId: query.number('regionId'),
  });
  return (
    <Page
      actions={
        <Button leftSection={<IconBuildingPlus size={18} />} loading={addEnterprise.checking} onClick={() => void addEnterprise.run()}>
          企业入库申请
        </Button>
      }
    >
      <Paper withBorder p="md" mb="lg">
        <Group
          component="form"
          align="flex-end"
          onSubmit={(event) => {
            event.preventDefault();
            query.set({ keyword: keyword.trim() });
          }}
        >
          <TextInput label="关键词" placeholder="企业名称或信用代码" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={240} />
          <Select
            label="类别"
            placeholder="全部类别"
            clearable
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={query.get('categoryId') || null}
            onChange={(value) => query.set({ categoryId: value })}
            w={180}
          />
          <RegionSelect label="地区" placeholder="全部地区" value={query.number('regionId')} onChange={(id) => query.set({ regionId: id })} w={260} />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            查询
          </Button>
        </Group>
      </Paper>
      <AsyncView state={list}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty>没有符合条件的企业</Empty>
          ) : (
            <>
              <SimpleGrid cols={3} spacing="lg">
                {data.list.map((company) => (
                  <Card key={company.id} component={Link} to={`/companyDetail?id=${company.id}`} className="fs-card-link">
                    <Group wrap="nowrap" align="flex-start">
                      <Avatar src={company.logo} alt="" size={52} radius="md" color="ink">
                        {company.name.slice(0, 1)}
                      </Avatar>
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Text fw={700} lineClamp={2}>
                          {company.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {company.creditCode}
                        </Text>
                      </Stack>
                    </Group>
                    <Group gap={6} mt="md">
                      <Badge variant="outline" color="ink.7" size="sm">
                        {company.type}
                      </Badge>
                      {company.categoryName && (
                        <Badge variant="outline" color="cinnabar.8" size="sm">
                          {company.categoryName}
                        </Badge>
                      )}
                      {company.regionName && (
                        <Text size="xs" c="dimmed">
                          {company.regionName}
                        </Text>
                      )}
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
              <ListPagination page={data.page} pageSize={ENTERPRISE_PAGE_SIZE} total={data.total} onChange={(page) => query.set({ page })} />
            </>
          )
        }
      </AsyncView>
    </Page>
  );
}
