//! The snippets of README.md and docs/*.md, run against the built CLI, so the docs cannot drift
//! from the program:
//! - a ```` ```console ```` block is commands (`$ swrr-viz …`, `|` between two of them) each
//!   followed by its output (stdout, then stderr); a line `…` stands for any number of lines;
//! - a ```` ```sh ```` block's `swrr-viz` lines run and succeed; one that writes a file
//!   (`-o docs/…`) writes what is committed there;
//! - a ```` ```scenario ```` block is one event per line (its comment after two spaces), each read
//!   by `swrr-viz seq A=5 B=3 C=2 D=5 --scenario EVENT`.
//!
//! The README stays a front page (at most 250 lines), the docs say what is (no history), and
//! every relative link points at a file that exists.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const ELISION: &str = "…";

/// README.md and every docs/*.md, with their text.
fn documents() -> Vec<(PathBuf, String)> {
    let root = Path::new(ROOT);
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect()
}

/// A fenced block: its info string, its first line's number (1-based) and its lines.
#[derive(Debug)]
struct Block<'a> {
    info: &'a str,
    line: usize,
    lines: Vec<&'a str>,
}

/// The fenced blocks of a Markdown text (fences may be indented, as in a list item).
fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut found = Vec::new();
    let mut open: Option<(usize, Block)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.as_mut() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    let indent = line.len() - trimmed.len();
                    let block = Block {
                        info: info.trim(),
                        line: index + 2,
                        lines: Vec::new(),
                    };
                    open = Some((indent, block));
                }
            }
            Some(_) if trimmed == "```" => found.push(open.take().unwrap().1),
            Some((indent, block)) => block.lines.push(line.get(*indent..).unwrap_or(trimmed)),
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    found
}

/// Words of a shell command line: spaces separate, "…" and '…' quote, `|` pipes.
fn shell_words(line: &str) -> Vec<Vec<String>> {
    let mut commands = vec![Vec::new()];
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    commands.last_mut().unwrap().push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None if c == '|' => {
                if in_word {
                    commands.last_mut().unwrap().push(std::mem::take(&mut word));
                    in_word = false;
                }
                commands.push(Vec::new());
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(quote.is_none(), "unclosed quote in `{line}`");
    if in_word {
        commands.last_mut().unwrap().push(word);
    }
    commands
}

/// Runs a pipeline of `swrr-viz` commands; the output of the last: stdout, then stderr.
fn run(line: &str, cwd: &Path) -> (bool, String) {
    let mut input: Vec<u8> = Vec::new();
    let mut result = (true, String::new());
    for words in shell_words(line) {
        assert_eq!(
            words.first().map(String::as_str),
            Some("swrr-viz"),
            "`{line}`: each command of a snippet is swrr-viz"
        );
        let mut child = Command::new(env!("CARGO_BIN_EXE_swrr-viz"))
            .args(&words[1..])
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(&input).unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        input = out.stdout.clone();
        result = (
            out.status.success(),
            String::from_utf8(out.stdout).unwrap() + &stderr,
        );
    }
    result
}

/// Whether `actual` is `expected`, line by line (trailing spaces aside), where a line `…` of
/// `expected` stands for any number of lines.
fn matches(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == ELISION => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line.trim_end() == first.trim_end() && matches(rest, more)),
    }
}

/// The commands of a console block, each with the output it shows.
fn console_examples<'a>(block: &Block<'a>) -> Vec<(&'a str, Vec<&'a str>)> {
    let mut examples: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in &block.lines {
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((command, Vec::new()));
        } else {
            let (_, output) = examples
                .last_mut()
                .unwrap_or_else(|| panic!("a console block starts with `$ `: {line}"));
            output.push(line);
        }
    }
    examples
}

#[test]
fn console_examples_print_what_the_docs_show() {
    let scratch = std::env::temp_dir();
    let mut count = 0;
    for (path, text) in documents() {
        for block in blocks(&text).iter().filter(|b| b.info == "console") {
            for (command, expected) in console_examples(block) {
                let (_, output) = run(command, &scratch);
                let actual: Vec<&str> = output.lines().collect();
                assert!(
                    matches(&expected, &actual),
                    "{}:{}: `$ {command}` prints\n{output}\nbut the doc shows\n{}",
                    path.display(),
                    block.line,
                    expected.join("\n")
                );
                count += 1;
            }
        }
    }
    assert!(count >= 15, "only {count} console examples found");
}

#[test]
fn sh_snippets_run_and_write_the_committed_files() {
    let scratch = std::env::temp_dir().join(format!("swrr-viz-docs-{}", std::process::id()));
    std::fs::create_dir_all(scratch.join("docs")).unwrap();
    let mut count = 0;
    for (path, text) in documents() {
        for block in blocks(&text).iter().filter(|b| b.info == "sh") {
            for line in &block.lines {
                let command = line.split(" # ").next().unwrap().trim();
                if !command.starts_with("swrr-viz ") {
                    continue;
                }
                let (ok, output) = run(command, &scratch);
                assert!(ok, "{}: `{command}` fails: {output}", path.display());
                let words = &shell_words(command)[0];
                if let Some(at) = words.iter().position(|w| w == "-o") {
                    let file = &words[at + 1];
                    let committed = Path::new(ROOT).join(file);
                    if committed.exists() {
                        assert!(
                            std::fs::read(scratch.join(file)).unwrap()
                                == std::fs::read(&committed).unwrap(),
                            "{file} is stale: regenerate it with `{command}`"
                        );
                    }
                }
                count += 1;
            }
        }
    }
    std::fs::remove_dir_all(&scratch).unwrap();
    assert!(count >= 5, "only {count} sh snippets found");
}

#[test]
fn scenario_examples_are_read_as_written() {
    let mut count = 0;
    for (path, text) in documents() {
        for block in blocks(&text).iter().filter(|b| b.info == "scenario") {
            for line in &block.lines {
                let event = line.split("  ").next().unwrap().trim();
                let (ok, output) = run(
                    &format!("swrr-viz seq A=5 B=3 C=2 D=5 --steps 40 --scenario '{event}'"),
                    Path::new(ROOT),
                );
                assert!(
                    ok,
                    "{}: the event `{event}` is refused: {output}",
                    path.display()
                );
                count += 1;
            }
        }
    }
    assert!(count >= 10, "only {count} scenario examples found");
}

#[test]
fn the_readme_is_a_front_page_and_the_docs_say_what_is() {
    let docs = documents();
    let readme = &docs[0].1;
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md is {lines} lines: details belong in docs/"
    );
    // Words that tell history: the docs say what is, today.
    let history = [
        "before:",
        "used to",
        "no longer",
        "not adopted",
        "this work",
        "this session",
    ];
    for (path, text) in &docs {
        for (number, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for words in history {
                assert!(
                    !lower.contains(words),
                    "{}:{}: \"{words}\" is history: say what is, with today's figures",
                    path.display(),
                    number + 1
                );
            }
        }
    }
}

/// A Markdown text without its fenced blocks (fences may be indented, as in a list item).
fn prose(text: &str) -> String {
    let mut in_code = false;
    let mut kept = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            kept.push(line);
        }
    }
    kept.join("\n")
}

/// The anchors a code host gives the headings of a Markdown text: lower case, spaces as `-`,
/// other punctuation dropped.
fn anchors(text: &str) -> Vec<String> {
    prose(text)
        .lines()
        .filter_map(|line| line.strip_prefix('#'))
        .map(|heading| {
            heading
                .trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    '-' | '_' => Some(c),
                    c if c.is_alphanumeric() => Some(c),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

#[test]
fn relative_links_point_at_files_and_headings_that_exist() {
    for (path, full) in documents() {
        let dir = path.parent().unwrap();
        // Links outside code: a snippet may show a link of the reader's own README.
        let text = prose(&full);
        let mut at = 0;
        while let Some(found) = text[at..].find("](") {
            let start = at + found + 2;
            let end = start + text[start..].find(')').unwrap();
            let target = &text[start..end];
            at = end;
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            let linked = if file.is_empty() {
                path.clone()
            } else {
                dir.join(file)
            };
            assert!(
                linked.exists(),
                "{}: the link ({target}) points at no file",
                path.display()
            );
            if !anchor.is_empty() {
                let headings = anchors(&std::fs::read_to_string(&linked).unwrap());
                assert!(
                    headings.iter().any(|h| h == anchor),
                    "{}: the link ({target}) names no heading; there are {headings:?}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn the_pages_workflow_builds_dist_with_the_script_ci_runs() {
    let root = Path::new(ROOT);
    let workflow = std::fs::read_to_string(root.join(".github/workflows/pages.yml")).unwrap();
    let ci = std::fs::read_to_string(root.join("scripts/test.sh")).unwrap();
    assert!(ci.contains("bash scripts/build-dist.sh"));
    assert!(workflow.contains("run: bash scripts/build-dist.sh\n"));
    for action in ["actions/upload-pages-artifact@", "actions/deploy-pages@"] {
        assert!(workflow.contains(action), "pages.yml uses {action}");
    }
}

/// Whether a path the docs name in backticks is one of this repository's files to check: the
/// crate's Rust sources and folders (`src/…` of gRPC's or a fixture's tree are theirs), and
/// everything under tests/, scripts/, www/ and bench/ that is not built (git-ignored).
fn checked_path(path: &str) -> bool {
    const BUILT: [&str; 5] = [
        "www/pkg",
        "www/widget-styles.js",
        "www/core-facts.js",
        "tests/browser/screenshots",
        "tests/embed-fixtures/webpack/dist",
    ];
    if BUILT.iter().any(|built| path.starts_with(built)) || path.contains('*') {
        return false;
    }
    match path.split_once('/') {
        Some(("src", _)) => path.ends_with(".rs") || path.ends_with('/'),
        Some(("tests" | "scripts" | "www" | "bench" | "benches" | "docs" | "npm", _)) => true,
        _ => false,
    }
}

#[test]
fn files_the_docs_name_exist() {
    let root = Path::new(ROOT);
    let mut count = 0;
    for (path, text) in documents() {
        for quoted in prose(&text).split('`').skip(1).step_by(2) {
            let named = quoted.split([':', ' ']).next().unwrap();
            if !checked_path(named) {
                continue;
            }
            assert!(
                root.join(named).exists(),
                "{} names `{named}`, which does not exist",
                path.display()
            );
            count += 1;
        }
    }
    assert!(count >= 100, "only {count} paths checked");
}
