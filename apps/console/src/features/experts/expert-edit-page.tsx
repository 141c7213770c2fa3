import { useState } from 'react';
import { Badge, Button, Group, NumberInput, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconMailForward, IconSend } from '@tabler/icons-react';
import { ApiError, expertBody, flattenIssues, inviteExpertBody, type ConsoleExpert, type ExpertAccount, type ExpertInput } from '@flagship/api-client';
import { RegionSelect, RichTextField } from '@flagship/ui/form-fields';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { focusFirstError, formatDateTime, showServerFieldErrors, toId, useAsync, zodValidate } from '@flagship/ui';
import { CategorySelect } from '../../components/category-select';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormSection } from '../../components/form-section';
import { ImageInput } from '../../components/image-input';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { TONE } from '../../lib/tones';
import { EnterprisePicker, type EnterpriseSearch } from '../../components/enterprise-picker';

const SEARCH: EnterpriseSearch = (keyword, signal) => api.console.enterpriseList({ keyword, pageSize: 20 }, { signal, silent: true });

type Values = Required<Omit<ExpertInput, 'photo'>> & { photo: number | string | null };

function toValues(expert?: ConsoleExpert): Values {
  return {
    name: expert?.name ?? '',
    photo: expert?.photo ?? null,
    title: expert?.title ?? '',
    organisation: expert?.organisation ?? '',
    specialities: expert?.specialities ?? [],
    categoryId: expert?.categoryId ?? null,
    regionId: expert?.regionId ?? null,
    biography: expert?.biography ?? '',
    published: expert?.published ?? true,
    sort: expert?.sort ?? 0,
    declaredInterests: expert?.declaredInterests ?? '',
    interestEnterpriseIds: expert?.interestEnterpriseIds ?? [],
  };
}

export default function ExpertEditPage() {
  const id = toId(useParams().id);
  const state = useAsync<ConsoleExpert | null>((signal) => (id ? api.console.expertGet({ id }, { signal }) : Promise.resolve(null)), [id]);
  return (
    <Page title={id ? '编辑专家' : '新增专家'} crumbs={[{ label: '专家库', to: '/experts' }]}>
      <AsyncView state={state}>
        {(expert) => (
          <Stack gap="lg">
            <ExpertEditor key={expert?.id ?? 'new'} expert={expert ?? undefined} />
            {expert && <ReviewAccount key={`account-${expert.id}`} expert={expert} />}
          </Stack>
        )}
      </AsyncView>
    </Page>
  );
}

function ExpertEditor({ expert }: { expert?: ConsoleExpert }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ initialValues: toValues(expert), validate: zodValidate(expertBody) });

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = expert ? await api.console.expertUpdate({ id: expert.id, ...values }) : await api.console.expertCreate(values);
      showSuccess(expert ? '专家信息已保存' : '专家已添加');
      if (expert) {
        form.setValues(toValues(saved));
        form.resetDirty(toValues(saved));
      } else void navigate(`/experts/${saved.id}`, { replace: true });
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  return (
    <form onSubmit={save} noValidate aria-label="专家信息">
      <Stack gap="lg">
        <FormSection title="基本信息">
          <SimpleGrid cols={2}>
            <TextInput label="姓名" required maxLength={50} {...form.getInputProps('name')} />
            <TextInput label="职称" placeholder="例如：国家一级导演" maxLength={100} {...form.getInputProps('title')} />
          </SimpleGrid>
          <TextInput label="工作单位" maxLength={200} {...form.getInputProps('organisation')} />
          <TagsInput label="专长" description="输入后回车，可添加多项（最多 20 项）" placeholder="例如：戏剧编导" maxTags={20} {...form.getInputProps('specialities')} />
          <SimpleGrid cols={2}>
            <CategorySelect kind="expert" label="分类" value={form.values.categoryId} onChange={(value) => form.setFieldValue('categoryId', value)} error={form.errors.categoryId} />
            <RegionSelect label="地区" value={form.values.regionId} onChange={(value) => form.setFieldValue('regionId', value)} error={form.errors.regionId} />
          </SimpleGrid>
          <ImageInput label="照片" description="建议 3:4 的证件照" value={form.values.photo} onChange={(value) => form.setFieldValue('photo', value)} error={form.errors.photo} width={150} height={200} />
        </FormSection>
        <FormSection title="简介">
          <RichTextField label="专家简介" value={form.values.biography} onChange={(html) => form.setFieldValue('biography', html)} error={form.errors.biography} />
        </FormSection>
        <FormSection title="利益关联" description="专家任职或合作的单位。自动分配评审时，与申报单位有关联的专家会被避开。">
          <Textarea label="声明的利益关联" description="每行一个单位名称，最多 2000 字" autosize minRows={3} maxRows={8} maxLength={2000} {...form.getInputProps('declaredInterests')} />
          <EnterprisePicker search={SEARCH}
            value={form.values.interestEnterpriseIds}
            initial={expert?.interestEnterprises ?? []}
            onChange={(ids) => form.setFieldValue('interestEnterpriseIds', ids)}
            error={form.errors.interestEnterpriseIds}
          />
        </FormSection>
        <FormSection title="显示">
          <SimpleGrid cols={2}>
            <Switch label="在门户网站专家库中显示" mt={28} {...form.getInputProps('published', { type: 'checkbox' })} />
            <NumberInput label="排序" description="数字越小越靠前" allowDecimal={false} {...form.getInputProps('sort')} />
          </SimpleGrid>
        </FormSection>
        <Group justify="flex-end" p="sm" className="fc-sticky-bar">
          <Button variant="default" component={Link} to="/experts">
            返回列表
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}


type AccountStatus = 'invited' | 'accepted' | 'disabled';
const ACCOUNT_STATUS: Record<AccountStatus, { label: string; color: string }> = {
  invited: { label: '已邀请', color: TONE.info },
  accepted: { label: '已接受', color: TONE.success },
  disabled: { label: '已停用', color: TONE.neutral },
};
const accountStatus = (account: ExpertAccount): AccountStatus => (account.disabled ? 'disabled' : account.accepted ? 'accepted' : 'invited');

/** The expert's review account: invite, resend while not accepted, disable or enable. */
function ReviewAccount({ expert }: { expert: ConsoleExpert }) {
  const [account, setAccount] = useState(expert.account);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [toggling, setToggling] = useState(false);

  const invite = async (to: string) => {
    const checked = inviteExpertBody.safeParse({ account: to });
    if (!checked.success) {
      setError(flattenIssues(checked.error).account ?? '账号不正确');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      setAccount(await api.console.expertInvite({ id: expert.id, account: checked.data.account }));
      showSuccess(account ? '邀请已重新发送' : '邀请已发送');
    } catch (caught) {
      // The error policy shows the message; a field error is shown under the field as well.
      if (caught instanceof ApiError && caught.fields.account) setError(caught.fields.account);
    } finally {
      setBusy(false);
    }
  };

  const status = account ? accountStatus(account) : null;
  return (
    <FormSection title="评审账号" description="邀请专家参加评审：专家通过邀请设置密码后，使用此账号登录管理后台的专家工作台，只能看到分配给自己的评审任务。">
      {account && status ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Text size="sm">
              账号：<span className="fc-mono">{account.account}</span>
            </Text>
            <Badge color={ACCOUNT_STATUS[status].color} variant="light" radius="sm">
              {ACCOUNT_STATUS[status].label}
            </Badge>
            <Text size="sm" c="dimmed">
              邀请时间 {formatDateTime(account.invitedAt)}
            </Text>
          </Group>
          <Group gap="sm">
            {status === 'invited' && (
              <Button variant="default" leftSection={<IconMailForward size={16} />} loading={busy} onClick={() => void invite(account.account)}>
                重发邀请
              </Button>
            )}
            <Button variant="default" color={account.disabled ? undefined : TONE.danger} onClick={() => setToggling(true)}>
              {account.disabled ? '启用账号' : '停用账号'}
            </Button>
          </Group>
          <ConfirmModal
            opened={toggling}
            title={account.disabled ? '启用评审账号' : '停用评审账号'}
            danger={!account.disabled}
            confirmLabel={account.disabled ? '启用' : '停用'}
            onClose={() => setToggling(false)}
            onConfirm={async () => {
              const next = await api.console.expertAccountUpdate({ id: expert.id, disabled: !account.disabled });
              setAccount(next);
              showSuccess(next.disabled ? '评审账号已停用' : '评审账号已启用');
            }}
          >
            {account.disabled
              ? `启用后，${expert.name}可以再次登录并继续评审。`
              : `停用后，${expert.name}不能再登录评审，尚未完成的评审任务需重新分配；专家库中的信息保留。`}
          </ConfirmModal>
        </Stack>
      ) : (
        <form
          aria-label="邀请专家"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void invite(address);
          }}
        >
          <Group align="flex-start" gap="sm">
            <TextInput
              label="邀请到（电子邮箱或手机号）"
              description="邀请链接发送到这里，它也是专家登录的账号"
              placeholder="例如：zhang@example.com 或 13800138000"
              w={360}
              maxLength={50}
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" mt={46} leftSection={<IconSend size={16} />} loading={busy}>
              发送邀请
            </Button>
          </Group>
        </form>
      )}
    </FormSection>
  );
}
