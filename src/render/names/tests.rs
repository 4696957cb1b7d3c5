use super::*;

fn labels(names: &[&str], room: usize) -> Vec<String> {
    name_labels(names, room)
}

#[test]
fn names_that_fit_or_cut_apart_are_as_fit_cuts_them() {
    assert_eq!(
        labels(&["web1", "web2", "web3"], 4),
        ["web1", "web2", "web3"]
    );
    assert_eq!(
        labels(&["alpha", "beta", "gamma"], 3),
        ["al…", "be…", "ga…"]
    );
    let names = ["backend-eu", "frontend-eu", "db"];
    let fitted: Vec<String> = names.iter().map(|n| fit(n, 5)).collect();
    assert_eq!(labels(&names, 5), fitted);
}

#[test]
fn a_shared_prefix_keeps_the_end_that_differs() {
    assert_eq!(labels(&["web1", "web2", "web3"], 3), ["w…1", "w…2", "w…3"]);
    assert_eq!(labels(&["web1", "web2", "web3"], 2), ["…1", "…2", "…3"]);
    assert_eq!(
        labels(
            &["backend-primary-eu-west-1", "backend-primary-eu-west-2"],
            10
        ),
        ["backend-…1", "backend-…2"]
    );
    assert_eq!(
        labels(
            &["backend-primary-eu-west-1", "backend-primary-eu-west-2"],
            9
        ),
        ["backend…1", "backend…2"]
    );
    let ips = ["10.0.0.1:80", "10.0.0.2:80", "10.0.0.3:80", "10.0.0.4:80"];
    assert_eq!(
        labels(&ips, 7),
        ["10…1:80", "10…2:80", "10…3:80", "10…4:80"]
    );
    assert_eq!(labels(&ips, 5), ["…1:80", "…2:80", "…3:80", "…4:80"]);
    // Only the names that would read alike change.
    assert_eq!(labels(&["web1", "web2", "db-1"], 2), ["…1", "…2", "d…"]);
}

#[test]
fn the_end_is_as_long_as_the_names_share() {
    // "node-a1" and "node-b1" share their last character: the end keeps the one before it.
    assert_eq!(
        labels(&["node-a1", "node-b1", "node-b2"], 4),
        ["n…a1", "n…b1", "no…2"]
    );
}

#[test]
fn names_alike_at_both_ends_keep_where_they_differ() {
    assert_eq!(
        labels(&["pool-a-backend", "pool-b-backend"], 6),
        ["…ol-a…", "…ol-b…"]
    );
}

#[test]
fn wide_characters_count_two() {
    let names = ["北京一号服务器", "北京二号服务器"];
    assert_eq!(fit(names[0], 6), fit(names[1], 6));
    let got = labels(&names, 6);
    assert_eq!(got, ["…京一…", "…京二…"]);
    let got = labels(&["服务器甲", "服务器乙"], 6);
    assert_eq!(got, ["服…甲", "服…乙"]);
    for label in &got {
        assert!(text_width(label) <= 6, "{label}");
    }
}

#[test]
fn no_room_for_a_difference_keeps_the_cut() {
    // One letter and "…" hold nothing that tells them apart but the first letter.
    assert_eq!(
        labels(&["web1", "web2"], 1),
        [fit("web1", 1), fit("web2", 1)]
    );
    // Equal names are one name.
    assert_eq!(labels(&["web1", "web1"], 2), ["w…", "w…"]);
    // A name that is the start of another keeps its cut; the other is told apart.
    assert_eq!(labels(&["node", "node-node"], 3), ["no…", "…-…"]);
}

#[test]
fn different_names_never_read_alike_where_room_allows() {
    let mut names: Vec<String> = (1..=30).map(|k| format!("server-{k}")).collect();
    names.extend((1..=12).map(|k| format!("10.0.{k}.1:8080")));
    names.extend(["a-x-end", "a-y-end", "b", "bb", "bbb"].map(String::from));
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let distinct = |labels: &[String]| {
        labels
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len()
    };
    for room in 1..=16 {
        let got = labels(&names, room);
        let cut: Vec<String> = names.iter().map(|n| fit(n, room)).collect();
        assert!(distinct(&got) >= distinct(&cut), "at {room}");
        for (i, label) in got.iter().enumerate() {
            let most = room.max(text_width(&cut[i]));
            assert!(text_width(label) <= most, "{label} at {room}");
        }
        if room >= 4 {
            assert_eq!(distinct(&got), names.len(), "at {room}: {got:?}");
        }
    }
}

#[test]
fn cells_keep_short_names_whole_and_lose_letters_with_no_room() {
    assert_eq!(
        cell_labels(&["web1", "web2", "北京"], 2),
        [Some("…1".into()), Some("…2".into()), Some("北京".into())]
    );
    assert_eq!(cell_labels(&["web1", "A"], 1), [None, Some("A".into())]);
    assert_eq!(
        cell_labels(&["alpha", "beta"], 3),
        [Some("al…".into()), Some("be…".into())]
    );
}
