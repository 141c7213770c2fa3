import { Anchor, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { formatDateTime } from './beijing-time';
import { formatSize } from './format';
import { RichHtml } from './rich-html';

export interface NoticeArticleProps {
  title: string;
  categoryName?: string | null;
  publishedAt: string | null;
  /** Left out where nobody has read it yet (the console's preview). */
  views?: number;
  /** HTML, sanitised by the server. */
  content: string;
  attachments?: { url: string; name: string; size: number }[];
  /** The title's heading level: 1 on its own page, lower inside another page. */
  titleOrder?: 1 | 2 | 3;
}

/** A notice under 通知公告 as the portal shows it; the console previews notices with it too. */
export function NoticeArticle({ title, categoryName, publishedAt, views, content, attachments = [], titleOrder = 1 }: NoticeArticleProps) {
  return (
    <Paper withBorder p={40}>
      <Stack gap="md">
        <Title order={titleOrder} ta="center" size="h2">
          {title}
        </Title>
        <Group justify="center" gap="lg">
          {categoryName && (
            <Badge variant="outline" color="ink.7">
              {categoryName}
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            发布时间：{formatDateTime(publishedAt)}
          </Text>
          {views !== undefined && (
            <Text size="sm" c="dimmed">
              浏览：{views}
            </Text>
          )}
        </Group>
        <Divider />
        <RichHtml html={content} />
        {attachments.length > 0 && (
          <Stack gap={6} mt="md">
            <Text fw={600}>附件</Text>
            {attachments.map((file) => (
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
  );
}
