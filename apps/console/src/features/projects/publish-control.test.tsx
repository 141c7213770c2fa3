import type { ConsoleProject } from '@flagship/api-client';
import { describe, expect, it } from 'vitest';
import { click, getButton, render } from '../../test/render';
import { PublishControl, publishBlocker } from './publish-control';

const project = (patch: Partial<ConsoleProject>) => ({ id: 1, title: '测试项目', published: false, formCount: 0, forms: [], ...patch }) as ConsoleProject;

describe('publishing a call', () => {
  it('cannot publish a call without forms, and says why (the server refuses it too)', () => {
    const container = render(<PublishControl project={project({})} onChange={() => {}} />);
    const button = getButton('发布项目');
    expect(button.disabled).toBe(true);
    expect(container.textContent).toContain('项目至少需要一个申报表单才能发布');
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toContain('申报表单');
    click(button);
    expect(document.body.textContent).not.toContain('发布后，「测试项目」将在门户网站显示');
  });

  it('publishes a call with a form after a confirmation, and unpublishes one without forms', () => {
    render(<PublishControl project={project({ formCount: 1 })} onChange={() => {}} />);
    const button = getButton('发布项目');
    expect(button.disabled).toBe(false);
    click(button);
    expect(document.body.textContent).toContain('发布后，「测试项目」将在门户网站显示');
    expect(publishBlocker({ published: true, formCount: 0 })).toBeNull();
  });
});
