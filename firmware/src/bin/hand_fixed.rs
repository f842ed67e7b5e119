//! The firmware image of twin `hand_fixed` (see the crate docs).
#![no_std]
#![no_main]

isect_firmware::image!(hand_fixed, i64);
