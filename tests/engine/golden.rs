//! Every sequence recorded from a real nginx 1.22.1 (tests/vectors/nginx-swrr.json, a copy of
//! ../shared/vectors) must come out of the engine pick for pick: through the scheduler, the
//! bulk sequence, the trace, and the CLI-facing helpers.

use serde_json::Value;
use swrr_viz::engine::{sequence, Scheduler, Swrr, Trace};
use swrr_viz::input::Weights;

fn cases() -> Vec<(Vec<u64>, Vec<u32>)> {
    let text = include_str!("../vectors/nginx-swrr.json");
    let doc: Value = serde_json::from_str(text).expect("vector file is JSON");
    doc["cases"]
        .as_array()
        .expect("cases array")
        .iter()
        .map(|case| {
            let weights = case["weights"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_u64().unwrap())
                .collect();
            let seq = case["sequence"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_u64().unwrap() as u32)
                .collect();
            (weights, seq)
        })
        .collect()
}

#[test]
fn there_are_vectors() {
    assert!(cases().len() >= 10);
}

#[test]
fn scheduler_matches_nginx() {
    for (weights, expected) in cases() {
        let w = Weights::from_integers(&weights).unwrap();
        let mut swrr = Swrr::new(&w);
        let got: Vec<u32> = (0..expected.len())
            .map(|_| swrr.advance().unwrap().winner as u32)
            .collect();
        assert_eq!(got, expected, "weights {weights:?}");
    }
}

#[test]
fn bulk_sequence_matches_nginx() {
    for (weights, expected) in cases() {
        let w = Weights::from_integers(&weights).unwrap();
        assert_eq!(
            sequence(&Swrr::new(&w), expected.len()),
            expected,
            "weights {weights:?}"
        );
    }
}

#[test]
fn trace_matches_nginx_forwards_and_by_seek() {
    for (weights, expected) in cases() {
        let w = Weights::from_integers(&weights).unwrap();
        let mut trace = Trace::new(Swrr::new(&w));
        for (k, &pick) in expected.iter().enumerate() {
            assert_eq!(
                trace.forward().unwrap().winner as u32,
                pick,
                "weights {weights:?} step {}",
                k + 1
            );
        }
        for (k, &pick) in expected.iter().enumerate().rev() {
            trace.seek(k as u64 + 1).unwrap();
            assert_eq!(
                trace.current().unwrap().winner as u32,
                pick,
                "weights {weights:?} seek {}",
                k + 1
            );
        }
    }
}

#[test]
fn named_and_decimal_forms_give_the_same_sequence() {
    let plain = Weights::parse("5,3,2").unwrap();
    for text in [
        "5 3 2",
        "5:3:2",
        "A=5, B=3, C=2",
        "gpu=5 cpu=3 queue=2",
        "50%,30%,20%",
        "0.5:0.3:0.2",
        "10,6,4",
    ] {
        let other = Weights::parse(text).unwrap();
        assert_eq!(
            sequence(&Swrr::new(&other), 20),
            sequence(&Swrr::new(&plain), 20),
            "{text}"
        );
    }
}

#[test]
fn design_notes_sequences_hold() {
    let names = |text: &str, n: usize| {
        let w = Weights::parse(text).unwrap();
        sequence(&Swrr::new(&w), n)
            .iter()
            .map(|&i| w.name(i as usize).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(names("5,3,2", 10), "A B C A A B A C B A");
    assert_eq!(names("4,1,1", 6), "A A B A C A");
    assert_eq!(names("7,2,1", 10), "A A B A A C A A B A");
}
