//! The firmware image of twin `isect_f32` (see the crate docs).
#![no_std]
#![no_main]

isect_firmware::image!(isect_f32, f32);
