//! TriMesh queries against brute force over all triangles (sharing no code
//! with the BVH walk), on meshes of thousands of triangles.
#![cfg(feature = "alloc")]

use isect::nalgebra::Point3;
use isect::{ClosestPoint, TriMesh, Triangle};

struct Rng(u64);
impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

/// A closed UV sphere of `rings × segments` quads (two triangles each,
/// poles as fans), radius `r`, centre `c`, faces outward.
pub fn uv_sphere(
    c: Point3<f64>,
    r: f64,
    rings: u32,
    segments: u32,
) -> (Vec<Point3<f64>>, Vec<[u32; 3]>) {
    let mut v = vec![c + isect::nalgebra::Vector3::new(0.0, 0.0, r)];
    for i in 1..rings {
        let th = std::f64::consts::PI * i as f64 / rings as f64;
        for j in 0..segments {
            let ph = 2.0 * std::f64::consts::PI * j as f64 / segments as f64;
            v.push(
                c + isect::nalgebra::Vector3::new(
                    r * th.sin() * ph.cos(),
                    r * th.sin() * ph.sin(),
                    r * th.cos(),
                ),
            );
        }
    }
    v.push(c + isect::nalgebra::Vector3::new(0.0, 0.0, -r));
    let south = v.len() as u32 - 1;
    let at = |i: u32, j: u32| 1 + (i - 1) * segments + (j % segments);
    let mut t = Vec::new();
    for j in 0..segments {
        t.push([0, at(1, j), at(1, j + 1)]);
        t.push([south, at(rings - 1, j + 1), at(rings - 1, j)]);
    }
    for i in 1..rings - 1 {
        for j in 0..segments {
            let (a, b, c2, d) = (at(i, j), at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
            t.push([a, c2, b]);
            t.push([b, c2, d]);
        }
    }
    (v, t)
}

/// The nearest distance by an exhaustive scan of every triangle. Each
/// triangle's distance comes from the point–triangle query, which has its
/// own oracle tests (tests/closest_points.rs); what this checks is the BVH:
/// its build (every triangle reachable) and its pruning.
fn brute_closest(mesh: &TriMesh<f64>, p: &Point3<f64>) -> f64 {
    (0..mesh.len())
        .filter_map(|i| mesh.triangle(i))
        .map(|t: Triangle<f64>| t.distance(p))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn closest_point_matches_exhaustive_scan() {
    let (v, t) = uv_sphere(Point3::new(0.3, -0.2, 0.1), 1.7, 40, 60);
    let mesh = TriMesh::new(v, t).expect("valid mesh");
    assert!(mesh.len() > 4000);
    let mut rng = Rng(7);
    for _ in 0..120 {
        let p = Point3::new(
            rng.range(-3.0, 3.0),
            rng.range(-3.0, 3.0),
            rng.range(-3.0, 3.0),
        );
        let (i, q) = mesh.closest_triangle(&p).expect("non-empty");
        let d = (q - p).norm();
        let want = brute_closest(&mesh, &p);
        assert!((d - want).abs() <= 1e-12 * (1.0 + want), "{d} vs {want}");
        let tri = mesh.triangle(i).expect("index in range");
        assert!(
            tri.distance(&q) < 1e-12,
            "the point lies on the reported triangle"
        );
    }
}

#[test]
fn contains_point_matches_the_sphere() {
    let c = Point3::new(0.3, -0.2, 0.1);
    let (v, t) = uv_sphere(c, 1.7, 24, 32);
    let mesh = TriMesh::new(v, t).expect("valid mesh");
    let mut rng = Rng(9);
    let mut checked = 0;
    for _ in 0..800 {
        let p = Point3::new(
            rng.range(-2.5, 2.5),
            rng.range(-2.5, 2.5),
            rng.range(-2.5, 2.5),
        );
        let r = (p - c).norm();
        // Away from the faceted surface (the mesh lies between the inscribed
        // radius 1.7·cos(π/24) and 1.7), the answer is the sphere's.
        if r < 1.6 {
            assert!(mesh.contains_point(&p), "{p:?} at r = {r}");
            checked += 1;
        } else if r > 1.71 {
            assert!(!mesh.contains_point(&p), "{p:?} at r = {r}");
            checked += 1;
        }
    }
    assert!(checked > 600);
}

#[test]
fn bad_input_is_an_error_or_a_defined_value() {
    let v = vec![
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    assert!(TriMesh::new(v.clone(), vec![[0, 1, 3]]).is_err());
    let nan = vec![
        Point3::new(f64::NAN, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    assert!(TriMesh::new(nan, vec![[0, 1, 2]]).is_err());
    let empty = TriMesh::<f64>::new(v.clone(), vec![]).expect("empty is fine");
    assert_eq!(empty.closest_triangle(&Point3::origin()), None);
    assert!(!empty.contains_point(&Point3::origin()));
    let mesh = TriMesh::new(v, vec![[0, 1, 2], [0, 0, 0]]).expect("degenerate triangles are kept");
    assert_eq!(
        mesh.closest_triangle(&Point3::new(f64::NAN, 0.0, 0.0)),
        None
    );
    assert_eq!(mesh.distance(&Point3::new(0.25, 0.25, 1.0)), 1.0);
}

/// Many identical triangles (all centroids equal): the build must still
/// terminate and the queries stay right.
#[test]
fn coincident_triangles_build() {
    let v = vec![
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    let mesh = TriMesh::new(v, vec![[0, 1, 2]; 2_000]).expect("valid");
    assert_eq!(mesh.distance(&Point3::new(0.2, 0.2, 3.0)), 3.0);
}
