// @ts-check
/**
 * The one loader of banksia-core's WebAssembly packages (wasm/packages.json, each built into
 * wasm/<dir>/): a Vite plugin that makes every package importable as `banksia-core/<name>`
 * (`banksia-core/home-loan`, `banksia-core/application`, ...), initialised on import so that every
 * export can be called synchronously afterwards.
 *
 * - In the browser the module awaits the package's own `init()`, which fetches the `.wasm` as a
 *   hashed asset (Vite rewrites wasm-bindgen's `new URL(..., import.meta.url)`).
 * - When the site is built (SSR) and in the component tests (Vitest runs modules the same way),
 *   it reads the `.wasm` from disk with `initSync`, so figures and options are in the HTML.
 *
 * A module imported with `?at-build` (`./ahead.build.ts?at-build`) is core's answers worked out when
 * the site is built: its default export, called with the package its `PACKAGE` names (read from
 * disk), returns plain data, and the module the page gets exports that data and nothing else. An
 * island then has answers that never change (options, labels, a finite choice's outcomes) before
 * its package has arrived, from the same core.
 *
 * A page's island imports only its own page's package; the manifest says which package serves
 * which pages. TypeScript finds each package's generated declarations through tsconfig.json's
 * `banksia-core/*` path.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WASM = fileURLToPath(new URL('../../wasm/', import.meta.url));
const PREFIX = 'banksia-core/';
const VIRTUAL = '\0banksia-core:';

/**
 * The packages of wasm/packages.json by name (each with the pages that fetch it).
 * @returns {Map<string, { name: string, dir: string, pages: string[] }>}
 */
export function corePackages() {
  /** @type {{ packages: { name: string, dir: string, pages: string[] }[] }} */
  const manifest = JSON.parse(readFileSync(`${WASM}packages.json`, 'utf8'));
  return new Map(manifest.packages.map((pkg) => [pkg.name, pkg]));
}

/**
 * Package `dir`'s two files: wasm-bindgen's bindings and the `.wasm`.
 * @param {string} dir
 */
const packageFiles = (dir) => ({ bindings: `${WASM}${dir}/banksia_wasm.js`, wasm: `${WASM}${dir}/banksia_wasm_bg.wasm` });

/**
 * The module that loads package `dir`: fetched in the browser, read from disk otherwise.
 * @param {string} dir
 * @param {boolean} fromDisk
 */
function loader(dir, fromDisk) {
  const files = packageFiles(dir);
  const bindings = JSON.stringify(files.bindings);
  if (fromDisk) {
    const wasm = JSON.stringify(files.wasm);
    return [
      `import { readFileSync } from 'node:fs';`,
      `import { initSync } from ${bindings};`,
      `initSync({ module: readFileSync(${wasm}) });`,
      `export * from ${bindings};`,
    ].join('\n');
  }
  return [`import init from ${bindings};`, `await init();`, `export * from ${bindings};`].join('\n');
}

const AT_BUILD = '?at-build';

/**
 * Package `dir`'s exports, initialised from disk in this process.
 * @param {string} dir
 * @returns {Promise<Record<string, unknown>>}
 */
async function packageFromDisk(dir) {
  const files = packageFiles(dir);
  const bindings = await import(pathToFileURL(files.bindings).href);
  bindings.initSync({ module: readFileSync(files.wasm) });
  return bindings;
}

/** @returns {import('vite').Plugin} */
export default function banksiaCore() {
  const packages = corePackages();
  return {
    name: 'banksia-core',
    enforce: 'pre',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      if (!packages.has(name)) {
        this.error(`${id}: no package named "${name}" in wasm/packages.json (${[...packages.keys()].join(', ')})`);
      }
      return VIRTUAL + name;
    },
    async load(id, options) {
      if (id.endsWith(AT_BUILD)) {
        const file = id.slice(0, -AT_BUILD.length);
        this.addWatchFile(file);
        // A fresh copy on every build or test run (the query defeats Node's module cache).
        const module = await import(`${pathToFileURL(file).href}?built=${Date.now()}`);
        const pkg = packages.get(module.PACKAGE);
        if (!pkg) this.error(`${file}: PACKAGE names no package of wasm/packages.json (${String(module.PACKAGE)})`);
        const answers = module.default(await packageFromDisk(pkg.dir));
        return `export default ${JSON.stringify(answers)};`;
      }
      if (!id.startsWith(VIRTUAL)) return null;
      const pkg = /** @type {{ dir: string }} */ (packages.get(id.slice(VIRTUAL.length)));
      return loader(pkg.dir, Boolean(options?.ssr) || Boolean(process.env['VITEST']));
    },
  };
}
