//! `banksia-wasm-bindgen <module.wasm> <out-dir>`: the JavaScript glue (ES module for the web,
//! `init()` fetching the `.wasm` beside it) and the TypeScript declarations of one compiled
//! `banksia-wasm` cdylib, written into `out-dir` as `banksia_wasm.js`, `banksia_wasm.d.ts`,
//! `banksia_wasm_bg.wasm` and `banksia_wasm_bg.wasm.d.ts` (the names the site's loader and the
//! packages' manifests expect).

use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [module, out_dir] = args.as_slice() else {
        eprintln!("usage: banksia-wasm-bindgen <module.wasm> <out-dir>");
        return ExitCode::from(2);
    };
    let generated = Bindgen::new()
        .input_path(module)
        .out_name("banksia_wasm")
        .typescript(true)
        // `init()` with no argument fetches the `.wasm` beside the module, as the CLI's default.
        .omit_default_module_path(false)
        .web(true)
        .and_then(|bindgen| bindgen.generate(out_dir));
    match generated {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("banksia-wasm-bindgen: {module}: {error:#}");
            ExitCode::FAILURE
        }
    }
}
