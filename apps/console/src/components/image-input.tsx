import '@mantine/dropzone/styles.css';
import { useState, type ReactNode } from 'react';
import { Button, Group, Image, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { DEFAULT_UPLOAD_LIMIT } from '@flagship/api-client';
import { formatSize } from '@flagship/ui';
import { api } from '../lib/api';
import { fileHref } from '../lib/files';
import { TONE } from '../lib/tones';

export interface ImageInputProps {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  /** An upload id (just uploaded) or the stored link (`/api/file/12` or an https URL). */
  value: number | string | null;
  onChange: (value: number | string | null) => void;
  /** Preview box size. */
  width?: number;
  height?: number;
}

/** One image: uploaded through /admin/upload, previewed, removable. */
export function ImageInput({ label, description, error, value, onChange, width = 240, height = 135 }: ImageInputProps) {
  const [progress, setProgress] = useState<number>();
  const [problem, setProblem] = useState<string>();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    if (file.size > DEFAULT_UPLOAD_LIMIT) {
      setProblem(`「${file.name}」超过 ${formatSize(DEFAULT_UPLOAD_LIMIT)}`);
      return;
    }
    setProgress(0);
    try {
      const result = await api.files.upload({ file }, { onProgress: setProgress });
      onChange(result.id);
    } catch {
      // The error policy has shown the message.
    } finally {
      setProgress(undefined);
    }
  };

  const src = value === null || value === '' ? undefined : fileHref(value);
  return (
    <Input.Wrapper label={label} description={description} error={error ?? problem} labelElement="div">
      <Group align="flex-start" gap="md" mt={6} wrap="nowrap">
        <Paper withBorder w={width} h={height} className="fc-image-preview" radius="sm">
          {src ? (
            <Image src={src} alt={`${label}预览`} w={width - 2} h={height - 2} fit="cover" radius="sm" />
          ) : (
            <Stack align="center" justify="center" h="100%" gap={4}>
              <IconPhoto size={28} color="var(--mantine-color-ink-4)" aria-hidden="true" />
              <Text size="xs" c="dimmed">
                未上传
              </Text>
            </Stack>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: 1 }}>
          <Dropzone
            onDrop={(files) => void upload(files[0])}
            onReject={() => setProblem('请选择图片文件（JPG、PNG、GIF、WebP）')}
            accept={IMAGE_MIME_TYPE}
            multiple={false}
            loading={progress !== undefined}
            aria-label={`上传${label}`}
            className="fc-dropzone"
          >
            <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
              <IconUpload size={22} color="var(--mantine-color-cinnabar-7)" aria-hidden="true" />
              <Text size="sm">{src ? '拖入或点击更换图片' : '拖入或点击上传图片'}</Text>
            </Group>
          </Dropzone>
          {progress !== undefined && <Progress value={progress * 100} size="sm" animated aria-label={`${label}上传进度`} />}
          {src && (
            <Group>
              <Button size="xs" variant="subtle" color={TONE.danger} leftSection={<IconTrash size={14} />} onClick={() => onChange(null)}>
                移除图片
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
