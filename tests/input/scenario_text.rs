//! The scenario text: what it accepts, its canonical form, and refusals that name the event,
//! the token, where it is and what would be accepted.

use crate::{assert_refusals, Holds};
use swrr_viz::input::{
    Action, Curve, HealthSettings, Policy, Scenario, ScenarioError, Weights, MAX_EVENTS,
};

fn weights() -> Weights {
    "5,3,2".parse().unwrap()
}

fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    Scenario::parse(text, &weights())
}

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn the_largest_weights_are_the_typed_ones_raised_by_weight_events_only() {
    let s = parse("@2 C=100; @4 C=7; @3 A=2; @5 B drain; @6 B slowstart 4").unwrap();
    assert_eq!(s.largest_weights(&weights().integers()), [5, 3, 100]);
    assert_eq!(Scenario::none().largest_weights(&[4, 1]), [4, 1]);
}

#[test]
fn the_issue_example_parses() {
    let w: Weights = "A=5 B=3 C=2 D=5".parse().unwrap();
    let s = Scenario::parse(
        "@20 B=80 keep; @30 C down; @45 C up; @10 D slowstart 20; @12 C fail",
        &w,
    )
    .unwrap();
    assert_eq!(
        s.to_string(),
        "@10 D slowstart 20; @12 C fail; @20 B=80; @30 C down; @45 C up"
    );
    let steps: Vec<u64> = s.events().iter().map(|e| e.step).collect();
    assert_eq!(steps, [10, 12, 20, 30, 45]);
    assert_eq!(
        s.events()[2].action,
        Action::SetWeight {
            weight: 80,
            policy: Policy::Keep
        }
    );
}

#[test]
fn every_action_and_option_round_trips() {
    let text = "@1 A=0 scale\n@2 B drain reset-node\n@3 C slowstart 7 dubbo;@4 A fail 3 max_fails=2 timeout=5;@5 #2 up; @6 B = 9 reset";
    let s = parse(text).unwrap();
    assert_eq!(
        s.to_string(),
        "@1 A=0 scale; @2 B drain reset-node; @3 C slowstart 7 dubbo; @4 A fail 3 max_fails=2 timeout=5; @5 B up; @6 B=9 reset"
    );
    assert_eq!(parse(&s.to_string()).unwrap(), s);
    assert_eq!(
        s.events()[2].action,
        Action::SlowStart {
            steps: 7,
            curve: Curve::Dubbo
        }
    );
    assert_eq!(
        s.events()[3].action,
        Action::Fail {
            count: 3,
            settings: HealthSettings {
                max_fails: Some(2),
                timeout: Some(5)
            }
        }
    );
}

#[test]
fn spacing_case_and_empty_events_are_forgiven() {
    let s = parse("  @ 7   c  =  4  RESET ;; \n\n @8 #1 DOWN ;").unwrap_err();
    // Node names are exact (a hint names the right one); keywords are not case-sensitive.
    assert!(s.to_string().contains("did you mean \"C\""), "{s}");
    let s = parse("  @ 7   C  =  4  RESET ;; \n\n @8 #1 DOWN ;").unwrap();
    assert_eq!(s.to_string(), "@7 C=4 reset; @8 A down");
    assert!(parse("").unwrap().is_empty());
    assert!(parse(" ;\n; ").unwrap().is_empty());
}

#[test]
fn events_of_one_step_keep_their_text_order() {
    let s = parse("@5 A down; @3 B=1; @5 A up").unwrap();
    assert_eq!(s.to_string(), "@3 B=1; @5 A down; @5 A up");
}

#[test]
fn names_with_colons_dots_and_at_signs_work() {
    let w: Weights = "10.0.0.1:80=5 api@eu=3".parse().unwrap();
    let s = Scenario::parse("@4 10.0.0.1:80=7; @5 api@eu down", &w).unwrap();
    assert_eq!(s.to_string(), "@4 10.0.0.1:80=7; @5 api@eu down");
}

#[test]
fn refusals_name_the_event_token_position_and_what_is_accepted() {
    let cases = [
        (
            "20 B=80",
            "event 1: \"20\" (at column 1) should be @STEP: every event starts with the step it happens at, e.g. @20 B=80",
        ),
        (
            "@x B=80",
            "event 1: \"@x\" (at column 1) is not a step: write @ and a whole number from 1 (the first pick) to 1,000,000,000,000,000, e.g. @20",
        ),
        (
            "@0 B=80",
            "event 1: \"@0\" (at column 1) is not a step",
        ),
        (
            "@5 A down; @6",
            "event 2 (at column 14) has a step but no node: write e.g. @20 B=80",
        ),
        (
            "@5 D down",
            "event 1: \"D\" (at column 4) is not a node: the nodes are A, B, C, or #1, #2, … by position",
        ),
        (
            "@5 #4 down",
            "event 1: \"#4\" (at column 4) is not a node",
        ),
        (
            "@5 A",
            "event 1 (at column 5) names a node but no action: expected =WEIGHT [keep|reset|reset-node|scale], drain, down, up, slowstart STEPS [linear|dubbo], dead, alive, fail [COUNT], backup, primary, or max_fails=N timeout=SECONDS (dead and fail take them too)",
        ),
        (
            "@5 A dwn",
            "event 1: \"dwn\" (at column 6) is not an action: expected =WEIGHT",
        ),
        (
            "@5 A=2.5",
            "event 1: \"2.5\" (at column 6) is not a valid weight: expected a whole number from 0 to 1,000,000,000",
        ),
        (
            "@5 A=-1",
            "event 1: \"-1\" (at column 6) is not a valid weight",
        ),
        (
            "@5 A=",
            "event 1: \"\" (at column 6) is not a valid weight",
        ),
        (
            "@5 A=3 gently",
            "event 1: \"gently\" (at column 8) was not expected here: expected a policy: keep, reset, reset-node or scale",
        ),
        (
            "@5 A=3 keep now",
            "event 1: \"now\" (at column 13) was not expected here: expected ';' or a new line before the next event",
        ),
        (
            "@5 A down @6 A up",
            "event 1: \"@6\" (at column 11) was not expected here: expected ';' or a new line before the next event",
        ),
        (
            "@5 A slowstart",
            "event 1: \"\" (at column 15) is not a valid slow-start length in steps: expected a whole number from 1 to 1,000,000,000",
        ),
        (
            "@5 A slowstart 0",
            "event 1: \"0\" (at column 16) is not a valid slow-start length in steps",
        ),
        (
            "@5 A slowstart 9 cubic",
            "event 1: \"cubic\" (at column 18) was not expected here: expected a curve: linear or dubbo",
        ),
        (
            "@5 A fail max_fails 3",
            "event 1: \"max_fails\" (at column 11) was not expected here: expected '=' and a number after it, e.g. max_fails=3",
        ),
        (
            "@5 A fail retries=3",
            "event 1: \"retries\" (at column 11) was not expected here: expected max_fails=N, timeout=SECONDS, or ';' before the next event",
        ),
        (
            "@5 A fail 0",
            "event 1: \"0\" (at column 11) is not a valid failure count: expected a whole number from 1 to 1,000",
        ),
        (
            "@1 A down\n@2 B sideways",
            "event 2: \"sideways\" (at line 2, column 6) is not an action",
        ),
    ];
    assert_refusals(&cases, error, Holds::AtStart);
}

#[test]
fn a_refusal_exposes_its_token() {
    let e = parse("@5 A dwn").unwrap_err();
    let token = e.token().unwrap();
    assert_eq!(
        (token.text.as_str(), token.event, token.position.column),
        ("dwn", 1, 6)
    );
}

#[test]
fn too_many_events_are_refused() {
    let text = vec!["@1 A down"; MAX_EVENTS + 1].join(";");
    assert_eq!(
        error(&text),
        format!(
            "{} events given: at most {MAX_EVENTS} are supported",
            MAX_EVENTS + 1
        )
    );
    assert!(parse(&vec!["@1 A down"; MAX_EVENTS].join(";")).is_ok());
}
