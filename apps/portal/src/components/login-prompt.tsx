import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export function LoginPrompt({ text = '登录后才能查看此页面' }: { text?: string }) {
  return (
    <Paper withBorder p="xl" maw={480} mx="auto" my="xl">
      <Stack align="center">
        <Text>{text}</Text>
        <Button component={Link} to="/login">
          去登录
        </Button>
      </Stack>
    </Paper>
  );
}
