//! The computed picks of a run, and how they extend to every step of it.

/// The picks that were computed: the whole run, or one period that the run repeats.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tape {
    picks: Vec<u32>,
    /// True when `picks` is one full period and step t is `picks[(t − 1) mod P]`.
    periodic: bool,
}

impl Tape {
    pub(crate) fn new(picks: Vec<u32>, periodic: bool) -> Self {
        Self { picks, periodic }
    }

    pub(crate) fn picks(&self) -> &[u32] {
        &self.picks
    }

    pub(crate) fn is_periodic(&self) -> bool {
        self.periodic
    }

    /// The period when periodic (the tape's length).
    pub(crate) fn period(&self) -> Option<u64> {
        self.periodic.then_some(self.picks.len() as u64)
    }

    /// Index into `picks` of 1-based step `t`.
    pub(crate) fn index(&self, t: u64) -> usize {
        debug_assert!(t >= 1);
        if self.periodic {
            ((t - 1) % self.picks.len() as u64) as usize
        } else {
            (t - 1) as usize
        }
    }

    /// A reader positioned at step `t` (the next `next()` returns the pick of step t).
    pub(crate) fn reader(&self, t: u64) -> TapeReader<'_> {
        TapeReader {
            picks: &self.picks,
            index: self.index(t),
        }
    }
}

/// Reads consecutive steps without a division per step: the index wraps at the tape's end, which
/// is only ever reached on a periodic tape (a plain tape holds the whole run).
#[derive(Debug, Clone)]
pub(crate) struct TapeReader<'a> {
    picks: &'a [u32],
    index: usize,
}

impl TapeReader<'_> {
    #[inline]
    pub(crate) fn next_pick(&mut self) -> u32 {
        let pick = self.picks[self.index];
        self.index += 1;
        if self.index == self.picks.len() {
            self.index = 0;
        }
        pick
    }
}
