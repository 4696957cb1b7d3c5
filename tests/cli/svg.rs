//! `swrr-viz svg`: every kind renders well-formed SVG; bad input is a message and exit code 2.

use crate::run::swrr;

pub(crate) fn svg(args: &[&str]) -> String {
    let out = swrr().arg("svg").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    text
}

fn refused(args: &[&str]) -> String {
    let out = swrr().arg("svg").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?} should be refused");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn every_kind_renders() {
    let animated = svg(&["5,3,2"]);
    assert!(animated.contains(r#"data-kind="animated""#));
    assert!(animated.contains(r#"data-slots="31""#));
    let tanks = svg(&["5,3,2", "--kind", "tanks", "--step", "5"]);
    assert!(tanks.contains(r#"data-kind="tanks""#) && tanks.contains(r#"data-step="5""#));
    assert!(tanks.contains(r#"data-phase="drain""#));
    let fill = svg(&["5,3,2", "--kind", "tanks", "--step", "5", "--phase", "fill"]);
    assert!(fill.contains(r#"data-phase="fill""#) && fill.contains(r#"data-sum="10""#));
    let still = svg(&["5,3,2", "--kind", "still", "--step", "5"]);
    assert!(still.contains(r#"data-kind="still""#) && still.contains(r#"data-phase="step""#));
    // --bare: the tanks alone, as exportSvg's `bare: true` draws them.
    let bare = svg(&["5,3,2", "--kind", "still", "--step", "5", "--bare"]);
    assert!(bare.contains(r#"data-kind="still""#) && !bare.contains(r#"class="key""#));
    assert!(still.contains(r#"class="key""#) && still.contains('Σ') && !bare.contains('Σ'));
    assert!(still.contains(r#"data-before="0" data-filled="5" data-current="-5""#));
    let strip = svg(&["5", "3", "2", "--kind", "strip", "--steps", "30"]);
    assert_eq!(strip.matches("data-pick=").count(), 30);
    let table = svg(&["5,3,2", "--kind", "table", "--theme", "dark"]);
    assert_eq!(table.matches("data-winner=").count(), 10);
    assert!(!table.contains("prefers-color-scheme"));
}

#[test]
fn defaults_one_period_capped() {
    // 100,1,1 has a period of 102: the strip and the animation show it whole, the table 100 rows.
    assert_eq!(
        svg(&["100,1,1", "--kind", "strip"])
            .matches("data-pick=")
            .count(),
        102
    );
    assert_eq!(
        svg(&["100,1,1", "--kind", "table"])
            .matches("data-winner=")
            .count(),
        100
    );
    assert!(svg(&["100,1,1"]).contains(r#"data-steps="102""#));
    // A long period: the first 200 steps, and the footer says so.
    let long = svg(&["1000,999"]);
    assert!(long.contains(r#"data-steps="200""#));
    assert!(long.contains("first 200 of 1999 steps"));
}

#[test]
fn tie_rule_and_tanks_default_step() {
    let last = svg(&[
        "1,1,1", "--kind", "tanks", "--tie", "last", "--phase", "pick",
    ]);
    assert!(last.contains("C wins (last in list)"));
    let first = svg(&["5,3,2", "--kind", "tanks"]);
    assert!(first.contains(r#"data-step="1""#));
}

#[test]
fn writes_a_file() {
    let dir = std::env::temp_dir().join(format!("swrr-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("out.svg");
    let out = swrr()
        .args(["svg", "5,3,2", "--kind", "strip", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("<svg "));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_cannot_be_written_exits_2_naming_it() {
    let dir = std::env::temp_dir().join(format!("swrr-svg-o-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing").join("x.svg");
    let mut args = vec!["5,3,2", "--kind", "strip", "-o", missing.to_str().unwrap()];
    assert_eq!(
        refused(&args),
        format!(
            "swrr-viz: cannot write -o {}: the folder {} does not exist\n",
            missing.display(),
            dir.join("missing").display()
        )
    );
    // A folder where the file should be: the system's words.
    args[4] = dir.to_str().unwrap();
    let said = refused(&args);
    assert!(
        said.starts_with(&format!("swrr-viz: cannot write -o {}: ", dir.display())),
        "{said}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_2_with_a_message() {
    assert!(refused(&["5,-3"]).contains("invalid weights"));
    assert!(refused(&["5,3,2", "--kind", "strip", "--phase", "fill"])
        .contains("--phase applies to --kind tanks only"));
    assert!(refused(&["5,3,2", "--kind", "tanks", "--steps", "4"]).contains("--steps"));
    assert!(refused(&["5,3,2", "--kind", "still", "--steps", "4"]).contains("--steps"));
    assert!(refused(&["5,3,2", "--kind", "still", "--phase", "pick"]).contains("--phase"));
    assert!(refused(&["5,3,2", "--kind", "tanks", "--bare"])
        .contains("--bare applies to --kind still only"));
    assert!(refused(&["5,3,2", "--kind", "still", "--algo", "edf"]).contains("use --kind strip"));
    assert!(refused(&["5,3,2", "--step", "4"]).contains("--step"));
    assert!(refused(&["5,3,2", "--width", "10"]).contains("width 10 is out of range"));
    assert!(refused(&["5,3,2", "--step-ms", "5"]).contains("5 ms is out of range"));
    assert!(refused(&["5,3,2", "--steps", "5000"]).contains("too many for an animation"));
    assert!(refused(&["5,3,2", "--kind", "table", "--steps", "5000"]).contains("table"));
    assert!(refused(&["5,3,2", "--kind", "strip", "--steps", "99999"]).contains("strip"));
    assert!(refused(&["5,3,2", "--kind", "pie"]).contains("pie"));
    assert!(refused(&["5,3,2", "--theme", "neon"]).contains("neon"));
}

#[test]
fn a_step_to_mark_must_be_in_the_strip_or_the_table() {
    for (kind, picture) in [("strip", "selection strip"), ("table", "table")] {
        let args = ["5,3,2", "--kind", kind, "--steps", "10", "--step", "500"];
        assert_eq!(
            refused(&args),
            format!("swrr-viz: --step 500 is not in the {picture}: it shows steps 1 to 10; ask for more with --steps\n")
        );
        // The last step and 0 (the start: nothing picked yet) are in the picture.
        for step in ["10", "0"] {
            svg(&["5,3,2", "--kind", kind, "--steps", "10", "--step", step]);
        }
    }
    // A run of requests' strip counts attempts: the third request goes to C, dead, which
    // refuses, and its retry is a fourth attempt.
    let requests = [
        "5,3,2",
        "--kind",
        "strip",
        "--steps",
        "3",
        "--scenario",
        "@1 C dead",
    ];
    let four = [&requests[..], &["--step", "4"]].concat();
    assert!(svg(&four).contains(r#"data-steps="4""#));
    let five = [&requests[..], &["--step", "5"]].concat();
    assert!(
        refused(&five).contains("--step 5 is not in the selection strip: it shows steps 1 to 4;")
    );
}

#[test]
fn run_flags_of_the_other_commands() {
    // Any algorithm's picks as a strip; levels only for swrr.
    let edf = svg(&["5,3,2", "--kind", "strip", "--algo", "edf"]);
    assert_eq!(edf.matches("data-pick=").count(), 10);
    assert!(edf.contains("5,3,2 · edf"));
    let refused_text = refused(&["5,3,2", "--kind", "tanks", "--algo", "classic"]);
    assert!(refused_text.contains("use --kind strip"), "{refused_text}");
    // The broken variant and a scenario still have levels.
    let own = svg(&[
        "5,3,2",
        "--kind",
        "table",
        "--subtract",
        "own",
        "--steps",
        "6",
    ]);
    assert_eq!(own.matches("data-winner=").count(), 6);
    assert!(own.contains("subtract: own"));
    let scenario = svg(&["5,3,2", "--scenario", "@4 B=9", "--steps", "12"]);
    assert!(scenario.contains(r#"data-steps="12""#) && scenario.contains("scenario @4 B=9"));
    // A scenario never simply repeats: the strip has no period boundaries.
    let strip = svg(&[
        "5,3,2",
        "--kind",
        "strip",
        "--scenario",
        "@4 B=9",
        "--steps",
        "20",
    ]);
    assert!(!strip.contains("class=\"boundary\""));
    // A preset gives the weights.
    let out = swrr().args(["presets"]).output().unwrap();
    let name = String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    svg(&["--preset", &name, "--kind", "strip"]);
}

/// The examples in docs/ (shown in the README) are what the CLI renders today. After a change
/// meant to alter the pictures (the palette in www/theme.css, say), `UPDATE_SNAPSHOTS=1 cargo
/// test` writes them again, with the render snapshots.
#[test]
fn docs_examples_are_up_to_date() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut stale = Vec::new();
    for (file, args) in [
        ("docs/swrr-5-3-2.svg", &["5,3,2"][..]),
        (
            "docs/tanks-5-3-2-step5.svg",
            &["5,3,2", "--kind", "tanks", "--step", "5"][..],
        ),
        (
            "docs/still-5-3-2-step5.svg",
            &["5,3,2", "--kind", "still", "--step", "5"][..],
        ),
        (
            "docs/strip-5-3-2.svg",
            &["5,3,2", "--kind", "strip", "--steps", "30"][..],
        ),
        ("docs/table-5-3-2.svg", &["5,3,2", "--kind", "table"][..]),
    ] {
        let drawn = svg(args);
        if update {
            std::fs::write(root.join(file), &drawn).unwrap();
        } else if std::fs::read_to_string(root.join(file)).unwrap() != drawn {
            stale.push(format!("{file} (swrr-viz svg {})", args.join(" ")));
        }
    }
    assert!(
        stale.is_empty(),
        "stale: {}; UPDATE_SNAPSHOTS=1 cargo test writes them again",
        stale.join(", ")
    );
}

#[test]
fn an_attempt_that_found_no_server_is_drawn_without_a_winner() {
    // 5,3 with both servers dead from request 2: A, then B>A>- and a 502 for every request after.
    let scenario = ["--scenario", "@2 A dead; @2 B dead"];
    let strip = svg(&[
        "5,3",
        scenario[0],
        scenario[1],
        "--kind",
        "strip",
        "--steps",
        "4",
    ]);
    // Four requests: A, B>A both refused and a 502, then no server left.
    assert!(
        strip.contains("4 requests, 5 attempts (2 refused)"),
        "{strip}"
    );
    assert!(
        strip.contains(
            "in order (&gt; a retry after a refused connection, - a 502): A B&gt;A&gt;- - -."
        ),
        "{strip}"
    );
    assert!(
        strip.contains(r#"class="cell none" data-step="4" data-attempt="1" data-outcome="none""#),
        "{strip}"
    );
    let table = svg(&[
        "5,3",
        scenario[0],
        scenario[1],
        "--kind",
        "table",
        "--steps",
        "4",
    ]);
    assert!(table.contains(r#"data-step="4">"#), "{table}");
    let still = svg(&[
        "5,3",
        scenario[0],
        scenario[1],
        "--kind",
        "still",
        "--step",
        "4",
    ]);
    assert!(still.contains(
        "Step 4, request 3, attempt 1: A is skipped: it has failed 1× (max_fails=1), the last time \
         within fail_timeout. B is skipped: it has failed 1× (max_fails=1), the last time within \
         fail_timeout. No server \
         can be picked for request 3: nginx answers it with 502."
    ));
    for phase in ["fill", "pick", "drain"] {
        let args = [
            "5,3",
            scenario[0],
            scenario[1],
            "--kind",
            "tanks",
            "--step",
            "4",
        ];
        let tanks = svg(&[&args[..], &["--phase", phase]].concat());
        assert!(
            !tanks.contains(r#"data-selected="true""#),
            "{phase}: {tanks}"
        );
    }
    let animated = svg(&["5,3", scenario[0], scenario[1], "--steps", "4"]);
    assert!(animated.contains("Picks: A B A -."));
}

#[test]
fn an_events_right_to_left_name_is_isolated_in_the_narration() {
    let tanks = svg(&[
        "שרת=5,B=3",
        "--kind",
        "tanks",
        "--scenario",
        "@2 שרת=4 reset",
        "--step",
        "2",
        "--phase",
        "pick",
    ]);
    assert!(
        tanks.contains("Events before this pick: @2 \u{2068}שרת\u{2069}=4 reset. With reset"),
        "{tanks}"
    );
    assert!(tanks.contains("Round-Robin for \u{2068}שרת\u{2069}=5 B=3, step 2"));
    assert!(tanks.contains("<title>\u{2068}שרת\u{2069}: weight 5, level 4"));
}

#[test]
fn lang_zh_words_every_kind_in_chinese() {
    let tanks = svg(&["5,3,2", "--kind", "tanks", "--step", "5", "--lang", "zh"]);
    assert!(tanks.contains(">第 5 步</text>"));
    assert!(tanks.contains("A 放掉 10：5→−5。"));
    assert!(
        tanks.contains("A 和 B 同为 5"),
        "a list in Chinese: {tanks}"
    );
    assert!(!tanks.contains("drains by"));
    let table = svg(&["5,3,2", "--kind", "table", "--lang", "zh"]);
    assert!(table.contains(">手算表</text>"));
    let strip = svg(&["5,3,2", "--kind", "strip", "--steps", "10", "--lang", "zh"]);
    assert!(strip.contains("10 次选择"));
    // The same picture but for its words.
    let english = svg(&["5,3,2", "--kind", "tanks", "--step", "5"]);
    let contract = |svg: &str| -> Vec<String> {
        svg.split("data-")
            .skip(1)
            .map(|rest| rest.split('"').take(2).collect())
            .collect()
    };
    assert_eq!(contract(&tanks), contract(&english));
    let error = refused(&["5,3,2", "--lang", "fr"]);
    assert!(
        error.contains("fr") && error.contains("en") && error.contains("zh"),
        "{error}"
    );
}
