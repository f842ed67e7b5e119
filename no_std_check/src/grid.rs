//! Uniform-grid traversal: the cells a ray or segment crosses.
//!
//! Each query reads the grid's `origin` and `cell_size` (6 values) from
//! `x`, its cell counts from `counts`, then the caster; it walks at most
//! `limit` cells, writes the last cell's coordinates to `out` and returns
//! how many cells it walked.

use crate::{Reader, Repr};
use isect::{Grid, GridTraversal, Ray, Segment};

/// The grid read from `x` and `counts`.
#[inline(always)]
fn grid<S: crate::Scalar>(x: &mut Reader<'_, S>, counts: &[u32; 3]) -> Grid<S> {
    Grid::new(x.point(), x.vector(), counts.map(|n| n as usize))
}

/// Walks at most `limit` cells; writes the last one's coordinates.
#[inline(always)]
fn walk<S: crate::Scalar>(cells: GridTraversal<S>, limit: u32, out: &mut [u32; 3]) -> u32 {
    let mut n = 0;
    for cell in cells.take(limit as usize) {
        *out = cell.coords.map(|c| c as u32);
        n += 1;
    }
    n
}

export! {
    /// In: grid `origin`, `cell_size`, then ray `origin`, `dir`.
    fn grid_ray(x: &[Repr<S>; 12], counts: &[u32; 3], limit: u32, out: &mut [u32; 3]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let g = grid(&mut x, counts);
        walk(g.traverse_ray(&Ray::new(x.point(), x.vector())), limit, out)
    }
    for f32 => isect_grid_ray_f32, I32F32 => isect_grid_ray_i32f32;

    /// In: grid `origin`, `cell_size`, then segment `a`, `b`.
    fn grid_segment(x: &[Repr<S>; 12], counts: &[u32; 3], limit: u32, out: &mut [u32; 3]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let g = grid(&mut x, counts);
        walk(g.traverse_segment(&Segment::new(x.point(), x.point())), limit, out)
    }
    for f32 => isect_grid_segment_f32, I32F32 => isect_grid_segment_i32f32;
}
