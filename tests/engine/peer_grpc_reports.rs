//! gRPC's `weighted_round_robin` over time: what it makes of load reports (a report of 0 is
//! ignored, a weight expires 180 s after the last non-zero report, a blackout of 10 s follows the
//! first report after a reconnection, an expiry or a new policy) and the address order of gRPC C++.
//!
//! The expected sequences come from a separate reference of the policy, written in Python from
//! grpc/grpc `src/core/load_balancing/weighted_round_robin/weighted_round_robin.cc` (commit
//! adcc660e78c7: `EndpointWeight::MaybeUpdateWeight`, `GetWeight`, `ResetNonEmptySince`,
//! `UpdateLocked`'s `std::set`, `Picker::PickIndex`), `src/core/resolver/endpoint_addresses.cc`
//! (commit 23a1819cf7d7: `EndpointAddressSet::operator<`) and grpc-java
//! `WeightedRoundRobinLoadBalancer.java` (commit 5fda0c7c35a9: `onLoadReport`, `getWeight`), over
//! a scheduler re-implemented from `static_stride_scheduler.cc`; not from this engine. The
//! reference's model: 1 step = 1 s, every READY endpoint reports its weight at the start of every
//! step, and a run starts with every non-zero weight past its blackout.

use swrr_viz::engine::{
    grpc_address_order, notes, sequence, AlgorithmKind, AlgorithmOptions, Traffic,
    GRPC_EXPIRATION_STEPS,
};
use swrr_viz::input::{Scenario, Weights};

use crate::common::algorithm::{algorithm as spec, grpc, rows};

/// The picks as node indexes, written as one digit each.
fn picks(weights: &str, kind: AlgorithmKind, scenario: &str, n: usize) -> String {
    let picks = sequence(&spec(weights, kind, 0, scenario).1, n);
    picks.iter().map(u32::to_string).collect()
}

const GRPC: AlgorithmKind = AlgorithmKind::Grpc;
const JAVA: AlgorithmKind = AlgorithmKind::GrpcJava;

/// 5,3,2 with `@4 B=0`, 200 picks: B keeps 3 until step 183 (its last report at 3, plus 180),
/// then takes the mean. C++ and Java agree here.
const B_ZERO_AT_4: &str = "01200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101200120101020101200";

#[test]
fn a_report_of_zero_keeps_the_last_weight_until_it_expires() {
    assert_eq!(picks("5,3,2", GRPC, "@4 B=0", 200), B_ZERO_AT_4);
    assert_eq!(picks("5,3,2", JAVA, "@4 B=0", 200), B_ZERO_AT_4);
    let rows = rows("5,3,2", GRPC, "@4 B=0", 184);
    // Step 4: B reports 0, gRPC holds 3 (39321 of 65535) for 179 more steps, this one included.
    assert_eq!(grpc(&rows[3]).scaled[1], Some(39321));
    assert_eq!(grpc(&rows[3]).reported[1], 3);
    assert_eq!(grpc(&rows[3]).kept[1], 179);
    assert_eq!(grpc(&rows[181]).kept[1], 1);
    // Step 183: expired, the mean of 5 and 2 (45875), nothing held.
    let expired = grpc(&rows[182]);
    assert_eq!(expired.scaled[1], Some(45875));
    assert_eq!((expired.reported[1], expired.kept[1]), (0, 0));
    assert_eq!(expired.built_at, 3 + GRPC_EXPIRATION_STEPS);
}

#[test]
fn a_report_back_before_the_expiry_counts_at_once() {
    let expected = "012001200101200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101012010112010101201";
    assert_eq!(picks("5,3,2", GRPC, "@4 B=0; @100 B=6", 120), expected);
}

#[test]
fn a_report_after_the_expiry_waits_out_a_blackout() {
    let expected = "0120012001012001200101200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101200120010120012001012001200101200120010120012010102010120010120012001012001200";
    assert_eq!(picks("5,3,2", GRPC, "@4 B drain; @200 B=3", 220), expected);
    let rows = rows("5,3,2", GRPC, "@4 B drain; @200 B=3", 210);
    assert_eq!(grpc(&rows[199]).blackout[1], 10);
    assert_eq!(grpc(&rows[208]).scaled[1], Some(45875));
    assert_eq!(grpc(&rows[209]).scaled[1], Some(39321));
}

#[test]
fn a_first_report_in_the_middle_waits_out_a_blackout() {
    // B is 0 from the start (never reported); it reports 2 at step 5, usable from step 15.
    assert_eq!(picks("3,0,1", GRPC, "@5 B=2", 20), "01200101200101200101");
}

#[test]
fn a_new_policy_knows_no_weight_for_the_blackout() {
    // C++ builds no scheduler without a usable weight: round robin from index 0 until step 14.
    assert_eq!(
        picks("5,3,2", GRPC, "@4 A=9 reset", 20),
        "01201201201200201000"
    );
    // Java builds one with every weight the mean.
    assert_eq!(
        picks("5,3,2", JAVA, "@4 A=9 reset", 20),
        "01201201201200120001"
    );
}

#[test]
fn a_rejoining_endpoint_waits_out_a_blackout() {
    assert_eq!(
        picks("5,3,2", GRPC, "@6 B down; @11 B up", 30),
        "012002000202010120010120012001"
    );
}

#[test]
fn grpc_cpp_orders_address_named_endpoints_by_address() {
    let listed = "10.0.0.2:80=5 10.0.0.1:80=3 10.0.0.3:80=2";
    assert_eq!(picks(listed, GRPC, "", 10), "0210021010");
    // grpc-java keeps the resolver's order.
    assert_eq!(picks(listed, JAVA, "", 10), "0120012001");
    // IPv4 before IPv6, then the port, then the address.
    let mixed = "[::1]:80=4 10.0.0.9:81=3 10.0.0.10:80=2 10.0.0.2:80=1";
    assert_eq!(picks(mixed, GRPC, "", 12), "210102103021");
    assert_eq!(
        grpc_address_order(&["[::1]:80", "10.0.0.9:81", "10.0.0.10:80", "10.0.0.2:80"]),
        Some(vec![3, 2, 1, 0])
    );
    // Names that are not all addresses, or two names of one address: the list order.
    assert_eq!(grpc_address_order(&["10.0.0.2:80", "B"]), None);
    assert_eq!(grpc_address_order(&["10.0.0.2:80", "10.0.0.2:80"]), None);
}

fn notes_of(weights: &str, kind: AlgorithmKind, scenario: &str) -> Vec<String> {
    let weights: Weights = weights.parse().unwrap();
    let scenario = Scenario::parse(scenario, &weights).unwrap();
    let options = AlgorithmOptions {
        kind,
        ..AlgorithmOptions::default()
    };
    notes(&weights, &options, &scenario, &Traffic::default())
}

#[test]
fn notes_tell_the_kept_weight_and_the_address_order() {
    let zero = notes_of("5,3,2", JAVA, "@4 B=0");
    assert_eq!(zero.len(), 1, "{zero:?}");
    assert!(zero[0].contains("keeps the node's last weight"), "{zero:?}");
    assert!(zero[0].contains("180 steps"), "{zero:?}");
    let order = notes_of("10.0.0.2:80=5 10.0.0.1:80=3", GRPC, "");
    assert_eq!(order.len(), 1, "{order:?}");
    assert!(
        order[0].ends_with("backend 0, 1, … are 10.0.0.1:80, 10.0.0.2:80"),
        "{order:?}"
    );
    // Already in order, not addresses, or grpc-java: nothing to say.
    assert!(notes_of("10.0.0.1:80=5 10.0.0.2:80=3", GRPC, "").is_empty());
    assert!(notes_of("B=5 A=3", GRPC, "").is_empty());
    assert!(notes_of("10.0.0.2:80=5 10.0.0.1:80=3", JAVA, "").is_empty());
}
