// The docs' facts a script can check (issue 46): every file or directory path that README.md,
// ARCHITECTURE.md, SECURITY.md and RELIABILITY.md name in backticks exists, and every environment
// variable of README's configuration table is read somewhere in the code. Run by scripts/test's
// lint suite; prints each stale fact and exits 1 when there is one.
//   node scripts/check-docs.mjs
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DOCS = process.env.DOCS ? process.env.DOCS.split(",") : ["README.md", "ARCHITECTURE.md", "SECURITY.md", "RELIABILITY.md", "docs/decisions.md"].filter((doc) => existsSync(join(ROOT, doc)));
const TOP = ["core", "wire", "wasm", "server", "site", "scripts", "migrations", "benches", "docs", ".ci"];
// Directories whose files a doc names by their path below them ("`src/pages`" under site/, ...).
const BASES = ["", "site/", "core/", "core/src/", "wire/", "wire/src/", "server/", "server/src/", "server/src/staff/", "wasm/", "wasm/src/", "site/src/", "site/src/components/", "benches/", "scripts/"];

const problems = [];

/** Every file under `dir`, relative to the root (no node_modules, target, dist, built packages). */
function files(dir, out = []) {
  for (const name of readdirSync(join(ROOT, dir))) {
    if (["node_modules", "target", "dist", ".git", ".data", ".astro", "test-results"].includes(name) || name.startsWith("pkg-")) continue;
    const path = dir ? `${dir}/${name}` : name;
    if (statSync(join(ROOT, path)).isDirectory()) files(path, out);
    else out.push(path);
  }
  return out;
}
const CODE = TOP.filter((d) => existsSync(join(ROOT, d)))
  .flatMap((d) => files(d))
  .filter((f) => /\.(rs|ts|tsx|mjs|js|astro|sh|sql|toml|json)$/.test(f) || f.startsWith("scripts/") || f === ".ci/run")
  .map((f) => readFileSync(join(ROOT, f), "utf8"))
  .join("\n");

/** A path as a doc writes it, or null when the token is not a path in the repository. */
function asPath(token) {
  const path = token.replace(/[#:].*$/, "").replace(/\/$/, "");
  if (!/^[\w.@-]+(\/[\w.@*<>{}-]+)+$|^[\w-]+\.(rs|ts|tsx|mjs|md|sql|sh|astro|json|toml|css)$/.test(path)) return null;
  if (/^(https?|npm|node|banksia-core|banksia-wire|@banksia|@astrojs|react|astro)\b/.test(path)) return null;
  if (/^\/|^\.\.\//.test(token) || /^(api|cds-au|staff|apply|loans|shared|\.data)\//.test(path)) return null; // routes, the work area, run-time data
  if (/^(application|text|image|multipart|font)\/[\w.+-]+$/.test(path)) return null; // a media type
  // `Header/Missing`, `multipart/form-data`, `Australia/Sydney`: a slash, but no directory of ours first.
  if (path.includes("/") && !BASES.some((base) => existsSync(join(ROOT, base + path.split("/")[0])))) return null;
  return path;
}

/**
 * The directories the build and the scripts make (the .gitignore's directory entries: `site/dist/`,
 * `/target/`, ...). A fresh clone has none of them, and the lint suite runs before the site is built,
 * so a doc may name one that is not there yet.
 */
const MADE_BY_THE_BUILD = new Set(
  readFileSync(join(ROOT, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.endsWith("/") && !/[*?[]/.test(line))
    .map((line) => line.replace(/^\//, "").replace(/\/$/, "")),
);

/** Whether a (possibly templated) path exists under one of the bases; a bare file name anywhere. */
function exists(path) {
  if (MADE_BY_THE_BUILD.has(path)) return true;
  if (!path.includes("/")) return BASENAMES.has(path);
  // `ui/ApplyAction`: a component named without its extension.
  if (!/\.\w+$/.test(path) && ALL_PATHS.some((candidate) => candidate.replace(/\.\w+$/, "").endsWith(`/${path}`))) return true;
  const pattern = new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, "\\$&").replace(/\*|<[^>]*>|\{[^}]*\}/g, "[^/]+")}$`);
  return BASES.some((base) => {
    const full = base + path;
    if (!/[*<{]/.test(path)) return existsSync(join(ROOT, full));
    return ALL_PATHS.some((candidate) => pattern.test(candidate.slice(base.length)) && candidate.startsWith(base));
  });
}
const ALL_PATHS = files("").flatMap((f) => {
  const parts = f.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
});

const BASENAMES = new Set(ALL_PATHS.map((path) => path.split("/").pop()));

for (const doc of DOCS) {
  const text = readFileSync(join(ROOT, doc), "utf8");
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = asPath(token);
    if (path && !exists(path)) problems.push(`${doc}: \`${token}\` names no file or directory`);
  }
}

// `module::function` (`api::act`, `outbox::run`): some `module.rs` (or `module/mod.rs`) defines the
// function, type or constant.
const SOURCES = files("").filter((f) => f.endsWith(".rs"));
function definedIn(module, item) {
  return SOURCES.some((file) => {
    const name = file.endsWith("/mod.rs") ? file.split("/").at(-2) : file.split("/").pop().replace(/\.rs$/, "");
    if (name !== module) return false;
    return new RegExp(`\\b(fn|struct|enum|trait|type|const|static|mod)\\s+${item}\\b|\\b${item}\\s*[({,]`).test(readFileSync(join(ROOT, file), "utf8"));
  });
}
const MODULES = new Set(SOURCES.map((f) => (f.endsWith("/mod.rs") ? f.split("/").at(-2) : f.split("/").pop().replace(/\.rs$/, ""))));
for (const doc of DOCS) {
  const text = readFileSync(join(ROOT, doc), "utf8");
  for (const [, module, item] of text.matchAll(/`(?:[\w:]*::)?([a-z_][a-z0-9_]*)::([A-Za-z_][A-Za-z0-9_]*)(?:[(<][^`]*)?`/g)) {
    // A crate's or the standard library's path, or an inline test module: not a file of ours.
    if (!MODULES.has(module) || module === "core" || module === "tests") continue;
    if (!definedIn(module, item)) problems.push(`${doc}: \`${module}::${item}\` is defined in no ${module}.rs`);
  }
}

// README's configuration table: | `NAME` | default | used by | meaning |
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
for (const [, name] of readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)) {
  if (!new RegExp(`\\b${name}\\b`).test(CODE)) problems.push(`README.md: the variable \`${name}\` is read nowhere in the code`);
}

for (const problem of problems) console.log(problem);
console.log(`docs facts: ${problems.length === 0 ? "all true" : `${problems.length} stale`} (${DOCS.join(", ")})`);
process.exit(problems.length === 0 ? 0 : 1);
