import { DatesProvider } from '@mantine/dates';
import { FORM_FIELD_KIND_LABELS, FORM_FIELD_KINDS, type FormField } from '@flagship/api-client';
import { FormFieldsProvider, type FormFieldServices } from '@flagship/ui/form-fields';
import { describe, expect, it, vi } from 'vitest';
import { click, getInput, render, type } from '../../../test/render';
import { newField } from './fields';
import { FieldCard } from './field-card';
import { FormPreview } from './form-preview';

const services: FormFieldServices = {
  upload: vi.fn(),
  fileUrl: (id) => `/api/file/${id}`,
  fileMeta: () => undefined,
  regionOptions: [{ value: '1', label: '浙江省' }],
  regionName: () => '浙江省',
};

function everyKind(): FormField[] {
  const fields: FormField[] = [];
  for (const kind of FORM_FIELD_KINDS) {
    const field = newField(kind, fields.map((f) => f.key));
    fields.push({ ...field, label: `预览${FORM_FIELD_KIND_LABELS[kind]}`, ...(kind === 'text' ? { required: true } : {}) } as FormField);
  }
  return fields;
}

function renderPreview(fields: FormField[]) {
  return render(
    <DatesProvider settings={{ locale: 'zh-cn' }}>
      <FormFieldsProvider value={services}>
        <FormPreview title="测试表单" description="说明文字" fields={fields} valid />
      </FormFieldsProvider>
    </DatesProvider>,
  );
}

describe('form preview', () => {
  it('renders every field kind with the shared field components', () => {
    const container = renderPreview(everyKind());
    expect(container.textContent).toContain('测试表单');
    for (const kind of FORM_FIELD_KINDS) {
      expect(container.textContent, kind).toContain(`预览${FORM_FIELD_KIND_LABELS[kind]}`);
    }
    // Choice options and the table's add-row button come from the portal's components.
    expect(container.textContent).toContain('选项一');
    expect(container.textContent).toContain('添加一行');
  });

  it('checks the data by the form’s own schema once asked to', () => {
    const container = renderPreview(everyKind());
    expect(container.textContent).not.toContain('为必填项');
    click(getInput('检查全部必填与规则', container));
    expect(container.textContent).toContain('「预览单行文本」为必填项');
    type(getInput('预览单行文本', container), '有内容');
    expect(container.textContent).not.toContain('「预览单行文本」为必填项');
  });
});

describe('field card', () => {
  it('edits the label and shows the problems beside the inputs', () => {
    const onChange = vi.fn();
    const field = newField('select', []);
    const container = render(
      <FieldCard
        field={field}
        index={0}
        count={1}
        errors={{ options: '至少需要一个选项', label: '字段名称不能为空' }}
        expanded
        locked={false}
        onToggle={() => {}}
        onChange={onChange}
        onMove={() => {}}
        onDuplicate={() => {}}
        onRemove={() => {}}
      />,
    );
    expect(container.textContent).toContain('2 处问题');
    expect(container.textContent).toContain('至少需要一个选项');
    type(getInput('字段名称', container), '艺术门类');
    expect(onChange).toHaveBeenLastCalledWith({ ...field, label: '艺术门类' });
  });

  it('keeps the key and kind of a field that has submissions', () => {
    const container = render(
      <FieldCard field={newField('text', [])} index={0} count={1} errors={{}} expanded locked onToggle={() => {}} onChange={() => {}} onMove={() => {}} onDuplicate={() => {}} onRemove={() => {}} />,
    );
    expect(getInput('字段标识', container).readOnly).toBe(true);
    expect(container.textContent).toContain('已有申报，不能修改类型');
  });
});
