export * from './definition';
export * from './checks';
export * from './builder';
export { htmlToText, htmlTextLength, isBlankHtml } from './html';
