/**
 * The boundary's TypeScript is generated from the Rust types (wasm/build.rs, ts-rs), and the
 * site's type check must fail when a Rust field is renamed. This test takes the built home loan
 * package's declarations (`banksia-core/home-loan`), renames one field of `LoanEntries` the way a rename
 * in core would, type-checks the home loan calculator against that copy with `tsc`, and expects an
 * error naming the field; the untouched copy must check cleanly. It also checks every package's
 * declarations themselves with `skipLibCheck` off, so a misspelt type name in an export's
 * signature is an error, not a silent `any` (the wire crate's file too). The application's messages are checked the same
 * way: the wizard's sending code is type-checked against a copy of the application package's
 * declarations in which core renamed a key of `ApplicationReport` (the one envelope of the
 * browser's checks and the server's 422), and must fail. The HTTP bodies come from the wire
 * crate's generated declarations (`banksia-wire`, wire/typescript/index.d.ts): the staff console
 * is type-checked against copies of that file with a request body's field renamed, and must fail.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corePackages } from '../../integrations/banksia-core.mjs';

// vitest runs in site/.
const SITE = process.cwd();
const WASM = resolve(SITE, '../wasm');
const TSC = resolve(SITE, 'node_modules/typescript/bin/tsc');
// The HTTP bodies (staff API, status page, the application API's answers): banksia-wire's.
const WIRE = resolve(SITE, '../wire/typescript/index.d.ts');
const HOME_LOAN = join(WASM, corePackages().get('home-loan')!.dir);
const APPLICATION = join(WASM, corePackages().get('application')!.dir);
const work = mkdtempSync(join(tmpdir(), 'banksia-types-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * `tsc` over `files` with the site's options, `banksia-core/<module>` read from `pkg` and
 * `banksia-wire` from `wire` (the wire crate's generated declarations); its output.
 */
function typeCheck(name: string, pkg: string, files: string[], module = 'home-loan', wire = WIRE): { ok: boolean; output: string } {
  const config = join(work, `${name}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(SITE, 'tsconfig.json'),
      compilerOptions: {
        noEmit: true,
        paths: {
          [`banksia-core/${module}`]: [join(pkg, 'banksia_wasm')],
          'banksia-core/*': [join(WASM, 'pkg-*', 'banksia_wasm')],
          'banksia-wire': [wire],
        },
      },
      include: [join(SITE, '.astro/types.d.ts'), ...files],
      exclude: [],
    }),
  );
  try {
    return { ok: true, output: execFileSync(process.execPath, [TSC, '-p', config], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const CALCULATOR = [join(SITE, 'src/components/calculators/HomeLoanCalculator.tsx')];

/** The wizard's submission.ts type-checked with `banksia-core/application` read from `pkg`; the output. */
function typeCheckSubmission(name: string, pkg: string): { ok: boolean; output: string } {
  return typeCheck(name, pkg, [join(SITE, 'src/components/application/submission.ts')], 'application');
}

describe('the generated boundary types', () => {
  it('check the home loan calculator cleanly as built', () => {
    const pkg = join(work, 'pkg');
    cpSync(HOME_LOAN, pkg, { recursive: true });
    const result = typeCheck('as-built', pkg, CALCULATOR);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it('fail the type check when a field of LoanEntries is renamed in Rust', () => {
    const pkg = join(work, 'renamed');
    cpSync(HOME_LOAN, pkg, { recursive: true });
    const declarations = join(pkg, 'banksia_wasm.d.ts');
    const text = readFileSync(declarations, 'utf8');
    const entries = text.indexOf('export type LoanEntries = {');
    expect(entries).toBeGreaterThan(-1);
    const end = text.indexOf('};', entries);
    const renamed = text.slice(entries, end).replace('extra_repayment?:', 'extra_repayment_amount?:');
    expect(renamed).toContain('extra_repayment_amount?:');
    writeFileSync(declarations, text.slice(0, entries) + renamed + text.slice(end));
    const result = typeCheck('renamed', pkg, CALCULATOR);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/extra_repayment/);
  }, 120_000);

  it("check the wizard's reading of core's report cleanly as built", () => {
    const pkg = join(work, 'application');
    cpSync(APPLICATION, pkg, { recursive: true });
    const result = typeCheckSubmission('application', pkg);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it("fail the type check when core renames a key of the application's messages", () => {
    const pkg = join(work, 'application-renamed');
    cpSync(APPLICATION, pkg, { recursive: true });
    const declarations = join(pkg, 'banksia_wasm.d.ts');
    const text = readFileSync(declarations, 'utf8');
    // The report's errors are keyed by core's MessageKey (fields, `input`, `idempotency_key`),
    // generated from the Rust enum, not written as a string.
    expect(text).toContain('errors: { [key in MessageKey]?: Array<string> }');
    const part = 'export type RequestPart = "input" | "idempotency_key";';
    expect(text).toContain(part);
    writeFileSync(declarations, text.replace(part, 'export type RequestPart = "input" | "reused_key";'));
    const result = typeCheckSubmission('application-renamed', pkg);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/idempotency_key/);
  }, 120_000);

  // The staff console's calls take the wire crate's bodies (api.ts, `banksia-wire`): renaming a
  // field of a request body in Rust must fail the console's type check, as it would fail the
  // server.
  const CONSOLE = ['StaffAdmin.tsx', 'StaffConsole.tsx', 'StaffRegister.tsx', 'AuditLog.tsx', 'CaseScreen.tsx', 'api.ts'].map((file) =>
    join(SITE, 'src/components/staff', file),
  );

  it("check the staff console's calls cleanly as built", () => {
    const result = typeCheck('console', APPLICATION, CONSOLE, 'application');
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it.each([
    ['InviteRequest', 'email: string', 'address: string', /email/],
    ['NoteRequest', 'body: string', 'text: string', /body/],
    ['SignInStart', 'email: string', 'username: string', /email/],
  ])("fail the console's type check when the wire crate renames a field of %s", (type, field, renamed, named) => {
    const text = readFileSync(WIRE, 'utf8');
    const start = text.indexOf(`export type ${type} = {`);
    expect(start).toBeGreaterThan(-1);
    const end = text.indexOf('};', start);
    const body = text.slice(start, end);
    expect(body).toContain(field);
    const wire = join(work, `wire-${type}.d.ts`);
    writeFileSync(wire, text.slice(0, start) + body.replace(field, renamed) + text.slice(end));
    const result = typeCheck(`console-${type}`, APPLICATION, CONSOLE, 'application', wire);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(named);
  }, 120_000);

  it("declare every export with types that exist (skipLibCheck off over each package's .d.ts)", () => {
    const config = join(work, 'declarations.tsconfig.json');
    const packages = [...corePackages().values()].map((pkg) => pkg.dir);
    writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: { noEmit: true, strict: true, skipLibCheck: false, lib: ['es2022', 'dom'], types: [] },
        files: [...packages.map((pkg) => join(WASM, pkg, 'banksia_wasm.d.ts')), WIRE],
      }),
    );
    let output = '';
    try {
      output = execFileSync(process.execPath, [TSC, '-p', config], { encoding: 'utf8' });
    } catch (error) {
      const failed = error as { stdout?: string };
      output = failed.stdout ?? 'tsc failed';
    }
    expect(output).toBe('');
  }, 120_000);
});
