import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { expertInterestsBody } from '@flagship/api-client';
import { showServerFieldErrors, useAsync, zodValidate } from '@flagship/ui';
import { FormSection } from '../../components/form-section';
import { InfoTable } from '../../components/info-table';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { EnterprisePicker, type EnterpriseSearch } from '../../components/enterprise-picker';

const SEARCH: EnterpriseSearch = (keyword, signal) => api.enterprise.list({ keyword, pageSize: 20 }, { signal, silent: true });

type Profile = Awaited<ReturnType<typeof api.console.myProfile>>;

interface Values {
  declaredInterests: string;
  interestEnterpriseIds: number[];
}

export default function MyProfilePage() {
  const state = useAsync<Profile>((signal) => api.console.myProfile(undefined, { signal }), []);
  return (
    <Page title="我的信息" description="专家库中您的信息，以及您声明的利益关联。分配评审时，与申报单位有关联的专家会被自动避开。">
      <AsyncView state={state}>
        {(profile) => (
          <Stack gap="lg">
            <FormSection title="专家库信息" description="如需修改，请联系项目办公室">
              <InfoTable
                rows={[
                  ['姓名', profile.name],
                  ['职称', profile.title],
                  ['工作单位', profile.organisation],
                  [
                    '专长',
                    profile.specialities.length ? (
                      <Group gap={6}>
                        {profile.specialities.map((s) => (
                          <Badge key={s} variant="light" color="ink" radius="sm">
                            {s}
                          </Badge>
                        ))}
                      </Group>
                    ) : (
                      ''
                    ),
                  ],
                ]}
              />
            </FormSection>
            <InterestsForm profile={profile} onSaved={(next) => state.setData(() => next)} />
          </Stack>
        )}
      </AsyncView>
    </Page>
  );
}

function InterestsForm({ profile, onSaved }: { profile: Profile; onSaved: (next: Profile) => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { declaredInterests: profile.declaredInterests, interestEnterpriseIds: profile.interestEnterpriseIds },
    validate: zodValidate(expertInterestsBody),
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const next = await api.console.myProfileUpdate(values);
      form.resetDirty(values);
      onSaved(next);
      showSuccess('利益关联已保存');
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormSection title="利益关联" description="您任职、兼职、担任顾问或有合作关系的单位。请如实填写并及时更新。">
        <Textarea
          label="声明的利益关联"
          description="每行一个单位名称，最多 2000 字"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={2000}
          {...form.getInputProps('declaredInterests')}
        />
        <EnterprisePicker search={SEARCH}
          value={form.values.interestEnterpriseIds}
          initial={profile.interestEnterprises}
          onChange={(ids) => form.setFieldValue('interestEnterpriseIds', ids)}
          error={form.errors.interestEnterpriseIds}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {form.isDirty() ? '有未保存的修改' : ''}
          </Text>
          <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
            保存
          </Button>
        </Group>
      </FormSection>
    </form>
  );
}

