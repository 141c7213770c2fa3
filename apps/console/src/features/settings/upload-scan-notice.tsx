import { Alert } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useAsync } from '@flagship/ui';
import { api } from '../../lib/api';
import { TONE } from '../../lib/tones';

/** Says when uploads are not scanned for malware (no ClamAV configured), or cannot be (clamd not answering). */
export function UploadScanNotice() {
  const state = useAsync((signal) => api.base.health(undefined, { signal }), []);
  const scan = state.data?.virusScan;
  if (scan === 'off') {
    return (
      <Alert color={TONE.warning} variant="light" icon={<IconShieldExclamation size={18} />} title="未配置病毒扫描">
        上传的文件未经恶意代码扫描即被接受。请运维人员设置 CLAMD_ADDRESS，连接 ClamAV 扫描服务（见运维文档）。
      </Alert>
    );
  }
  if (scan === 'down') {
    return (
      <Alert color={TONE.danger} variant="light" icon={<IconShieldExclamation size={18} />} title="病毒扫描服务无应答">
        在扫描服务恢复之前，所有文件上传都会被拒绝。请运维人员检查 ClamAV 扫描服务。
      </Alert>
    );
  }
  return null;
}
