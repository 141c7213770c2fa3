export { default } from '@flagship/eslint-config';
