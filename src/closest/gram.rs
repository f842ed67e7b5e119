//! The stationary point of `|r + Σ x_i u_i|²` over `N` unknowns: the normal
//! equations `G x = -Uᵀ r` with `G_ij = u_i · u_j`, solved by Gaussian
//! elimination with partial pivoting on a stack array. Used for the
//! interior–interior candidates of segment–triangle and triangle–triangle
//! closest points.

use crate::{Real, Vector, Wide};

/// The `x` that makes `r + Σ x_i u_i` shortest, or `None` when the `u_i`
/// are (within `T::tolerance()`) linearly dependent.
///
/// Fixed point: the solution does not change when `r` and the `u_i` are
/// all scaled by the same factor, so they are scaled by the power of two
/// (a shift, exact upwards) that brings their largest component to just
/// below `sqrt(max / (2^N · D))`: every Gram entry then stays below
/// `max / 2^N`, and the elimination (which at most doubles the entries
/// per column, with partial pivoting) cannot overflow, whatever the
/// inputs' magnitude; small inputs gain the bits they would have lost to
/// rounding. The back substitution takes its products in the wide type;
/// solutions beyond `±4` (far outside every caller's `[0, 1]`) are
/// `None`.
pub(crate) fn stationary<T: Real, const D: usize, const N: usize>(
    u: &[Vector<T, D>; N],
    r: &Vector<T, D>,
) -> Option<[T; N]> {
    if T::range_limit(crate::Growth::Quadratic).is_none() {
        return solve(u, r, false);
    }
    let m = u.iter().chain([r]).fold(T::zero(), |m, v| {
        v.iter().fold(m, |m, x| m.max_sel(mag(*x)))
    });
    if !(m > T::zero()) {
        return None;
    }
    // The bound on the largest component: sqrt(max / (2^N · D)), from the
    // type's largest value (an exact square root in fixed point).
    let limit = T::max_finite()
        .widen()
        .mul_pow2(-(N as i32))
        .ratio(T::from_f64_lossy(D as f64).widen())
        .widen()
        .sqrt_narrow();
    let (mut k, mut top) = (0i32, m.widen());
    while top > limit.widen() && k > -128 {
        top = top.mul_pow2(-1);
        k -= 1;
    }
    while top.mul_pow2(1) <= limit.widen() && k < 128 {
        top = top.mul_pow2(1);
        k += 1;
    }
    let scaled = |v: &Vector<T, D>| v.map(|x| x.widen().mul_pow2(k).narrow());
    solve(&u.each_ref().map(scaled), &scaled(r), true)
}

/// `|x|`, saturating.
#[inline(always)]
fn mag<T: Real>(x: T) -> T {
    crate::range::scale::mag(x)
}

/// [`stationary`] by elimination; with `bounded`, `None` for a solution
/// beyond `±4`.
#[inline(always)]
fn solve<T: Real, const D: usize, const N: usize>(
    u: &[Vector<T, D>; N],
    r: &Vector<T, D>,
    bounded: bool,
) -> Option<[T; N]> {
    // Augmented matrix [G | -Uᵀr] as N rows of N + 1 (stored as N rows of N
    // and a right-hand side, to stay in const generics).
    let mut g = [[T::zero(); N]; N];
    let mut h = [T::zero(); N];
    let mut scale = T::zero();
    for i in 0..N {
        for j in 0..N {
            g[i][j] = u[i].dot(&u[j]);
        }
        h[i] = -u[i].dot(r);
        scale = scale.max_sel(g[i][i]);
    }
    let tol = T::tolerance() * scale;
    for col in 0..N {
        // Pivot: the largest remaining entry of this column.
        let mut piv = col;
        for row in col + 1..N {
            if g[row][col].abs() > g[piv][col].abs() {
                piv = row;
            }
        }
        if !(g[piv][col].abs() > tol) {
            return None;
        }
        g.swap(col, piv);
        h.swap(col, piv);
        for row in col + 1..N {
            let f = g[row][col].div_sat(g[col][col]);
            for k in col..N {
                let sub = f * g[col][k];
                g[row][k] -= sub;
            }
            let sub = f * h[col];
            h[row] -= sub;
        }
    }
    let mut x = [T::zero(); N];
    for row in (0..N).rev() {
        if bounded {
            // Fixed point: the products with the solution in the wide type.
            let mut acc = h[row].widen();
            for k in row + 1..N {
                acc -= g[row][k].mul_wide(x[k]);
            }
            x[row] = acc.ratio(g[row][row].widen());
            if !(mag(x[row]) <= T::from_f64_lossy(4.0)) {
                return None;
            }
            continue;
        }
        let mut acc = h[row];
        for k in row + 1..N {
            acc -= g[row][k] * x[k];
        }
        x[row] = acc.div_sat(g[row][row]);
    }
    Some(x)
}
