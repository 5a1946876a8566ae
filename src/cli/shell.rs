//! `completions SHELL` and `man`: shell completion scripts (clap_complete) and a roff man page
//! (clap_mangen), both generated from the one command-line definition in [`super::args`], on
//! standard output.

use super::args::Cli;
use super::exit::{Code, diag};
use super::output::print_out;
use clap::CommandFactory;
use clap_complete::Shell;

/// The completion script for `shell`.
pub fn completion_script(shell: Shell) -> String {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "snapsolve", &mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}

/// The man page, in roff, starting with its `.TH` title line (clap_mangen puts the definition
/// of the apostrophe string first; it moves below the title). The examples and the exit-code
/// table (the help's after-text) are kept as laid out, not refilled into one paragraph.
pub fn man_page() -> std::io::Result<String> {
    let cmd = Cli::command();
    let extra = cmd
        .get_after_help()
        .map(|h| h.to_string())
        .unwrap_or_default();
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut buf)?;
    let page = String::from_utf8_lossy(&buf);
    let (th, rest): (Vec<&str>, Vec<&str>) = page.lines().partition(|l| l.starts_with(".TH "));
    let mut out = String::new();
    let mut in_extra = false;
    for l in th.iter().chain(&rest) {
        if l.starts_with(".SH ") {
            in_extra = *l == ".SH EXTRA";
            if in_extra {
                out += &format!(
                    ".SH \"EXAMPLES AND EXIT CODES\"\n.nf\n{}.fi\n",
                    roff_lines(&extra)
                );
                continue;
            }
        }
        if !in_extra {
            out += l;
            out.push('\n');
        }
    }
    Ok(out)
}

/// Plain text as roff lines to be printed as they are (`.nf`): backslashes escaped, and a line
/// that would start with a control character guarded.
fn roff_lines(text: &str) -> String {
    text.lines()
        .map(|l| {
            let l = l.replace('\\', "\\e");
            if l.starts_with('.') || l.starts_with('\'') {
                format!("\\&{l}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

/// `completions SHELL`.
pub fn run_completions(shell: Shell) -> Code {
    emit(Ok(completion_script(shell)))
}

/// `man`.
pub fn run_man() -> Code {
    emit(man_page())
}

fn emit(text: std::io::Result<String>) -> Code {
    match text.and_then(|t| print_out(&t)) {
        Ok(()) => Code::Ok,
        Err(e) => {
            diag(format!("cannot write: {e}"));
            Code::Io
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completions_name_every_subcommand() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let s = completion_script(shell);
            for sub in Cli::command().get_subcommands() {
                assert!(s.contains(sub.get_name()), "{shell}: no {}", sub.get_name());
            }
        }
    }

    #[test]
    fn the_man_page_is_roff() {
        let page = man_page().unwrap();
        assert!(
            page.starts_with(".TH snapsolve 1"),
            "{}",
            &page[..80.min(page.len())]
        );
        assert!(page.contains(".SH NAME") && page.contains(".SH SYNOPSIS"));
        assert!(page.contains("check\\-format"), "subcommands are listed");
        assert!(
            page.contains(".nf\nExamples:\n"),
            "examples kept as laid out"
        );
        assert_eq!(roff_lines(".x\n\\y"), "\\&.x\n\\ey\n");
    }
}
