import base from '@flagship/eslint-config';
import server from '@flagship/eslint-config/server';

export default [...base, ...server(import.meta.dirname)];
