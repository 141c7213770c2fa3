import base from '@flagship/eslint-config';
import react from '@flagship/eslint-config/react';

export default [...base, ...react];
