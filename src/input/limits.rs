//! How much input is accepted: every bound is checked where the text is parsed, and the
//! refusal names it.

/// At most this many nodes.
pub const MAX_NODES: usize = 10_000;
/// Most nginx worker processes a run models.
pub const MAX_WORKERS: usize = 64;
/// No weight above this once normalised, so that every sum and level fits comfortably in i64.
pub const MAX_WEIGHT: u64 = 1_000_000_000;
/// At most this many decimal places in a typed weight.
pub const MAX_DECIMALS: usize = 6;
/// Longest node name, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// Most combining accents on one character of a name: Vietnamese stacks two; dozens are drawn
/// down across the tanks and the text around the name.
pub const MAX_NAME_MARKS: usize = 4;
/// Largest step number: a scenario's event, a seek, a step count.
pub const MAX_STEP: u64 = 1_000_000_000_000_000;
/// At most this many events in a scenario.
pub const MAX_EVENTS: usize = 1_000;
/// Longest slow start in steps, and longest `timeout` in seconds.
pub const MAX_RAMP_STEPS: u64 = 1_000_000_000;
/// Most failed attempts in one `fail` event, and largest `max_fails`.
pub const MAX_FAILS: u64 = 1_000;
/// The longest nginx upstream text read, in bytes.
pub const MAX_UPSTREAM_BYTES: usize = 1 << 20;
/// Deepest nesting of `{ … }` blocks read in an nginx configuration.
pub(crate) const MAX_DEPTH: usize = 32;
