//! The outer layers of arbitre: scenario files and their replay. The laws
//! themselves live in `arbitre-laws`; this crate knows JSON and files.

pub mod analyze;
pub mod audit;
pub mod envelope;
pub mod replay;
pub use arbitre_record::scenario;
pub mod stored;
