import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Table.css';
import { Avatar, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { Empty, formatDate, RichHtml, toId } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { useEnterprise } from '../api/enterprises';

export default function CompanyDetailPage() {
  const [params] = useSearchParams();
  const company = useEnterprise(toId(params.get('id')));
  return (
    <Page hideHeading>
      <AsyncView state={company}>
        {(data) => (
          <Paper withBorder p={40}>
            <Group wrap="nowrap" gap="lg" mb="xl">
              <Avatar src={data.logo} alt={data.name} size={88} radius="md" color="ink">
                {data.name.slice(0, 1)}
              </Avatar>
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {data.name}
                </Title>
                <Text c="dimmed">{data.type}</Text>
              </Stack>
            </Group>
            <Table withTableBorder withColumnBorders variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={180}>统一社会信用代码</Table.Th>
                  <Table.Td>{data.creditCode}</Table.Td>
                  <Table.Th w={140}>法定代表人</Table.Th>
                  <Table.Td>{data.legalRepresentative}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>所属地区</Table.Th>
                  <Table.Td>{data.regionName ?? '—'}</Table.Td>
                  <Table.Th>成立日期</Table.Th>
                  <Table.Td>{formatDate(data.establishedOn)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>类别</Table.Th>
                  <Table.Td>{data.categoryName ?? '—'}</Table.Td>
                  <Table.Th>地址</Table.Th>
                  <Table.Td>{data.address || '—'}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Divider my="xl" label="企业简介" labelPosition="left" />
            {data.introduction ? <RichHtml html={data.introduction} /> : <Empty>暂无简介</Empty>}
          </Paper>
        )}
      </AsyncView>
    </Page>
  );
}
