import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalTemplates } from './portal-pages';

const html = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>';

function dist(preloads?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(join(dir, 'index.html'), html);
  if (preloads) writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify(preloads));
  return dir;
}

describe('portalTemplates', () => {
  it("links a route's scripts and styles from the head", () => {
    const page = portalTemplates(dist({ '/index': { js: ['/assets/home.js', '/assets/Card.js'], css: ['/assets/home.css'] } }));
    const out = page('/index');
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Card.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    expect(out).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });

  it('serves the plain page for paths it does not list, and without a preload list', () => {
    expect(portalTemplates(dist({ '/index': { js: ['/assets/home.js'], css: [] } }))('/nowhere')).toBe(html);
    expect(portalTemplates(dist())('/index')).toBe(html);
  });
});
