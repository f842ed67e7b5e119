//! A bounding volume hierarchy over primitives given by their boxes, built
//! by a binned surface-area heuristic, flattened into one `Vec` of nodes.
//!
//! Build: at each node the primitives' centroids are binned along the
//! widest centroid axis into 16 bins; the split between bins with the
//! lowest SAH cost (half-area × count on each side) wins. A node of at most
//! [`LEAF_MAX`] primitives becomes a leaf when no split is cheaper than
//! keeping it whole; a larger one whose centroids cannot be split (all
//! equal, or NaN) is cut at the median by index, so the build always
//! terminates, with depth at most [`MAX_DEPTH`] (a node at that depth is a
//! leaf whatever its size).
//!
//! Layout: the two children of an inner node are adjacent, the left at the
//! node's `index` and the right just after it.

use alloc::vec::Vec;

use crate::{Aabb, Point, Real};

/// The most primitives a leaf holds.
pub(crate) const LEAF_MAX: usize = 8;
/// The deepest the tree goes (the traversal stacks are this size).
pub(crate) const MAX_DEPTH: usize = 48;
const BINS: usize = 16;

/// A node: its box, and either two children (`count == 0`: the left child
/// is the next node, the right at `index`) or a leaf of `count` primitives
/// from `index` in the permutation.
#[derive(Clone, Debug)]
pub(crate) struct Node<T: Real> {
    pub(crate) aabb: Aabb<T, 3>,
    pub(crate) index: u32,
    pub(crate) count: u32,
}

/// The hierarchy: nodes (root first) and the primitive order leaves index.
#[derive(Clone, Debug)]
pub(crate) struct Bvh<T: Real> {
    pub(crate) nodes: Vec<Node<T>>,
    pub(crate) order: Vec<u32>,
}

/// Half the surface area of a box (the SAH's relative measure); zero for
/// an empty box.
fn half_area<T: Real>(b: &Aabb<T, 3>) -> T {
    let e = (b.max - b.min).map(|x| x.max_sel(T::zero()));
    e.x * e.y + e.y * e.z + e.z * e.x
}

fn union<T: Real>(a: Option<Aabb<T, 3>>, b: &Aabb<T, 3>) -> Option<Aabb<T, 3>> {
    Some(a.map_or(*b, |a| a.merge(b)))
}

impl<T: Real> Bvh<T> {
    /// Builds the hierarchy over `boxes` (one per primitive).
    pub(crate) fn build(boxes: &[Aabb<T, 3>]) -> Self {
        let mut bvh = Self {
            nodes: Vec::with_capacity(boxes.len().saturating_mul(2) / LEAF_MAX.max(1) + 1),
            order: (0..boxes.len() as u32).collect(),
        };
        if boxes.is_empty() {
            return bvh;
        }
        let centroids: Vec<Point<T, 3>> = boxes.iter().map(Aabb::center).collect();
        // Explicit work list instead of recursion: (node slot, start, end, depth).
        let mut work: Vec<(usize, usize, usize, usize)> = Vec::new();
        bvh.nodes.push(Node {
            aabb: boxes[0],
            index: 0,
            count: 0,
        });
        work.push((0, 0, boxes.len(), 0));
        while let Some((slot, start, end, depth)) = work.pop() {
            let range = bvh.order.get(start..end).unwrap_or(&[]);
            let bounds = range
                .iter()
                .filter_map(|&i| boxes.get(i as usize))
                .fold(None, union)
                .unwrap_or(boxes[0]);
            let split = if end - start <= 1 || depth + 1 >= MAX_DEPTH {
                None
            } else {
                match Self::choose_split(boxes, &centroids, range, &bounds) {
                    Some(axis_pos) => Some(axis_pos),
                    // Too big for a leaf but no usable split: the median.
                    None if end - start > LEAF_MAX => Some((usize::MAX, T::zero())),
                    None => None,
                }
            };
            let Some((axis, pos)) = split else {
                if let Some(node) = bvh.nodes.get_mut(slot) {
                    *node = Node {
                        aabb: bounds,
                        index: start as u32,
                        count: (end - start) as u32,
                    };
                }
                continue;
            };
            // Partition the range: centroid below `pos` on `axis` to the
            // left; the median by index when there is no usable axis.
            let mid = if axis == usize::MAX {
                start + (end - start) / 2
            } else {
                let slice = bvh.order.get_mut(start..end).unwrap_or(&mut []);
                let mut left = 0usize;
                for k in 0..slice.len() {
                    let c = slice
                        .get(k)
                        .and_then(|&i| centroids.get(i as usize))
                        .map_or(T::zero(), |c| c[axis.min(2)]);
                    if c < pos {
                        slice.swap(left, k);
                        left += 1;
                    }
                }
                let m = start + left;
                if m == start || m == end {
                    start + (end - start) / 2
                } else {
                    m
                }
            };
            let left = bvh.nodes.len();
            for _ in 0..2 {
                bvh.nodes.push(Node {
                    aabb: bounds,
                    index: 0,
                    count: 0,
                });
            }
            if let Some(node) = bvh.nodes.get_mut(slot) {
                *node = Node {
                    aabb: bounds,
                    index: left as u32,
                    count: 0,
                };
            }
            work.push((left + 1, mid, end, depth + 1));
            work.push((left, start, mid, depth + 1));
        }
        bvh
    }

    /// The best SAH split of `range` as (axis, position), or `None` when
    /// keeping the node whole is cheaper (or no axis has extent).
    fn choose_split(
        boxes: &[Aabb<T, 3>],
        centroids: &[Point<T, 3>],
        range: &[u32],
        bounds: &Aabb<T, 3>,
    ) -> Option<(usize, T)> {
        let cb = range
            .iter()
            .filter_map(|&i| centroids.get(i as usize))
            .fold(None::<Aabb<T, 3>>, |b, c| {
                Some(b.map_or(Aabb::new(*c, *c), |b| b.expand_to(c)))
            })?;
        let extent = cb.max - cb.min;
        let axis = extent.iamax();
        let (lo, width) = (cb.min[axis], extent[axis]);
        if !(width > T::zero()) {
            return None;
        }
        let bins_t = T::from_f64_lossy(BINS as f64);
        let mut counts = [0usize; BINS];
        let mut bin_boxes: [Option<Aabb<T, 3>>; BINS] = [None; BINS];
        for &i in range {
            let (Some(c), Some(b)) = (centroids.get(i as usize), boxes.get(i as usize)) else {
                continue;
            };
            let rel = ((c[axis] - lo) * bins_t).div_sat(width);
            let k = (rel.to_f64() as usize).min(BINS - 1);
            counts[k] += 1;
            bin_boxes[k] = union(bin_boxes[k], b);
        }
        // Sweep from the right for suffix areas and counts.
        let mut right_area = [T::zero(); BINS];
        let mut right_count = [0usize; BINS];
        let mut acc: Option<Aabb<T, 3>> = None;
        let mut n = 0usize;
        for k in (1..BINS).rev() {
            if let Some(b) = &bin_boxes[k] {
                acc = union(acc, b);
            }
            n += counts[k];
            right_area[k] = acc.as_ref().map_or(T::zero(), half_area);
            right_count[k] = n;
        }
        let mut best: Option<(T, usize)> = None;
        let mut acc: Option<Aabb<T, 3>> = None;
        let mut n = 0usize;
        for k in 0..BINS - 1 {
            if let Some(b) = &bin_boxes[k] {
                acc = union(acc, b);
            }
            n += counts[k];
            if n == 0 || right_count[k + 1] == 0 {
                continue;
            }
            let left = acc.as_ref().map_or(T::zero(), half_area);
            let cost = left * T::from_f64_lossy(n as f64)
                + right_area[k + 1] * T::from_f64_lossy(right_count[k + 1] as f64);
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, k));
            }
        }
        let (cost, k) = best?;
        // A leaf costs its count (per unit area); a split must beat it
        // unless the node is too big to be a leaf.
        let leaf = half_area(bounds) * T::from_f64_lossy(range.len() as f64);
        if range.len() <= LEAF_MAX && !(cost < leaf) {
            return None;
        }
        let pos = lo + (width * T::from_f64_lossy((k + 1) as f64)).div_sat(bins_t);
        Some((axis, pos))
    }
}
