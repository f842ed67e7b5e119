//! A bounding volume hierarchy over primitives given by their boxes, built
//! by a binned surface-area heuristic, flattened into one `Vec` of nodes.
//!
//! Build: the primitives (box and index; the centroid is computed from the
//! box) are kept in one working array that each node partitions in place,
//! from both ends, so every pass reads memory in order. At each node the
//! centroids are binned along the widest axis of the range they span (the
//! centroids' box at the root, the node's box below it, which contains
//! them) into up to [`BINS`] bins (one per primitive for small nodes, at
//! least 4); the split between bins with the lowest SAH cost (a node visit,
//! [`TRAVERSAL_COST`] or the tree's own [`Leaves`] cost, plus half-area
//! × count on each side, a count
//! rounded up to whole groups when the leaves are stored in groups, as a
//! mesh's blocks of four) wins, and the
//! primitives are partitioned by the same bin index, so the children's
//! boxes are the unions of their bins' boxes (no extra pass). A node of at
//! most [`LEAF_MAX`] (or [`Leaves`]'s) primitives becomes a leaf when no split is cheaper
//! than keeping it whole (two primitives always do); a larger one whose
//! centroids cannot be split (all in one bin: equal, or NaN) is cut at the
//! median by index, so the build always terminates, with depth at most
//! [`MAX_DEPTH`] (a node at that depth is a leaf whatever its size).
//!
//! Layout: the two children of an inner node are adjacent, the left at the
//! node's `index` and the right just after it.

use alloc::vec::Vec;

use crate::{Aabb, Point, Real, Wide};

/// The most primitives a leaf holds.
pub(crate) const LEAF_MAX: usize = 8;
/// The deepest the tree goes (the traversal stacks are this size).
pub(crate) const MAX_DEPTH: usize = 48;
/// The most SAH bins (a node of fewer primitives uses one bin per
/// primitive, at least 4). 16 bins built the same 100,000-triangle mesh a
/// few percent slower for no faster queries.
const BINS: usize = 8;
/// The cost of visiting an inner node, in units of one primitive test (the
/// SAH's traversal cost): a split must save more than this, so leaves hold
/// a few primitives (mostly 4 to 8) rather than one each: 38,000 nodes
/// instead of 200,000 for 100,000 triangles, a faster build and fewer box
/// tests per query. Measured on a 100,000-triangle mesh against costs 0, 2
/// and 3 (`docs/performance.md`): the build about a fifth faster than at 2,
/// closest points as fast, ray casts a little slower than at 2. (Float
/// meshes, whose leaves are tested four triangles at a time, take larger
/// leaves: `mesh::block::leaves`.)
const TRAVERSAL_COST: usize = 4;

/// How a tree's leaves are stored and sized: primitives stored in groups
/// of `lanes` (a mesh's blocks; 1 for plain shapes; the SAH counts a leaf
/// of `n` as `⌈n / lanes⌉ · lanes` tests, since a partly filled group
/// costs a whole one to test and to store, so that splits fall on whole
/// groups where they cost the same), at most `max` primitives a leaf, and
/// `visit` the SAH's cost of a node visit in primitive tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Leaves {
    pub(crate) lanes: usize,
    pub(crate) max: usize,
    pub(crate) visit: usize,
}

impl Leaves {
    /// One primitive a test: [`LEAF_MAX`] and [`TRAVERSAL_COST`].
    pub(crate) const PLAIN: Self = Self {
        lanes: 1,
        max: LEAF_MAX,
        visit: TRAVERSAL_COST,
    };
}

/// A node: its box, and either two children (`count == 0`: the left child
/// at `index`, the right just after it) or a leaf of `count` primitives
/// from `index` in the permutation.
#[derive(Clone, Debug)]
pub(crate) struct Node<T: Real> {
    pub(crate) aabb: Aabb<T, 3>,
    pub(crate) index: u32,
    pub(crate) count: u32,
}

/// The hierarchy: nodes (root first) and the primitive order leaves index.
#[derive(Clone, Debug)]
pub(crate) struct Binary<T: Real> {
    pub(crate) nodes: Vec<Node<T>>,
    pub(crate) order: Vec<u32>,
}

/// A primitive during the build: its box and index (the centroid is
/// computed from the box when needed, which keeps the working array small).
#[derive(Clone, Copy)]
struct Item<T: Real> {
    aabb: Aabb<T, 3>,
    id: u32,
}

impl<T: Real> Item<T> {
    /// The centroid's coordinate on `axis` (halves first: no overflow in
    /// fixed point).
    #[inline(always)]
    fn centroid_on(&self, axis: usize) -> T {
        self.aabb.min[axis] * T::half() + self.aabb.max[axis] * T::half()
    }

    /// The centroid.
    #[inline(always)]
    fn centroid(&self) -> Point<T, 3> {
        Point::from([0, 1, 2].map(|i| self.centroid_on(i)))
    }
}

/// A range of the working array still to be built into node `slot`, with
/// the box of its primitives and of their centroids.
struct Task<T: Real> {
    slot: usize,
    start: usize,
    end: usize,
    depth: usize,
    bounds: Aabb<T, 3>,
    centroids: Aabb<T, 3>,
}

/// A chosen split: the axis, the binning (`lo`, `scale`, `bins`), the last bin of
/// the left side, and the boxes of the two sides.
struct Split<T: Real> {
    axis: usize,
    lo: T,
    scale: T,
    bins: usize,
    last_left: usize,
    left: Aabb<T, 3>,
    right: Aabb<T, 3>,
}

/// Half the surface area of a box (the SAH's relative measure); zero for
/// an empty box.
pub(crate) fn half_area<T: Real>(b: &Aabb<T, 3>) -> T {
    let e = crate::Vector::<T, 3>::from_fn(|i, _| sub_sat(b.max[i], b.min[i]).max_sel(T::zero()));
    // In the wide type, saturating back (fixed point: a box of ±300 has an
    // area beyond `I16F16`; floats: the plain products).
    (e.x.mul_wide(e.y) + e.y.mul_wide(e.z) + e.z.mul_wide(e.x)).narrow()
}

/// `a - b`, saturating at the type's range: fixed-point boxes and
/// centroids may span more than the type (a vertex at `MAX`, another at
/// `-45`); for floats the plain difference.
#[inline(always)]
fn sub_sat<T: Real>(a: T, b: T) -> T {
    (a.widen() - b.widen()).narrow()
}

/// `area · count` (a SAH cost) in the wide type, saturating: fixed point's
/// products of an area and a count overflow for large meshes (20,000
/// triangles over ±300 in `I32F32`); for floats the plain product.
#[inline(always)]
fn cost_of<T: Real>(area: T, count: usize) -> <T as Real>::Wide {
    area.mul_wide(from_count(count))
}

/// `n` in `T`, saturating: through `f64` for floats; for fixed point bit
/// by bit (no conversion to `f64`, whose software routines a fixed-point
/// build would link).
#[inline]
fn from_count<T: Real>(n: usize) -> T {
    if crate::intersect::cast::has_infinity::<T>() {
        return T::from_f64_lossy(n as f64);
    }
    let (max, one) = (T::max_finite(), T::one());
    let half = max.mul_pow2(-1);
    let mut acc = T::zero();
    for i in (0..usize::BITS).rev() {
        acc = if acc > half { max } else { acc + acc };
        if (n >> i) & 1 == 1 {
            acc = if acc > max - one { max } else { acc + one };
        }
    }
    acc
}

fn union<T: Real>(a: Option<Aabb<T, 3>>, b: &Aabb<T, 3>) -> Option<Aabb<T, 3>> {
    Some(a.map_or(*b, |a| a.merge(b)))
}

fn grow<T: Real>(a: Option<Aabb<T, 3>>, p: &Point<T, 3>) -> Option<Aabb<T, 3>> {
    Some(a.map_or(Aabb::new(*p, *p), |a| a.expand_to(p)))
}

/// The box of the items and the box of their centroids.
fn bounds_of<T: Real>(items: &[Item<T>]) -> Option<(Aabb<T, 3>, Aabb<T, 3>)> {
    let (b, c) = items.iter().fold((None, None), |(b, c), it| {
        (union(b, &it.aabb), grow(c, &it.centroid()))
    });
    Some((b?, c?))
}

/// The bin of coordinate `x` (the binning of [`Split`]): the same function
/// bins and partitions, so the two always agree.
#[inline(always)]
fn bin<T: Real>(x: T, lo: T, scale: T, bins: usize) -> usize {
    if crate::intersect::cast::has_infinity::<T>() {
        return (((x - lo) * scale).to_f64() as usize).min(bins - 1);
    }
    // Fixed point: the integer part of the bits (no conversion to f64),
    // the same bin; the offset saturating (the centroids' extent may
    // exceed the type, and `scale` is then below one).
    let last = i64::try_from(bins - 1).unwrap_or(i64::MAX);
    usize::try_from((sub_sat(x, lo) * scale).floor_i64().clamp(0, last)).unwrap_or(0)
}

impl<T: Real> Binary<T> {
    /// Builds the hierarchy over `boxes` (one per primitive), the leaves
    /// shaped by `leaves` (see [`Leaves`]).
    pub(crate) fn build(boxes: impl Iterator<Item = Aabb<T, 3>>, leaves: Leaves) -> Self {
        let leaves = Leaves {
            lanes: leaves.lanes.max(1),
            max: leaves.max.max(2),
            ..leaves
        };
        let mut items: Vec<Item<T>> = boxes
            .zip(0u32..)
            .map(|(aabb, id)| Item { aabb, id })
            .collect();
        let mut nodes = Vec::with_capacity(items.len().saturating_mul(2) / leaves.max + 1);
        let Some((bounds, centroids)) = bounds_of(&items) else {
            return Self {
                nodes,
                order: Vec::new(),
            };
        };
        nodes.push(Node {
            aabb: bounds,
            index: 0,
            count: 0,
        });
        let mut work = Vec::new();
        work.push(Task {
            slot: 0,
            start: 0,
            end: items.len(),
            depth: 0,
            bounds,
            centroids,
        });
        while let Some(task) = work.pop() {
            let Some(range) = items.get_mut(task.start..task.end) else {
                continue;
            };
            let n = range.len();
            // Two primitives never pay for a split (a node visit costs
            // [`TRAVERSAL_COST`] ≥ 1 primitive test), nor does one.
            let split = if n <= 2 || task.depth + 1 >= MAX_DEPTH {
                None
            } else {
                Self::choose_split(range, &task.bounds, &task.centroids, leaves)
            };
            let children = match split {
                Some(s) => partition(range, &s),
                // Too big for a leaf but no usable split: the median.
                None if n > leaves.max && task.depth + 1 < MAX_DEPTH => median(range),
                None => None,
            };
            let Some((mid, [left, right])) = children else {
                if let Some(node) = nodes.get_mut(task.slot) {
                    *node = Node {
                        aabb: task.bounds,
                        index: task.start as u32,
                        count: n as u32,
                    };
                }
                continue;
            };
            let first = nodes.len();
            if let Some(node) = nodes.get_mut(task.slot) {
                node.index = first as u32;
            }
            for (slot, start, end, (bounds, centroids)) in [
                (first, task.start, task.start + mid, left),
                (first + 1, task.start + mid, task.end, right),
            ] {
                nodes.push(Node {
                    aabb: bounds,
                    index: 0,
                    count: 0,
                });
                work.push(Task {
                    slot,
                    start,
                    end,
                    depth: task.depth + 1,
                    bounds,
                    centroids,
                });
            }
        }
        Self {
            nodes,
            order: items.iter().map(|it| it.id).collect(),
        }
    }

    /// The best SAH split of `range`, or `None` when keeping the node whole
    /// is cheaper (a node of at most `leaves.max`) or no axis has extent.
    fn choose_split(
        range: &[Item<T>],
        bounds: &Aabb<T, 3>,
        centroids: &Aabb<T, 3>,
        leaves: Leaves,
    ) -> Option<Split<T>> {
        let lanes = leaves.lanes;
        let padded = |n: usize| n.div_ceil(lanes) * lanes;
        let extent =
            crate::Vector::<T, 3>::from_fn(|i, _| sub_sat(centroids.max[i], centroids.min[i]));
        let axis = extent.iamax().min(2);
        let (lo, width) = (centroids.min[axis], extent[axis]);
        if !(width > T::zero()) {
            return None;
        }
        let bins = range.len().clamp(4, BINS);
        let scale = from_count::<T>(bins).div_sat(width);
        // Empty boxes (min above max) grow by plain min/max selects. The
        // bins' minimum and maximum corners are kept in separate arrays and
        // read back the way they were written: in one box, the compiler
        // packs three minima and a maximum into one register and blends
        // them, and rereads the box with wider loads than the stores that
        // wrote it (a stall per bin).
        let mut counts = [0usize; BINS];
        let empty_box = empty::<T>();
        let mut bin_lo = [empty_box.min; BINS];
        let mut bin_hi = [empty_box.max; BINS];
        for it in range {
            let k = bin(it.centroid_on(axis), lo, scale, bins);
            if let (Some(c), Some(l), Some(h)) =
                (counts.get_mut(k), bin_lo.get_mut(k), bin_hi.get_mut(k))
            {
                *c += 1;
                *l = lower(l, &it.aabb.min);
                *h = upper(h, &it.aabb.max);
            }
        }
        let bins_lo_hi = bin_lo.iter().zip(&bin_hi).zip(&counts).take(bins);
        // Sweep from the right for suffix boxes and counts: entry `k` is
        // bins `k..`.
        let mut right_lo = [empty_box.min; BINS];
        let mut right_hi = [empty_box.max; BINS];
        let mut right_count = [0usize; BINS];
        let (mut acc_lo, mut acc_hi, mut n) = (empty_box.min, empty_box.max, 0usize);
        let rights = right_lo
            .iter_mut()
            .zip(right_hi.iter_mut())
            .zip(right_count.iter_mut());
        for (((l, h), c), ((rl, rh), rc)) in bins_lo_hi.clone().zip(rights).rev() {
            (acc_lo, acc_hi, n) = (lower(&acc_lo, l), upper(&acc_hi, h), n + c);
            (*rl, *rh, *rc) = (acc_lo, acc_hi, n);
        }
        let mut best: Option<(T, usize, Aabb<T, 3>)> = None;
        let (mut acc_lo, mut acc_hi, mut n) = (empty_box.min, empty_box.max, 0usize);
        let rights = right_lo.iter().zip(&right_hi).zip(&right_count).skip(1);
        for (k, (((l, h), c), ((rl, rh), &rn))) in bins_lo_hi.zip(rights).enumerate() {
            (acc_lo, acc_hi, n) = (lower(&acc_lo, l), upper(&acc_hi, h), n + c);
            if n == 0 || rn == 0 {
                continue;
            }
            let left = Aabb::new(acc_lo, acc_hi);
            let cost = (cost_of(half_area(&left), padded(n))
                + cost_of(half_area(&Aabb::new(*rl, *rh)), padded(rn)))
            .narrow();
            if best.as_ref().is_none_or(|(c, ..)| cost < *c) {
                best = Some((cost, k, left));
            }
        }
        let (cost, last_left, left) = best?;
        // A leaf costs its count (per unit area); a split costs a node
        // visit and its sides, and must be cheaper unless the node is too
        // big to be a leaf.
        let area = half_area(bounds);
        let leaf = cost_of(area, padded(range.len())).narrow();
        let split = (area.mul_wide(from_count::<T>(leaves.visit)) + cost.widen()).narrow();
        if range.len() <= leaves.max && !(split < leaf) {
            return None;
        }
        Some(Split {
            axis,
            lo,
            scale,
            bins,
            last_left,
            left,
            right: Aabb::new(*right_lo.get(last_left + 1)?, *right_hi.get(last_left + 1)?),
        })
    }
}

/// The corner-wise minimum of two points, by selects.
#[inline(always)]
fn lower<T: Real>(a: &Point<T, 3>, b: &Point<T, 3>) -> Point<T, 3> {
    a.coords.zip_map(&b.coords, T::min_sel).into()
}

/// The corner-wise maximum of two points, by selects.
#[inline(always)]
fn upper<T: Real>(a: &Point<T, 3>, b: &Point<T, 3>) -> Point<T, 3> {
    a.coords.zip_map(&b.coords, T::max_sel).into()
}

/// The empty box (every coordinate range inverted): merging it with a box
/// gives that box; its [`half_area`] is zero.
#[inline(always)]
pub(crate) fn empty<T: Real>() -> Aabb<T, 3> {
    let m = T::max_finite();
    Aabb::new(Point::from([m; 3]), Point::from([-m; 3]))
}

/// The boxes and centroid boxes of the two sides of a split.
type Sides<T> = (usize, [(Aabb<T, 3>, Aabb<T, 3>); 2]);

/// Partitions `range` by `split` (bins up to `last_left` to the left, in
/// place from both ends), gathering each side's centroid box; `None` if a
/// side is empty.
fn partition<T: Real>(range: &mut [Item<T>], split: &Split<T>) -> Option<Sides<T>> {
    let left_of = |it: &Item<T>| {
        bin(
            it.centroid_on(split.axis),
            split.lo,
            split.scale,
            split.bins,
        ) <= split.last_left
    };
    // Invariant: `range[..i]` is left, `range[j..]` is right.
    let (mut i, mut j) = (0usize, range.len());
    while i < j {
        let Some(it) = range.get(i) else { break };
        if left_of(it) {
            i += 1;
        } else {
            j -= 1;
            range.swap(i, j);
        }
    }
    if i == 0 || i == range.len() {
        return None;
    }
    // Each side's box stands in for the box of its centroids (which it
    // contains): the children bin over a slightly wider range, and this
    // pass stays a plain partition.
    Some((i, [(split.left, split.left), (split.right, split.right)]))
}

/// Cuts `range` at its middle, with each half's boxes.
fn median<T: Real>(range: &mut [Item<T>]) -> Option<Sides<T>> {
    let mid = range.len() / 2;
    let (l, r) = range.split_at(mid);
    Some((mid, [bounds_of(l)?, bounds_of(r)?]))
}

#[cfg(all(test, feature = "fixed"))]
mod tests {
    use super::{bin, from_count};
    use crate::fixed::{I16F16, I32F32};
    use crate::Real;

    /// The fixed-point count and bin (no `f64`) against the `f64` ones.
    #[test]
    fn fixed_counts_and_bins_match_f64() {
        for n in [
            0usize,
            1,
            2,
            3,
            7,
            12,
            255,
            4096,
            32767,
            32768,
            100_000,
            usize::MAX,
        ] {
            assert_eq!(
                from_count::<I16F16>(n),
                I16F16::from_f64_lossy(n as f64),
                "{n}"
            );
            assert_eq!(
                from_count::<I32F32>(n),
                I32F32::from_f64_lossy(n as f64),
                "{n}"
            );
        }
        let x = |v: f64| I32F32::from_f64_lossy(v);
        let f64_bin = |v: f64, lo: f64, scale: f64, bins: usize| {
            (((x(v) - x(lo)) * x(scale)).to_f64() as usize).min(bins - 1)
        };
        for (v, lo, scale, bins) in [
            (0.0, 0.0, 1.0, 12),
            (5.5, -1.0, 0.75, 12),
            (11.99, 0.0, 1.0, 12),
            (300.0, -300.0, 0.02, 12),
            (-0.5, 0.0, 1.0, 4),
            (1e6, -1e6, 16.0, 16),
        ] {
            assert_eq!(
                bin(x(v), x(lo), x(scale), bins),
                f64_bin(v, lo, scale, bins),
                "{v}"
            );
        }
    }
}
