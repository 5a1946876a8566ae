//! The command line, in thin layers: clap-derived flags ([`args`]) -> one Config per
//! subcommand ([`config`]) -> a library call -> a report ([`report`]) and an exit code
//! ([`exit`]).
//!
//! Results go to stdout, diagnostics to stderr with one prefix (`snapsolve: ...`, see
//! [`exit::diag`]; clap's usage errors get it too). Every file written follows one rule
//! ([`output`]: `-f/--force` to replace, `-` for standard output, never PNG to a terminal).
//! Inputs are loaded by [`input`]; many of them run on worker threads through [`runner`].
//! `solve` is in [`solve`] (screenshots in [`image`], `--debug-dir` in [`debug`]), regression
//! checks in [`check`], `check-format` and `count` in [`count`], `render` and `generate` in
//! [`make`], `hint` in [`hint`], `completions` and `man` in [`shell`], the web page and its
//! API in [`serve`], the folder watcher in [`watch`].

pub mod args;
mod check;
mod config;
mod count;
mod debug;
pub mod exit;
mod hint;
mod image;
mod input;
mod make;
mod output;
mod report;
mod runner;
mod serve;
mod shell;
mod solve;
mod watch;

pub use args::Cli;
use args::Command;
use config::{
    CheckConfig, CheckFormatConfig, ConfigError, CountConfig, GenerateConfig, HintConfig,
    ReadConfig, RenderConfig, SolveConfig,
};
use exit::{Code, diag};
use snapsolve::session::{Session, SessionOptions};

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Code {
    match &cli.command {
        Command::Solve(a) => {
            // One input: z3 starts now, on its own thread, and is ready when the board is read.
            let session = (a.inputs.len() == 1 && !a.inputs[0].is_dir())
                .then(|| Session::start(&session_options(a)));
            with_config(SolveConfig::new(a), |cfg| {
                solve::run_solve(cfg, session.as_ref())
            })
        }
        Command::Read(a) => with_config(ReadConfig::new(a), image::run_read),
        Command::Check(a) => with_config(CheckConfig::new(a), check::run_check),
        Command::CheckFormat(a) => count::run_check_format(&CheckFormatConfig::new(a)),
        Command::Count(a) => count::run_count(&CountConfig::new(a)),
        Command::Render(a) => with_config(RenderConfig::new(a), make::run_render),
        Command::Generate(a) => with_config(GenerateConfig::new(a), make::run_generate),
        Command::Hint(a) => with_config(HintConfig::new(a), hint::run_hint),
        Command::Completions(a) => shell::run_completions(a.shell),
        Command::Man => shell::run_man(),
        Command::Serve(a) => serve::run_serve(a),
        Command::Watch(a) => watch::run_watch(a),
    }
}

/// The session of a one-input `solve`: the 6x6 Tango model prepared unless the game is forced
/// to Queens.
fn session_options(a: &args::SolveArgs) -> SessionOptions {
    let mut opts = SessionOptions::default();
    if a.game == Some(args::GameArg::Queens) {
        opts.prepare.clear();
    }
    opts
}

/// Runs a subcommand on its Config, or reports why the command line gave none.
fn with_config<C>(cfg: Result<C, ConfigError>, run: impl FnOnce(&C) -> Code) -> Code {
    match cfg {
        Ok(cfg) => run(&cfg),
        Err(e) => {
            diag(&e);
            e.code()
        }
    }
}
