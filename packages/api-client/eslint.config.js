import base from '@flagship/eslint-config';
import imports from '@flagship/eslint-config/imports';

export default [...base, ...imports(import.meta.dirname)];
