import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A row of list filters: a keyword box (applied on Enter or 查询) and the selects given. */
export function FilterBar({ keyword, onKeyword, placeholder = '输入关键词', children, onReset }: { keyword: string; onKeyword: (keyword: string) => void; placeholder?: string; children?: ReactNode; onReset?: () => void }) {
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  return (
    <Paper withBorder p="sm" className="fc-panel">
      <form
        role="search"
        aria-label="筛选"
        onSubmit={(event) => {
          event.preventDefault();
          onKeyword(text.trim());
        }}
      >
        <Group gap="sm" align="flex-end">
          <TextInput label="关键词" placeholder={placeholder} value={text} onChange={(e) => setText(e.currentTarget.value)} w={240} leftSection={<IconSearch size={16} aria-hidden="true" />} />
          {children}
          <Button type="submit" variant="light">
            查询
          </Button>
          {onReset && (
            <Button variant="subtle" color="ink" onClick={onReset}>
              重置
            </Button>
          )}
        </Group>
      </form>
    </Paper>
  );
}
