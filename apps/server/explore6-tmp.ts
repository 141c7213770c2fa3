import { PGlite, parse } from '@electric-sql/pglite';
const raw = await PGlite.create();
await raw.query('select 1');
console.log('parser keys', Object.keys(raw.parsers).length);
const extra = { 1114: (v: string) => v, 1184: (v: string) => v, 1186: (v: string) => v, 1082: (v: string) => v, 1231: (v: string) => v, 1115: (v: string) => v, 1185: (v: string) => v, 1187: (v: string) => v, 1182: (v: string) => v };
let t0 = performance.now();
for (let i = 0; i < 10000; i++) { const m = { ...raw.parsers, ...extra }; if (!m) throw 0; }
console.log('spread', ((performance.now() - t0) / 10000 * 1000).toFixed(1), 'µs');
const merged = { ...raw.parsers, ...extra };
t0 = performance.now();
for (let i = 0; i < 10000; i++) { const m = { ...merged }; if (!m) throw 0; }
console.log('spread merged', ((performance.now() - t0) / 10000 * 1000).toFixed(1), 'µs');
await raw.close();
