//! The firmware image of twin `isect_i32f32` (see the crate docs).
#![no_std]
#![no_main]

isect_firmware::image!(isect_i32f32, i64);
