pub mod algorithm;
pub mod naive;
pub mod recorded;
