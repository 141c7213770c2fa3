// Status colours dark enough for 4.5:1 text contrast in every Mantine variant the console uses
// (filled: white text on the colour; light and subtle: the colour on a pale tint or white).
// Mantine's own light/subtle variants use shade 6 whatever shade is asked for, which is too pale.
export const TONE = {
  danger: '#b42318',
  warning: '#9a4a00',
  success: '#0b6b3a',
  info: '#1d4f91',
  neutral: '#57534e',
  accent: '#7c2622',
} as const;

export type Tone = keyof typeof TONE;
