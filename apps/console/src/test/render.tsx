import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { theme } from '@flagship/ui';

// A small stand-in for @testing-library/react (not a dependency of the console): render into
// the document inside Mantine, query by text and role, fire input and click events inside act.

const mounted: { root: Root; container: HTMLElement }[] = [];

export function render(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => {
    root.render(
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>,
    );
  });
  mounted.push({ root, container });
  return container;
}

export function cleanup(): void {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
}

/** Let pending promises and effects settle. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The input whose label text (without the required mark) is `label`. */
export function getInput(label: string, scope: ParentNode = document): HTMLInputElement | HTMLTextAreaElement {
  for (const element of scope.querySelectorAll('label')) {
    const text = (element.textContent ?? '').replace(/\s*\*\s*$/, '').trim();
    if (text !== label) continue;
    const id = element.getAttribute('for');
    const input = id ? document.getElementById(id) : element.querySelector('input, textarea');
    if (input) return input as HTMLInputElement;
  }
  const byAria = scope.querySelector(`[aria-label="${label}"]`);
  if (byAria) return byAria as HTMLInputElement;
  throw new Error(`No input labelled 「${label}」`);
}

export function getButton(name: string | RegExp, scope: ParentNode = document): HTMLButtonElement {
  const buttons = [...scope.querySelectorAll('button')];
  const found = buttons.find((button) => {
    const text = button.getAttribute('aria-label') ?? button.textContent ?? '';
    return typeof name === 'string' ? text.trim() === name : name.test(text);
  });
  if (!found) throw new Error(`No button 「${String(name)}」 among: ${buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent).join(' | ')}`);
  return found;
}


export function click(element: Element): void {
  act(() => {
    (element as HTMLElement).click();
  });
}

/** Set an input's value the way React notices (through the native setter) and fire input. */
export function type(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
