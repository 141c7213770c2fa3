import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Deep cinnabar red, the programme's accent (shade 7 is the primary). */
const cinnabar: MantineColorsTuple = [
  '#fdf3f2',
  '#f8e1df',
  '#efbfbb',
  '#e49893',
  '#d8736d',
  '#c85650',
  '#b23f39',
  '#962f2a',
  '#7c2622',
  '#5f1c19',
];

/** Ink: warm greys for text and surfaces. */
const ink: MantineColorsTuple = [
  '#f7f6f4',
  '#ecebe7',
  '#d8d5cf',
  '#bdb8b0',
  '#9a948a',
  '#7a746b',
  '#5e5952',
  '#47433e',
  '#2f2c29',
  '#1c1a18',
];

const fontFamily =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Zen Hei", "Helvetica Neue", Arial, sans-serif';
const headingFamily =
  '"Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", STSong, "SimSun", "WenQuanYi Zen Hei", serif';

export const theme = createTheme({
  primaryColor: 'cinnabar',
  primaryShade: 7,
  colors: { cinnabar, ink },
  fontFamily,
  headings: { fontFamily: headingFamily, fontWeight: '700' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  autoContrast: true,
  components: {
    Button: { defaultProps: { radius: 'sm' } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    Pagination: { defaultProps: { withEdges: true } },
    // Named close button and a description dark enough to read (4.5:1).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': '关闭' } },
      styles: { description: { color: '#47433e' } },
    },
    CloseButton: { defaultProps: { 'aria-label': '关闭' } },
  },
});

/** Dimmed text and errors darker than Mantine's defaults so that they keep a 4.5:1 contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.ink?.[6] ?? '#5e5952',
    '--mantine-color-body': '#fbfaf8',
    '--mantine-color-anchor': t.colors.cinnabar?.[7] ?? '#962f2a',
    // Field errors (the message and a value in error) readable at 4.5:1, as the red.9 used elsewhere.
    '--mantine-color-error': t.colors.red?.[9] ?? '#c92a2a',
  },
  dark: {},
});
