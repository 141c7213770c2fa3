import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { ActionIcon, Anchor, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFile, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { ApiError, DEFAULT_UPLOAD_LIMIT, SessionInvalidError } from '@flagship/api-client';
import { useFormFieldServices } from './context';
import { formatSize } from '../format';

export interface FileUploadProps {
  label: string;
  description?: string;
  required?: boolean;
  error?: React.ReactNode;
  /** Upload ids. */
  value: number[];
  onChange: (ids: number[]) => void;
  /** Most files allowed (1 for a single file). */
  max?: number;
  /** `.pdf`, `image/*`, `application/pdf` */
  accept?: string[];
  maxSize?: number;
  images?: boolean;
  disabled?: boolean;
}

interface Pending {
  key: string;
  name: string;
  progress: number;
}

/** The types the server takes as images, for the picker of an image field. */
const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/** The file picker's `accept`: it offers only the field's types. */
function pickerAccept(accept: string[] | undefined, images: boolean | undefined): string | undefined {
  if (images) return IMAGE_TYPES;
  return accept?.length ? accept.join(',') : undefined;
}

function accepts(file: File, accept: string[] | undefined, images: boolean | undefined): boolean {
  const mime = file.type.toLowerCase();
  if (images && !mime.startsWith('image/')) return false;
  if (!accept?.length) return true;
  const name = file.name.toLowerCase();
  return accept.some((entry) => {
    const wanted = entry.toLowerCase();
    if (wanted.startsWith('.')) return name.endsWith(wanted);
    if (wanted.endsWith('/*')) return mime.startsWith(wanted.slice(0, -1));
    return mime === wanted;
  });
}

/** Files sent one by one through the app's upload service, with progress; the value is the list of upload ids. */
export function FileUpload({ label, description, required, error, value, onChange, max = 1, accept, maxSize = DEFAULT_UPLOAD_LIMIT, images, disabled }: FileUploadProps) {
  const services = useFormFieldServices();
  const [pending, setPending] = useState<Pending[]>([]);
  const [problem, setProblem] = useState<string>();
  const full = value.length + pending.length >= max;

  const upload = async (files: File[]) => {
    setProblem(undefined);
    let ids = [...value];
    for (const file of files) {
      if (ids.length >= max) {
        setProblem(`最多上传 ${max} 个文件`);
        break;
      }
      if (!accepts(file, accept, images)) {
        setProblem(images ? `「${file.name}」不是图片` : `「${file.name}」格式不符，仅支持 ${accept?.map((a) => (a === 'image/*' ? '图片' : a)).join('、')}`);
        continue;
      }
      if (file.size > maxSize) {
        setProblem(`「${file.name}」超过 ${formatSize(maxSize)}`);
        continue;
      }
      const key = `${file.name}-${Date.now()}`;
      setPending((list) => [...list, { key, name: file.name, progress: 0 }]);
      try {
        const result = await services.upload(file, (progress) => setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p))));
        ids = max === 1 ? [result.id] : [...ids, result.id];
        onChange(ids);
      } catch (error) {
        // The app's error policy has shown the message; a refusal also stays at the field.
        if (error instanceof ApiError && !(error instanceof SessionInvalidError)) setProblem(`「${file.name}」未能上传（${error.message}）`);
      } finally {
        setPending((list) => list.filter((p) => p.key !== key));
      }
    }
  };

  const acceptText = accept?.map((entry) => (entry === 'image/*' ? '图片' : entry)).join('、');
  const hint = [acceptText ? `支持 ${acceptText}` : images ? '支持图片' : '', `单个文件不超过 ${formatSize(maxSize)}`, max > 1 ? `最多 ${max} 个` : '']
    .filter(Boolean)
    .join('，');

  return (
    <Input.Wrapper label={label} description={description} required={required} error={error ?? problem}>
      <Stack gap={8} mt={4}>
        {value.map((id) => {
          const meta = services.fileMeta(id);
          return (
            <Group key={id} gap={8} wrap="nowrap" className="fs-upload-item">
              {images ? <IconPhoto size={18} aria-hidden="true" /> : <IconFile size={18} aria-hidden="true" />}
              <Anchor href={services.fileUrl(id)} target="_blank" rel="noopener noreferrer" size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                {meta?.name ?? `附件 #${id}`}
              </Anchor>
              {meta && (
                <Text size="xs" c="dimmed">
                  {formatSize(meta.size)}
                </Text>
              )}
              {!disabled && (
                <ActionIcon variant="subtle" color="red.9" aria-label={`删除 ${meta?.name ?? `附件 ${id}`}`} onClick={() => onChange(value.filter((v) => v !== id))}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          );
        })}
        {pending.map((p) => (
          <Stack key={p.key} gap={4}>
            <Text size="sm">正在上传「{p.name}」… {Math.round(p.progress * 100)}%</Text>
            <Progress value={p.progress * 100} size="sm" animated aria-label={`「${p.name}」上传进度`} />
          </Stack>
        ))}
        {!disabled && !full && (
          <Dropzone
            onDrop={(files) => void upload(files)}
            multiple={max > 1}
            className="fs-dropzone"
            aria-label={`上传${label}`}
            // Only the picker is narrowed: a dropped file of another type still reaches `upload`, which says why it is refused.
            inputProps={{ accept: pickerAccept(accept, images) }}
          >
            <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
              <IconUpload size={26} color="var(--mantine-color-cinnabar-7)" aria-hidden="true" />
              <div>
                <Text size="sm">将文件拖到此处，或点击选择文件</Text>
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
