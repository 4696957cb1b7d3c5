//! `swrr-viz svg --kind still|tanks` of a run of requests say under each tank what the page's
//! tanks say (the core's `RequestMark`, one decision for both): `refused`, `tried`, `skipped`,
//! `backup`, `dead`, and plain `out` for a tank out for no reason of the request; a dead
//! server's name is red, in English and with `--lang zh` in the page's Chinese.

use crate::svg::svg;

/// A and B refuse every connection and are never disabled (max_fails=0): request 1 tries A
/// (step 1), then B (step 2), and C answers it (step 3); request 2 goes to C (step 4) while A
/// and B could be picked.
const DEAD: &str = "@1 A max_fails=0; @1 B max_fails=0; @1 C max_fails=0; @1 A dead; @1 B dead";

/// Per tank: its badge's words and `data-i18n`, or `None`, and whether it carries `data-dead`.
fn badges(svg: &str) -> Vec<(Option<(String, String)>, bool)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("data-node").is_some())
        .map(|tank| {
            let badge = tank
                .descendants()
                .find(|n| {
                    n.attribute("class")
                        .is_some_and(|c| c.split(' ').any(|c| c == "badge"))
                })
                .map(|n| {
                    let key = n.attribute("data-i18n").unwrap_or_default();
                    (n.text().unwrap().to_string(), key.to_string())
                });
            (badge, tank.attribute("data-dead") == Some("true"))
        })
        .collect()
}

/// Per tank: its badge's words, or `None`.
fn words(svg: &str) -> Vec<Option<String>> {
    badges(svg)
        .into_iter()
        .map(|(badge, _)| badge.map(|(word, _)| word))
        .collect()
}

/// 5,3 with both servers dead from request 2: at step 4 both are skipped for their failures
/// and no server is left.
fn skipped_run(kind: &str, more: &[&str]) -> String {
    let scenario = "@2 A dead; @2 B dead";
    svg(&[
        &["5,3", "--scenario", scenario, "--kind", kind, "--step", "4"][..],
        more,
    ]
    .concat())
}

/// C a backup: at step 1 it sits out while A and B can be picked.
fn backup_run(more: &[&str]) -> String {
    let args = [
        "5,3,2",
        "--scenario",
        "@1 C backup",
        "--kind",
        "tanks",
        "--step",
        "1",
    ];
    svg(&[&args[..], more].concat())
}

fn said(word: &str, key: &str, dead: bool) -> (Option<(String, String)>, bool) {
    (Some((word.to_string(), key.to_string())), dead)
}

fn dead_run(kind: &str, step: &str, more: &[&str]) -> String {
    let args = [
        &["5,3,2", "--scenario", DEAD, "--tries", "0", "--rate", "10"][..],
        &["--kind", kind, "--step", step],
        more,
    ]
    .concat();
    svg(&args)
}

#[test]
fn a_still_of_a_failing_run_says_refused_tried_and_dead_where_the_page_does() {
    let none = (None, false);
    // Step 2: A (tried already in request 1) sat out, B refused the connection.
    let step2 = dead_run("still", "2", &[]);
    assert_eq!(
        badges(&step2),
        [
            said("tried", "tank.tried", true),
            said("refused", "tank.refused", true),
            none.clone(),
        ],
        "{step2}"
    );
    // A dead server's name is red, as on the page (www/widget.css).
    assert!(step2.contains(".tank[data-dead] .name,.swrr .name.dead{fill:var(--error)}"));
    // Step 3: both tried; C answers.
    assert_eq!(
        badges(&dead_run("still", "3", &[]))
            .into_iter()
            .map(|(b, _)| b.map(|(word, _)| word))
            .collect::<Vec<_>>(),
        [
            Some("tried".into()),
            Some("tried".into()),
            Some("picked".into())
        ]
    );
    // Step 4, request 2: A and B could be picked, and say they are dead.
    assert_eq!(
        badges(&dead_run("still", "4", &[])),
        [
            said("dead", "tank.dead", true),
            said("dead", "tank.dead", true),
            said("picked", "tank.picked", false),
        ]
    );
    // A picture without a dead or backup server carries no rule for them.
    let plain = svg(&["5,3,2", "--kind", "still", "--step", "2"]);
    assert!(!plain.contains("data-dead") && !plain.contains(".name.dead"));
}

#[test]
fn a_tanks_frame_says_what_the_page_says_at_each_phase() {
    // B, the winner of step 2, is a dead server in the fill and refuses once picked.
    let fill = dead_run("tanks", "2", &["--phase", "fill"]);
    assert_eq!(
        words(&fill),
        [Some("tried".into()), Some("dead".into()), None]
    );
    for phase in ["pick", "drain"] {
        let svg = dead_run("tanks", "2", &["--phase", phase]);
        assert_eq!(
            words(&svg),
            [Some("tried".into()), Some("refused".into()), None],
            "{phase}"
        );
    }
    // A tank out for no reason of the request (down) says plain `out`; one disabled for its
    // failures says `skipped`; a backup while primaries can be picked says `backup`.
    let down = svg(&[
        "5,3,2",
        "--scenario",
        "@1 A max_fails=0; @1 A dead; @1 B down",
        "--kind",
        "tanks",
        "--step",
        "2",
    ]);
    assert_eq!(badges(&down)[1], said("out", "algo.out", false), "{down}");
    let skipped = skipped_run("tanks", &["--phase", "fill"]);
    assert_eq!(
        badges(&skipped),
        [
            said("skipped", "tank.disabled", true),
            said("skipped", "tank.disabled", true),
        ]
    );
    let backup = backup_run(&[]);
    assert_eq!(badges(&backup)[2], said("backup", "tank.backup", false));
    assert!(backup.contains(r#"data-backup="true""#) && backup.contains("font-style:italic"));
}

#[test]
fn lang_zh_says_the_pages_chinese_words() {
    let zh = ["--lang", "zh"];
    assert_eq!(
        words(&dead_run("still", "2", &zh)),
        [Some("已试过".into()), Some("拒绝".into()), None]
    );
    assert_eq!(
        words(&dead_run("tanks", "4", &zh)),
        [
            Some("宕机".into()),
            Some("宕机".into()),
            Some("选中".into())
        ]
    );
    let skipped = skipped_run("still", &zh);
    assert_eq!(words(&skipped), [Some("跳过".into()), Some("跳过".into())]);
    let backup = backup_run(&zh);
    assert_eq!(words(&backup)[2].as_deref(), Some("备用"));
}
