import { createErrorViews } from '@flagship/ui';
import { TONE } from '../lib/tones';

export const { ErrorState, AsyncView } = createErrorViews({ color: TONE.danger, retryColor: TONE.danger });
