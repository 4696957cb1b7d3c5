//! Every SVG kind in light and dark, compared with the committed files in tests/render/snapshots/
//! after rounding each decimal number to two places (as Observable Plot's snapshot tests do), so
//! a change of geometry, palette or text shows as a diff of a picture one can open. After a change
//! meant to alter the pictures: `UPDATE_SNAPSHOTS=1 cargo test --test render --test cli` (which
//! writes the docs' example pictures too), then look at the files and commit them.

use std::path::PathBuf;

use swrr_viz::engine::{AlgorithmOptions, RunSpec};
use swrr_viz::input::Scenario;
use swrr_viz::render::{svg_document, Around, Phase, SvgKind, SvgRequest, Theme};

/// Decimal numbers rounded to two places (`12.3456` → `12.35`, `0.5` stays), the rest as it is.
fn rounded(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let chars: Vec<char> = svg.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit() && (i == 0 || !is_word(chars[i - 1]));
        if !starts_number {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
            i += 1;
        }
        let text: String = chars[start..i].iter().collect();
        match text.split_once('.') {
            Some((_, decimals)) if decimals.len() > 2 && !decimals.contains('.') => {
                let value: f64 = text.parse().expect("a number");
                let two = format!("{value:.2}");
                out.push_str(two.trim_end_matches('0').trim_end_matches('.'));
            }
            _ => out.push_str(&text),
        }
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '#'
}

fn snapshot(name: &str, svg: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/render/snapshots")
        .join(format!("{name}.svg"));
    let actual = rounded(svg);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
    if actual != expected {
        let changed = std::env::temp_dir().join(format!("swrr-viz-{name}-changed.svg"));
        std::fs::write(&changed, &actual).unwrap();
        panic!(
            "{name}: the picture differs from {} (now: {}; UPDATE_SNAPSHOTS=1 takes it)",
            path.display(),
            changed.display()
        );
    }
}

/// A picture to check: its name, kind, step, phase and steps.
type Kind = (
    &'static str,
    SvgKind,
    Option<u64>,
    Option<Phase>,
    Option<u64>,
);

/// Each of `kinds` drawn from `spec` in light and dark against its snapshot `{name}{suffix}-{theme}`;
/// each picture holds `holding`.
fn check_kinds(spec: &RunSpec, kinds: &[Kind], suffix: &str, holding: &str) {
    for &(name, kind, step, phase, steps) in kinds {
        for (theme_name, theme) in [("light", Theme::Light), ("dark", Theme::Dark)] {
            let request = SvgRequest {
                kind,
                step,
                phase,
                steps,
                theme,
                ..SvgRequest::default()
            };
            let svg = svg_document(spec, &request).unwrap();
            let name = format!("{name}{suffix}-{theme_name}");
            assert!(svg.contains(holding), "{name}: no {holding}");
            snapshot(&name, &svg);
        }
    }
}

#[test]
fn every_kind_in_light_and_dark_matches_its_snapshot() {
    let spec = RunSpec::new(
        "5,3,2".parse().unwrap(),
        AlgorithmOptions::default(),
        Scenario::default(),
    );
    let kinds = [
        ("tanks", SvgKind::Tanks, Some(5), Some(Phase::Pick), None),
        ("still", SvgKind::Still, Some(5), None, None),
        ("strip", SvgKind::Strip, Some(4), None, Some(12)),
        ("table", SvgKind::Table, Some(4), None, Some(10)),
        ("animated", SvgKind::Animated, None, None, Some(10)),
    ];
    check_kinds(&spec, &kinds, "", "<svg");
}

/// A run of 5,3,2 with the scenario `text`.
fn scenario_run(text: &str) -> RunSpec {
    let weights = "5,3,2".parse().unwrap();
    let scenario = Scenario::parse(text, &weights).unwrap();
    RunSpec::new(weights, AlgorithmOptions::default(), scenario)
}

#[test]
fn the_table_of_a_run_with_failures_matches_its_snapshot() {
    // QA s22b F5's run: a refusal and its retry, C out, events, a reload that changes A's weight.
    let spec = scenario_run("@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive; @7 A=4 reset");
    let table = ("table", SvgKind::Table, Some(3), None, Some(14));
    check_kinds(&spec, &[table], "-failures", "<svg");
}

#[test]
fn pictures_take_the_pages_palette() {
    let theme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/theme.css"))
            .unwrap();
    let spec = RunSpec::new(
        "5,3,2".parse().unwrap(),
        AlgorithmOptions::default(),
        Scenario::default(),
    );
    let picture = |theme| {
        let request = SvgRequest {
            kind: SvgKind::Strip,
            theme,
            ..SvgRequest::default()
        };
        svg_document(&spec, &request).unwrap()
    };
    // The light and dark values of the page (theme.css) are the pictures' (--future: the strip's
    // cells after the current step).
    let light = picture(Theme::Light);
    let dark = picture(Theme::Dark);
    let start = theme.find(":root, :host {").unwrap();
    let body = &theme[start..start + theme[start..].find('}').unwrap()];
    for name in ["--future", "--muted", "--accent", "--panel", "--node-7"] {
        let value = body
            .lines()
            .find_map(|line| line.trim().strip_prefix(&format!("{name}:")))
            .unwrap_or_else(|| panic!("{name} in theme.css"))
            .trim()
            .trim_end_matches(';');
        let (light_value, dark_value) = value
            .strip_prefix("light-dark(")
            .and_then(|pair| pair.strip_suffix(')'))
            .and_then(|pair| pair.split_once(','))
            .unwrap_or_else(|| panic!("{name}: {value} is not light-dark(light, dark)"));
        for (svg, theme_name, value) in
            [(&light, "light", light_value), (&dark, "dark", dark_value)]
        {
            let value = value.trim();
            assert!(
                svg.contains(&format!("{name}:{value};")),
                "{name}:{value} in the {theme_name} picture"
            );
        }
    }
}

#[test]
fn a_refused_attempt_in_light_and_dark_matches_its_snapshot() {
    // Step 3: C is picked and refuses the connection (red outline, ✗, `refused`); request 3 is
    // retried at step 4. The animation plays the first 10 attempts from step 0.
    let spec = scenario_run("@1 C max_fails=1 timeout=60; @1 C dead; @6 C alive");
    let kinds = [
        ("tanks", SvgKind::Tanks, Some(3), Some(Phase::Drain), None),
        ("still", SvgKind::Still, Some(3), None, None),
        ("animated", SvgKind::Animated, None, None, Some(10)),
    ];
    check_kinds(&spec, &kinds, "-refused", "data-refused");
}

#[test]
fn the_bare_still_and_the_handouts_match_their_snapshots() {
    // The tanks alone (`svg --bare`), the still as it was before it said its step, narration and
    // key (QA s23 F10); and the handout's, with the key under the tanks beside its own words.
    let spec = scenario_run("");
    for (name, around) in [
        ("still-bare-light", Around::Nothing),
        ("still-key-light", Around::Key),
    ] {
        let request = SvgRequest {
            kind: SvgKind::Still,
            step: Some(5),
            theme: Theme::Light,
            around,
            ..SvgRequest::default()
        };
        let svg = svg_document(&spec, &request).unwrap();
        assert!(!svg.contains('Σ'), "{svg}");
        assert_eq!(
            svg.contains("class=\"key\""),
            around == Around::Key,
            "{svg}"
        );
        snapshot(name, &svg);
    }
}
