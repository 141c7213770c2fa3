import { describe, expect, it } from 'vitest';
import { asSentence } from './notices';

describe('asSentence', () => {
  it('ends staff text with one full stop, never two', () => {
    expect(asSentence('营业执照不清晰')).toBe('营业执照不清晰。');
    expect(asSentence('营业执照不清晰。')).toBe('营业执照不清晰。');
    expect(asSentence(' 请补充盖章页！ ')).toBe('请补充盖章页！');
    expect(asSentence('Missing stamp.')).toBe('Missing stamp.');
  });
});
