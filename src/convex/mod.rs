//! Convex shapes through their support maps: the [`Support`] trait, and
//! (next) GJK, EPA and the GJK ray cast between any two of them.
//!
//! A support map is the one thing the generic convex algorithms need of a
//! shape: its farthest point in a given direction.

mod support;

pub use support::Support;
