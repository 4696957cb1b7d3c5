//! Linux IPVS's weighted round robin under scenario events, against a small reference written
//! from the kernel's source (not from the engine):
//! - `net/netfilter/ipvs/ip_vs_wrr.c`: `ip_vs_wrr_gcd_weight`, `ip_vs_wrr_max_weight`,
//!   `ip_vs_wrr_init_svc`, `ip_vs_wrr_dest_changed` (the `add_dest`, `del_dest` and `upd_dest` of
//!   the scheduler) and `ip_vs_wrr_schedule`, its loop as written (`last`, `stop`, `last_pass`,
//!   `restarted`); no destination is overloaded.
//! - `net/netfilter/ipvs/ip_vs_ctl.c`, `__ip_vs_update_dest`: `ipvsadm -e` sets the weight, then
//!   calls `upd_dest`: one `dest_changed` per command.
//! - keepalived as the health checker: `perform_svr_state` (keepalived/check/ipwrapper.c) sends a
//!   command only when a real server's state changes, and with `inhibit_on_failure` `ipvs_cmd`
//!   (keepalived/check/ipvswrapper.c) turns the removal into an edit to weight 0 and the return
//!   into an edit back to its weight.

use proptest::prelude::*;

use crate::common::algorithm::algorithm as spec;
use swrr_viz::engine::{sequence, AlgorithmKind};

/// `struct ip_vs_wrr_mark` and the weights of the destination list, in list order.
struct Wrr {
    weights: Vec<i64>,
    /// `mark->cl`: a destination, or `None` for the list head.
    cl: Option<usize>,
    cw: i64,
    mw: i64,
    di: i64,
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Wrr {
    fn gcd_weight(&self) -> i64 {
        let mut g = 0;
        for &weight in &self.weights {
            if weight > 0 {
                g = if g > 0 { gcd(weight, g) } else { weight };
            }
        }
        if g != 0 {
            g
        } else {
            1
        }
    }

    fn max_weight(&self) -> i64 {
        let mut weight = 0;
        for &new_weight in &self.weights {
            if new_weight > weight {
                weight = new_weight;
            }
        }
        weight
    }

    fn init_svc(weights: Vec<i64>) -> Self {
        let mut mark = Self {
            weights,
            cl: None,
            cw: 0,
            mw: 0,
            di: 0,
        };
        mark.di = mark.gcd_weight();
        mark.mw = mark.max_weight() - (mark.di - 1);
        mark.cw = mark.mw;
        mark
    }

    fn dest_changed(&mut self) {
        self.cl = None;
        self.di = self.gcd_weight();
        self.mw = self.max_weight() - (self.di - 1);
        if self.cw > self.mw || self.cw == 0 {
            self.cw = self.mw;
        } else if self.di > 1 {
            self.cw = (self.cw / self.di) * self.di + 1;
        }
    }

    fn schedule(&mut self) -> Option<usize> {
        let mut dest = self.cl;
        let (mut last_pass, mut restarted, mut stop) = (false, false, None);
        if self.mw == 0 {
            self.cl = dest;
            return None;
        }
        let last = dest;
        loop {
            // list_for_each_entry_continue_rcu: the entries after `dest`; at the end `dest` is
            // the head again.
            for k in dest.map_or(0, |d| d + 1)..self.weights.len() {
                dest = Some(k);
                if self.weights[k] >= self.cw {
                    self.cl = dest;
                    return dest;
                }
                if dest == stop {
                    self.cl = dest;
                    return None;
                }
            }
            dest = None;
            self.cw -= self.di;
            if self.cw <= 0 {
                self.cw = self.mw;
                if last_pass || last.is_none() {
                    self.cl = dest;
                    return None;
                }
                restarted = true;
            }
            last_pass = self.cw <= self.di;
            if last_pass && restarted && last.is_some() {
                stop = last;
            }
        }
    }
}

/// A scenario event as generated here.
#[derive(Debug, Clone, Copy)]
enum Op {
    Weight(u64, usize, i64),
    Reset(u64, usize, i64),
    Drain(u64, usize),
    Down(u64, usize),
    Up(u64, usize),
    Dead(u64, usize),
    Alive(u64, usize),
    Backup(u64, usize),
}

impl Op {
    fn step(self) -> u64 {
        match self {
            Op::Weight(s, ..)
            | Op::Reset(s, ..)
            | Op::Drain(s, _)
            | Op::Down(s, _)
            | Op::Up(s, _)
            | Op::Dead(s, _)
            | Op::Alive(s, _)
            | Op::Backup(s, _) => s,
        }
    }

    fn text(self) -> String {
        let name = |n: usize| ["A", "B", "C", "D", "E"][n];
        match self {
            Op::Weight(s, n, w) => format!("@{s} {}={w}", name(n)),
            Op::Reset(s, n, w) => format!("@{s} {}={w} reset", name(n)),
            Op::Drain(s, n) => format!("@{s} {} drain", name(n)),
            Op::Down(s, n) => format!("@{s} {} down", name(n)),
            Op::Up(s, n) => format!("@{s} {} up", name(n)),
            Op::Dead(s, n) => format!("@{s} {} dead", name(n)),
            Op::Alive(s, n) => format!("@{s} {} alive", name(n)),
            Op::Backup(s, n) => format!("@{s} {} backup", name(n)),
        }
    }
}

/// keepalived with `inhibit_on_failure` over IPVS: `ops` in text order, each step's before its
/// pick; a node is in service while neither down nor dead (two checkers of one real server).
fn reference(weights: &[i64], ops: &[Op], steps: u64) -> Vec<u32> {
    let mut configured = weights.to_vec();
    let (mut down, mut dead) = (vec![false; weights.len()], vec![false; weights.len()]);
    let mut wrr = Wrr::init_svc(weights.to_vec());
    let mut picks = Vec::new();
    for step in 1..=steps {
        for &op in ops.iter().filter(|op| op.step() == step) {
            let before: Vec<bool> = (0..weights.len()).map(|i| !down[i] && !dead[i]).collect();
            let node = match op {
                Op::Weight(_, n, w) | Op::Reset(_, n, w) => {
                    configured[n] = w;
                    n
                }
                Op::Drain(_, n) => {
                    configured[n] = 0;
                    n
                }
                Op::Down(_, n) | Op::Up(_, n) | Op::Dead(_, n) | Op::Alive(_, n) => {
                    match op {
                        Op::Down(..) => down[n] = true,
                        Op::Up(..) => down[n] = false,
                        Op::Dead(..) => dead[n] = true,
                        _ => dead[n] = false,
                    }
                    n
                }
                Op::Backup(..) => continue,
            };
            let in_service = !down[node] && !dead[node];
            wrr.weights[node] = if in_service { configured[node] } else { 0 };
            match op {
                // A new scheduler state: ip_vs_wrr_init_svc over the list as it is.
                Op::Reset(..) => wrr = Wrr::init_svc(wrr.weights.clone()),
                // ipvsadm -e: one upd_dest.
                Op::Weight(..) | Op::Drain(..) => wrr.dest_changed(),
                // perform_svr_state: a command only when the server's state changes.
                _ if before[node] != in_service => wrr.dest_changed(),
                _ => {}
            }
        }
        match wrr.schedule() {
            Some(dest) => picks.push(dest as u32),
            None => break,
        }
    }
    picks
}

fn engine(weights: &str, scenario: &str, steps: usize) -> Vec<u32> {
    sequence(
        &spec(weights, AlgorithmKind::Interleaved, 0, scenario).1,
        steps,
    )
}

fn scenario(ops: &[Op]) -> String {
    let texts: Vec<String> = ops.iter().map(|op| op.text()).collect();
    texts.join("; ")
}

#[test]
fn two_weight_events_at_one_step_are_two_dest_changed() {
    // 10,3: step 1 picks A at cw 10. @2 A=2: di 1, mw 3, cw clamped to 3, cursor at the head;
    // @2 B=20: di 2, mw 19, cw 3 kept (3 / 2 · 2 + 1). So B; cw 1: A B; cw 19 … 3: B × 9.
    // One update with both weights would keep cw 10: B from 10 down to 2, then A.
    let ops = [Op::Weight(2, 0, 2), Op::Weight(2, 1, 20)];
    let expected = reference(&[10, 3], &ops, 12);
    assert_eq!(expected, [0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(engine("10,3", "@2 A=2; @2 B=20", 12), expected);
    // In the other order: B=20 first (mw 20, cw 9 kept), then A=2 (cw 9 kept).
    let ops = [Op::Weight(2, 1, 20), Op::Weight(2, 0, 2)];
    assert_eq!(
        engine("10,3", "@2 B=20; @2 A=2", 12),
        reference(&[10, 3], &ops, 12)
    );
}

#[test]
fn a_node_down_is_quiesced_to_weight_0() {
    // 4,6,3: C out at step 1 is C at weight 0: di 2, mw 5 over 4,6.
    let expected = reference(&[4, 6, 3], &[Op::Down(1, 2)], 10);
    assert_eq!(expected, [1, 0, 1, 0, 1, 1, 0, 1, 0, 1]); // B A B A B B A B A B
    assert_eq!(engine("4,6,3", "@1 C down", 10), expected);
    assert_eq!(engine("4,6,3", "@1 C=0", 10), expected);
    assert_eq!(engine("4,6,3", "@1 C dead", 10), expected);
    // keepalived's default removes C instead (del_dest): the same picks while C is out.
    let mut removed = Wrr::init_svc(vec![4, 6]);
    let without_c: Vec<u32> = (0..10)
        .map(|_| removed.schedule().unwrap() as u32)
        .collect();
    assert_eq!(without_c, expected);
}

#[test]
fn coming_back_is_one_dest_changed_and_no_event_without_a_change_is_one() {
    let weights = [5, 3, 2];
    let cases: [&[Op]; 4] = [
        &[Op::Down(4, 1), Op::Up(9, 1)],
        // up of a node that is up, down of one that is down, a second checker: no command.
        &[
            Op::Up(3, 0),
            Op::Down(4, 1),
            Op::Down(6, 1),
            Op::Dead(7, 1),
            Op::Up(9, 1),
        ],
        &[Op::Dead(2, 2), Op::Backup(5, 0), Op::Alive(8, 2)],
        &[
            Op::Down(3, 0),
            Op::Weight(5, 0, 7),
            Op::Up(7, 0),
            Op::Reset(11, 1, 4),
        ],
    ];
    for ops in cases {
        let text = scenario(ops);
        assert_eq!(
            engine("5,3,2", &text, 30),
            reference(&weights, ops, 30),
            "{text}"
        );
    }
}

#[test]
fn every_node_out_stops_the_run() {
    let ops = [Op::Down(3, 0), Op::Dead(3, 1)];
    let expected = reference(&[2, 1], &ops, 10);
    assert_eq!(expected.len(), 2);
    assert_eq!(engine("2,1", "@3 A down; @3 B dead", 10), expected);
}

fn op() -> impl Strategy<Value = Op> {
    (1u64..=25, 0usize..5, 0i64..=12, 0u8..16).prop_map(|(s, n, w, kind)| match kind {
        0..=3 => Op::Weight(s, n, w * 2),
        4 => Op::Reset(s, n, w),
        5 => Op::Drain(s, n),
        6..=8 => Op::Down(s, n),
        9..=11 => Op::Up(s, n),
        12 => Op::Dead(s, n),
        13 | 14 => Op::Alive(s, n),
        _ => Op::Backup(s, n),
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Random weights (often with a gcd above 1) and events: the engine picks what IPVS picks.
    #[test]
    fn the_engine_picks_what_ipvs_picks(
        base in prop::collection::vec(0i64..=8, 2..=5),
        factor in 1i64..=3,
        ops in prop::collection::vec(op(), 0..10),
    ) {
        let mut weights: Vec<i64> = base.iter().map(|w| w * factor).collect();
        weights[0] = weights[0].max(1);
        let n = weights.len();
        let mut ops: Vec<Op> = ops
            .into_iter()
            .map(|op| match op {
                Op::Weight(s, k, w) => Op::Weight(s, k % n, w),
                Op::Reset(s, k, w) => Op::Reset(s, k % n, w),
                Op::Drain(s, k) => Op::Drain(s, k % n),
                Op::Down(s, k) => Op::Down(s, k % n),
                Op::Up(s, k) => Op::Up(s, k % n),
                Op::Dead(s, k) => Op::Dead(s, k % n),
                Op::Alive(s, k) => Op::Alive(s, k % n),
                Op::Backup(s, k) => Op::Backup(s, k % n),
            })
            .collect();
        ops.sort_by_key(|op| op.step());
        let text: Vec<String> = weights.iter().map(i64::to_string).collect();
        let picks = engine(&text.join(","), &scenario(&ops), 40);
        prop_assert_eq!(picks, reference(&weights, &ops, 40), "{}", scenario(&ops));
    }
}
