//! Text in: the weights parser, scenario text, nginx `upstream` blocks, every message's code and
//! parameters, and the inputs kept from fuzzing.

mod fuzz_corpus;
mod messages;
mod scenario_text;
mod upstream;
mod weights;
