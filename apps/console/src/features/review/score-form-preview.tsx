import { useState } from 'react';
import { NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_RECOMMENDATION_LABELS, REVIEW_RECOMMENDATIONS } from '@flagship/api-client';
import type { CriterionValues } from './review-shared';

/** The score form as the expert will see it, from the scheme being edited (nothing is saved). */
export function ScoreFormPreview({ criteria, applicantComments }: { criteria: CriterionValues[]; applicantComments: boolean }) {
  const [scores, setScores] = useState<Record<string, number | string>>({});
  const totalWeight = criteria.reduce((sum, c) => sum + (Number(c.weight) || 0), 0);
  return (
    <Stack gap="md">
      {criteria.map((criterion, index) => {
        const share = totalWeight > 0 ? Math.round(((Number(criterion.weight) || 0) / totalWeight) * 100) : 0;
        const label = `${index + 1}. ${criterion.label || '（未命名评分项）'}`;
        return (
          <Stack key={criterion.key} gap={4}>
            <NumberInput
              label={`${label}（${criterion.min}–${criterion.max} 分，占 ${share}%）`}
              description={criterion.guidance || undefined}
              min={Number(criterion.min) || 0}
              max={Number(criterion.max) || undefined}
              allowDecimal={false}
              w={360}
              value={scores[criterion.key] ?? ''}
              onChange={(value) => setScores((current) => ({ ...current, [criterion.key]: value }))}
            />
            {criterion.bands.length > 0 && (
              <Text size="xs" c="dimmed">
                {criterion.bands.map((b) => `${b.min}–${b.max} 分：${b.label || '—'}`).join('；')}
              </Text>
            )}
          </Stack>
        );
      })}
      <Radio.Group label="推荐意见" required>
        <Stack gap={6} mt={6}>
          {REVIEW_RECOMMENDATIONS.map((value) => (
            <Radio key={value} value={value} label={REVIEW_RECOMMENDATION_LABELS[value]} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea label="给项目办公室的意见" description="仅工作人员可见" autosize minRows={2} />
      {applicantComments && <Textarea label="给申报人的意见" description="将随审核结果展示给申报人，不显示评审专家姓名" autosize minRows={2} />}
    </Stack>
  );
}
