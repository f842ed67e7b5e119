//! The stationary point of `|r + Σ x_i u_i|²` over `N` unknowns: the normal
//! equations `G x = -Uᵀ r` with `G_ij = u_i · u_j`, solved by Gaussian
//! elimination with partial pivoting on a stack array. Used for the
//! interior–interior candidates of segment–triangle and triangle–triangle
//! closest points.

use crate::{Real, Vector};

/// The `x` that makes `r + Σ x_i u_i` shortest, or `None` when the `u_i`
/// are (within `T::tolerance()`) linearly dependent.
pub(crate) fn stationary<T: Real, const D: usize, const N: usize>(
    u: &[Vector<T, D>; N],
    r: &Vector<T, D>,
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
        let mut acc = h[row];
        for k in row + 1..N {
            acc -= g[row][k] * x[k];
        }
        x[row] = acc.div_sat(g[row][row]);
    }
    Some(x)
}
