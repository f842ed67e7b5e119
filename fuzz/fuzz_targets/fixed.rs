#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| isect_fuzz::fixed(data));
