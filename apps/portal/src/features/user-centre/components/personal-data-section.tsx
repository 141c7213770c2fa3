import { Button, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { api } from '../../../lib/api';

/** A copy of everything the platform holds about the applicant (PIPL), as one download. */
export function PersonalDataSection({ userId }: { userId: number }) {
  return (
    <Paper withBorder p="xl">
      <Title order={2} size="h4" className="fs-section-title" mb="sm">
        我的个人数据
      </Title>
      <Text size="sm" mb="md">
        下载平台保存的关于您的全部信息：账号与登录记录、企业认证、每一份申报（含草稿、已撤回和每次提交的回执）和您上传的全部文件，打包为一个 .zip 文件。
      </Text>
      <Button component="a" href={api.urls.personalData({ id: userId })} download variant="light" leftSection={<IconDownload size={16} />}>
        下载我的个人数据
      </Button>
    </Paper>
  );
}
