//! What a run of requests says under a tank (nginx SWRR with failed attempts, backup servers or
//! several workers), decided once: the SVG pictures draw it, and the facade hands it to the page
//! (www/requests/request-marks.js), which words the same catalog code.

use crate::engine::nginx::request::Outcome;
use crate::engine::step::Step;
use crate::render::phase::Phase;

/// The word under a tank of a request's attempt, in place of `picked` or `out` (or of nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestMark {
    /// It won and refused the connection (pick and drain phases): nginx counts the failure.
    Refused,
    /// It sat out: the request already tried it.
    Tried,
    /// It sat out: disabled for its failures (`max_fails` within `fail_timeout`).
    Skipped,
    /// It sat out: a backup server while a primary can be picked.
    Backup,
    /// It could be picked but refuses connections (nginx learns that only by picking it).
    Dead,
    /// It could be picked, and is a backup server (nginx is on the backups).
    BackupNote,
}

impl RequestMark {
    /// The mark of tank `i` at `phase` of `step`, or `None` (no request, step 0, the winner of an
    /// answered attempt, a tie, or a tank out for no reason of the request: a scenario's `down`
    /// or `drain`, then plain `out`). A refused winner first; then a tank that could not be
    /// picked says why (tried, skipped, backup); then, where nothing else is written under it,
    /// a dead server and a backup say what they are.
    #[must_use]
    pub fn of(step: &Step, phase: Phase, i: usize) -> Option<Self> {
        let request = step.request.as_ref()?;
        let marked = matches!(phase, Phase::Pick | Phase::Drain);
        if phase == Phase::Start {
            return None;
        }
        if marked && step.picked() && step.winner == i {
            return (request.outcome == Outcome::Failed).then_some(Self::Refused);
        }
        let at = |flags: &[bool]| flags.get(i).copied().unwrap_or(false);
        // Why it sat out, in this order; or what it is, where no `tie` is written.
        let reasons: &[(&[bool], Self)] = if !step.eligible.get(i).copied().unwrap_or(true) {
            &[
                (&request.tried, Self::Tried),
                (&request.disabled, Self::Skipped),
                (&request.backup, Self::Backup),
            ]
        } else if marked && step.tied.contains(&i) {
            &[]
        } else {
            &[
                (&request.dead, Self::Dead),
                (&request.backup, Self::BackupNote),
            ]
        };
        reasons
            .iter()
            .find(|(flags, _)| at(flags))
            .map(|&(_, mark)| mark)
    }

    /// Its word in the catalog (`figure.tried`, …).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Self::Refused => "figure.refused",
            Self::Tried => "figure.tried",
            Self::Skipped => "figure.skipped",
            Self::Backup | Self::BackupNote => "figure.backup",
            Self::Dead => "figure.dead",
        }
    }

    /// The key an SVG badge names its word by (`data-i18n`), as it did before the words moved
    /// to the catalog.
    #[must_use]
    pub(crate) fn key(self) -> &'static str {
        match self {
            Self::Refused => "tank.refused",
            Self::Tried => "tank.tried",
            Self::Skipped => "tank.disabled",
            Self::Backup | Self::BackupNote => "tank.backup",
            Self::Dead => "tank.dead",
        }
    }

    /// The badge's class in the pictures: muted for a tank the request passed over, red for a
    /// refused connection, the winner's colour for what a server is (as the page's widget.css).
    #[must_use]
    pub(crate) fn class(self) -> &'static str {
        match self {
            Self::Refused => "badge refused",
            Self::Tried | Self::Skipped => "badge out",
            Self::Backup | Self::BackupNote | Self::Dead => "badge",
        }
    }

    /// True for the marks of a tank that could not be picked (drawn out).
    #[must_use]
    pub fn is_out(self) -> bool {
        matches!(self, Self::Tried | Self::Skipped | Self::Backup)
    }
}

#[cfg(test)]
mod tests {
    use super::RequestMark::{Backup, BackupNote, Dead, Refused, Skipped, Tried};
    use super::*;
    use crate::engine::nginx::request::RequestStep;

    /// Step 1 of three servers, B the winner at 5 (A 3, C 5: a tie unless `tie` is false), with
    /// a request whose flags (tried, disabled, backup, dead) are given per server.
    fn step(outcome: Outcome, eligible: [bool; 3], flags: [[bool; 3]; 4], tie: bool) -> Step {
        let mut step = Step::from_pick(1, &[0, 0, 0], &[3, -5, if tie { 5 } else { 2 }], 1, 10);
        step.eligible = eligible.to_vec();
        let [tried, disabled, backup, dead] = flags.map(|f| f.to_vec());
        step.request = Some(RequestStep {
            request: 1,
            attempt: 2,
            outcome,
            last: false,
            second: 0,
            worker: 0,
            tried,
            backup,
            dead,
            fails: vec![0; 3],
            max_fails: vec![1; 3],
            disabled,
            back: vec![None; 3],
        });
        step
    }

    /// [`step`] of an answered attempt, without a tie.
    fn answered(eligible: [bool; 3], flags: [[bool; 3]; 4]) -> Step {
        step(Outcome::Answered, eligible, flags, false)
    }

    const NONE: [bool; 3] = [false; 3];
    const A: [bool; 3] = [true, false, false];
    const B: [bool; 3] = [false, true, false];
    const C: [bool; 3] = [false, false, true];
    const AC: [bool; 3] = [true, false, true];

    fn marks(step: &Step, phase: Phase) -> Vec<Option<RequestMark>> {
        (0..3).map(|i| RequestMark::of(step, phase, i)).collect()
    }

    #[test]
    fn a_refused_winner_says_refused_once_picked() {
        let s = step(Outcome::Failed, [true; 3], [NONE, NONE, NONE, B], false);
        assert_eq!(marks(&s, Phase::Pick)[1], Some(Refused));
        assert_eq!(marks(&s, Phase::Drain)[1], Some(Refused));
        // Before the pick the winner is a dead server like any other.
        assert_eq!(marks(&s, Phase::Fill)[1], Some(Dead));
        // An answered winner says `picked`, not a mark.
        let s = answered([true; 3], [NONE, NONE, B, NONE]);
        assert_eq!(marks(&s, Phase::Drain), [None, None, None]);
        assert_eq!(marks(&s, Phase::Fill), [None, Some(BackupNote), None]);
    }

    #[test]
    fn a_tank_that_sat_out_says_why_tried_first_then_skipped_then_backup() {
        // A tried and skipped and a backup: tried. C skipped and a backup: skipped.
        let s = answered([false, true, false], [A, AC, AC, NONE]);
        assert_eq!(marks(&s, Phase::Fill), [Some(Tried), None, Some(Skipped)]);
        // A backup out while primaries can be picked, and dead too: backup (it sat out).
        let s = answered([true, true, false], [NONE, NONE, C, C]);
        assert_eq!(marks(&s, Phase::Pick)[2], Some(Backup));
        assert!(Backup.is_out() && !BackupNote.is_out() && !Dead.is_out());
    }

    #[test]
    fn a_dead_server_says_dead_where_nothing_else_is_written() {
        let s = step(Outcome::Answered, [true; 3], [NONE, NONE, NONE, AC], true);
        // C ties with B at the pick: `tie` is written there, not `dead`; in the fill (no tie
        // yet) both dead servers say so.
        assert_eq!(marks(&s, Phase::Pick), [Some(Dead), None, None]);
        assert_eq!(marks(&s, Phase::Fill), [Some(Dead), None, Some(Dead)]);
        // Dead and out for no reason of the request (a scenario's `down`): plain `out`.
        let s = answered([false, true, true], [NONE, NONE, NONE, A]);
        assert_eq!(marks(&s, Phase::Drain)[0], None);
    }

    #[test]
    fn nothing_is_marked_without_a_request_or_at_the_start() {
        let mut s = step(
            Outcome::Failed,
            [false, true, true],
            [A, NONE, NONE, B],
            false,
        );
        assert_eq!(marks(&s, Phase::Start), [None, None, None]);
        s.request = None;
        assert_eq!(marks(&s, Phase::Drain), [None, None, None]);
    }

    #[test]
    fn each_mark_has_its_catalog_word() {
        for mark in [Refused, Tried, Skipped, Backup, BackupNote, Dead] {
            assert!(crate::message::entry(mark.code()).is_some(), "{mark:?}");
        }
        assert_eq!(Backup.code(), BackupNote.code());
    }
}
