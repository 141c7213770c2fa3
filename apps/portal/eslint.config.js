import base from '@flagship/eslint-config';
import imports from '@flagship/eslint-config/imports';
import react from '@flagship/eslint-config/react';

export default [...base, ...react, ...imports(import.meta.dirname)];
