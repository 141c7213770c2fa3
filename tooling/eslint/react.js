// React rules for the front ends and packages/ui, used after the shared config (index.js).
// jsx-a11y-x is the maintained fork of eslint-plugin-jsx-a11y (same rules) that supports ESLint 10.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';

export default [
  {
    files: ['**/*.{js,jsx,ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // These two only: the plugin's `recommended` also turns on the React Compiler's rules.
      'react-hooks/rules-of-hooks': 'error',
      // useAsync(load, deps) takes its dependency list as useEffect does: check its callers too.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useAsync$' }],
    },
  },
  {
    files: ['**/*.{jsx,tsx}'],
    ...jsxA11y.configs.recommended,
  },
];
