//! serde for arrays of any length `[T; N]` (serde's own impls stop at 32
//! and are not generic over `N`): a tuple of `N` values, as serde writes
//! its fixed-size arrays.

use core::fmt;
use core::marker::PhantomData;
use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeTuple, Serializer};

pub(crate) fn serialize<S: Serializer, T: Serialize, const N: usize>(
    a: &[T; N],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut t = s.serialize_tuple(N)?;
    for x in a {
        t.serialize_element(x)?;
    }
    t.end()
}

pub(crate) fn deserialize<'de, D, T, const N: usize>(d: D) -> Result<[T; N], D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Copy + Default,
{
    struct Arr<T, const N: usize>(PhantomData<T>);
    impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Visitor<'de> for Arr<T, N> {
        type Value = [T; N];
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "an array of {N} values")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
            let mut out = [T::default(); N];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(i, &self))?;
            }
            if seq.next_element::<T>()?.is_some() {
                return Err(A::Error::invalid_length(N + 1, &self));
            }
            Ok(out)
        }
    }
    d.deserialize_tuple(N, Arr::<T, N>(PhantomData))
}
