//! Fixed-point casts with short directions and along a capsule's axis
//! (issue 14 item 7): the direction's square underflows, or the part of
//! the direction across the axis is a rounding residue; the casts must
//! still find the caps. Oracles are worked out by hand beside each case.
#![cfg(feature = "fixed")]

use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Point3, Vector3};
use isect::{Ball, Capsule, Intersect, Ray, Real, Segment};

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(
        T::from_f64_lossy(x),
        T::from_f64_lossy(y),
        T::from_f64_lossy(z),
    )
}

fn v<T: Real>(x: f64, y: f64, z: f64) -> Vector3<T> {
    p::<T>(x, y, z).coords
}

/// `|got - want| <= tol`, with a message.
fn close<T: Real>(got: T, want: f64, tol: f64, what: &str) {
    let g = got.to_f64();
    assert!(
        (g - want).abs() <= tol,
        "{what}: {g} is not {want} (±{tol})"
    );
}

/// The capsule (0, −4, 0)–(0, 4, 0) of radius 2: its lowest point is
/// (0, −6, 0), on the bottom cap around (0, −4, 0).
fn upright<T: Real>() -> Capsule<T, 3> {
    Capsule::new(
        Segment::new(p(0.0, -4.0, 0.0), p(0.0, 4.0, 0.0)),
        T::from_f64_lossy(2.0),
    )
}

fn along_the_axis<T: Real>(tol: f64) {
    let cap = upright::<T>();
    // The segment: y = −7.2 + 2.4 t reaches −6 at t = 0.5.
    let seg = Segment::new(p::<T>(0.0, -7.2, 0.0), p(0.0, -4.8, 0.0));
    let hit = seg.intersect(&cap).expect("segment along the axis");
    close(hit.t, 0.5, tol, "segment t");
    close(hit.normal.y, -1.0, tol, "segment normal");
    assert!(seg.intersects(&cap));
    // Rays from below along +y with speeds k: y = −7.2 + k t reaches −6
    // at t = 1.2 / k.
    for k in [0.1, 1.0, 2.4, 3.0, 12.0, 14.4] {
        let ray = Ray::new(p::<T>(0.0, -7.2, 0.0), v(0.0, k, 0.0));
        let hit = ray.intersect(&cap).unwrap_or_else(|| panic!("speed {k}"));
        close(hit.t, 1.2 / k, tol * (1.0 + 1.2 / k), "ray t");
        assert!(ray.intersects(&cap), "speed {k}");
        // Starting inside (on the axis, and off it): t = 0.
        for x in [0.0, 1.5] {
            let inside = Ray::new(p::<T>(x, 0.5, 0.0), v(0.0, k, 0.0));
            let hit = inside
                .intersect(&cap)
                .unwrap_or_else(|| panic!("inside, speed {k}"));
            assert_eq!(hit.t, T::zero(), "inside, speed {k}");
        }
        // Beside the capsule, parallel to its axis: a miss.
        let beside = Ray::new(p::<T>(2.5, -7.2, 0.0), v(0.0, k, 0.0));
        assert!(beside.intersect(&cap).is_none(), "beside, speed {k}");
    }
    // Slanted: (0.6 t, −7.2 + 0.8 t) meets the bottom ball where
    // t² − 5.12 t + 6.24 = 0, t = (5.12 − 1.12) / 2 = 2, at (1.2, −5.6),
    // below the cylinder's end, with normal (0.6, −0.8).
    let ray = Ray::new(p::<T>(0.0, -7.2, 0.0), v(0.6, 0.8, 0.0));
    let hit = ray.intersect(&cap).expect("slanted");
    close(hit.t, 2.0, 8.0 * tol, "slanted t");
    close(hit.normal.x, 0.6, 8.0 * tol, "slanted normal x");
    close(hit.normal.y, -0.8, 8.0 * tol, "slanted normal y");
}

/// A capsule along (0.6, 0.8, 0), whose direction is not exact in fixed
/// point: (0, 0, 0)–(6, 8, 0) of radius 1. The ray from −5 (0.6, 0.8, 0)
/// along (0.6, 0.8, 0) (unit) reaches the ball around the origin at t = 4.
fn along_a_slanted_axis<T: Real>(tol: f64) {
    let cap = Capsule::new(
        Segment::new(p::<T>(0.0, 0.0, 0.0), p(6.0, 8.0, 0.0)),
        T::one(),
    );
    for k in [0.5, 1.0, 2.0] {
        let ray = Ray::new(p::<T>(-3.0, -4.0, 0.0), v(0.6 * k, 0.8 * k, 0.0));
        let hit = ray
            .intersect(&cap)
            .unwrap_or_else(|| panic!("slanted axis, speed {k}"));
        close(
            hit.t,
            4.0 / k,
            16.0 * tol * (1.0 + 4.0 / k),
            "slanted axis t",
        );
        let inside = Ray::new(p::<T>(3.0, 4.0, 0.0), v(-0.6 * k, -0.8 * k, 0.0));
        assert_eq!(inside.intersect(&cap).map(|h| h.t), Some(T::zero()));
    }
}

/// A ball of radius 1 around the origin, a ray from (−2, 0, 0) along
/// (2^-j, 0, 0): the direction's square is 2^-2j, below the type's
/// resolution; the ray enters at x = −1, t = 2^j.
fn short_direction_ball<T: Real>(j: i32, tol: f64) {
    let ball = Ball::new(p::<T>(0.0, 0.0, 0.0), T::one());
    let s = 2f64.powi(-j);
    let ray = Ray::new(p::<T>(-2.0, 0.0, 0.0), v(s, 0.0, 0.0));
    let hit = ray.intersect(&ball).expect("short direction");
    close(hit.t, 2f64.powi(j), tol * 2f64.powi(j), "short t");
    close(hit.point.x, -1.0, tol, "short point");
    // Offset by 0.5 across: the chord starts at x = −√0.75.
    let ray = Ray::new(p::<T>(-2.0, 0.5, 0.0), v(s, 0.0, 0.0));
    let hit = ray.intersect(&ball).expect("short direction, off centre");
    close(
        hit.point.x,
        -(0.75f64.sqrt()),
        64.0 * tol,
        "short point, off centre",
    );
    // And a short direction that misses stays a miss.
    let ray = Ray::new(p::<T>(-2.0, 1.5, 0.0), v(s, 0.0, 0.0));
    assert!(ray.intersect(&ball).is_none());
}

#[test]
fn i32f32_capsule_cast_along_the_axis() {
    along_the_axis::<I32F32>(1e-6);
    along_a_slanted_axis::<I32F32>(1e-6);
}

#[test]
fn i16f16_capsule_cast_along_the_axis() {
    along_the_axis::<I16F16>(2e-3);
    along_a_slanted_axis::<I16F16>(2e-3);
}

#[test]
fn floats_capsule_cast_along_the_axis() {
    along_the_axis::<f32>(1e-5);
    along_the_axis::<f64>(1e-12);
    along_a_slanted_axis::<f32>(1e-5);
    along_a_slanted_axis::<f64>(1e-12);
}

#[test]
fn short_directions_hit_balls() {
    short_direction_ball::<I32F32>(20, 1e-6);
    short_direction_ball::<I16F16>(10, 4e-3);
    short_direction_ball::<f32>(20, 1e-5);
    short_direction_ball::<f64>(20, 1e-12);
}

/// The checked casts (`RayCast::checked_hits`, `checked_cast_t`,
/// `checked_cast`, and `DynRayCast::checked_cast_dyn`): `Ok` with the plain
/// answer within the quadratic range, `Err(OutOfRange)` beyond it (where
/// the plain forms miss), on every side: the shape, the caster's origin,
/// its direction. The range is `T::range_limit(Growth::Quadratic)` (±45
/// for `I16F16`, ±11,585 for `I32F32`); the cases sit at half of it and
/// at three times it.
fn checked_casts<T: Real>() {
    use isect::{Aabb, DynRayCast, Growth, RayCast, Triangle};
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let h = (r / 2.0).floor();
    // A ball, a box and a triangle at +h on x, a ray from -h towards them.
    let ball = Ball::new(p::<T>(h, 0.0, 0.0), T::one());
    let bx = Aabb::new(p::<T>(h - 1.0, -1.0, -1.0), p::<T>(h + 1.0, 1.0, 1.0));
    let tri = Triangle::new(
        p::<T>(h, -1.0, -1.0),
        p::<T>(h, 1.0, -1.0),
        p::<T>(h, 0.0, 1.0),
    );
    let ray = Ray::new(p::<T>(-h, 0.0, 0.0), v::<T>(1.0, 0.0, 0.0));
    let want = 2.0 * h - 1.0; // the ball's and the box's near side
    let t = ball.checked_cast_t(&ray).unwrap().unwrap();
    close(t, want, 1e-3, "ball in range");
    assert_eq!(ball.checked_cast(&ray), Ok(ball.cast(&ray)));
    assert_eq!(ball.checked_hits(&ray), Ok(true));
    assert_eq!(bx.checked_cast_t(&ray).unwrap(), bx.cast_t(&ray));
    assert!(bx.cast_t(&ray).is_some());
    assert_eq!(tri.checked_cast(&ray).unwrap(), tri.cast(&ray));
    close(
        tri.cast_t(&ray).unwrap(),
        2.0 * h,
        1e-3,
        "triangle in range",
    );
    let dynamic: &dyn DynRayCast<T, 3> = &ball;
    assert_eq!(dynamic.checked_cast_t(&ray), Ok(Some(t)));
    // `Intersect`'s checked forms of a caster and a shape, both orders.
    assert_eq!(ray.checked_intersect(&ball), Ok(ray.intersect(&ball)));
    assert!(ray.intersect(&ball).is_some());
    assert_eq!(ball.checked_intersect(&ray), Ok(ball.intersect(&ray)));
    assert_eq!(ray.checked_intersects(&tri), Ok(true));
    assert_eq!(bx.checked_intersects(&ray), Ok(true));

    // Beyond: a ray that would hit from three times the range away, a
    // shape beyond it, a direction beyond twice it (a direction may reach
    // `2r`).
    let far = 3.0 * r;
    let from_far = Ray::new(p::<T>(-far, 0.0, 0.0), v::<T>(1.0, 0.0, 0.0));
    let long = Ray::new(p::<T>(-h, 0.0, 0.0), v::<T>(far, 0.0, 0.0));
    let far_ball = Ball::new(p::<T>(far, 0.0, 0.0), T::one());
    for (what, shape, caster) in [
        ("origin", ball, from_far),
        ("direction", ball, long),
        ("shape", far_ball, ray),
    ] {
        assert!(shape.checked_hits(&caster).is_err(), "{what}");
        assert!(shape.checked_cast_t(&caster).is_err(), "{what}");
        assert!(shape.checked_cast(&caster).is_err(), "{what}");
        let dynamic: &dyn DynRayCast<T, 3> = &shape;
        assert!(dynamic.checked_cast(&caster).is_err(), "{what}");
        assert!(dynamic.checked_hits(&caster).is_err(), "{what}");
        // `Intersect`'s checked forms, both orders (they were `Ok` beyond
        // the range before 2026-11-24).
        assert!(caster.checked_intersect(&shape).is_err(), "{what}");
        assert!(caster.checked_intersects(&shape).is_err(), "{what}");
        assert!(shape.checked_intersect(&caster).is_err(), "{what}");
        assert!(shape.checked_intersects(&caster).is_err(), "{what}");
        // The plain forms: a miss.
        assert!(
            !shape.hits(&caster) && shape.cast(&caster).is_none(),
            "{what}"
        );
        assert!(
            !caster.intersects(&shape) && shape.intersect(&caster).is_none(),
            "{what}"
        );
    }
    let far_segment = Segment::new(p::<T>(-far, 0.0, 0.0), p::<T>(h, 0.0, 0.0));
    assert!(far_segment.checked_intersect(&bx).is_err());
    assert!(tri.checked_intersects(&far_segment).is_err());
    assert!(bx.checked_cast(&from_far).is_err());
    assert!(tri.checked_cast_t(&from_far).is_err());
    // A mesh through `Intersect`, both orders.
    #[cfg(feature = "alloc")]
    {
        let mesh = isect::TriMesh::new(vec![tri.a, tri.b, tri.c], vec![[0, 1, 2]]).unwrap();
        assert_eq!(ray.checked_intersect(&mesh), Ok(ray.intersect(&mesh)));
        assert!(ray.intersect(&mesh).is_some());
        assert_eq!(mesh.checked_intersects(&ray), Ok(true));
        assert!(from_far.checked_intersect(&mesh).is_err());
        assert!(mesh.checked_intersects(&from_far).is_err());
        assert!(!mesh.intersects(&from_far) && from_far.intersect(&mesh).is_none());
    }
}

#[test]
fn checked_casts_i32f32() {
    checked_casts::<I32F32>();
}

#[test]
fn checked_casts_i16f16() {
    checked_casts::<I16F16>();
}

/// Floats have no range: the checked casts are always `Ok`, even at 1e30.
#[test]
fn checked_casts_floats_are_ok() {
    use isect::RayCast;
    let ball = Ball::new(Point3::new(1e30, 0.0, 0.0), 1e29);
    let ray = Ray::new(Point3::new(-1e30, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
    assert_eq!(ball.checked_cast_t(&ray), Ok(ball.cast_t(&ray)));
    assert!(ball.cast_t(&ray).is_some());
    assert_eq!(ball.checked_hits(&ray), Ok(true));
}
