import '@mantine/dropzone/styles.css';
import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Input, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconArrowDown, IconArrowUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { DEFAULT_UPLOAD_LIMIT } from '@flagship/api-client';
import { formatSize } from '@flagship/ui';
import { api } from '../lib/api';
import { fileHref } from '../lib/files';
import { move } from '../lib/list';
import { TONE } from '../lib/tones';

export interface AttachmentValue {
  name: string;
  url: string;
  size: number;
}

export interface AttachmentsInputProps {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  /** Errors by path (`attachments.0.name`), from the server or the form. */
  errors?: Record<string, ReactNode>;
  path?: string;
  value: AttachmentValue[];
  onChange: (value: AttachmentValue[]) => void;
  max?: number;
}

interface Pending {
  key: string;
  name: string;
  progress: number;
}

/** Files attached to a call or a notice: uploaded, renamed, ordered, removed. */
export function AttachmentsInput({ label, description, error, errors = {}, path = 'attachments', value, onChange, max = 20 }: AttachmentsInputProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [problem, setProblem] = useState<string>();

  const upload = async (files: File[]) => {
    setProblem(undefined);
    let list = [...value];
    for (const file of files) {
      if (list.length >= max) {
        setProblem(`最多 ${max} 个附件`);
        break;
      }
      if (file.size > DEFAULT_UPLOAD_LIMIT) {
        setProblem(`「${file.name}」超过 ${formatSize(DEFAULT_UPLOAD_LIMIT)}`);
        continue;
      }
      const key = `${file.name}-${Date.now()}`;
      setPending((current) => [...current, { key, name: file.name, progress: 0 }]);
      try {
        const result = await api.files.upload(
          { file },
          { onProgress: (progress) => setPending((current) => current.map((p) => (p.key === key ? { ...p, progress } : p))) },
        );
        list = [...list, { name: result.name, url: result.url, size: result.size }];
        onChange(list);
      } catch {
        // The error policy has shown the message.
      } finally {
        setPending((current) => current.filter((p) => p.key !== key));
      }
    }
  };

  return (
    <Input.Wrapper label={label} description={description} error={error ?? problem} labelElement="div">
      <Stack gap="xs" mt={6}>
        {value.length > 0 && (
          <Table withTableBorder verticalSpacing={6} aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>附件名称</Table.Th>
                <Table.Th w={90}>大小</Table.Th>
                <Table.Th w={120}>操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((item, index) => (
                <Table.Tr key={`${item.url}-${index}`}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        aria-label={`第 ${index + 1} 个附件的名称`}
                        size="xs"
                        style={{ flex: 1 }}
                        value={item.name}
                        error={errors[`${path}.${index}.name`] ?? errors[`${path}.${index}.url`]}
                        onChange={(event) => onChange(value.map((v, i) => (i === index ? { ...v, name: event.currentTarget.value } : v)))}
                      />
                      <Anchor href={fileHref(item.url)} target="_blank" rel="noopener noreferrer" size="xs">
                        查看
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {item.size ? formatSize(item.size) : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" color="ink" aria-label={`上移「${item.name}」`} disabled={index === 0} onClick={() => onChange(move(value, index, -1))}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="ink" aria-label={`下移「${item.name}」`} disabled={index === value.length - 1} onClick={() => onChange(move(value, index, 1))}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除「${item.name}」`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pending.map((p) => (
          <Stack key={p.key} gap={4}>
            <Text size="sm">正在上传「{p.name}」… {Math.round(p.progress * 100)}%</Text>
            <Progress value={p.progress * 100} size="sm" animated aria-label={`「${p.name}」上传进度`} />
          </Stack>
        ))}
        {value.length < max && (
          <Dropzone onDrop={(files) => void upload(files)} multiple aria-label={`上传${label}`} className="fc-dropzone">
            <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
              <IconUpload size={22} color="var(--mantine-color-cinnabar-7)" aria-hidden="true" />
              <div>
                <Text size="sm">将文件拖到此处，或点击选择文件</Text>
                <Text size="xs" c="dimmed">
                  单个文件不超过 {formatSize(DEFAULT_UPLOAD_LIMIT)}，最多 {max} 个
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
