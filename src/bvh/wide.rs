//! The wide hierarchy the queries walk: the binary SAH tree of `build.rs`
//! collapsed into nodes of [`WIDTH`] children, each node holding its
//! children's boxes as struct-of-arrays lanes (`min[axis][child]`), so that
//! one ray is tested against all of a node's children at once.
//!
//! Collapse: starting from a binary node's two children, the inner child
//! with the largest surface area is replaced by its own two children until
//! the node has [`WIDTH`] (or only leaves are left); the same then repeats
//! below each inner child kept. Unused slots hold an empty box (every
//! minimum above every maximum), which the ray test rejects without a
//! branch, and are skipped by the generic walk.
//!
//! Ray walk (floats): per axis the ray's sign chooses which of the
//! `min`/`max` lanes is the near face (by index, `bound[neg][axis]`: one
//! choice per ray, not per node or child), and the children's entry and exit parameters are taken lane by
//! lane with selects that drop the NaN of `0 · ∞` (a zero direction
//! component with the origin on a face: that axis then constrains
//! nothing), which the compiler turns into vector operations. A child is
//! entered when its entry is at most its exit, slackened by `4ε` of the
//! exit's magnitude (Ize 2013: the rounded slab parameters can put a ray
//! grazing a box a rounding outside it; the slack keeps the walk
//! conservative, so the mesh never misses a triangle its own test hits).
//! The children hit are visited nearest first: the nearest directly, the
//! others pushed far to near with their entry parameter, and a popped
//! child whose entry is past the nearest hit found since is dropped.
//! Fixed point runs the scalar slab test per child (no infinities).
//!
//! Packet walk (floats; [`Wide::packet_walk`]): [`PACKET`] rays whose
//! directions share their signs, with finite inverse directions, walk
//! together. A node's children are tested once for the whole packet, by
//! interval arithmetic over the rays' origins and inverse directions
//! (bounds every ray's own rounded slab parameters, so it never rejects a
//! child one of the rays would enter); a leaf child is then tested ray by
//! ray with the one-ray walk's operations, and only the rays that enter
//! it test its primitives. So each ray sees every leaf that can hold its
//! nearest hit (in another order than its own walk's), and its nearest
//! hit is the same.

use crate::intersect::cast::has_infinity;
use crate::intersect::ray_aabb::slab;
use crate::{Aabb, Point, PreparedRay, Real};
use alloc::vec::Vec;

use super::build::{empty, half_area, Binary, Leaves, MAX_DEPTH};

/// Children per node. 4 keeps a node of `f32` in two cache lines (96
/// bytes of boxes, 32 of references), and one child lane group in one SSE
/// register.
pub(crate) const WIDTH: usize = 4;

/// The deepest stack a walk needs: every level pushes at most `WIDTH - 1`
/// children, and the binary tree (so the wide one) is at most
/// [`MAX_DEPTH`] deep.
pub(crate) const STACK: usize = (WIDTH - 1) * MAX_DEPTH + 1;

/// The marker of an unused child slot.
const NONE: u32 = u32::MAX;

/// A node of [`WIDTH`] children: their boxes, struct of arrays
/// (`bound[0]` the minima, `bound[1]` the maxima, per axis and child), and
/// per child either an inner node (`count == 0`: `child` is its index) or
/// a leaf (`count` primitives from position `child` of the leaf order).
#[derive(Clone, Debug)]
#[repr(C, align(64))]
pub(crate) struct WideNode<T: Real> {
    /// Minima and maxima: a ray's near faces are `bound[neg][axis]`
    /// (`neg`: its direction's sign, 0 or 1), read by index without a
    /// select per node.
    pub(crate) bound: [[[T; WIDTH]; 3]; 2],
    pub(crate) child: [u32; WIDTH],
    pub(crate) count: [u32; WIDTH],
}

impl<T: Real> WideNode<T> {
    fn new() -> Self {
        let e = empty::<T>();
        Self {
            bound: [[[e.min.x; WIDTH]; 3], [[e.max.x; WIDTH]; 3]],
            child: [NONE; WIDTH],
            count: [0; WIDTH],
        }
    }

    fn set(&mut self, k: usize, b: &Aabb<T, 3>, child: u32, count: u32) {
        for axis in 0..3 {
            let [min, max] = &mut self.bound;
            if let (Some(lo), Some(hi)) = (min[axis].get_mut(k), max[axis].get_mut(k)) {
                (*lo, *hi) = (b.min[axis], b.max[axis]);
            }
        }
        if let (Some(c), Some(n)) = (self.child.get_mut(k), self.count.get_mut(k)) {
            (*c, *n) = (child, count);
        }
    }

    /// Child `k`'s box, `None` for an unused slot.
    #[inline(always)]
    pub(crate) fn aabb(&self, k: usize) -> Option<Aabb<T, 3>> {
        if *self.child.get(k)? == NONE {
            return None;
        }
        let at = |a: &[[T; WIDTH]; 3]| -> Option<Point<T, 3>> {
            Some(Point::from([*a[0].get(k)?, *a[1].get(k)?, *a[2].get(k)?]))
        };
        Some(Aabb::new(at(&self.bound[0])?, at(&self.bound[1])?))
    }
}

/// A reference to a child: inner node (`count == 0`) or leaf.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Ref {
    pub(crate) child: u32,
    pub(crate) count: u32,
}

/// The wide hierarchy: nodes (root first; empty when there are no
/// primitives) and the order of the primitives the leaves index.
#[derive(Clone, Debug)]
pub(crate) struct Wide<T: Real> {
    pub(crate) nodes: Vec<WideNode<T>>,
    pub(crate) order: Vec<u32>,
}

/// The end of a walk's range as the box tests see it: `t_max` a little
/// beyond itself, so that a box entered exactly where a hit was found (a
/// triangle on a node's face; several triangles hit at the same `t`) is
/// not dropped by the rounding of its entry parameter (`4ε` of `|t|` for
/// floats; for fixed point, whose slab test divides with truncation,
/// `T::tolerance()` of `|t|` and 16 steps, saturating).
#[inline(always)]
pub(crate) fn reach<T: Real>(t: T) -> T {
    if has_infinity::<T>() {
        return t + t.abs() * (T::default_epsilon() * T::from_f64_lossy(4.0));
    }
    let slack = t.abs() * T::tolerance() + T::default_epsilon() * T::from_f64_lossy(16.0);
    if t >= T::max_finite() - slack {
        T::max_finite()
    } else {
        t + slack
    }
}

/// A walk's stack of pushed children with their keys (entry parameter or
/// distance). Made once per walk (or once per batch of rays, which reuse
/// it without clearing: the walk only reads what it pushed). The first
/// [`SHALLOW`] entries live in the stack itself, the rest (deep or
/// degenerate trees) in a vector grown on demand: a one-ray call makes a
/// stack per ray, and zeroing all [`STACK`] entries (1.7 KB for `f32`, a
/// `memset`) took 6% of the time of a ray that misses the mesh (`perf`).
pub(crate) struct Stack<T: Real> {
    items: [(Ref, T); SHALLOW],
    deep: Vec<(Ref, T)>,
}

/// The entries of a [`Stack`] kept inline. A walk holds at most
/// `WIDTH - 1` entries per level of its current path: 32 cover about ten
/// levels in which the ray enters every child.
const SHALLOW: usize = 32;

/// The mask of the children whose entry parameter is at most their exit,
/// slackened by `4ε` of the exit's magnitude (see the module docs; both
/// the one-ray and the packet test decide by it, so that the packet's
/// bounds order as each ray's own values do: `x + |x| · 4ε` is monotonic
/// as computed, `4ε` being a power of two).
#[inline(always)]
fn entered<T: Real>(enter: &[T; WIDTH], exit: &[T; WIDTH]) -> u32 {
    let slack = T::default_epsilon() * T::from_f64_lossy(4.0);
    let mut hit = [0u32; WIDTH];
    for k in 0..WIDTH {
        let reach = exit[k] + exit[k].abs() * slack;
        hit[k] = 0u32.wrapping_sub(u32::from(enter[k] <= reach));
    }
    hit.iter()
        .enumerate()
        .fold(0u32, |m, (k, h)| m | (h & (1u32 << k)))
}

impl<T: Real> Stack<T> {
    pub(crate) fn new() -> Self {
        Self {
            items: [(Ref { child: 0, count: 0 }, T::zero()); SHALLOW],
            deep: Vec::new(),
        }
    }

    /// Stores `item` at position `top` (every position below it written
    /// before).
    #[inline(always)]
    fn set(&mut self, top: usize, item: (Ref, T)) {
        if let Some(slot) = self.items.get_mut(top) {
            *slot = item;
        } else {
            let k = top - SHALLOW;
            if let Some(slot) = self.deep.get_mut(k) {
                *slot = item;
            } else {
                self.deep.push(item);
            }
        }
    }

    /// The entry at position `top` (written before).
    #[inline(always)]
    fn get(&self, top: usize) -> Option<(Ref, T)> {
        match self.items.get(top) {
            Some(&item) => Some(item),
            None => self.deep.get(top - SHALLOW).copied(),
        }
    }
}

/// The state of a one-ray walk ([`Wide::ray_walk_lazy`]).
struct RayWalk<T: Real> {
    t_min: T,
    /// The signs of the inverse direction (which face of a slab is near).
    neg: [bool; 3],
    /// Entries on the stack.
    top: usize,
    /// The sum of the words read from pushed children (see
    /// [`Wide::ray_walk`]).
    touch: u32,
    /// The child being entered.
    cur: Ref,
}

impl<T: Real> RayWalk<T> {
    /// Pops the next child still in range into `cur`; `false` when there
    /// is none.
    #[inline(always)]
    fn pop(&mut self, stack: &Stack<T>, t_max: T) -> bool {
        while self.top > 0 {
            self.top -= 1;
            let Some((r, t)) = stack.get(self.top) else {
                return false;
            };
            if t <= reach(t_max) {
                self.cur = r;
                return true;
            }
        }
        false
    }
}

impl<T: Real> Wide<T> {
    /// The wide tree of `boxes` (one per primitive), the leaves shaped by
    /// `leaves` (see [`Binary::build`]).
    pub(crate) fn build(boxes: impl Iterator<Item = Aabb<T, 3>>, leaves: Leaves) -> Self {
        let bin = Binary::build(boxes, leaves);
        let mut nodes: Vec<WideNode<T>> = Vec::new();
        if bin.nodes.is_empty() {
            return Self {
                nodes,
                order: bin.order,
            };
        }
        let leaf = |i: usize| bin.nodes.get(i).is_none_or(|n| n.count > 0);
        let area = |i: usize| bin.nodes.get(i).map_or(T::zero(), |n| half_area(&n.aabb));
        nodes.reserve(bin.nodes.len() / (WIDTH - 1) + 1);
        nodes.push(WideNode::new());
        // (binary node, wide node it becomes); a binary leaf at the root
        // becomes a wide node with that one leaf child.
        let mut work = alloc::vec![(0usize, 0usize)];
        while let Some((b, slot)) = work.pop() {
            let mut kids = [0usize; WIDTH];
            let mut n;
            match bin.nodes.get(b) {
                Some(node) if node.count == 0 => {
                    let l = node.index as usize;
                    (kids[0], kids[1], n) = (l, l + 1, 2);
                    // Open the largest inner child until the node is full.
                    while n < WIDTH {
                        let open = (0..n).filter(|&k| !leaf(kids[k])).max_by(|&x, &y| {
                            area(kids[x])
                                .partial_cmp(&area(kids[y]))
                                .unwrap_or(core::cmp::Ordering::Equal)
                        });
                        let Some(k) = open else { break };
                        let l = bin.nodes.get(kids[k]).map_or(0, |m| m.index as usize);
                        kids[k] = l;
                        if let Some(s) = kids.get_mut(n) {
                            *s = l + 1;
                        }
                        n += 1;
                    }
                }
                _ => (kids[0], n) = (b, 1),
            }
            for (k, &kid) in kids.iter().enumerate().take(n) {
                let Some(node) = bin.nodes.get(kid) else {
                    continue;
                };
                let (child, count) = if node.count > 0 {
                    (node.index, node.count)
                } else {
                    let i = nodes.len();
                    nodes.push(WideNode::new());
                    work.push((kid, i));
                    (i as u32, 0)
                };
                if let Some(w) = nodes.get_mut(slot) {
                    w.set(k, &node.aabb, child, count);
                }
            }
        }
        // The reservation above is an upper bound (a third of the binary
        // nodes; about three quarters of it are used): give back the rest.
        nodes.shrink_to_fit();
        Self {
            nodes,
            order: bin.order,
        }
    }

    /// The entry parameters of `ray` into node `node`'s children within
    /// `[t_min, t_max]`, and the mask of the children entered.
    #[inline(always)]
    fn enter_children(
        node: &WideNode<T>,
        ray: &PreparedRay<T, 3>,
        neg: [bool; 3],
        t_min: T,
        t_max: T,
    ) -> ([T; WIDTH], u32) {
        if !has_infinity::<T>() {
            // Fixed point: the scalar slab test, child by child.
            let mut t = [T::zero(); WIDTH];
            let mut mask = 0u32;
            for k in 0..WIDTH {
                if let Some(s) = node.aabb(k).and_then(|b| {
                    slab(
                        &ray.origin,
                        &ray.dir,
                        &ray.inv_dir,
                        (t_min, t_max),
                        &b,
                        false,
                    )
                }) {
                    if let Some(x) = t.get_mut(k) {
                        *x = s.0;
                    }
                    mask |= 1 << k;
                }
            }
            return (t, mask);
        }
        let mut enter = [t_min; WIDTH];
        let mut exit = [t_max; WIDTH];
        for axis in 0..3 {
            // (`n ^ 1` of a 0 or 1: in bounds without a check.)
            let n = usize::from(neg[axis]);
            let (near, far) = (&node.bound[n][axis], &node.bound[n ^ 1][axis]);
            let (o, inv) = (ray.origin[axis], ray.inv_dir[axis]);
            for k in 0..WIDTH {
                let t_near = (near[k] - o) * inv;
                let t_far = (far[k] - o) * inv;
                // NaN (`0 · ∞`) is dropped: the second operand is kept.
                enter[k] = t_near.max_sel(enter[k]);
                exit[k] = t_far.min_sel(exit[k]);
            }
        }
        let mask = entered(&enter, &exit);
        (enter, mask)
    }

    /// The nearest-first walk of a valid prepared ray: `leaf(r, t_max)`
    /// handles a leaf (`r.child`: first position, `r.count` primitives),
    /// may shrink `t_max` (a hit), and returns `false` to stop the walk.
    /// Children entered past `t_max` are skipped. `ordered == false`
    /// visits the children in slot order (an any-hit walk needs no order).
    /// `first_of(r)` reads a word of leaf `r`'s data: each pushed child's
    /// first cache line (node, or leaf data through `first_of`) is read when
    /// it is pushed, so that it is on its way while the nearer children are
    /// walked (safe Rust has no prefetch; on the 1M-triangle mesh this made
    /// incoherent rays 7–16% faster, interleaved A/B runs).
    #[inline(always)]
    pub(crate) fn ray_walk(
        &self,
        ray: &PreparedRay<T, 3>,
        t_max: &mut T,
        stack: &mut Stack<T>,
        ordered: bool,
        first_of: impl Fn(Ref) -> u32,
        mut leaf: impl FnMut(Ref, &mut T) -> bool,
    ) {
        self.ray_walk_lazy(
            ray,
            t_max,
            stack,
            ordered,
            first_of,
            || (),
            |_, r, t_max| leaf(r, t_max),
        );
    }

    /// [`Wide::ray_walk`] with what the leaves need made by `setup` when
    /// the walk reaches its first leaf, and handed to each `leaf` call
    /// (and returned; `None` when no leaf was reached): most rays that
    /// miss a mesh reach no leaf, and pay for no setup.
    /// (The walk up to the first leaf is a second copy of the loop, so
    /// that the leaves' loop-invariant values are made once, outside the
    /// loop, rather than checked for at every leaf.)
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn ray_walk_lazy<S>(
        &self,
        ray: &PreparedRay<T, 3>,
        t_max: &mut T,
        stack: &mut Stack<T>,
        ordered: bool,
        first_of: impl Fn(Ref) -> u32,
        setup: impl FnOnce() -> S,
        mut leaf: impl FnMut(&S, Ref, &mut T) -> bool,
    ) -> Option<S> {
        if self.nodes.is_empty() {
            return None;
        }
        let mut w = RayWalk {
            t_min: ray.t_min,
            neg: [0, 1, 2].map(|i| ray.inv_dir[i] < T::zero()),
            top: 0,
            touch: 0,
            cur: Ref { child: 0, count: 0 },
        };
        // Nodes only, up to the first leaf.
        while w.cur.count == 0 {
            if !self.node_step(&mut w, ray, *t_max, stack, ordered, &first_of) {
                core::hint::black_box(w.touch);
                return None;
            }
        }
        let s = setup();
        loop {
            let more = if w.cur.count > 0 {
                leaf(&s, w.cur, t_max) && w.pop(stack, *t_max)
            } else {
                self.node_step(&mut w, ray, *t_max, stack, ordered, &first_of)
            };
            if !more {
                core::hint::black_box(w.touch);
                return Some(s);
            }
        }
    }

    /// One node of a ray walk: its children entered are sorted (when
    /// `ordered`), all but the nearest pushed far to near, and the nearest
    /// made current; with none entered, the next child still in range is
    /// popped. `false` when the walk is over.
    #[inline(always)]
    fn node_step(
        &self,
        w: &mut RayWalk<T>,
        ray: &PreparedRay<T, 3>,
        t_max: T,
        stack: &mut Stack<T>,
        ordered: bool,
        first_of: &impl Fn(Ref) -> u32,
    ) -> bool {
        let Some(node) = self.nodes.get(w.cur.child as usize) else {
            return w.pop(stack, t_max);
        };
        let (t, mask) = Self::enter_children(node, ray, w.neg, w.t_min, reach(t_max));
        if mask == 0 {
            return w.pop(stack, t_max);
        }
        if mask & (mask - 1) == 0 {
            // One child entered (most nodes of a ray that misses): it is
            // current, nothing to sort or push.
            let k = mask.trailing_zeros() as usize % WIDTH;
            w.cur = Ref {
                child: node.child[k],
                count: node.count[k],
            };
            return true;
        }
        // Nearest first: sort the entered children by entry.
        let mut hits = [(T::zero(), 0usize); WIDTH];
        let mut n = 0usize;
        // The entered children's slots, lowest first (one loop exit to
        // predict instead of a test per slot), sorted by entry on the way
        // when `ordered`.
        let mut left = mask;
        while left != 0 && n < WIDTH {
            let k = left.trailing_zeros() as usize % WIDTH;
            left &= left - 1;
            let tk = t[k];
            let mut j = n;
            if ordered {
                while j > 0 && hits[j - 1].0 > tk {
                    hits[j] = hits[j - 1];
                    j -= 1;
                }
            }
            hits[j] = (tk, k);
            n += 1;
        }
        // Push all but the nearest, far to near. (Slots as `k % WIDTH`:
        // below WIDTH by construction, and the reads keep no bounds check,
        // as in the packet walk.)
        for &(tk, k) in hits[1..n].iter().rev() {
            let r = Ref {
                child: node.child[k % WIDTH],
                count: node.count[k % WIDTH],
            };
            w.touch = w.touch.wrapping_add(if r.count == 0 {
                self.nodes.get(r.child as usize).map_or(0, |n| n.child[0])
            } else {
                first_of(r)
            });
            if w.top < STACK {
                stack.set(w.top, (r, tk));
                w.top += 1;
            }
        }
        let k = hits[0].1;
        w.cur = Ref {
            child: node.child[k % WIDTH],
            count: node.count[k % WIDTH],
        };
        true
    }

    /// The depth-first walk of the other queries: `enter(aabb)` gives a
    /// child's key (`None`: skip it; children are visited by increasing
    /// key), `live(key)` says, when a pushed child is popped, whether it is
    /// still worth entering, and `leaf(r)` handles a leaf and returns
    /// `false` to stop the whole walk.
    pub(crate) fn walk(
        &self,
        mut enter: impl FnMut(&Aabb<T, 3>) -> Option<T>,
        live: impl Fn(T) -> bool,
        mut leaf: impl FnMut(Ref) -> bool,
    ) {
        if self.nodes.is_empty() {
            return;
        }
        let mut stack = Stack::<T>::new();
        let mut top = 0usize;
        let mut cur = Ref { child: 0, count: 0 };
        loop {
            if cur.count > 0 {
                if !leaf(cur) {
                    return;
                }
            } else if let Some(node) = self.nodes.get(cur.child as usize) {
                let mut hits = [(T::zero(), 0usize); WIDTH];
                let mut n = 0usize;
                for k in 0..WIDTH {
                    let Some(key) = node.aabb(k).and_then(|b| enter(&b)) else {
                        continue;
                    };
                    let mut j = n;
                    while j > 0 && hits[j - 1].0 > key {
                        hits[j] = hits[j - 1];
                        j -= 1;
                    }
                    hits[j] = (key, k);
                    n += 1;
                }
                if n > 0 {
                    for &(key, k) in hits[1..n].iter().rev() {
                        if top < STACK {
                            let r = Ref {
                                child: node.child[k % WIDTH],
                                count: node.count[k % WIDTH],
                            };
                            stack.set(top, (r, key));
                            top += 1;
                        }
                    }
                    let k = hits[0].1;
                    cur = Ref {
                        child: node.child[k % WIDTH],
                        count: node.count[k % WIDTH],
                    };
                    continue;
                }
            }
            loop {
                if top == 0 {
                    return;
                }
                top -= 1;
                let Some((r, key)) = stack.get(top) else {
                    return;
                };
                if live(key) {
                    cur = r;
                    break;
                }
            }
        }
    }
}

/// Rays per packet of [`Wide::packet_walk`]: two SSE registers of `f32`
/// lanes per slab parameter.
pub(crate) const PACKET: usize = 8;

/// A packet walk's stack: each pushed child with the mask of the packet's
/// rays that entered it and the nearest of their entry parameters. Made
/// once per batch, reused without clearing (as [`Stack`]).
pub(crate) struct PacketStack<T: Real> {
    items: [(Ref, u32, T); STACK],
}

impl<T: Real> PacketStack<T> {
    pub(crate) fn new() -> Self {
        Self {
            items: [(Ref { child: 0, count: 0 }, 0, T::zero()); STACK],
        }
    }
}

/// A packet's rays struct of arrays: origin and inverse direction per
/// axis and lane, and each lane's range start; and their bounds over the
/// lanes (per axis: the origin's least and greatest coordinate, the
/// inverse direction's; the least range start).
struct PacketRays<T: Real> {
    o: [[T; PACKET]; 3],
    inv: [[T; PACKET]; 3],
    t_min: [T; PACKET],
    o_lo: [T; 3],
    o_hi: [T; 3],
    inv_lo: [T; 3],
    inv_hi: [T; 3],
    t_min_lo: T,
}

impl<T: Real> Wide<T> {
    /// The packet's test of a node's children at once, by interval
    /// arithmetic over its lanes: a lower bound of every lane's entry
    /// parameter into each child and the mask of the children that some
    /// lane may enter, within `[t_min, limit_hi]` (`limit_hi` the largest
    /// of the lanes' limits). Twice the products of one ray's test (two
    /// per face and axis instead of one), whatever the number of lanes.
    ///
    /// Conservative, lane by lane against [`Wide::enter_children`]'s
    /// rounded values. Rounding is monotonic in each operand of a
    /// subtraction, and of a product while the other operand keeps its
    /// sign; the lanes' inverse directions share their signs and are
    /// finite (no `0 · ∞`, no NaN; a product may overflow to an infinity,
    /// which keeps the order). On an axis where the inverse direction is
    /// positive a lane's near-face parameter `fl(fl(near - o) · inv)` grows
    /// with `near - o`, so it is at least `fl(fl(near - o_hi) · inv)`, and
    /// that is at least the smaller of the products with `inv_lo` and
    /// `inv_hi` (whichever sign `near - o_hi` has); its far-face parameter
    /// is at most the larger of `fl(far - o_lo)` times `inv_lo` and
    /// `inv_hi`. A negative inverse direction swaps `o_lo` and `o_hi`. So
    /// each lane's entry is at least the bound and its exit at most the
    /// bound's, and `x + |x| · 4ε` (monotonic as computed: `4ε` is a power
    /// of two) keeps the order: a child rejected here is rejected by every
    /// lane's own test.
    #[inline(always)]
    fn enter_children_interval(
        node: &WideNode<T>,
        rays: &PacketRays<T>,
        neg: [bool; 3],
        limit_hi: T,
    ) -> ([T; WIDTH], u32) {
        let mut enter = [rays.t_min_lo; WIDTH];
        let mut exit = [limit_hi; WIDTH];
        for axis in 0..3 {
            // (`n ^ 1` of a 0 or 1: in bounds without a check.)
            let n = usize::from(neg[axis]);
            let (near, far) = (&node.bound[n][axis], &node.bound[n ^ 1][axis]);
            // The origin's ends that give the least near-face and the
            // greatest far-face parameters.
            let (o_near, o_far) = if neg[axis] {
                (rays.o_lo[axis], rays.o_hi[axis])
            } else {
                (rays.o_hi[axis], rays.o_lo[axis])
            };
            let (i_lo, i_hi) = (rays.inv_lo[axis], rays.inv_hi[axis]);
            for k in 0..WIDTH {
                let a = near[k] - o_near;
                let b = far[k] - o_far;
                let t_near = (a * i_lo).min_sel(a * i_hi);
                let t_far = (b * i_lo).max_sel(b * i_hi);
                enter[k] = t_near.max_sel(enter[k]);
                exit[k] = t_far.min_sel(exit[k]);
            }
        }
        let mask = entered(&enter, &exit);
        (enter, mask)
    }

    /// The entry parameters of the packet's lanes `live` into child `k` of
    /// `node` within `[t_min, limit]`, lane by lane with the operations of
    /// [`Wide::enter_children`] in the same order on the same values (so
    /// each lane decides exactly as the one-ray walk would with the same
    /// `t_max`): the mask of the lanes that enter it, and the nearest of
    /// their entries (`T::max_finite()` when none does).
    #[inline(always)]
    fn enter_child_packet(
        node: &WideNode<T>,
        k: usize,
        rays: &PacketRays<T>,
        neg: [bool; 3],
        limit: &[T; PACKET],
        live: u32,
    ) -> (u32, T) {
        let mut enter = rays.t_min;
        let mut exit = *limit;
        for axis in 0..3 {
            let (lo, hi) = (
                node.bound[0][axis][k % WIDTH],
                node.bound[1][axis][k % WIDTH],
            );
            let (near, far) = if neg[axis] { (hi, lo) } else { (lo, hi) };
            let (o, inv) = (&rays.o[axis], &rays.inv[axis]);
            for j in 0..PACKET {
                let t_near = (near - o[j]) * inv[j];
                let t_far = (far - o[j]) * inv[j];
                // NaN (`0 · ∞`) is dropped: the second operand is kept.
                enter[j] = t_near.max_sel(enter[j]);
                exit[j] = t_far.min_sel(exit[j]);
            }
        }
        let slack = T::default_epsilon() * T::from_f64_lossy(4.0);
        let mut mask = 0u32;
        let mut key = T::max_finite();
        for j in 0..PACKET {
            let reach = exit[j] + exit[j].abs() * slack;
            let hit = (enter[j] <= reach) & (live >> j & 1 != 0);
            mask |= u32::from(hit) << j;
            key = if hit { key.min_sel(enter[j]) } else { key };
        }
        (mask, key)
    }

    /// The nearest-first walk of a packet of [`PACKET`] valid prepared rays
    /// (floats) whose inverse directions are finite and have the same
    /// signs, and whose ranges end above `-T::max_finite()`: the one-ray
    /// walk ([`Wide::ray_walk`]) for all of them at once, each node read
    /// once for the packet and its children tested against every lane
    /// together. `leaf(r, j, t_max)` handles leaf `r`
    /// for lane `j`, whose `t_max` it may shrink (a hit), and returns
    /// `false` when lane `j` is done (an any-hit walk): the lane then
    /// takes no further part.
    ///
    /// Every lane enters every child its own one-ray walk would enter with
    /// the same `t_max` (the same operations), and its `t_max` only
    /// shrinks to hits, so every leaf that can hold a lane's nearest hit is
    /// handed to `leaf` for that lane (in another order than the one-ray
    /// walk's, with another `t_max` then): the nearest hits, smallest
    /// index first on a tie, are the one-ray walk's. A pushed child is
    /// dropped, when popped, for the lanes whose `t_max` is now before the
    /// nearest entry of the lanes that entered it, with the node test's
    /// own slack (twice [`reach`]'s: the one-ray walk enters a child
    /// directly when its entry is within it).
    pub(crate) fn packet_walk(
        &self,
        rays: &[PreparedRay<T, 3>; PACKET],
        t_max: &mut [T; PACKET],
        stack: &mut PacketStack<T>,
        mut leaf: impl FnMut(Ref, usize, &mut T) -> bool,
    ) {
        if self.nodes.is_empty() {
            return;
        }
        let mut alive: u32 = (1 << PACKET) - 1;
        let first = &rays[0];
        let mut soa = PacketRays {
            o: [[T::zero(); PACKET]; 3],
            inv: [[T::zero(); PACKET]; 3],
            t_min: [T::zero(); PACKET],
            o_lo: first.origin.coords.into(),
            o_hi: first.origin.coords.into(),
            inv_lo: first.inv_dir.into(),
            inv_hi: first.inv_dir.into(),
            t_min_lo: first.t_min,
        };
        for (j, r) in rays.iter().enumerate() {
            for axis in 0..3 {
                let (o, inv) = (r.origin[axis], r.inv_dir[axis]);
                soa.o[axis][j] = o;
                soa.inv[axis][j] = inv;
                soa.o_lo[axis] = soa.o_lo[axis].min_sel(o);
                soa.o_hi[axis] = soa.o_hi[axis].max_sel(o);
                soa.inv_lo[axis] = soa.inv_lo[axis].min_sel(inv);
                soa.inv_hi[axis] = soa.inv_hi[axis].max_sel(inv);
            }
            soa.t_min[j] = r.t_min;
            soa.t_min_lo = soa.t_min_lo.min_sel(r.t_min);
        }
        let neg = [0, 1, 2].map(|i| rays[0].inv_dir[i] < T::zero());
        let mut top = 0usize;
        let mut cur = (Ref { child: 0, count: 0 }, alive);
        loop {
            let (r, lanes) = cur;
            if r.count > 0 {
                let mut left = lanes;
                while left != 0 {
                    let j = left.trailing_zeros() as usize % PACKET;
                    left &= left - 1;
                    if !leaf(r, j, &mut t_max[j]) {
                        alive &= !(1 << j);
                    }
                }
                if alive == 0 {
                    return;
                }
            } else if let Some(node) = self.nodes.get(r.child as usize) {
                let limit = t_max.map(reach);
                let limit_hi = limit
                    .iter()
                    .enumerate()
                    .fold(-T::max_finite(), |m, (j, l)| {
                        if lanes >> j & 1 != 0 {
                            // (A NaN, which no valid range gives, is dropped.)
                            l.max_sel(m)
                        } else {
                            m
                        }
                    });
                // The whole packet against the children first; a leaf
                // child entered then lane by lane (its lanes are the ones
                // whose triangles are tested), an inner child with the
                // packet's lanes (its own children decide).
                let (enter, entered) = Self::enter_children_interval(node, &soa, neg, limit_hi);
                let mut hits = [(T::zero(), 0usize, 0u32); WIDTH];
                let mut n = 0usize;
                for k in 0..WIDTH {
                    if entered >> k & 1 == 0 {
                        continue;
                    }
                    let (mask, key) = if node.count[k] > 0 {
                        Self::enter_child_packet(node, k, &soa, neg, &limit, lanes)
                    } else {
                        (lanes, enter[k])
                    };
                    if mask == 0 {
                        continue;
                    }
                    // Sorted by entry on the way (by `get`: no bounds
                    // check, no panic path).
                    let mut i = n;
                    while let Some(&prev) = i.checked_sub(1).and_then(|p| hits.get(p)) {
                        if !(prev.0 > key) {
                            break;
                        }
                        if let Some(slot) = hits.get_mut(i) {
                            *slot = prev;
                        }
                        i -= 1;
                    }
                    if let Some(slot) = hits.get_mut(i) {
                        *slot = (key, k, mask);
                    }
                    n += 1;
                }
                if let (Some(&(_, k, mask)), Some(rest)) = (hits.first(), hits.get(1..n)) {
                    for &(key, k, mask) in rest.iter().rev() {
                        if let Some(slot) = stack.items.get_mut(top) {
                            *slot = (
                                Ref {
                                    child: node.child[k % WIDTH],
                                    count: node.count[k % WIDTH],
                                },
                                mask,
                                key,
                            );
                            top += 1;
                        }
                    }
                    cur = (
                        Ref {
                            child: node.child[k % WIDTH],
                            count: node.count[k % WIDTH],
                        },
                        mask,
                    );
                    continue;
                }
            }
            // Pop the next child with a lane still in range.
            loop {
                if top == 0 {
                    return;
                }
                top -= 1;
                let Some(&(r, mask, key)) = stack.items.get(top) else {
                    return;
                };
                let mut keep = 0u32;
                for (j, t) in t_max.iter().enumerate() {
                    keep |= u32::from(key <= reach(reach(*t))) << j;
                }
                if mask & keep & alive != 0 {
                    cur = (r, mask & keep & alive);
                    break;
                }
            }
        }
    }
}

impl<T: Real> Wide<T> {
    /// The leaves, as (first position in the leaf order, count), in the
    /// order of the nodes.
    pub(crate) fn leaves(&self) -> impl Iterator<Item = Ref> + '_ {
        self.nodes.iter().flat_map(|n| {
            n.child
                .iter()
                .zip(&n.count)
                .filter(|&(&c, &k)| c != NONE && k > 0)
                .map(|(&child, &count)| Ref { child, count })
        })
    }

    /// Rewrites every leaf reference by `f` (a mesh stores its leaves in
    /// blocks, and points each leaf at its first block).
    pub(crate) fn map_leaves(&mut self, mut f: impl FnMut(Ref) -> Ref) {
        for n in &mut self.nodes {
            for (c, k) in n.child.iter_mut().zip(n.count.iter_mut()) {
                if *c != NONE && *k > 0 {
                    let r = f(Ref {
                        child: *c,
                        count: *k,
                    });
                    (*c, *k) = (r.child, r.count);
                }
            }
        }
    }
}

impl<T: Real> WideNode<T> {
    /// The union of the used children's boxes (`None`: no child).
    fn bounds(&self) -> Option<Aabb<T, 3>> {
        (0..WIDTH)
            .filter_map(|k| self.aabb(k))
            .reduce(|a, b| a.merge(&b))
    }
}

impl<T: Real> Wide<T> {
    /// Recomputes every box bottom-up, keeping the tree: `leaf_box(r)`
    /// gives a leaf's box (`None`: treated as empty). A node's children
    /// come after it in `nodes`, so one backward pass suffices.
    pub(crate) fn refit(&mut self, leaf_box: impl Fn(Ref) -> Option<Aabb<T, 3>>) {
        for i in (0..self.nodes.len()).rev() {
            for k in 0..WIDTH {
                let Some(node) = self.nodes.get(i) else {
                    continue;
                };
                let (Some(&child), Some(&count)) = (node.child.get(k), node.count.get(k)) else {
                    continue;
                };
                if child == NONE {
                    continue;
                }
                let b = if count > 0 {
                    leaf_box(Ref { child, count })
                } else {
                    self.nodes.get(child as usize).and_then(WideNode::bounds)
                };
                let b = b.unwrap_or_else(empty);
                if let Some(node) = self.nodes.get_mut(i) {
                    node.set(k, &b, child, count);
                }
            }
        }
    }
}
