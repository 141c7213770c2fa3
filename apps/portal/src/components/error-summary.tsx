import { useEffect, useRef } from 'react';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface SummaryItem {
  /** The id of the field's block on the page. */
  target: string;
  label: string;
  message: string;
}

export interface ErrorSummaryProps {
  title: string;
  message?: string;
  items: SummaryItem[];
  /** Take the focus when shown (an outcome the applicant must read, such as a refused submission). */
  focus?: boolean;
}

/**
 * An important outcome that stays on the page after its toast is gone: what went wrong, with a
 * link to each field concerned.
 */
export function ErrorSummary({ title, message, items, focus = false }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, [focus, title, message, items]);

  const goTo = (target: string) => (event: React.MouseEvent) => {
    const block = document.getElementById(target);
    if (!block) return;
    event.preventDefault();
    block.scrollIntoView({ block: 'center', behavior: 'smooth' });
    block.querySelector<HTMLElement>('[aria-invalid="true"], iframe, textarea, input:not([type="hidden"]):not([type="file"]), button')?.focus({ preventScroll: true });
  };

  return (
    <Alert ref={ref} tabIndex={-1} role="alert" color="#b02418" variant="light" icon={<IconAlertTriangle />} title={title} data-testid="error-summary">
      {message && <Text size="sm">{message}</Text>}
      {items.length > 0 && (
        <List size="sm" mt={message ? 'xs' : 0}>
          {items.map((item) => (
            <List.Item key={item.target}>
              <Anchor href={`#${item.target}`} onClick={goTo(item.target)} c="inherit" fw={600} underline="always">
                {item.label}
              </Anchor>
              ：{item.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
