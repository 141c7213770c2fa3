import { Anchor, Group, Stack, Text } from '@mantine/core';

export interface FooterLink {
  name: string;
  url: string;
}

export interface FooterProps {
  /** Friendly links to external arts sites (two, from the settings). */
  links: FooterLink[];
  supportCredit: string;
  copyright: string;
}

export function Footer({ links, supportCredit, copyright }: FooterProps) {
  return (
    <div className="fs-footer">
      <Stack gap={8} align="center">
        {links.length > 0 && (
          <Group gap="lg" justify="center" component="nav" aria-label="友情链接">
            <Text size="sm" className="fs-footer__label">
              友情链接
            </Text>
            {links.map((link) => (
              <Anchor key={link.url} href={link.url} target="_blank" rel="noopener noreferrer" size="sm" className="fs-footer__link">
                {link.name}
              </Anchor>
            ))}
          </Group>
        )}
        {supportCredit && (
          <Text size="sm" className="fs-footer__text">
            {supportCredit}
          </Text>
        )}
        {copyright && (
          <Text size="sm" className="fs-footer__text">
            {copyright}
          </Text>
        )}
      </Stack>
    </div>
  );
}
