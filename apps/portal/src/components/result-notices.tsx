import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useAsync } from '@flagship/ui';
import { Link } from 'react-router-dom';
import { api } from '../lib/api';

const day = (iso: string) => new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });

/**
 * Links to results announcements (立项公示): a call's (`projectId`), or, without it, those whose
 * objection period runs now. Nothing shows while there are none; loaded in the browser.
 */
export function ResultNotices({ projectId }: { projectId?: number }) {
  const notices = useAsync((signal) => api.content.resultNotices({ projectId }, { signal }), [projectId]);
  const list = (notices.data ?? []).filter((n) => n.policyId !== null);
  if (list.length === 0) return null;
  return (
    <Alert color="cinnabar" title="立项公示" mb="lg">
      <Stack gap={4}>
        {list.map((n) => (
          // The link on a line of its own, the period under it: a link amid text would need more
          // than its colour to stand out (axe's link-in-text-block).
          <div key={n.id}>
            <Anchor component={Link} to={`/policyDetail?id=${n.policyId}`} size="sm" fw={500} display="block">
              {n.status === 'withdrawn' ? `【已撤回】${n.title}` : n.title}
            </Anchor>
            {n.status === 'published' && (
              <Text size="xs">
                异议期 {day(n.objectionStartsAt)} 至 {day(n.objectionEndsAt)}
              </Text>
            )}
          </div>
        ))}
        <Anchor component={Link} to="/funded" size="sm">
          查看全部立项项目
        </Anchor>
      </Stack>
    </Alert>
  );
}
