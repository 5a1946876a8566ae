//! `check DIR...`: the regression run over folders of labelled screenshots.

use super::args::OutputFormat;
use super::config::CheckConfig;
use super::exit::{Code, diag, kind_code};
use super::output::{print_out, write_output};
use super::report::line;
use super::runner::progress;
use serde_json::{Value, json};
use snapsolve::answer::ErrorKind;
use snapsolve::check::{Case, CaseResult, Expect, Verdict, check_case, plan_check};
use snapsolve::parallel::run_ordered;
use snapsolve::solve::ms;
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn expect_name(e: &Expect) -> &'static str {
    match e {
        Expect::Label { .. } => "label",
        Expect::NoBoard => "no-board",
        Expect::Unique => "unique",
    }
}

/// The group of a case in the summary table.
fn group(c: &Case) -> String {
    match &c.expect {
        Expect::Label { puzzle: Ok(p), .. } => format!("labelled {}", p.game()),
        Expect::Label { .. } => "labelled (bad label)".into(),
        Expect::NoBoard => "negative (no board)".into(),
        Expect::Unique => "unlabelled (unique)".into(),
    }
}

fn text_line(c: &Case, r: &CaseResult) -> String {
    let name = c.image.path.display();
    let read = r
        .read
        .map(|(g, rows, cols)| format!(" ({g} {rows}x{cols})"))
        .unwrap_or_default();
    match &r.verdict {
        Verdict::Pass => format!("pass  {name}{read}\n"),
        Verdict::Equivalent { diffs } => {
            let mut s = format!(
                "equiv {name}{read}: differs from the label only in cells read as doubtful; same unique solution\n"
            );
            for d in diffs {
                s += &format!("        {d}\n");
            }
            s
        }
        Verdict::Fail { reason, diffs } => {
            let mut s = format!("FAIL  {name}{read}: {reason}\n");
            for d in diffs {
                s += &format!("        {d}\n");
            }
            s
        }
        Verdict::Error { kind, message } => {
            format!(
                "ERROR {name}{read}: {message} (exit code {})\n",
                kind_code(*kind).code()
            )
        }
    }
}

fn json_line(c: &Case, r: &CaseResult) -> Value {
    let mut v = json!({
        "file": c.image.path.display().to_string(),
        "expect": expect_name(&c.expect),
        "verdict": r.verdict.name(),
        "kinds": c.kinds,
        "stage_ms": {"load": ms(r.times.load), "decode": ms(r.times.decode),
            "read": ms(r.times.read), "solve": ms(r.times.solve)},
    });
    let m = v.as_object_mut().expect("json object");
    if let Expect::Label { path, .. } = &c.expect {
        m.insert("label".into(), path.display().to_string().into());
    }
    if let Some((g, rows, cols)) = r.read {
        m.insert(
            "read".into(),
            json!({"game": g, "rows": rows, "cols": cols}),
        );
    }
    if let Some(o) = r.outcome {
        m.insert("outcome".into(), o.into());
    }
    match &r.verdict {
        Verdict::Pass => {}
        Verdict::Equivalent { diffs } => {
            m.insert("diffs".into(), json!(diffs));
        }
        Verdict::Fail { reason, diffs } => {
            m.insert("reason".into(), reason.clone().into());
            m.insert("diffs".into(), json!(diffs));
        }
        Verdict::Error { kind, message } => {
            m.insert("error".into(), message.clone().into());
            m.insert("exit_code".into(), kind_code(*kind).code().into());
        }
    }
    v
}

/// Pass / equivalent / fail / error counts, each verdict in one column: `pass` is an exact
/// read, `equiv` a read that differs only where the reader doubted and gives the same unique
/// solution (both are successes).
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    pass: usize,
    /// [`Verdict::Equivalent`] reads (not counted in `pass`).
    equiv: usize,
    fail: usize,
    error: usize,
}

impl Tally {
    fn add(&mut self, v: &Verdict) {
        match v {
            Verdict::Pass => self.pass += 1,
            Verdict::Equivalent { .. } => self.equiv += 1,
            Verdict::Fail { .. } => self.fail += 1,
            Verdict::Error { .. } => self.error += 1,
        }
    }
    fn total(&self) -> usize {
        self.pass + self.equiv + self.fail + self.error
    }
    /// Every image passed or read equivalently.
    fn ok(&self) -> bool {
        self.fail + self.error == 0
    }
    fn json(&self) -> Value {
        json!({"pass": self.pass, "equivalent": self.equiv, "fail": self.fail, "error": self.error, "total": self.total()})
    }
}

struct Summary {
    all: Tally,
    groups: BTreeMap<String, Tally>,
    kinds: BTreeMap<String, Tally>,
}

fn summarise(cases: &[Case], results: &[CaseResult]) -> Summary {
    let mut s = Summary {
        all: Tally::default(),
        groups: BTreeMap::new(),
        kinds: BTreeMap::new(),
    };
    for (c, r) in cases.iter().zip(results) {
        s.all.add(&r.verdict);
        s.groups.entry(group(c)).or_default().add(&r.verdict);
        for k in &c.kinds {
            s.kinds.entry(k.clone()).or_default().add(&r.verdict);
        }
    }
    s
}

fn summary_text(s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{:<26} {:>5} {:>5} {:>5} {:>5} {:>5}",
        "summary", "pass", "equiv", "fail", "error", "total"
    );
    let row = |out: &mut String, name: &str, t: &Tally| {
        let _ = writeln!(
            out,
            "{name:<26} {:>5} {:>5} {:>5} {:>5} {:>5}",
            t.pass,
            t.equiv,
            t.fail,
            t.error,
            t.total()
        );
    };
    for (g, t) in &s.groups {
        row(&mut out, g, t);
    }
    row(&mut out, "all", &s.all);
    if !s.kinds.is_empty() {
        let _ = writeln!(out, "\nby kind (from the manifest)");
        for (k, t) in &s.kinds {
            row(&mut out, &format!("  {k}"), t);
        }
    }
    out
}

fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A JUnit XML report: one test case per image, `failure` for a wrong read, `error` for an
/// image that could not be processed.
fn junit(cases: &[Case], results: &[CaseResult], s: &Summary) -> String {
    let total_s: f64 = results
        .iter()
        .map(|r| (r.times.load + r.times.decode + r.times.read + r.times.solve).as_secs_f64())
        .sum();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "<testsuites name=\"snapsolve check\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{total_s:.3}\">",
        s.all.total(),
        s.all.fail,
        s.all.error
    );
    let _ = writeln!(
        x,
        "  <testsuite name=\"snapsolve check\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{total_s:.3}\">",
        s.all.total(),
        s.all.fail,
        s.all.error
    );
    for (c, r) in cases.iter().zip(results) {
        let class = c
            .image
            .path
            .parent()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let name = c
            .image
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let t = (r.times.load + r.times.decode + r.times.read + r.times.solve).as_secs_f64();
        let _ = write!(
            x,
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{t:.3}\"",
            xml_escape(&class),
            xml_escape(&name)
        );
        match &r.verdict {
            Verdict::Pass | Verdict::Equivalent { .. } => x.push_str("/>\n"),
            Verdict::Fail { reason, diffs } => {
                let _ = write!(
                    x,
                    ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                    xml_escape(reason),
                    xml_escape(&diffs.join("\n"))
                );
            }
            Verdict::Error { kind, message } => {
                let _ = write!(
                    x,
                    ">\n      <error message=\"{}\" type=\"exit {}\"/>\n    </testcase>\n",
                    xml_escape(message),
                    kind_code(*kind).code()
                );
            }
        }
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}

/// `check`: exit 0 when every image passes, 9 on any failure or error (6 when the folders or
/// the JUnit file cannot be read or written).
pub(super) fn run_check(cfg: &CheckConfig) -> Code {
    let cases = plan_check(&cfg.found);
    let opts = &cfg.options;
    let pb = progress(cases.len(), cfg.quiet);
    let results = run_ordered(&cases, cfg.jobs, &|| pb.inc(1), |c| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check_case(c, opts)))
            .unwrap_or_else(|_| CaseResult {
                verdict: Verdict::Error {
                    kind: ErrorKind::Internal,
                    message: "internal error (a bug): the program panicked on this image".into(),
                },
                read: None,
                outcome: None,
                times: Default::default(),
            })
    });
    pb.finish_and_clear();
    let summary = summarise(&cases, &results);
    let mut out = String::new();
    match cfg.format {
        OutputFormat::Text => {
            for (c, r) in cases.iter().zip(&results) {
                out += &text_line(c, r);
            }
            out += &summary_text(&summary);
        }
        OutputFormat::Json => {
            for (c, r) in cases.iter().zip(&results) {
                out += &line(json_line(c, r));
            }
            let groups: serde_json::Map<String, Value> = summary
                .groups
                .iter()
                .map(|(k, t)| (k.clone(), t.json()))
                .collect();
            let kinds: serde_json::Map<String, Value> = summary
                .kinds
                .iter()
                .map(|(k, t)| (k.clone(), t.json()))
                .collect();
            out += &line(
                json!({"summary": {"all": summary.all.json(), "groups": groups,
                "kinds": kinds}}),
            );
        }
    }
    let mut code = if cases.is_empty() {
        diag("no images found");
        Code::CheckFailed
    } else if summary.all.ok() {
        Code::Ok
    } else {
        Code::CheckFailed
    };
    if print_out(&out).is_err() {
        code = code.worst(Code::Io);
    }
    if let Some(path) = &cfg.junit
        && let Err(e) = write_output(
            path,
            junit(&cases, &results, &summary).as_bytes(),
            None,
            cfg.force,
        )
    {
        diag(&e);
        code = code.worst(Code::Io);
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equivalent_reads_have_their_own_column() {
        let mut t = Tally::default();
        t.add(&Verdict::Pass);
        t.add(&Verdict::Equivalent { diffs: vec![] });
        assert_eq!((t.pass, t.equiv, t.total()), (1, 1, 2));
        assert!(t.ok());
        assert_eq!(t.json()["pass"], 1);
        t.add(&Verdict::Fail {
            reason: String::new(),
            diffs: vec![],
        });
        assert!(!t.ok());
    }

    #[test]
    fn xml_is_escaped() {
        assert_eq!(
            xml_escape("a<b & \"c\"\u{1}"),
            "a&lt;b &amp; &quot;c&quot; "
        );
    }
}
