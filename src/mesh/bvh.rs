//! A bounding volume hierarchy over primitives given by their boxes, built
//! by a binned surface-area heuristic, flattened into one `Vec` of nodes.
//!
//! Build: the primitives (box, centroid, index) are kept in one working
//! array that each node partitions in place, so every pass reads memory in
//! order. At each node the centroids are binned along the widest centroid
//! axis into [`BINS`] bins; the split between bins with the lowest SAH
//! cost (half-area × count on each side) wins, and the primitives are
//! partitioned by the same bin index, so the children's boxes are the
//! unions of their bins' boxes (no extra pass) and their centroid bounds
//! are gathered while partitioning. A node of at most [`LEAF_MAX`]
//! primitives becomes a leaf when no split is cheaper than keeping it
//! whole; a larger one whose centroids cannot be split (all equal, or NaN)
//! is cut at the median by index, so the build always terminates, with
//! depth at most [`MAX_DEPTH`] (a node at that depth is a leaf whatever its
//! size).
//!
//! Layout: the two children of an inner node are adjacent, the left at the
//! node's `index` and the right just after it.

use alloc::vec::Vec;

use crate::{Aabb, Point, Real};

/// The most primitives a leaf holds.
pub(crate) const LEAF_MAX: usize = 8;
/// The deepest the tree goes (the traversal stacks are this size).
pub(crate) const MAX_DEPTH: usize = 48;
/// The number of SAH bins.
const BINS: usize = 16;

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
pub(crate) struct Bvh<T: Real> {
    pub(crate) nodes: Vec<Node<T>>,
    pub(crate) order: Vec<u32>,
}

/// A primitive during the build.
#[derive(Clone, Copy)]
struct Item<T: Real> {
    aabb: Aabb<T, 3>,
    centroid: Point<T, 3>,
    id: u32,
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

/// A chosen split: the axis, the binning (`lo`, `scale`), the last bin of
/// the left side, and the boxes of the two sides.
struct Split<T: Real> {
    axis: usize,
    lo: T,
    scale: T,
    last_left: usize,
    left: Aabb<T, 3>,
    right: Aabb<T, 3>,
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

fn grow<T: Real>(a: Option<Aabb<T, 3>>, p: &Point<T, 3>) -> Option<Aabb<T, 3>> {
    Some(a.map_or(Aabb::new(*p, *p), |a| a.expand_to(p)))
}

/// The box of the items and the box of their centroids.
fn bounds_of<T: Real>(items: &[Item<T>]) -> Option<(Aabb<T, 3>, Aabb<T, 3>)> {
    let (b, c) = items.iter().fold((None, None), |(b, c), it| {
        (union(b, &it.aabb), grow(c, &it.centroid))
    });
    Some((b?, c?))
}

/// The bin of coordinate `x` (the binning of [`Split`]): the same function
/// bins and partitions, so the two always agree.
#[inline(always)]
fn bin<T: Real>(x: T, lo: T, scale: T) -> usize {
    (((x - lo) * scale).to_f64() as usize).min(BINS - 1)
}

impl<T: Real> Bvh<T> {
    /// Builds the hierarchy over `boxes` (one per primitive).
    pub(crate) fn build(boxes: impl Iterator<Item = Aabb<T, 3>>) -> Self {
        let mut items: Vec<Item<T>> = boxes
            .zip(0u32..)
            .map(|(aabb, id)| Item {
                aabb,
                centroid: aabb.center(),
                id,
            })
            .collect();
        let mut nodes = Vec::with_capacity(items.len().saturating_mul(2) / LEAF_MAX.max(1) + 1);
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
            let split = if n <= 1 || task.depth + 1 >= MAX_DEPTH {
                None
            } else {
                Self::choose_split(range, &task.bounds, &task.centroids)
            };
            let children = match split {
                Some(s) => partition(range, &s),
                // Too big for a leaf but no usable split: the median.
                None if n > LEAF_MAX && task.depth + 1 < MAX_DEPTH => median(range),
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
    /// is cheaper (a node of at most [`LEAF_MAX`]) or no axis has extent.
    fn choose_split(
        range: &[Item<T>],
        bounds: &Aabb<T, 3>,
        centroids: &Aabb<T, 3>,
    ) -> Option<Split<T>> {
        let extent = centroids.max - centroids.min;
        let axis = extent.iamax().min(2);
        let (lo, width) = (centroids.min[axis], extent[axis]);
        if !(width > T::zero()) {
            return None;
        }
        let scale = T::from_f64_lossy(BINS as f64).div_sat(width);
        let mut counts = [0usize; BINS];
        let mut bin_boxes: [Option<Aabb<T, 3>>; BINS] = [None; BINS];
        for it in range {
            let k = bin(it.centroid[axis], lo, scale);
            if let (Some(c), Some(b)) = (counts.get_mut(k), bin_boxes.get_mut(k)) {
                *c += 1;
                *b = union(*b, &it.aabb);
            }
        }
        // Sweep from the right for suffix boxes and counts.
        let mut right_box: [Option<Aabb<T, 3>>; BINS] = [None; BINS];
        let mut right_count = [0usize; BINS];
        let (mut acc, mut n) = (None, 0usize);
        for k in (1..BINS).rev() {
            if let Some(b) = &bin_boxes[k] {
                acc = union(acc, b);
            }
            n += counts[k];
            right_box[k] = acc;
            right_count[k] = n;
        }
        let mut best: Option<(T, usize, Aabb<T, 3>)> = None;
        let (mut acc, mut n) = (None::<Aabb<T, 3>>, 0usize);
        for k in 0..BINS - 1 {
            if let Some(b) = &bin_boxes[k] {
                acc = union(acc, b);
            }
            n += counts[k];
            let (Some(left), Some(right)) = (acc, &right_box[k + 1]) else {
                continue;
            };
            let cost = half_area(&left) * T::from_f64_lossy(n as f64)
                + half_area(right) * T::from_f64_lossy(right_count[k + 1] as f64);
            if best.as_ref().is_none_or(|(c, ..)| cost < *c) {
                best = Some((cost, k, left));
            }
        }
        let (cost, last_left, left) = best?;
        // A leaf costs its count (per unit area); a split must beat it
        // unless the node is too big to be a leaf.
        let leaf = half_area(bounds) * T::from_f64_lossy(range.len() as f64);
        if range.len() <= LEAF_MAX && !(cost < leaf) {
            return None;
        }
        Some(Split {
            axis,
            lo,
            scale,
            last_left,
            left,
            right: right_box.get(last_left + 1).copied().flatten()?,
        })
    }
}

/// The boxes and centroid boxes of the two sides of a split.
type Sides<T> = (usize, [(Aabb<T, 3>, Aabb<T, 3>); 2]);

/// Partitions `range` by `split` (bins up to `last_left` to the left),
/// gathering each side's centroid box; `None` if a side is empty.
fn partition<T: Real>(range: &mut [Item<T>], split: &Split<T>) -> Option<Sides<T>> {
    let mut mid = 0usize;
    let (mut cl, mut cr) = (None, None);
    for k in 0..range.len() {
        let Some(&it) = range.get(k) else { break };
        if bin(it.centroid[split.axis], split.lo, split.scale) <= split.last_left {
            cl = grow(cl, &it.centroid);
            range.swap(mid, k);
            mid += 1;
        } else {
            cr = grow(cr, &it.centroid);
        }
    }
    Some((mid, [(split.left, cl?), (split.right, cr?)]))
}

/// Cuts `range` at its middle, with each half's boxes.
fn median<T: Real>(range: &mut [Item<T>]) -> Option<Sides<T>> {
    let mid = range.len() / 2;
    let (l, r) = range.split_at(mid);
    Some((mid, [bounds_of(l)?, bounds_of(r)?]))
}
