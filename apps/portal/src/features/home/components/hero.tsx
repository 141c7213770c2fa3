import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { Settings } from '@flagship/api-client';
import { Link } from 'react-router-dom';

type Banner = Settings['banners'][number];

const FALLBACK: Banner = {
  title: '繁荣艺术创作 · 打造文化精品',
  subtitle: '面向全省艺术院团、文艺工作者与文化企业，提供项目申报、评审公示与成果展示一站式服务。',
  link: '/declaration',
  image: '',
};

export function Hero({ banners, siteTitle }: { banners: Banner[] | undefined; siteTitle: string }) {
  const list = banners && banners.length > 0 ? banners : [FALLBACK];
  const [index, setIndex] = useState(0);
  // WCAG 2.2.2: the visitor can stop the rotation (the button), and it holds while the pointer or
  // the focus is inside the banner.
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const rotating = list.length > 1 && !paused && !held.hover && !held.focus;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % list.length), 6000);
    return () => clearInterval(timer);
  }, [rotating, list.length]);
  const banner = list[index % list.length] ?? FALLBACK;
  const internal = banner.link.startsWith('/');

  return (
    <section
      className="fs-hero"
      aria-label="专题横幅"
      aria-roledescription="轮播"
      data-rotating={rotating || undefined}
      style={banner.image ? { backgroundImage: `url(${banner.image})` } : undefined}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <div className="fs-hero__inner">
        <Stack gap="md" maw={820}>
          <Text size="sm" fw={600} style={{ letterSpacing: '0.2em', color: '#f8e1df' }}>
            {siteTitle}
          </Text>
          <Title order={1} c="white" fz={40} lh={1.25}>
            {banner.title}
          </Title>
          {banner.subtitle && (
            <Text size="lg" style={{ color: '#f7f6f4' }}>
              {banner.subtitle}
            </Text>
          )}
          <Group mt="sm">
            <Button component={Link} to="/declaration" size="md" variant="white" color="cinnabar">
              立即申报
            </Button>
            {banner.link &&
              (internal ? (
                <Button component={Link} to={banner.link} size="md" variant="outline" color="white" style={{ color: '#fff', borderColor: '#fff' }}>
                  了解详情
                </Button>
              ) : (
                <Button component="a" href={banner.link} target="_blank" rel="noopener noreferrer" size="md" variant="outline" color="white" style={{ color: '#fff', borderColor: '#fff' }}>
                  了解详情
                </Button>
              ))}
          </Group>
          {list.length > 1 && (
            <Group gap={8} mt="md" align="center">
              <ActionIcon variant="subtle" color="white" size="md" onClick={() => setPaused((p) => !p)} aria-label={paused ? '继续轮播' : '暂停轮播'} style={{ color: '#fff' }}>
                {paused ? <IconPlayerPlayFilled size={16} /> : <IconPlayerPauseFilled size={16} />}
              </ActionIcon>
              {list.map((b, i) => (
                <UnstyledButton
                  key={`${b.title}-${i}`}
                  onClick={() => setIndex(i)}
                  aria-label={`第 ${i + 1} 张：${b.title}`}
                  aria-pressed={i === index}
                  style={{ width: i === index ? 28 : 10, height: 10, borderRadius: 5, background: i === index ? '#fff' : 'rgba(255,255,255,.5)', transition: 'width 200ms' }}
                />
              ))}
            </Group>
          )}
        </Stack>
      </div>
    </section>
  );
}
