import { Anchor, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatSize, RichHtml, toId } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { usePolicy } from '../api/policies';

export default function PolicyDetailPage() {
  const [params] = useSearchParams();
  const policy = usePolicy(toId(params.get('id')));
  return (
    <Page hideHeading>
      <AsyncView state={policy}>
        {(data) => (
          <Paper withBorder p={40}>
            <Stack gap="md">
              <Title order={1} ta="center" size="h2">
                {data.title}
              </Title>
              <Group justify="center" gap="lg">
                {data.categoryName && (
                  <Badge variant="outline" color="ink.7">
                    {data.categoryName}
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  发布时间：{formatDateTime(data.publishedAt)}
                </Text>
                <Text size="sm" c="dimmed">
                  浏览：{data.views}
                </Text>
              </Group>
              <Divider />
              <RichHtml html={data.content} />
              {data.attachments.length > 0 && (
                <Stack gap={6} mt="md">
                  <Text fw={600}>附件</Text>
                  {data.attachments.map((file) => (
                    <Group key={file.url} gap={6}>
                      <IconPaperclip size={16} aria-hidden="true" />
                      <Anchor href={file.url} target="_blank" rel="noopener noreferrer">
                        {file.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatSize(file.size)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Stack>
          </Paper>
        )}
      </AsyncView>
    </Page>
  );
}
