//! One message of every code, built from the core's own types: what the page's translation
//! tests format with each language's templates (the English one must equal `text`).

use crate::engine::nginx::traffic::parse_tries;
use crate::engine::notes::Note;
use crate::engine::options::AlgorithmKind;
use crate::engine::options::SubtractRule;
use crate::engine::options::TieRule;
use crate::engine::stop::StopReason;
use crate::engine::trace::SeekError;
use crate::input::choice::{Choice, UnknownChoice};
use crate::input::scenario::error::{EventToken, Expected, NodeList, NumberKind, ScenarioError};
use crate::input::text::Position;
use crate::input::upstream::error::{
    ParameterProblem, UpstreamError, UpstreamPlace, UpstreamProblem,
};
use crate::input::upstream::note::{PlaceLimit, RetryPlace, UpstreamNote};
use crate::input::weights::error::{NameProblem, Token, WeightError};
use crate::message::{Coded, Message};
use crate::metrics::MetricsError;
use crate::render::documents::{DocumentError, SvgKind};
use crate::render::svg::{Picture, SvgError};
use crate::teach::quiz::QuizError;

mod upstream;

use upstream::upstream_samples;

/// A message of every code the core has (at least one each; some codes twice, e.g. a position on
/// the first line and on a later one). For tests: `tests/browser/core-messages.test.mjs` checks
/// that the page's English template of each gives `text`, and that every language has them.
#[doc(hidden)]
#[must_use]
pub fn message_samples() -> Vec<Message> {
    let mut out = weight_samples();
    out.extend(scenario_samples());
    out.extend(engine_samples());
    out.extend(upstream_samples());
    out.extend(teach_and_metrics_samples());
    out.extend(picture_samples());
    out.extend(crate::render::narration::samples());
    out.extend(crate::render::words::samples());
    // What every language joins the items of a list with.
    out.push(Message {
        code: "list.separator",
        params: Vec::new(),
        text: crate::message::list_separator(),
    });
    out
}

fn at(line: usize, column: usize) -> Position {
    Position { line, column }
}

/// Typed weights refused.
fn weight_samples() -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    let token = |text: &str, node, position| Token {
        text: text.into(),
        node,
        position,
    };
    let t = token("x7", 2, at(1, 3));
    let t2 = token("-3", 4, at(3, 5));

    let weights = [
        WeightError::Empty,
        WeightError::NotANumber(t.clone()),
        WeightError::MissingWeight(token("A=", 1, at(1, 1))),
        WeightError::MissingName(token("=5", 3, at(1, 6))),
        WeightError::BadName {
            token: t.clone(),
            reason: NameProblem::TooLong,
        },
        WeightError::BadName {
            token: t.clone(),
            reason: NameProblem::ControlCharacter,
        },
        WeightError::BadName {
            token: t.clone(),
            reason: NameProblem::DirectionControl,
        },
        WeightError::BadName {
            token: token("\\u{200b}=5", 1, at(1, 1)),
            reason: NameProblem::Invisible,
        },
        WeightError::BadName {
            token: t.clone(),
            reason: NameProblem::TooManyMarks,
        },
        WeightError::LookAlikeNames {
            names: ("A\\u{200b}".into(), "A".into()),
            first: 1,
            second: 2,
            position: at(1, 7),
        },
        WeightError::EmptyItem {
            node: 2,
            position: at(1, 3),
        },
        WeightError::Negative(t2.clone()),
        WeightError::NotFinite(token("NaN", 1, at(1, 1))),
        WeightError::TooManyDecimals {
            token: token("0.1234567", 1, at(1, 1)),
            places: 7,
        },
        WeightError::MixedPercent {
            token: token("20", 2, at(1, 5)),
        },
        WeightError::TooLarge {
            token: token("2000000000", 1, at(1, 1)),
            normalised: None,
        },
        WeightError::TooLarge {
            token: token("999999999.5", 1, at(1, 1)),
            normalised: Some("9999999995".into()),
        },
        WeightError::AllZero,
        WeightError::DuplicateName {
            name: "A".into(),
            first: 1,
            second: 3,
            position: at(2, 1),
        },
        WeightError::TooManyNodes { count: 10_001 },
    ];
    out.extend(weights.iter().map(Coded::message));
    out
}

/// Scenario text refused.
fn scenario_samples() -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    let et = |text: &str| EventToken {
        text: text.into(),
        event: 2,
        position: at(1, 12),
    };
    let nodes = NodeList {
        shown: vec!["A".into(), "B".into(), "C".into()],
        count: 3,
    };
    let many = NodeList {
        shown: (b'A'..=b'H').map(|c| char::from(c).to_string()).collect(),
        count: 12,
    };
    let mut scenario = vec![
        ScenarioError::MissingStep(et("20")),
        ScenarioError::BadStep {
            token: et("@0"),
            max: crate::input::limits::MAX_STEP,
        },
        ScenarioError::MissingNode {
            event: 1,
            position: at(1, 4),
        },
        ScenarioError::UnknownNode {
            token: et("D"),
            nodes: nodes.clone(),
            suggestion: None,
        },
        ScenarioError::UnknownNode {
            token: et("a"),
            nodes: many,
            suggestion: Some("A".into()),
        },
        ScenarioError::MissingAction {
            event: 3,
            position: at(2, 6),
        },
        ScenarioError::UnknownAction(et("dwn")),
        ScenarioError::TooManyEvents {
            count: 10_001,
            max: crate::input::limits::MAX_EVENTS,
        },
    ];
    for (what, min, max) in [
        (NumberKind::Weight, 0, crate::input::limits::MAX_WEIGHT),
        (
            NumberKind::SlowStartSteps,
            1,
            crate::input::limits::MAX_RAMP_STEPS,
        ),
        (NumberKind::FailureCount, 1, crate::input::limits::MAX_FAILS),
        (NumberKind::MaxFails, 0, crate::input::limits::MAX_FAILS),
        (NumberKind::Timeout, 0, crate::input::limits::MAX_RAMP_STEPS),
    ] {
        scenario.push(ScenarioError::BadNumber {
            token: et("x"),
            what,
            min,
            max,
        });
    }
    for expected in [
        Expected::Policy,
        Expected::Curve,
        Expected::NextEvent,
        Expected::FailOption,
        Expected::FailEquals,
    ] {
        scenario.push(ScenarioError::Unexpected {
            token: et("zz"),
            expected,
        });
    }
    out.extend(scenario.iter().map(Coded::message));
    out
}

/// Runs that stop, seeks refused, option words unknown, and the notes on a run.
fn engine_samples() -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    let stops = [
        StopReason::Nobody {
            step: 4,
            down: 2,
            drained: 1,
            failed: 1,
        },
        StopReason::Nobody {
            step: 4,
            down: 3,
            drained: 0,
            failed: 0,
        },
        StopReason::Nobody {
            step: 7,
            down: 0,
            drained: 0,
            failed: 0,
        },
        StopReason::DeadlineOverflow {
            step: 90,
            now: "17/3".into(),
            weight: 7,
        },
        StopReason::ScaleOverflow {
            step: 12,
            level: 9_000_000_000_000_000,
            new: 7,
            old: 3,
            scaled: 21_000_000_000_000_000,
        },
        StopReason::OwnOverflow { step: 99, node: 2 },
    ];
    out.extend(stops.iter().map(Coded::message));
    let seeks = [
        SeekError::TooFar {
            step: 1_000_000_000_000,
            limit: 52_000_000,
        },
        SeekError::OutOfRange {
            step: crate::input::limits::MAX_STEP + 1,
        },
        SeekError::Stuck { step: 3 },
    ];
    out.extend(seeks.iter().map(Coded::message));

    // option words
    for choice in [
        Choice::Algorithm,
        Choice::Tie,
        Choice::Subtract,
        Choice::Ranking,
        Choice::Format,
        Choice::PictureKind,
        Choice::Theme,
        Choice::Phase,
    ] {
        out.push(UnknownChoice::new(choice, "middle").message());
    }

    // notes
    let notes = [
        Note::TieIgnored {
            tie: TieRule::Last,
            algo: AlgorithmKind::Edf,
        },
        Note::SubtractIgnored {
            subtract: SubtractRule::Own,
            algo: AlgorithmKind::Classic,
        },
        Note::PolicyAsKeep {
            event: "@5 A=9 scale".into(),
            algo: AlgorithmKind::Interleaved,
        },
        Note::NothingToReset {
            event: "@5 A=9 reset".into(),
        },
        Note::ResetIsKeep {
            event: "@5 A=9 reset".into(),
        },
        Note::CurveIgnored {
            event: "@5 B slowstart 10 dubbo".into(),
        },
        Note::DeadAsDown {
            event: "@3 B dead".into(),
            algo: AlgorithmKind::Classic,
        },
        Note::FailuresIgnored {
            event: "@3 B fail 2".into(),
            algo: AlgorithmKind::Random,
        },
        Note::ZeroIsUnknown {
            names: "B, C".into(),
            algo: AlgorithmKind::Grpc,
        },
        Note::ZeroReportIgnored {
            event: "@4 C drain".into(),
            algo: AlgorithmKind::GrpcJava,
        },
        Note::AddressOrder {
            order: "10.0.0.1:80, 10.0.0.2:80".into(),
        },
        Note::ZeroNotInSet { names: "B".into() },
        Note::SeedWrapped {
            seed: 4_294_967_301,
            start: 5,
            algo: AlgorithmKind::Grpc,
        },
        Note::TriesIgnored {
            tries: 2,
            algo: AlgorithmKind::Edf,
        },
        Note::WorkersIgnored {
            workers: 4,
            algo: AlgorithmKind::Envoy,
        },
        Note::SeedIgnored {
            seed: 3,
            algo: AlgorithmKind::Swrr,
        },
    ];
    out.extend(notes.iter().map(Coded::message));
    for text in ["-1", "10001"] {
        out.extend(parse_tries(text).err().map(|e| e.message()));
    }
    out
}

/// The quiz's and the metrics' errors.
fn teach_and_metrics_samples() -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    // quiz
    let quiz = [
        QuizError::NoSuchNode { guess: 7, nodes: 3 },
        QuizError::Finished { picks: 12 },
        QuizError::NoSuchExercise { number: 0 },
    ];
    out.extend(quiz.iter().map(Coded::message));

    // metrics
    let metrics = [
        MetricsError::StepsOutOfRange { steps: 0 },
        MetricsError::StepsNotWhole { text: "abc".into() },
        MetricsError::ZeroWindow,
        MetricsError::TooManyPicks {
            steps: 2_000_000_000,
            period: 3_000_000_000,
        },
        MetricsError::TooMuchWork {
            picks: 100_000_000,
            nodes: 10_000,
        },
        MetricsError::BadRange {
            from: 1,
            to: 11,
            steps: 10,
        },
        MetricsError::BadColumns { columns: 0 },
        MetricsError::UnknownNode { node: 7, nodes: 3 },
        MetricsError::DuplicateNode { node: 1 },
        MetricsError::TooManyValues {
            nodes: 1000,
            columns: 100_000,
        },
        MetricsError::NotFinished,
        MetricsError::ScenarioRun,
        MetricsError::MayOverflow {
            picks: 10_000_000_000,
            max_weight: 1_000_000_000,
        },
    ];
    out.extend(metrics.iter().map(Coded::message));
    out
}

/// Pictures refused.
fn picture_samples() -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    let pictures = [
        Picture::Frame,
        Picture::Strip,
        Picture::Table,
        Picture::Animation,
    ];
    for picture in pictures {
        out.push(
            SvgError::TooManyNodes {
                picture,
                nodes: 300,
                limit: 200,
            }
            .message(),
        );
        out.push(DocumentError::Svg(SvgError::NoSteps { picture }).message());
    }
    let svg = [
        DocumentError::PhaseOnlyForTanks,
        DocumentError::StepsNotForTanks,
        DocumentError::BareOnlyForStill,
        DocumentError::StepNotForAnimated,
        DocumentError::NoLevels {
            kind: SvgKind::Tanks,
            algo: AlgorithmKind::Edf,
        },
        DocumentError::TooManySteps {
            steps: 20_000,
            picture: Picture::Strip,
            limit: 10_000,
        },
        DocumentError::StepNotShown {
            step: 500,
            picture: Picture::Table,
            last: 10,
        },
        DocumentError::TooLongAnimation {
            steps: 5000,
            nodes: 40,
            limit: 500,
        },
        DocumentError::Stopped(SeekError::Stuck { step: 4 }),
        DocumentError::Seek(SeekError::OutOfRange {
            step: crate::input::limits::MAX_STEP + 1,
        }),
        DocumentError::Svg(SvgError::Width { width: 10 }),
        DocumentError::Svg(SvgError::TooManySteps {
            picture: Picture::Table,
            steps: 2000,
            limit: 1000,
        }),
        DocumentError::Svg(SvgError::StepMs { step_ms: 1 }),
        DocumentError::Svg(SvgError::NotWhole {
            name: "width",
            text: "abc".into(),
            min: 240,
            max: 4096,
        }),
    ];
    out.extend(svg.iter().map(Coded::message));
    out
}
