pub mod recorded;
