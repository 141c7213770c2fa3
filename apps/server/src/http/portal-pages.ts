import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

/**
 * The portal's index.html for each route, with the scripts and styles of the route's page linked
 * from the head (`route-preloads.json`, written by the portal build), so the browser fetches them
 * alongside the entry instead of after it has run. Paths the file does not list get the plain page.
 */
export function portalPages(dist: string): (path: string) => string {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const listFile = join(dist, 'route-preloads.json');
  const preloads: RoutePreloads = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreloads) : {};
  const pages = new Map<string, string>();
  for (const [path, { js, css }] of Object.entries(preloads)) {
    const links = [
      ...css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ];
    pages.set(path, html.replace('</head>', `${links.join('\n')}\n</head>`));
  }
  return (path) => pages.get(path) ?? html;
}
