import { Group, TextInput, type TextInputProps } from '@mantine/core';
import { Captcha } from '../../../components/captcha';

export function CaptchaInput({ version, ...props }: TextInputProps & { version: number }) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput label="图形验证码" required placeholder="请输入右侧字符" autoComplete="off" style={{ flex: 1 }} {...props} />
      <div style={{ marginTop: 25 }}>
        <Captcha version={version} />
      </div>
    </Group>
  );
}
