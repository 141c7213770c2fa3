import { Alert, Group, Tabs, Text } from '@mantine/core';
import { REVIEW_PHASE_LABELS, type ReviewRound } from '@flagship/api-client';
import { useParams } from 'react-router-dom';
import { formatDateTime, toId, useAsync, useQueryParams } from '@flagship/ui';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api } from '../../lib/api';
import { LIST_QUERY } from '../../lib/list';
import { TONE } from '../../lib/tones';
import { AssignmentPanel } from './assignment-panel';
import { ProgressPanel } from './progress-panel';
import { RankingPanel } from './ranking-panel';
import { SchemePanel } from './scheme-panel';

const TABS = ['scheme', 'assign', 'progress', 'ranking'] as const;
type Tab = (typeof TABS)[number];

/** A call's expert review: the scheme, the assignments, the experts' progress and the ranking. */
export default function ReviewPage() {
  const projectId = toId(useParams().id) ?? 0;
  const query = useQueryParams(LIST_QUERY);
  const tab: Tab = query.oneOf('tab', TABS) ?? 'scheme';
  const projects = useAsync((signal) => api.console.projectOptions(undefined, { signal }), []);
  const round = useAsync((signal) => api.console.reviewRoundGet({ projectId }, { signal }), [projectId]);
  const project = projects.data?.find((p) => p.id === projectId);

  return (
    <Page
      title="专家评审"
      description={project ? `${project.title}（${project.year} 年度 · 已提交申报 ${project.submittedCount} 份）` : undefined}
      crumbs={[{ label: '项目管理', to: '/projects' }, ...(project ? [{ label: project.title, to: `/projects/${projectId}` }] : [])]}
    >
      <AsyncView state={round}>
        {(current) => (
          <>
            {current && <RoundSummary round={current} />}
            <Tabs value={tab} onChange={(value) => query.set({ tab: value === 'scheme' ? null : value, page: null, status: null, keyword: null })} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="scheme">评审方案</Tabs.Tab>
                <Tabs.Tab value="assign" disabled={!current}>
                  分配
                </Tabs.Tab>
                <Tabs.Tab value="progress" disabled={!current}>
                  进度
                </Tabs.Tab>
                <Tabs.Tab value="ranking" disabled={!current}>
                  排名
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="scheme" pt="md">
                <SchemePanel projectId={projectId} round={current} onSaved={(saved) => round.setData(() => saved)} />
              </Tabs.Panel>
              {current && (
                <>
                  <Tabs.Panel value="assign" pt="md">
                    <AssignmentPanel projectId={projectId} round={current} />
                  </Tabs.Panel>
                  <Tabs.Panel value="progress" pt="md">
                    <ProgressPanel projectId={projectId} round={current} />
                  </Tabs.Panel>
                  <Tabs.Panel value="ranking" pt="md">
                    <RankingPanel projectId={projectId} />
                  </Tabs.Panel>
                </>
              )}
            </Tabs>
          </>
        )}
      </AsyncView>
    </Page>
  );
}

function RoundSummary({ round }: { round: ReviewRound }) {
  return (
    <Alert color={round.phase === 'closed' ? TONE.neutral : TONE.info} variant="light" title={`第 ${round.number} 轮评审 · ${REVIEW_PHASE_LABELS[round.phase]}`}>
      <Group gap="lg">
        <Text size="sm">
          评审时间：{formatDateTime(round.reviewStartsAt)} 至 {formatDateTime(round.reviewEndsAt)}（北京时间）
        </Text>
        <Text size="sm">每份申报 {round.expertsPerApplication} 位专家</Text>
        <Text size="sm">{round.blind ? '匿名评审' : '实名评审'}</Text>
        {round.frozen && <Text size="sm">已有评分，评分项已锁定</Text>}
      </Group>
    </Alert>
  );
}
