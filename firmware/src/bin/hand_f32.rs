//! The firmware image of twin `hand_f32` (see the crate docs).
#![no_std]
#![no_main]

isect_firmware::image!(hand_f32, f32);
