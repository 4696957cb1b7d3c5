//! The `tries` option (nginx's `proxy_next_upstream_tries`) as JavaScript sees it: a request cut
//! after its tries with a 502, the option read back, refusals in the catalog's words, and the
//! note of an algorithm that does not retry.
#![cfg(target_arch = "wasm32")]

use crate::support::{message, options, property, with};
use serde::Deserialize;
use swrr_viz::wasm::Walkthrough;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Listed {
    attempts: Vec<usize>,
    outcome: String,
}

#[derive(Debug, Deserialize)]
struct Options {
    tries: f64,
}

#[derive(Debug, Deserialize)]
struct Note {
    code: String,
    text: String,
}

fn notes(w: &Walkthrough) -> Vec<Note> {
    serde_wasm_bindgen::from_value(w.notes().unwrap()).unwrap()
}

const TWO_DEAD: &str = "@1 A dead; @1 B dead";

/// The first `n` requests of 5,3,2 with A and B dead: each one's servers and how it ended.
fn requests(tries: JsValue, n: f64) -> Vec<(Vec<usize>, String)> {
    let w = with("5,3,2", &[("scenario", TWO_DEAD.into()), ("tries", tries)]);
    let listed: Vec<Listed> = serde_wasm_bindgen::from_value(w.requests(n).unwrap()).unwrap();
    listed
        .into_iter()
        .map(|r| (r.attempts, r.outcome))
        .collect()
}

#[wasm_bindgen_test]
fn two_tries_end_a_request_that_met_two_dead_servers_in_a_502() {
    // A>B>- : the second failure used the last try.
    let cut = requests(2.into(), 2.0);
    assert_eq!(cut[0], (vec![0, 1], "failed".to_string()));
    // Without a limit the same request goes on to C.
    let whole = requests(0.into(), 3.0);
    assert_eq!(whole[0], (vec![0, 1, 2], "answered".to_string()));
    // An attribute's text is read the same.
    assert_eq!(requests("2".into(), 2.0)[0], cut[0]);
    let w = with("5,3,2", &[("tries", "2".into())]);
    let o: Options = serde_wasm_bindgen::from_value(w.options().unwrap()).unwrap();
    assert_eq!(o.tries, 2.0);
    let o: Options = serde_wasm_bindgen::from_value(with("5,3,2", &[]).options().unwrap()).unwrap();
    assert_eq!(o.tries, 0.0);
}

#[wasm_bindgen_test]
fn bad_tries_are_refused_in_the_catalogs_words() {
    for (value, shown) in [
        (JsValue::from(-1), "-1"),
        (JsValue::from(1.5), "1.5"),
        (JsValue::from(10_001), "10001"),
        (JsValue::from("two"), "\"two\""),
    ] {
        let err: JsValue = Walkthrough::with_options("5,3,2", options(&[("tries", value)]))
            .unwrap_err()
            .into();
        assert_eq!(property(&err, "code").as_string().unwrap(), "options.tries");
        assert_eq!(
            message(err),
            format!("tries {shown} is not a whole number from 0 to 10000: 0 gives each request as many tries as servers not down (nginx's default), N at most N attempts")
        );
    }
}

#[wasm_bindgen_test]
fn an_algorithm_that_does_not_retry_notes_the_limit() {
    let w = with("5,3,2", &[("algo", "classic".into()), ("tries", 2.into())]);
    let said = notes(&w);
    assert_eq!(said.len(), 1);
    assert_eq!(said[0].code, "note.tries_ignored");
    assert!(said[0].text.starts_with("tries 2: a limit on retries"));
    assert!(notes(&with("5,3,2", &[("tries", 2.into())])).is_empty());
}
