import { useState } from 'react';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { expertBody, type ConsoleExpert, type ExpertInput } from '@flagship/api-client';
import { RegionSelect, RichTextField } from '@flagship/ui/form-fields';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { focusFirstError, showServerFieldErrors, toId, useAsync, zodValidate } from '@flagship/ui';
import { CategorySelect } from '../../components/category-select';
import { FormSection } from '../../components/form-section';
import { ImageInput } from '../../components/image-input';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';

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
  };
}

export default function ExpertEditPage() {
  const id = toId(useParams().id);
  const state = useAsync<ConsoleExpert | null>((signal) => (id ? api.console.expertGet({ id }, { signal }) : Promise.resolve(null)), [id]);
  return (
    <Page title={id ? '编辑专家' : '新增专家'} crumbs={[{ label: '专家库', to: '/experts' }]}>
      <AsyncView state={state}>{(expert) => <ExpertEditor key={expert?.id ?? 'new'} expert={expert ?? undefined} />}</AsyncView>
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
