//! The five queries, one module per twin. Every query reads 12 values
//! (unused trailing ones are zero) and writes up to 3:
//!
//! | query | in | out, returns |
//! |---|---|---|
//! | `ray_aabb` | origin, dir, box min, box max | `t` of entry (0 if inside), hit |
//! | `spheres` | centre a, radius a, centre b, radius b | —, overlap |
//! | `closest_triangle` | a, b, c, point | the closest point, true |
//! | `segments` | p1, q1, p2, q2 | the distance, true |
//! | `sweep` | centre, radius, motion, unit normal, offset | `t` in [0, 1] of first contact, hit |
//!
//! A miss writes nothing.

pub mod hand;
pub mod hand_f32;
pub mod hand_fixed;
pub mod isect_f32;
pub mod isect_i32f32;
pub mod isect_twin;
