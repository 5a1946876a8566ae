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
        Err(e) => {
            // --help and --version are successes; everything else is a usage error (2).
            let _ = e.print();
            return if e.use_stderr() {
                Code::Usage.into()
            } else {
                Code::Ok.into()
            };
        }
    };
    cli::run(cli).into()
}
