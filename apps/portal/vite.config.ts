import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isPage, PAGE_ROUTES, ROUTES } from './src/routes';

// The API server in development; PORTAL_API_TARGET points elsewhere (e.g. a second server).
const api = process.env.PORTAL_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Writes `route-preloads.json`: for each route, the scripts and styles its page chunk needs beyond
 * the entry. The server links them from the page's HTML, so they load alongside the entry instead
 * of after it has run.
 */
function routePreloads(): Plugin {
  return {
    name: 'flagship-route-preloads',
    apply: (config) => !config.build?.ssr,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryFiles = new Set<string>();
      const collect = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, entryFiles);

      const preloads: Record<string, { js: string[]; css: string[] }> = {};
      for (const { path, page: module } of PAGE_ROUTES) {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/src/${module}.tsx`));
        if (!page) throw new Error(`route-preloads: no chunk for ${path} (${module})`);
        const files = new Set<string>();
        collect(page.fileName, files);
        const needed = [...files].filter((file) => !entryFiles.has(file));
        const css = needed.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        // A chunk of styles only is dropped from the output: preload its stylesheet, not the chunk.
        const js = needed.filter((file) => byFile.get(file)?.moduleIds.some((id) => !/\.css($|\?)/.test(id)));
        preloads[path] = { js: js.map((file) => `/${file}`), css: css.map((file) => `/${file}`) };
      }
      // A path the router sends on to a page (/ to /index) preloads that page's chunks.
      for (const route of ROUTES) {
        const target = isPage(route) ? undefined : preloads[route.redirect];
        if (target && route.path !== '*') preloads[route.path] = target;
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/**
 * The stylesheet first in the head: it is what the first paint waits for (above all on a page the
 * server rendered), so the browser should ask for it before the entry's many scripts.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'flagship-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const firstScript = html.indexOf('<script type="module"');
        if (sheets.length === 0 || firstScript < 0) return html;
        let out = html;
        for (const sheet of sheets) out = out.replace(sheet, '');
        const at = out.indexOf('<script type="module"');
        return `${out.slice(0, at)}${sheets.map((sheet) => sheet.trim()).join('\n    ')}\n    ${out.slice(at)}`;
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  // The server bundle carries React: its production build, whatever NODE_ENV the server runs with
  // (the development build is slower and writes stack traces into failed pages).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  plugins: [react(), routePreloads(), stylesheetFirst()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/admin': { target: api, changeOrigin: false },
    },
  },
  // The server-rendering bundle (`vite build --ssr`, see entry-server.tsx) carries its dependencies,
  // so the API server loads it without resolving the portal's packages.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A few shared chunks instead of dozens of small ones: each request costs a round trip
        // on a slow connection. Route pages stay chunks of their own.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 3 },
            { name: 'mantine', test: /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|get-nonce|detect-node-es|react-number-format|react-textarea-autosize|use-composed-ref|use-latest|use-isomorphic-layout-effect|tabbable)[\\/].*\.[cm]?js$/, priority: 2 },
            { name: 'sdk', test: /([\\/]node_modules[\\/](zod|ky|js-cookie)[\\/]|[\\/]packages[\\/]api-client[\\/])/, priority: 2 },
          ],
        },
      },
    },
  },
}));
