//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod brute;
pub mod imgdiff;
pub mod puzzlegen;
pub mod readcheck;
