import '@mantine/core/styles/Radio.css';
import './conflict-resolver.css';
import { useState } from 'react';
import { Badge, Button, CopyButton, Group, Modal, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { fieldValueToText } from '@flagship/api-client';
import { useTextLookups } from '@flagship/ui/form-fields';
import { defaultSide, type Difference, type Side } from '../lib/compare';

export interface ConflictResolverProps {
  opened: boolean;
  differences: Difference[];
  /** When the other copy was saved (already formatted). */
  savedAt: string;
  onApply: (choices: Record<string, Side>) => void;
  onClose: () => void;
}

/**
 * The application was saved elsewhere while this page had changes: each differing field with both
 * values, the applicant choosing one per field; this page's text can be copied out first.
 */
export function ConflictResolver({ opened, differences, savedAt, onApply, onClose }: ConflictResolverProps) {
  const lookups = useTextLookups();
  const [choices, setChoices] = useState<Record<string, Side>>(() => Object.fromEntries(differences.map((d) => [d.field.key, defaultSide(d)])));
  const text = (difference: Difference, value: unknown) => fieldValueToText(difference.field, value, lookups) || '（未填写）';

  return (
    <Modal opened={opened} onClose={onClose} title="申报内容已在别处更新" size="xl" centered>
      <Stack gap="md">
        <Text size="sm">
          这份申报在其他页面或设备上于北京时间 {savedAt} 保存过，与本页有 {differences.length} 处不同。请逐项选择要保留的内容；选择前可复制本页内容另存。
        </Text>
        {differences.map((difference) => {
          const { key, label } = difference.field;
          const plain = fieldValueToText(difference.field, difference.mine, lookups);
          const mine = plain || '（未填写）';
          return (
            <Paper key={key} withBorder p="md" data-testid="difference">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Title order={3} size="h5">
                  {label}
                </Title>
                <Badge variant="light" color={difference.changedHere ? 'cinnabar' : 'gray'}>
                  {difference.changedHere ? '本页已修改' : '仅在别处修改'}
                </Badge>
              </Group>
              <Radio.Group value={choices[key]} onChange={(side) => setChoices((current) => ({ ...current, [key]: side as Side }))} aria-label={`「${label}」保留哪一份`}>
                <Stack gap="xs">
                  <Radio value="mine" label="本页内容" description={<span className="fs-conflict__value">{mine}</span>} />
                  <Radio value="theirs" label="别处保存的内容" description={<span className="fs-conflict__value">{text(difference, difference.theirs)}</span>} />
                </Stack>
              </Radio.Group>
              {plain && (
                <CopyButton value={plain}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="subtle" mt="xs" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy}>
                      {copied ? '已复制' : '复制本页内容'}
                    </Button>
                  )}
                </CopyButton>
              )}
            </Paper>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            稍后处理
          </Button>
          <Button onClick={() => onApply(choices)}>采用所选内容</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
