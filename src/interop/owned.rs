//! serde for the shapes that own their arrays and derive the rest
//! ([`TriMesh`] builds a BVH, [`ConvexPolyhedron`] checks its arrays):
//! each is written as its data and read back through the checks of its
//! constructor, so that what is read is a shape every query accepts.

use crate::{ConvexPolyhedron, ConvexPolyhedronRef, Plane, Point, Real, TriMesh};
use alloc::vec::Vec;
use serde::de::{Deserialize, Deserializer, Error};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// Written as `{ vertices, indices }`; read through [`TriMesh::new`] (an
/// index out of range or a non-finite vertex is a deserialisation error).
impl<T: Real + Serialize> Serialize for TriMesh<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("TriMesh", 2)?;
        st.serialize_field("vertices", self.vertices())?;
        st.serialize_field("indices", self.indices())?;
        st.end()
    }
}

#[derive(serde::Deserialize)]
#[serde(rename = "TriMesh")]
struct MeshData<T: Real> {
    vertices: Vec<Point<T, 3>>,
    indices: Vec<[u32; 3]>,
}

impl<'de, T: Real + Deserialize<'de>> Deserialize<'de> for TriMesh<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = MeshData::<T>::deserialize(d)?;
        TriMesh::new(m.vertices, m.indices).map_err(D::Error::custom)
    }
}

/// Written as its four arrays (`vertices`, `face_offsets`,
/// `face_indices`, `planes`), so that a hull reads back equal, vertex
/// order included; read through the checks of
/// [`ConvexPolyhedronRef::try_new`](crate::ConvexPolyhedronRef::try_new)
/// (indices in range, offsets in order, one unit-able plane per face,
/// finite values), the same guarantee as a borrowed polyhedron built from
/// arrays.
impl<T: Real + Serialize> Serialize for ConvexPolyhedron<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_ref().serialize(s)
    }
}

#[derive(serde::Deserialize)]
#[serde(rename = "ConvexPolyhedron")]
struct HullData<T: Real> {
    vertices: Vec<Point<T, 3>>,
    face_offsets: Vec<u32>,
    face_indices: Vec<u32>,
    planes: Vec<Plane<T, 3>>,
}

impl<'de, T: Real + Deserialize<'de>> Deserialize<'de> for ConvexPolyhedron<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let h = HullData::<T>::deserialize(d)?;
        ConvexPolyhedronRef::try_new(&h.vertices, &h.face_offsets, &h.face_indices, &h.planes)
            .map_err(D::Error::custom)?;
        let (adjacency_offsets, adjacency) = crate::shape::polyhedron::adjacency_of(
            h.vertices.len(),
            &h.face_offsets,
            &h.face_indices,
        );
        Ok(ConvexPolyhedron {
            adjacency_offsets,
            adjacency,
            vertices: h.vertices,
            face_offsets: h.face_offsets,
            face_indices: h.face_indices,
            planes: h.planes,
            extremes: [0; crate::shape::polyhedron::EXTREMES],
        }
        .with_extremes())
    }
}
