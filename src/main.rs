//! The `snapsolve` binary: a thin layer over the library (see `cli.rs`). Only the binary
//! knows exit codes, terminals and progress bars.
#![forbid(unsafe_code)]

mod cli;

use clap::Parser;
use cli::exit::Code;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            // --help and --version are successes.
            let _ = e.print();
            return Code::Ok.into();
        }
        Err(e) => {
            // Everything else is a usage error (2), with the program's one error prefix.
            eprint!("{}", cli::exit::usage_text(&e.render().to_string()));
            return Code::Usage.into();
        }
    };
    cli::run(cli).into()
}
