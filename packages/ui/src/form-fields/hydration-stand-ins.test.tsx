import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormField } from '@flagship/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { FieldInput, FormFieldsProvider, type FormFieldServices } from './index';

// Rendered to a string here, as the server renders: `useHydrated` answers what the test sets, so
// that the same field can be drawn by its stand-in and by the real component.
const state = vi.hoisted((): { hydrated: boolean | null } => ({ hydrated: false }));
// null: the real hook (the browser's hydration).
vi.mock('../use-hydrated', async (original) => {
  const real = await original<{ useHydrated: () => boolean }>();
  return { useHydrated: () => (state.hydrated ?? real.useHydrated()) };
});

const services: FormFieldServices = {
  upload: () => Promise.reject(new Error('no uploads here')),
  fileUrl: (id) => `/api/file/${id}`,
  fileMeta: () => undefined,
  regionOptions: [
    { value: '1', label: '浙江省' },
    { value: '13', label: '浙江省 / 杭州市 / 上城区' },
  ],
  regionName: () => undefined,
};

/** `env="test"`: no transitions or portals, for clicking through a dropdown (it then renders in place). */
function Page({ children, regions = services, env }: { children: ReactNode; regions?: FormFieldServices; env?: 'test' }) {
  return (
    <MantineProvider theme={theme} env={env}>
      <DatesProvider settings={{ locale: 'zh-cn' }}>
        <FormFieldsProvider value={regions}>{children}</FormFieldsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

/**
 * The HTML as it draws: the ids React makes (`useId`) numbered in the order they first appear (so
 * that a label's `for` and an input's `aria-describedby` must still name the right element),
 * `readonly` and the hidden inputs that carry a value for a form post (none of ours posts) left
 * out, each element's attributes, classes and style declarations in one order.
 */
function drawn(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const out: string[] = [];
  const ids = new Map<string, string>();
  const numbered = (value: string) => value.replace(/mantine-_R_\w+?_/g, (id) => ids.get(id) ?? ids.set(id, `ID${ids.size + 1}`).get(id) ?? id);
  const walk = (node: Node, depth: number) => {
    if (node instanceof Element) {
      if (node.tagName === 'INPUT' && node.getAttribute('type') === 'hidden') return;
      const attributes = [...node.attributes]
        // Stand-ins are read-only (nothing typed before hydration can be lost); Mantine draws
        // read-only inputs as any other.
        .filter((a) => a.name !== 'readonly')
        .map((a) => {
          if (a.name === 'class') return `class=${a.value.split(/\s+/).sort().join(' ')}`;
          if (a.name === 'style') return `style=${a.value.split(';').map((d) => d.trim()).filter(Boolean).sort().join(';')}`;
          return `${a.name}=${numbered(a.value)}`;
        })
        .sort();
      out.push(`${'  '.repeat(depth)}<${node.tagName.toLowerCase()} ${attributes.join(' ')}>`);
    } else if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
      out.push(`${'  '.repeat(depth)}${node.textContent.trim()}`);
    }
    for (const child of node.childNodes) walk(child, depth + 1);
  };
  walk(template.content, 0);
  return out.join('\n');
}

/** The page's HTML as the server writes it, with `useHydrated` answering `hydrated`. */
function rawHtml(ui: ReactNode, hydrated: boolean, regions?: FormFieldServices) {
  state.hydrated = hydrated;
  return renderToStaticMarkup(<Page regions={regions}>{ui}</Page>);
}

const serverHtml = (ui: ReactNode, hydrated: boolean, regions?: FormFieldServices) => drawn(rawHtml(ui, hydrated, regions));

const genre: FormField = { kind: 'select', key: 'genre', label: '艺术门类', required: true, options: [{ label: '戏剧', value: 'drama' }, { label: '音乐', value: 'music' }] };
const region: FormField = { kind: 'region', key: 'unitRegion', label: '所在地区', required: true };
const amount: FormField = { kind: 'money', key: 'amount', label: '申请金额', required: true, min: 0, max: 2_000_000 };
const start: FormField = { kind: 'date', key: 'startDate', label: '计划开始日期', required: false };
const name: FormField = { kind: 'text', key: 'projectName', label: '项目名称', required: true, maxLength: 100, help: '与立项文件一致', placeholder: '请输入' };
const summary: FormField = { kind: 'textarea', key: 'summary', label: '项目简介', required: true, maxLength: 2000 };
const notes: FormField = { kind: 'textarea', key: 'notes', label: '备注' };

afterEach(() => {
  state.hydrated = false;
});

describe('a field drawn by its stand-in until hydration', () => {
  const cases: [string, FormField, unknown][] = [
    ['a select with a choice', genre, 'music'],
    ['a select without one', genre, ''],
    ['a select with a value it does not offer', genre, 'opera'],
    ['a region with a choice', region, 13],
    ['a region without one', region, null],
    ['an amount', amount, 180_000],
    ['an amount with cents', amount, 1_234_567.8],
    ['an amount of zero', amount, 0],
    ['a negative amount', amount, -1_234.5],
    ['no amount', amount, null],
    ['a date', start, '2027-03-01'],
    ['no date', start, ''],
    ['a text with help', name, '乡村美育巡演计划'],
    ['an empty text', name, ''],
    ['a mobile number', { kind: 'mobile', key: 'contactMobile', label: '联系电话', required: true }, '13800138000'],
    ['an email address', { kind: 'email', key: 'contactEmail', label: '电子邮箱' }, 'bench@example.org'],
    ['an identity card number', { kind: 'idCard', key: 'idCard', label: '身份证号' }, '11010519491231002X'],
    ['a credit code', { kind: 'creditCode', key: 'creditCode', label: '统一社会信用代码' }, '91330000MA27XXXX1A'],
    ['a text area with its count', summary, '以县域剧场与文化礼堂为主阵地。\n第二段。'],
    ['an empty text area without a limit', notes, ''],
  ];

  it.each(cases)('draws %s as the real component draws it', (_, field, value) => {
    for (const options of [{}, { error: '请填写' }, { error: <strong>请填写</strong> }, { error: '请填写', disabled: true }, { disabled: true }]) {
      const ui = <FieldInput field={field} value={value} onChange={() => {}} path={field.key} {...options} />;
      const standIn = serverHtml(ui, false);
      expect(standIn).not.toBe('');
      expect(standIn).toBe(serverHtml(ui, true));
      // Once hydrated it is the real component that draws, not the stand-in again.
      expect(rawHtml(ui, false)).not.toBe(rawHtml(ui, true));
    }
  });

  // Values the stand-ins would not show as the real component does: the real one is drawn.
  it.each([
    ['an amount of more than two decimals', amount, 1.999],
    ['an amount in exponent notation', amount, 1e-7],
    ['a date and time', start, '2027-03-01T08:00:00.000Z'],
  ] as [string, FormField, unknown][])('draws %s with the real component', (_, field, value) => {
    const ui = <FieldInput field={field} value={value} onChange={() => {}} path={field.key} />;
    expect(rawHtml(ui, false)).toBe(rawHtml(ui, true));
  });

  it.each([name, summary, genre, amount, start])('draws $kind in a table cell (compact) as the real component draws it', (field) => {
    const ui = <FieldInput field={field} value={null} onChange={() => {}} path={`rows.0.${field.key}`} compact />;
    expect(serverHtml(ui, false)).toBe(serverHtml(ui, true));
  });

  it('draws a region without its label while the regions are not loaded, as the Select does', () => {
    const unloaded = { ...services, regionOptions: [] };
    const ui = <FieldInput field={region} value={13} onChange={() => {}} path="unitRegion" />;
    expect(serverHtml(ui, false, unloaded)).toBe(serverHtml(ui, true, unloaded));
  });

  it('is not the real component, and takes no typing that hydration would throw away', () => {
    const standIns = rawHtml(
      <>
        <FieldInput field={genre} value="music" onChange={() => {}} path="genre" />
        <FieldInput field={region} value={13} onChange={() => {}} path="unitRegion" />
        <FieldInput field={amount} value={180_000} onChange={() => {}} path="amount" />
        <FieldInput field={start} value="2027-03-01" onChange={() => {}} path="startDate" />
        <FieldInput field={name} value="乡村美育" onChange={() => {}} path="projectName" />
        <FieldInput field={summary} value="简介" onChange={() => {}} path="summary" />
      </>,
      false,
    );
    expect(standIns).toContain('value="音乐"');
    expect(standIns).toContain('value="180,000"');
    // The real Select, DateInput and NumberInput each write a hidden input or a formatter's input.
    expect(standIns).not.toContain('type="hidden"');
    const inputs = [...standIns.matchAll(/<(?:input|textarea) [^>]*>/g)].map(([tag]) => tag);
    expect(inputs).toHaveLength(6);
    for (const tag of inputs) expect(tag).toContain('readOnly=""');
  });
});

describe('hydrating a page with stand-ins', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('matches the server’s HTML, then puts the real inputs in place', async () => {
    const onChange = vi.fn();
    const ui = (
      <Page env="test">
        <FieldInput field={genre} value="drama" onChange={onChange} path="genre" />
        <FieldInput field={amount} value={180_000} onChange={onChange} path="amount" />
        <FieldInput field={start} value="2027-03-01" onChange={onChange} path="startDate" />
        <FieldInput field={region} value={13} onChange={onChange} path="unitRegion" />
        <FieldInput field={name} value="乡村" onChange={onChange} path="projectName" />
        <FieldInput field={summary} value="简介" onChange={onChange} path="summary" />
      </Page>
    );
    state.hydrated = false;
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    // Someone tabbed into a field before the page was hydrated.
    container.querySelector<HTMLInputElement>('[data-field="projectName"]')?.focus();
    expect(document.activeElement?.getAttribute('readonly')).not.toBeNull();
    // Mantine's autosizing text area listens for fonts loading, which happy-dom lacks.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
    // Hydration as the browser's: the server's snapshot first, then the browser's.
    state.hydrated = null;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, ui, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    // The focus moved to the real input, which takes typing.
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.getAttribute('data-field')).toBe('projectName');
    expect(focused.readOnly).toBe(false);
    await userEvent.type(focused, '甲');
    expect(onChange).toHaveBeenLastCalledWith('乡村甲');
    await userEvent.type(screen.getByLabelText(/项目简介/), '。');
    expect(onChange).toHaveBeenLastCalledWith('简介。');

    // The real Select now: it opens and chooses.
    await userEvent.click(screen.getByRole('combobox', { name: '艺术门类' }));
    await userEvent.click(await screen.findByRole('option', { name: '音乐' }));
    expect(onChange).toHaveBeenCalledWith('music');
    // The real NumberInput: typing changes the amount.
    const money = screen.getByLabelText(/申请金额/);
    await userEvent.clear(money);
    await userEvent.type(money, '2500');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(2500));
    expect((screen.getByLabelText(/计划开始日期/) as HTMLInputElement).value).toBe('2027-03-01');
    expect((screen.getByRole('combobox', { name: /所在地区/ }) as HTMLInputElement).value).toBe('浙江省 / 杭州市 / 上城区');
  });
});
