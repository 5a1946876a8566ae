//! One validated Config per subcommand, built from the parsed flags (no I/O but listing the
//! folders given): the inputs expanded, the output paths planned, the library options set.

use super::args::{
    CheckArgs, CheckFormatArgs, CountArgs, Engine, GenerateArgs, HintArgs, OutputFormat, ReadArgs,
    RenderArgs, SolveArgs,
};
use super::exit::Code;
use super::input::Input;
use super::output::png_to_this_terminal;
use snapsolve::answer::ImageOptions;
use snapsolve::generate::make::GenerateOptions;
use snapsolve::input::{self, Found, ListError};
use snapsolve::pipeline::ReadOptions;
use snapsolve::puzzle::Game;
use snapsolve::render::output::{OVERLAY_MARKER, has_text};
use snapsolve::render::synth::{SynthOptions, Variations};
use snapsolve::solve::SolveOptions;
use std::path::{Path, PathBuf};

/// The file-name ending of the overlays `solve --out-dir` writes.
pub const OVERLAY_SUFFIX: &str = ".solved.png";

/// Whether a file found in a folder is an overlay snapsolve wrote: named `*.solved.png` *and*
/// carrying snapsolve's PNG `tEXt` marker (a user's file of that name without it is kept).
fn is_own_overlay(path: &Path) -> bool {
    use std::io::Read;
    let named = path
        .file_name()
        .is_some_and(|n| n.to_string_lossy().ends_with(OVERLAY_SUFFIX));
    let mut head = Vec::new();
    let (key, text) = OVERLAY_MARKER;
    named
        && std::fs::File::open(path)
            .and_then(|f| f.take(512).read_to_end(&mut head))
            .is_ok()
        && has_text(&head, key, text)
}

/// One input of `solve` / `read` after folders are expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The input.
    pub input: Input,
    /// Where to write its overlay, if it is an image.
    pub overlay: Option<PathBuf>,
    /// Where to write its debug pictures.
    pub debug: Option<PathBuf>,
}

/// The validated configuration of `solve`.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// Inputs, in order.
    pub items: Vec<Item>,
    /// Overlays of an earlier run found in the folders given, left out.
    pub skipped: Vec<PathBuf>,
    /// Output format.
    pub format: OutputFormat,
    /// Reading and solver options.
    pub options: ImageOptions,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// No progress bar.
    pub quiet: bool,
    /// The report goes to stderr (the overlay PNG goes to stdout).
    pub report_to_stderr: bool,
    /// Replace existing overlay files.
    pub force: bool,
}

/// The validated configuration of `read`.
#[derive(Clone, Debug)]
pub struct ReadConfig {
    /// Inputs, in order.
    pub items: Vec<Item>,
    /// Overlays of an earlier run found in the folders given, left out.
    pub skipped: Vec<PathBuf>,
    /// Output format.
    pub format: OutputFormat,
    /// Reading options.
    pub options: ReadOptions,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// No progress bar.
    pub quiet: bool,
}

/// The validated configuration of `check`.
#[derive(Clone, Debug)]
pub struct CheckConfig {
    /// The images found under the folders given, in order.
    pub found: Vec<Found>,
    /// Output format.
    pub format: OutputFormat,
    /// Also write a JUnit report here.
    pub junit: Option<PathBuf>,
    /// Replace an existing JUnit report.
    pub force: bool,
    /// Reading and solver options.
    pub options: ImageOptions,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// No progress bar.
    pub quiet: bool,
}

/// The configuration of `check-format`.
#[derive(Clone, Debug)]
pub struct CheckFormatConfig {
    /// Inputs, in order.
    pub inputs: Vec<Input>,
}

/// The configuration of `count`.
#[derive(Clone, Debug)]
pub struct CountConfig {
    /// The puzzle text.
    pub input: Input,
    /// Stop after this many solutions.
    pub limit: Option<usize>,
    /// The counting engine.
    pub engine: Engine,
    /// Solver options (z3 engine).
    pub options: SolveOptions,
}

/// The configuration of `render`.
#[derive(Clone, Debug)]
pub struct RenderConfig {
    /// The puzzle text.
    pub input: Input,
    /// The PNG to write (`-`: standard output).
    pub output: PathBuf,
    /// Replace an existing output file.
    pub force: bool,
    /// What to draw.
    pub options: SynthOptions,
}

/// The configuration of `generate`.
#[derive(Clone, Debug)]
pub struct GenerateConfig {
    /// What to generate.
    pub options: GenerateOptions,
    /// Also draw the puzzle to this PNG.
    pub png: Option<PathBuf>,
    /// Replace an existing PNG.
    pub force: bool,
    /// The seed was drawn, not given (it is printed so the puzzle can be made again).
    pub seed_drawn: bool,
    /// Output format.
    pub format: OutputFormat,
}

/// The configuration of `hint`.
#[derive(Clone, Debug)]
pub struct HintConfig {
    /// A puzzle text or a screenshot.
    pub input: Input,
    /// Reading options, for a screenshot.
    pub options: ReadOptions,
    /// Every step to the solution instead of the next one.
    pub all: bool,
    /// Where to draw the hint.
    pub png: Option<PathBuf>,
    /// Replace an existing `png`.
    pub force: bool,
    /// Output format.
    pub format: OutputFormat,
}

/// A command line that parses but makes no sense (exit code 2), or folders that cannot be
/// listed (exit code 6).
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Inconsistent options.
    #[error("{0}")]
    Usage(String),
    /// A folder could not be listed.
    #[error(transparent)]
    List(#[from] ListError),
    /// A file or folder given does not exist.
    #[error("{}: no such file or folder", .0.display())]
    Missing(PathBuf),
}

impl ConfigError {
    /// The exit code.
    pub fn code(&self) -> Code {
        match self {
            ConfigError::Usage(_) => Code::Usage,
            ConfigError::List(_) | ConfigError::Missing(_) => Code::Io,
        }
    }
}

/// Expands folders into their images, leaving out (into `skipped`) the overlays snapsolve
/// wrote there earlier; `-` stays standard input.
fn expand(
    inputs: &[PathBuf],
    skipped: &mut Vec<PathBuf>,
) -> Result<Vec<(Input, Found)>, ListError> {
    let mut out = Vec::new();
    for p in inputs {
        if p.as_os_str() == "-" {
            out.push((
                Input::Stdin,
                Found {
                    path: PathBuf::from("stdin"),
                    root: PathBuf::new(),
                },
            ));
        } else {
            let mut found = input::expand_inputs(std::slice::from_ref(p))?;
            if p.is_dir() {
                let (own, rest): (Vec<Found>, Vec<Found>) =
                    found.into_iter().partition(|f| is_own_overlay(&f.path));
                skipped.extend(own.into_iter().map(|f| f.path));
                found = rest;
            }
            if found.is_empty() {
                return Err(ListError {
                    path: p.display().to_string(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        "no PNG, JPEG or WebP images in this folder",
                    ),
                });
            }
            for f in found {
                out.push((Input::Path(f.path.clone()), f));
            }
        }
    }
    Ok(out)
}

/// Output paths under `dir` for each found input: the path relative to its folder argument with
/// the extension replaced by `suffix`; when two inputs would share a name (`a.png`, `a.jpg`)
/// the full file name is kept (`a.png.solved.png`).
fn planned_paths(found: &[Found], dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let short = |f: &Found| {
        let rel = f.relative();
        let stem = rel.file_stem().unwrap_or_default().to_string_lossy();
        rel.with_file_name(format!("{stem}{suffix}"))
    };
    let long = |f: &Found| {
        let rel = f.relative();
        let name = rel.file_name().unwrap_or_default().to_string_lossy();
        rel.with_file_name(format!("{name}{suffix}"))
    };
    let shorts: Vec<PathBuf> = found.iter().map(short).collect();
    found
        .iter()
        .zip(&shorts)
        .map(|(f, s)| {
            let clash = shorts.iter().filter(|x| *x == s).count() > 1;
            dir.join(if clash { long(f) } else { s.clone() })
        })
        .collect()
}

fn items_for(
    inputs: &[PathBuf],
    output: Option<&PathBuf>,
    out_dir: Option<&PathBuf>,
    debug_dir: Option<&PathBuf>,
    skipped: &mut Vec<PathBuf>,
) -> Result<Vec<Item>, ConfigError> {
    let found = expand(inputs, skipped)?;
    if output.is_some() && found.len() != 1 {
        return Err(ConfigError::Usage(format!(
            "-o/--output takes one input ({} given); use --out-dir for several",
            found.len()
        )));
    }
    let fs: Vec<Found> = found.iter().map(|(_, f)| f.clone()).collect();
    let overlays = out_dir.map(|d| planned_paths(&fs, d, OVERLAY_SUFFIX));
    let debugs = debug_dir.map(|d| {
        if found.len() == 1 {
            vec![d.clone()]
        } else {
            planned_paths(&fs, d, "")
        }
    });
    Ok(found
        .into_iter()
        .enumerate()
        .map(|(i, (input, _))| Item {
            input,
            overlay: output
                .cloned()
                .or_else(|| overlays.as_ref().map(|o| o[i].clone())),
            debug: debugs.as_ref().map(|d| d[i].clone()),
        })
        .collect())
}

impl SolveConfig {
    /// Validates the options and expands folders.
    pub fn new(a: &SolveArgs) -> Result<SolveConfig, ConfigError> {
        let mut skipped = Vec::new();
        let items = items_for(
            &a.inputs,
            a.output.as_ref(),
            a.out_dir.as_ref(),
            a.debug_dir.as_ref(),
            &mut skipped,
        )?;
        if items.iter().filter(|i| i.input == Input::Stdin).count() > 1 {
            return Err(ConfigError::Usage("`-` can be given once".into()));
        }
        refuse_terminal(a.output.as_deref())?;
        Ok(SolveConfig {
            items,
            skipped,
            format: a.format,
            options: ImageOptions {
                read: read_options(a.game.map(Game::from)),
                solve: SolveOptions {
                    timeout_ms: a.timeout,
                    minimize_core: !a.raw_core,
                    ..SolveOptions::default()
                },
                ..ImageOptions::default()
            },
            jobs: a.jobs,
            quiet: a.quiet,
            force: a.force,
            report_to_stderr: a.output.as_deref() == Some(Path::new("-")),
        })
    }
}

impl ReadConfig {
    /// Expands folders.
    pub fn new(a: &ReadArgs) -> Result<ReadConfig, ConfigError> {
        let mut skipped = Vec::new();
        Ok(ReadConfig {
            items: items_for(&a.inputs, None, None, a.debug_dir.as_ref(), &mut skipped)?,
            skipped,
            format: a.format,
            options: read_options(a.game.map(Game::from)),
            jobs: a.jobs,
            quiet: a.quiet,
        })
    }
}

impl CheckConfig {
    /// Lists the folders; every input must exist.
    pub fn new(a: &CheckArgs) -> Result<CheckConfig, ConfigError> {
        let found = input::expand_inputs(&a.inputs)?;
        if let Some(missing) = a.inputs.iter().find(|p| !p.exists()) {
            return Err(ConfigError::Missing(missing.clone()));
        }
        Ok(CheckConfig {
            found,
            format: a.format,
            junit: a.junit.clone(),
            force: a.force,
            options: ImageOptions {
                solve: SolveOptions {
                    timeout_ms: a.timeout,
                    ..SolveOptions::default()
                },
                ..ImageOptions::default()
            },
            jobs: a.jobs,
            quiet: a.quiet,
        })
    }
}

impl CheckFormatConfig {
    /// The inputs (`-` is standard input).
    pub fn new(a: &CheckFormatArgs) -> CheckFormatConfig {
        CheckFormatConfig {
            inputs: a.inputs.iter().map(|p| Input::from_arg(p)).collect(),
        }
    }
}

impl CountConfig {
    /// The input and the solver options.
    pub fn new(a: &CountArgs) -> CountConfig {
        CountConfig {
            input: Input::from_arg(&a.input),
            limit: a.limit,
            engine: a.engine,
            options: SolveOptions {
                timeout_ms: a.timeout,
                ..SolveOptions::default()
            },
        }
    }
}

impl RenderConfig {
    /// The drawing options; PNG bytes never go to a terminal.
    pub fn new(a: &RenderArgs) -> Result<RenderConfig, ConfigError> {
        refuse_terminal(Some(&a.output))?;
        Ok(RenderConfig {
            input: Input::from_arg(&a.input),
            output: a.output.clone(),
            force: a.force,
            options: SynthOptions {
                theme: a.theme.into(),
                scale: a.scale,
                frame: a.frame.into(),
                state: a.state.into(),
                jpeg_quality: a.jpeg_quality,
                blur: a.blur,
                noise: a.noise,
                seed: a.seed,
                wrong_pieces: a.wrong,
                variations: Variations {
                    pointer: a.pointer.map(Into::into),
                    pointer_scale: a.pointer_scale.unwrap_or(0.0),
                    stripes: a.stripes,
                    stripes_over: a.stripes_over,
                    shimmer: a.shimmer,
                    fade: a.fade,
                    themed: a.themed,
                    cut: a.cut.map(Into::into),
                    hint_mode: a.hint_mode,
                    // As LinkedIn: Queens stripes only where the player's crowns clash.
                    clash: true,
                },
                ..SynthOptions::default()
            },
        })
    }
}

impl GenerateConfig {
    /// The generator options; PNG bytes never go to a terminal.
    pub fn new(a: &GenerateArgs) -> Result<GenerateConfig, ConfigError> {
        refuse_terminal(a.png.as_deref())?;
        Ok(GenerateConfig {
            options: GenerateOptions::new(
                a.game.into(),
                a.size,
                a.difficulty.into(),
                a.seed.unwrap_or_else(fresh_seed),
            ),
            png: a.png.clone(),
            force: a.force,
            seed_drawn: a.seed.is_none(),
            format: a.format,
        })
    }
}

impl HintConfig {
    /// The input and the reading options; PNG bytes never go to a terminal.
    pub fn new(a: &HintArgs) -> Result<HintConfig, ConfigError> {
        refuse_terminal(a.png.as_deref())?;
        Ok(HintConfig {
            input: Input::from_arg(&a.input),
            options: read_options(a.game.map(Game::from)),
            all: a.all,
            png: a.png.clone(),
            force: a.force,
            format: a.format,
        })
    }
}

/// A fresh seed for `generate` without `--seed`: the standard library's per-process random
/// hash keys (drawn from the OS) mixed with the clock.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(now);
    h.finish()
}

/// A usage error when a PNG output is standard output and that is a terminal.
fn refuse_terminal(png: Option<&Path>) -> Result<(), ConfigError> {
    match png.and_then(png_to_this_terminal) {
        Some(why) => Err(ConfigError::Usage(why)),
        None => Ok(()),
    }
}

/// Reading options with an optional forced game.
fn read_options(game: Option<Game>) -> ReadOptions {
    ReadOptions {
        game,
        ..ReadOptions::default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::args::{Cli, Command};
    use super::*;
    use clap::Parser;

    #[test]
    fn solve_args_become_config() {
        let cli = Cli::try_parse_from([
            "snapsolve",
            "solve",
            "--format",
            "json",
            "--timeout",
            "50",
            "--game",
            "queens",
            "a.txt",
            "-",
        ])
        .unwrap();
        let Command::Solve(a) = &cli.command else {
            panic!("expected solve")
        };
        let cfg = SolveConfig::new(a).unwrap();
        assert_eq!(cfg.format, OutputFormat::Json);
        assert_eq!(cfg.options.solve.timeout_ms, Some(50));
        assert_eq!(cfg.options.read.game, Some(Game::Queens));
        assert!(cfg.options.solve.minimize_core);
        let inputs: Vec<Input> = cfg.items.iter().map(|i| i.input.clone()).collect();
        assert_eq!(inputs, vec![Input::Path("a.txt".into()), Input::Stdin]);
    }

    #[test]
    fn output_takes_one_input_and_excludes_out_dir() {
        let parse = |args: &[&str]| {
            let cli = Cli::try_parse_from(args).unwrap();
            let Command::Solve(a) = &cli.command else {
                panic!("expected solve")
            };
            SolveConfig::new(a).map(|c| c.items)
        };
        assert!(matches!(
            parse(&["snapsolve", "solve", "-o", "x.png", "a.png", "b.png"]),
            Err(ConfigError::Usage(_))
        ));
        let items = parse(&["snapsolve", "solve", "-o", "x.png", "a.png"]).unwrap();
        assert_eq!(items[0].overlay, Some(PathBuf::from("x.png")));
        assert!(
            Cli::try_parse_from(["snapsolve", "solve", "-o", "x", "--out-dir", "d", "a"]).is_err()
        );
        let items = parse(&["snapsolve", "solve", "--out-dir", "o", "d/a.png", "e/a.jpg"]).unwrap();
        assert_eq!(items[0].overlay, Some(PathBuf::from("o/a.png.solved.png")));
        assert_eq!(items[1].overlay, Some(PathBuf::from("o/a.jpg.solved.png")));
        let items = parse(&["snapsolve", "solve", "--out-dir", "o", "d/a.png"]).unwrap();
        assert_eq!(items[0].overlay, Some(PathBuf::from("o/a.solved.png")));
    }
}
