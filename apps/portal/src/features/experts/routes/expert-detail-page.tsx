import '@mantine/core/styles/Avatar.css';
import { Avatar, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { Empty, RichHtml, toId } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { useExpert } from '../api/experts';

export default function ExpertDetailPage() {
  const [params] = useSearchParams();
  const expert = useExpert(toId(params.get('id')));
  return (
    <Page hideHeading>
      <AsyncView state={expert}>
        {(data) => (
          <Paper withBorder p={40}>
            <Group align="flex-start" wrap="nowrap" gap="xl">
              <Avatar src={data.photo} alt={data.name} size={140} radius="md" color="cinnabar">
                {data.name.slice(0, 1)}
              </Avatar>
              <Stack gap="xs" style={{ flex: 1 }}>
                <Title order={1} size="h2">
                  {data.name}
                </Title>
                <Text>
                  {data.title}
                  {data.organisation ? ` · ${data.organisation}` : ''}
                </Text>
                <Group gap="lg">
                  {data.categoryName && <Text size="sm" c="dimmed">领域：{data.categoryName}</Text>}
                  {data.regionName && <Text size="sm" c="dimmed">地区：{data.regionName}</Text>}
                </Group>
                <Group gap={6}>
                  {data.specialities.map((s) => (
                    <Badge key={s} variant="outline" color="cinnabar.8">
                      {s}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Group>
            <Divider my="xl" label="个人简介" labelPosition="left" />
            {data.biography ? <RichHtml html={data.biography} /> : <Empty>暂无简介</Empty>}
          </Paper>
        )}
      </AsyncView>
    </Page>
  );
}
