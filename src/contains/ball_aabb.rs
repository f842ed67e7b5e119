//! Whether a box contains a ball (the ball's bounding box inside it), and
//! whether a ball contains a box (its farthest corner within the radius).

use crate::intersect::radius_ok;
use crate::linalg::At;
use crate::{Aabb, Ball, Real};

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Ball<T, D>> for Aabb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, ball: &Ball<T, D>) -> bool {
        let r = ball.radius;
        radius_ok(r)
            && (0..D).all(|i| {
                self.min.at(i) <= ball.center.at(i) - r && ball.center.at(i) + r <= self.max.at(i)
            })
    }
}

crate::range::impl_contains! {
    /// Whether `ball` lies wholly in the box: `min <= c - r` and `c + r <=
    /// max` on every axis.
    ///
    /// ```
    /// use isect::{Aabb, Ball, Contains, nalgebra::Point2};
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(4.0, 2.0));
    /// assert!(b.contains(&Ball::new(Point2::new(3.0, 1.0), 1.0)));
    /// assert!(!b.contains(&Ball::new(Point2::new(3.5, 1.0), 1.0)));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Aabb<T, D>, Ball<T, D>
}

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Aabb<T, D>> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, aabb: &Aabb<T, D>) -> bool {
        if !radius_ok(self.radius) || aabb.is_empty() {
            return false;
        }
        let mut d2 = T::zero();
        for i in 0..D {
            let far = (self.center.at(i) - aabb.min.at(i))
                .abs()
                .max_sel((aabb.max.at(i) - self.center.at(i)).abs());
            d2 += far * far;
        }
        d2 <= self.radius * self.radius
    }
}

crate::range::impl_contains! {
    /// Whether `aabb` lies wholly in the ball: its corner farthest from the
    /// centre is within the radius. An empty box is not contained.
    ///
    /// ```
    /// use isect::{Aabb, Ball, Contains, nalgebra::Point2};
    /// let c = Ball::new(Point2::new(0.0, 0.0), 5.0);
    /// assert!(c.contains(&Aabb::new(Point2::new(-3.0, -4.0), Point2::new(3.0, 4.0)))); // corners on the circle
    /// assert!(!c.contains(&Aabb::new(Point2::new(-3.0, -4.0), Point2::new(3.0, 4.1))));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Aabb<T, D>
}
