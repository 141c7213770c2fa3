import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DatesProvider } from '@mantine/dates';
import { ApiError, Errno, type FormField } from '@flagship/api-client';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { ApplyView, FieldInput, FormFieldsProvider, type FormFieldServices } from './index';

function services(overrides: Partial<FormFieldServices> = {}): FormFieldServices {
  return {
    upload: vi.fn().mockResolvedValue({ id: 41, name: '申报书.pdf', size: 2048, mime: 'application/pdf' }),
    fileUrl: (id) => `/api/file/${id}?authkey=t`,
    fileMeta: (id) => (id === 41 ? { name: '申报书.pdf', size: 2048 } : undefined),
    regionOptions: [
      { value: '1', label: '浙江省' },
      { value: '2', label: '浙江省 / 杭州市' },
    ],
    regionName: (id) => (id === 2 ? '浙江省 / 杭州市' : undefined),
    ...overrides,
  };
}

function Controlled({ field, initial }: { field: FormField; initial: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <FieldInput field={field} value={value} onChange={setValue} path={field.key} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function renderWith(ui: React.ReactNode, value = services()) {
  return renderAt(
    <DatesProvider settings={{ locale: 'zh-cn' }}>
      <FormFieldsProvider value={value}>{ui}</FormFieldsProvider>
    </DatesProvider>,
  );
}

describe('form fields', () => {
  it('need the app’s services', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderAt(<FieldInput field={{ kind: 'region', key: 'r', label: '地区' }} value={null} onChange={() => {}} path="r" />)).toThrow(/FormFieldsProvider/);
  });

  it('offer the provided regions and keep the id', async () => {
    renderWith(<Controlled field={{ kind: 'region', key: 'r', label: '所在地区' }} initial={null} />);
    await userEvent.click(screen.getByRole('combobox', { name: '所在地区' }));
    await userEvent.click(await screen.findByRole('option', { name: '浙江省 / 杭州市' }));
    expect(screen.getByTestId('value').textContent).toBe('2');
  });

  it('upload through the provided service and show the file by name', async () => {
    const value = services();
    renderWith(<Controlled field={{ kind: 'file', key: 'f', label: '申报书', accept: ['.pdf'] }} initial={null} />, value);
    const input = document.querySelector<HTMLInputElement>('[aria-label="上传申报书"] input[type=file]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, new File(['%PDF-1.4'], '申报书.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('41'));
    expect(value.upload).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: '申报书.pdf' }).getAttribute('href')).toBe('/api/file/41?authkey=t');
  });

  it('show an application read-only with names and links from the services', () => {
    const fields: FormField[] = [
      { kind: 'section', key: 's', label: '基本信息' },
      { kind: 'region', key: 'region', label: '所在地区' },
      { kind: 'file', key: 'scan', label: '申报书' },
      { kind: 'money', key: 'amount', label: '申请金额' },
      { kind: 'text', key: 'empty', label: '备注' },
    ];
    renderWith(<ApplyView fields={fields} data={{ region: 2, scan: 41, amount: 80000 }} />);
    expect(screen.getByRole('heading', { name: '基本信息' })).toBeTruthy();
    expect(screen.getByText('浙江省 / 杭州市')).toBeTruthy();
    expect(screen.getByRole('link', { name: '申报书.pdf' }).getAttribute('href')).toBe('/api/file/41?authkey=t');
    expect(screen.getByText('80,000.00 元')).toBeTruthy();
    expect(screen.getByText('未填写')).toBeTruthy();
  });

  it('keep an amount above the maximum as typed (the schema says what is wrong), never the limit', async () => {
    renderWith(<Controlled field={{ kind: 'money', key: 'amount', label: '申请资助金额', max: 300_000 }} initial={null} />);
    const input = screen.getByRole('textbox', { name: '申请资助金额' });
    await userEvent.type(input, '500000');
    await userEvent.tab();
    expect(screen.getByTestId('value').textContent).toBe('500000');
    expect((input as HTMLInputElement).value).toBe('500,000');
  });

  it('offer only the allowed types in the file picker', () => {
    renderWith(
      <>
        <FieldInput field={{ kind: 'file', key: 'scan', label: '申报书', accept: ['.pdf'] }} value={null} onChange={() => {}} path="scan" />
        <FieldInput field={{ kind: 'files', key: 'docs', label: '附件', accept: ['.pdf', '.docx', 'image/*'] }} value={[]} onChange={() => {}} path="docs" />
        <FieldInput field={{ kind: 'image', key: 'photo', label: '剧照' }} value={null} onChange={() => {}} path="photo" />
      </>,
    );
    const picker = (label: string) => document.querySelector<HTMLInputElement>(`[aria-label="上传${label}"] input[type=file]`)?.getAttribute('accept');
    expect(picker('申报书')).toBe('.pdf');
    expect(picker('附件')).toBe('.pdf,.docx,image/*');
    expect(picker('剧照')).toBe('image/jpeg,image/png,image/gif,image/webp');
  });

  it('keep the server’s reason for refusing a file at the field', async () => {
    const refusal = new ApiError(Errno.INVALID_INPUT, '文件内容与扩展名不符：该文件不是有效的 PDF 文件', { fields: { file: '文件内容与扩展名不符' } });
    renderWith(<Controlled field={{ kind: 'file', key: 'f', label: '申报书', accept: ['.pdf'] }} initial={null} />, services({ upload: vi.fn().mockRejectedValue(refusal) }));
    const input = document.querySelector<HTMLInputElement>('[aria-label="上传申报书"] input[type=file]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, new File(['只是一段文字'], '申报书.pdf', { type: 'application/pdf' }));
    await screen.findByText('「申报书.pdf」未能上传（文件内容与扩展名不符：该文件不是有效的 PDF 文件）');
    expect(screen.getByTestId('value').textContent).toBe('null');
  });
});
