pub mod algorithm;
pub mod attempts;
pub mod naive;
pub mod recorded;
