import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { RegionSelect } from '@flagship/ui/form-fields';
import type { useQueryParams } from '@flagship/ui';

export function ExpertFilters({ query, categories }: { query: ReturnType<typeof useQueryParams>; categories: { id: number; name: string }[] }) {
  const [keyword, setKeyword] = useState(query.get('keyword'));
  return (
    <Paper withBorder p="md" mb="lg">
      <Group
        component="form"
        align="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          query.set({ keyword: keyword.trim() });
        }}
      >
        <TextInput label="关键词" placeholder="姓名、单位或专长" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} w={240} />
        <Select
          label="领域"
          placeholder="全部领域"
          clearable
          data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          value={query.get('categoryId') || null}
          onChange={(value) => query.set({ categoryId: value })}
          w={180}
        />
        <RegionSelect label="地区" placeholder="全部地区" value={query.number('regionId')} onChange={(id) => query.set({ regionId: id })} w={260} />
        <Button type="submit" leftSection={<IconSearch size={16} />}>
          查询
        </Button>
      </Group>
    </Paper>
  );
}
