//! Whole-number flags: a refused value is named with what is wrong and what is accepted, in the
//! page's words where the page refuses the same value; exit code 2.

use crate::run::{refused, stdout};

#[test]
fn refused_numbers_say_what_is_accepted() {
    for (args, expected) in [
        (
            vec!["seq", "5,3,2", "--seed", "-1"],
            "seed \"-1\" is not a whole number from 0 to 18446744073709551615: write it with digits only",
        ),
        (
            vec!["seq", "5,3,2", "--steps", "-1"],
            "steps \"-1\" is out of range: a run has 1 to 18446744073709551615 steps",
        ),
        (
            vec!["seq", "5,3,2", "--steps", "18446744073709551616"],
            "steps 18446744073709551616 is out of range: a run has 1 to 18446744073709551615 steps",
        ),
        (
            vec!["seq", "5,3,2", "--workers", "2", "--dispatch-seed", "x"],
            "dispatch seed \"x\" is not a whole number from 0 to 18446744073709551615",
        ),
        (
            vec!["seq", "5,3,2", "--workers", "0"],
            "workers must be a whole number from 1 to 64, got 0",
        ),
        (
            vec!["seq", "5,3,2", "--rate", "1e3"],
            "rate must be a whole number from 1 to 1000000, got \"1e3\"",
        ),
        (
            vec!["svg", "5,3,2", "--width", "-5"],
            "width \"-5\" is out of range: the width is 240 to 4096 pixels",
        ),
        (
            vec!["svg", "5,3,2", "--step-ms", "-5"],
            "a step of \"-5\" ms is out of range: a step takes 300 to 20000 ms",
        ),
        (
            vec!["svg", "5,3,2", "--kind", "tanks", "--step", "-2"],
            "step \"-2\" is out of range: steps go from 0 to 1000000000000000",
        ),
        (
            vec!["svg", "5,3,2", "--steps", "x"],
            "steps \"x\" is not a whole number: write it with digits only",
        ),
        (
            vec!["metrics", "5,3,2", "--steps", "-1"],
            "steps \"-1\" is out of range: a run has 1 to 1000000000000 steps",
        ),
        (
            vec!["metrics", "5,3,2", "--window", "x"],
            "window \"x\" is not a whole number",
        ),
        (
            vec!["exercise", "abc"],
            "exercise \"abc\" does not exist: exercises go from 1 to 1000000",
        ),
        (
            vec!["exercise", "-1"],
            "exercise \"-1\" does not exist: exercises go from 1 to 1000000",
        ),
    ] {
        assert!(refused(&args, expected).is_empty(), "{args:?}");
    }
}

#[test]
fn steps_that_are_not_a_whole_number_are_said_to_be_so() {
    for command in ["seq", "trace", "metrics"] {
        for text in ["abc", "1.5", "1e3"] {
            let expected = format!(
                "steps \"{text}\" is not a whole number: write it with digits only, 1 or more\n"
            );
            let args = [command, "5,3,2", "--steps", text];
            assert!(refused(&args, &expected).is_empty(), "{args:?}");
        }
    }
    // The picture's other numbers too, with the range they take.
    for (flag, text, range) in [
        ("--width", "abc", "240 to 4096"),
        ("--step-ms", "fast", "300 to 20000"),
        ("--step", "1.5", "0 to 1000000000000000"),
    ] {
        let args = ["svg", "5,3,2", "--kind", "tanks", flag, text];
        let name = flag.trim_start_matches('-');
        let expected = format!(
            "{name} \"{text}\" is not a whole number: write it with digits only, {range}\n"
        );
        assert!(refused(&args, &expected).is_empty(), "{args:?}");
    }
    // svg's steps say the same, and that a picture's most depends on its kind.
    let args = ["svg", "5,3,2", "--steps", "abc"];
    let expected = "steps \"abc\" is not a whole number: write it with digits only, 1 or more (how many a picture shows depends on --kind)";
    assert!(refused(&args, expected).is_empty());
}

#[test]
fn a_run_of_zero_steps_is_refused() {
    for command in ["seq", "trace"] {
        let args = [command, "5,3,2", "--steps", "0"];
        assert!(refused(&args, "steps 0 is out of range: a run has 1 to").is_empty());
    }
}

#[test]
fn accepted_numbers_are_unchanged() {
    assert_eq!(stdout(&["seq", "5,3,2", "--steps", " 3 "]), "A B C\n");
    // An empty dispatch seed sends requests to the workers in turn, as the page's empty field.
    let in_turn = stdout(&["seq", "5,3,2", "--workers", "2", "--steps", "6"]);
    let empty = stdout(&[
        "seq",
        "5,3,2",
        "--workers",
        "2",
        "--steps",
        "6",
        "--dispatch-seed",
        "",
    ]);
    assert_eq!(empty, in_turn);
    assert!(stdout(&["exercise", "1"]).starts_with("exercise   1 "));
}
