/* global console */
// Copies the parts of TinyMCE the editor uses (and its Chinese language pack) into
// public/tinymce, served at /tinymce. The whole npm package is 13 MB; this is about 1.5 MB.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const target = join(here, '..', 'public', 'tinymce');
const tinymce = dirname(require.resolve('tinymce/package.json'));
const i18n = dirname(require.resolve('tinymce-i18n/package.json'));

// Keep in step with EDITOR_PLUGINS in @flagship/ui/rich-text-editor.
const plugins = ['advlist', 'autolink', 'lists', 'link', 'image', 'table', 'media', 'code', 'fullscreen', 'nonbreaking', 'charmap', 'searchreplace', 'preview', 'wordcount'];

const copy = (from, to) => {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
};

/** Copy a folder's files whose names pass `keep`, recursively. */
const copyDir = (from, to, keep = () => true) => {
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (statSync(source).isDirectory()) copyDir(source, join(to, name), keep);
    else if (keep(name)) copy(source, join(to, name));
  }
};

const minified = (name) => /\.min\.(js|css)$/.test(name);

rmSync(target, { recursive: true, force: true });
copy(join(tinymce, 'tinymce.min.js'), join(target, 'tinymce.min.js'));
copy(join(tinymce, 'license.md'), join(target, 'license.md'));
copyDir(join(tinymce, 'themes', 'silver'), join(target, 'themes', 'silver'), minified);
copyDir(join(tinymce, 'models', 'dom'), join(target, 'models', 'dom'), minified);
copyDir(join(tinymce, 'icons', 'default'), join(target, 'icons', 'default'), minified);
copyDir(join(tinymce, 'skins', 'ui', 'oxide'), join(target, 'skins', 'ui', 'oxide'), minified);
copyDir(join(tinymce, 'skins', 'content', 'default'), join(target, 'skins', 'content', 'default'), minified);
for (const plugin of plugins) {
  const dir = join(tinymce, 'plugins', plugin);
  if (!existsSync(dir)) throw new Error(`TinyMCE plugin not found: ${plugin}`);
  copyDir(dir, join(target, 'plugins', plugin), minified);
}
copy(join(i18n, 'langs8', 'zh-CN.js'), join(target, 'langs', 'zh-CN.js'));
console.warn(`TinyMCE copied to ${target}`);
