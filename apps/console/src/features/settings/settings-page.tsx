import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { settingsBody, type ConsoleSettings } from '@flagship/api-client';
import { RichTextField } from '@flagship/ui/form-fields';
import { focusFirstError, showServerFieldErrors, useAsync, zodValidate } from '@flagship/ui';
import { FormSection } from '../../components/form-section';
import { ImageInput } from '../../components/image-input';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { move } from '../../lib/list';
import { TONE } from '../../lib/tones';
import { UploadScanNotice } from './upload-scan-notice';

interface Banner {
  title: string;
  subtitle: string;
  link: string;
  image: number | string;
}

interface Values {
  siteTitle: string;
  about: string;
  friendlyLinks: { name: string; url: string }[];
  supportCredit: string;
  copyright: string;
  banners: Banner[];
  accessPasswordEnabled: boolean;
  staffTwoFactorRequired: boolean;
  /** A new password; empty keeps the current one. */
  accessPassword: string;
  /** Empty: keep drafts. */
  draftRetentionDays: number | string;
  /** Empty: the server's default. */
  orphanUploadGraceHours: number | string;
}

const orNull = (value: number | string) => (value === '' ? null : Number(value));

function toValues(settings: ConsoleSettings): Values {
  return {
    siteTitle: settings.siteTitle,
    about: settings.about,
    friendlyLinks: settings.friendlyLinks,
    supportCredit: settings.supportCredit,
    copyright: settings.copyright,
    banners: settings.banners.map((b) => ({ title: b.title, subtitle: b.subtitle, link: b.link, image: b.image })),
    accessPasswordEnabled: settings.accessPasswordEnabled,
    staffTwoFactorRequired: settings.staffTwoFactorRequired,
    accessPassword: '',
    draftRetentionDays: settings.draftRetentionDays ?? '',
    orphanUploadGraceHours: settings.orphanUploadGraceHours ?? '',
  };
}

function toBody(values: Values) {
  const { accessPassword, draftRetentionDays, orphanUploadGraceHours, ...rest } = values;
  return { ...rest, draftRetentionDays: orNull(draftRetentionDays), orphanUploadGraceHours: orNull(orphanUploadGraceHours), ...(accessPassword ? { accessPassword } : {}) };
}

/** What the daily retention job will do with these values, in words. */
function retentionSummary(values: Values, defaultGraceHours: number): string[] {
  const days = orNull(values.draftRetentionDays);
  const hours = orNull(values.orphanUploadGraceHours) ?? defaultGraceHours;
  return [
    days === null || !Number.isInteger(days) || days < 1
      ? '草稿：不自动删除。'
      : `草稿：每天凌晨 3:20（北京时间）删除申报已截止超过 ${days} 天的项目中从未提交的草稿，连同只被这些草稿使用的上传文件；已提交的申报不受影响。`,
    `文件：没有被任何申报、企业认证、头像或页面内容使用的上传文件，在上传 ${hours} 小时后删除${values.orphanUploadGraceHours === '' ? '（服务器默认值）' : ''}。`,
  ];
}

export default function SettingsPage() {
  const state = useAsync((signal) => api.console.settingsGet(undefined, { signal }), []);
  return (
    <Page title="站点设置" description="门户网站的名称、关于我们、页脚信息、首页横幅、访问密码和个人信息保留期限。">
      <UploadScanNotice />
      <AsyncView state={state}>{(settings) => <SettingsForm settings={settings} onSaved={(next) => state.setData(() => next)} />}</AsyncView>
    </Page>
  );
}

function SettingsForm({ settings, onSaved }: { settings: ConsoleSettings; onSaved: (settings: ConsoleSettings) => void }) {
  const [busy, setBusy] = useState(false);
  const validate = zodValidate<Values>(settingsBody);
  const form = useForm<Values>({
    initialValues: toValues(settings),
    validate: (values) => {
      const errors = validate(toBody(values) as Values);
      if (values.accessPasswordEnabled && !settings.accessPasswordSet && !values.accessPassword) errors.accessPassword = '开启访问密码前请先设置密码';
      return errors;
    },
  });

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = await api.console.settingsUpdate(toBody(values));
      showSuccess('站点设置已保存');
      onSaved(saved);
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  const links = form.values.friendlyLinks;
  const banners = form.values.banners;

  return (
    <form onSubmit={save} noValidate aria-label="站点设置">
      <Stack gap="lg">
        <FormSection title="基本信息">
          <TextInput label="站点名称" required description="显示在门户网站页头和浏览器标题中" maxLength={100} {...form.getInputProps('siteTitle')} />
          <SimpleGrid cols={2}>
            <TextInput label="技术支持" placeholder="例如：技术支持：某某信息技术有限公司" maxLength={200} {...form.getInputProps('supportCredit')} />
            <TextInput label="版权信息" placeholder="例如：© 2026 某某省文化和旅游厅" maxLength={200} {...form.getInputProps('copyright')} />
          </SimpleGrid>
        </FormSection>

        <FormSection
          title="友情链接"
          description="显示在门户网站页脚"
          actions={
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={links.length >= 20} onClick={() => form.insertListItem('friendlyLinks', { name: '', url: 'https://' })}>
              添加链接
            </Button>
          }
        >
          {links.length === 0 && (
            <Text size="sm" c="dimmed">
              暂无友情链接
            </Text>
          )}
          {links.map((_, index) => (
            <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput label={index === 0 ? '名称' : undefined} aria-label={`第 ${index + 1} 个链接的名称`} style={{ flex: 1 }} {...form.getInputProps(`friendlyLinks.${index}.name`)} />
              <TextInput label={index === 0 ? '链接地址' : undefined} aria-label={`第 ${index + 1} 个链接的地址`} style={{ flex: 2 }} {...form.getInputProps(`friendlyLinks.${index}.url`)} />
              <Group gap={2} mt={index === 0 ? 28 : 4} wrap="nowrap">
                <ActionIcon variant="subtle" color="ink" aria-label={`上移第 ${index + 1} 个链接`} disabled={index === 0} onClick={() => form.setFieldValue('friendlyLinks', move(links, index, -1))}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="ink" aria-label={`下移第 ${index + 1} 个链接`} disabled={index === links.length - 1} onClick={() => form.setFieldValue('friendlyLinks', move(links, index, 1))}>
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除第 ${index + 1} 个链接`} onClick={() => form.removeListItem('friendlyLinks', index)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </FormSection>

        <FormSection
          title="首页横幅"
          description="门户网站首页顶部轮播，最多 10 个"
          actions={
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={banners.length >= 10} onClick={() => form.insertListItem('banners', { title: '', subtitle: '', link: '', image: '' })}>
              添加横幅
            </Button>
          }
        >
          {banners.length === 0 && (
            <Text size="sm" c="dimmed">
              暂无横幅，首页将显示站点名称
            </Text>
          )}
          {banners.map((banner, index) => (
            <Paper key={index} withBorder p="md" radius="sm" bg="var(--mantine-color-ink-0)">
              <Group justify="space-between" mb="xs">
                <Badge variant="outline" color="ink" radius="sm">
                  横幅 {index + 1}
                </Badge>
                <Group gap={2}>
                  <ActionIcon variant="subtle" color="ink" aria-label={`上移横幅 ${index + 1}`} disabled={index === 0} onClick={() => form.setFieldValue('banners', move(banners, index, -1))}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="ink" aria-label={`下移横幅 ${index + 1}`} disabled={index === banners.length - 1} onClick={() => form.setFieldValue('banners', move(banners, index, 1))}>
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除横幅 ${index + 1}`} onClick={() => form.removeListItem('banners', index)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <Stack gap="sm">
                <SimpleGrid cols={2}>
                  <TextInput label="标题" required maxLength={100} {...form.getInputProps(`banners.${index}.title`)} />
                  <TextInput label="副标题" maxLength={200} {...form.getInputProps(`banners.${index}.subtitle`)} />
                </SimpleGrid>
                <TextInput label="点击跳转链接" placeholder="例如 /project 或 https://…" {...form.getInputProps(`banners.${index}.link`)} />
                <ImageInput
                  label="背景图片"
                  description="建议 1920 × 480"
                  value={banner.image === '' ? null : banner.image}
                  onChange={(value) => form.setFieldValue(`banners.${index}.image`, value ?? '')}
                  error={form.errors[`banners.${index}.image`]}
                  width={320}
                  height={80}
                />
              </Stack>
            </Paper>
          ))}
        </FormSection>

        <FormSection title="关于我们" description="门户网站「关于我们」页面的内容">
          <RichTextField label="关于我们" value={form.values.about} onChange={(html) => form.setFieldValue('about', html)} error={form.errors.about} />
        </FormSection>

        <FormSection title="访问密码" description="开启后，访客须输入访问密码才能浏览门户网站（例如正式上线前）；工作人员不受影响。">
          {form.values.accessPasswordEnabled && (
            <Alert color={TONE.warning} variant="light" icon={<IconLock size={18} />}>
              访问密码已开启：公众访问门户网站时需要先输入密码。
            </Alert>
          )}
          <Switch label="开启访问密码" {...form.getInputProps('accessPasswordEnabled', { type: 'checkbox' })} />
          <PasswordInput
            label={settings.accessPasswordSet ? '新的访问密码' : '访问密码'}
            description={settings.accessPasswordSet ? '已设置访问密码；留空则保持不变（8–64 位）' : '尚未设置访问密码（8–64 位）'}
            autoComplete="new-password"
            w={360}
            {...form.getInputProps('accessPassword')}
          />
        </FormSection>

        <FormSection title="两步验证" description="开启后，未启用两步验证的工作人员和评审专家登录后须先在「账号安全」中完成设置，才能进行其他操作。">
          <Switch label="工作人员必须启用两步验证" {...form.getInputProps('staffTwoFactorRequired', { type: 'checkbox' })} />
        </FormSection>

        <FormSection title="个人信息保留期限" description="依《个人信息保护法》，不再需要的个人信息应及时删除。以下期限由系统每天自动执行一次，并记录删除的数量。">
          <Group align="flex-start" grow maw={720}>
            <NumberInput
              label="草稿保留天数"
              description="项目申报截止后，未提交的草稿保留的天数（1–3650）；留空则不自动删除"
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('draftRetentionDays')}
            />
            <NumberInput
              label="未引用文件保留小时数"
              description={`未被使用的上传文件保留的小时数（1–8760）；留空使用服务器默认的 ${settings.orphanUploadGraceDefaultHours} 小时`}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('orphanUploadGraceHours')}
            />
          </Group>
          <Alert color={TONE.info} variant="light" title="按当前填写，系统将：">
            {retentionSummary(form.values, settings.orphanUploadGraceDefaultHours).map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Alert>
        </FormSection>

        <Group justify="flex-end" p="sm" className="fc-sticky-bar">
          <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
            保存设置
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
