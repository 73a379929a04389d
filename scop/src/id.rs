//! Typed ids and the maps they index: [`IdVec<K, V>`] holds one `V` per id `K` and is indexed
//! by `K` only (as Cranelift's `PrimaryMap` in `cranelift-entity`), so a statement id cannot
//! index the accesses, and no code writes `vec[id.0 as usize]`.

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// An id that numbers the entries of an [`IdVec`] from 0.
pub trait Id: Copy {
    /// The entry's position.
    fn index(self) -> usize;
    /// The id of position `i`.
    fn from_index(i: usize) -> Self;
}

/// Implements [`Id`] for `u32` newtypes.
#[macro_export]
macro_rules! impl_id {
    ($($t:ty),*) => {$(
        impl $crate::id::Id for $t {
            fn index(self) -> usize {
                self.0 as usize
            }
            fn from_index(i: usize) -> Self {
                // Ids number entries of one function or model: far below 2^32 (the front end
                // and the builders bound them long before).
                Self(u32::try_from(i).expect("fewer than 2^32 entries"))
            }
        }
    )*};
}

/// One `V` per id `K`, indexed by `K` only.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IdVec<K, V> {
    raw: Vec<V>,
    key: PhantomData<fn(K) -> K>,
}

impl<K: Id, V> IdVec<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        IdVec {
            raw: Vec::new(),
            key: PhantomData,
        }
    }

    /// A map with `n` entries, each `f` of its id.
    pub fn from_fn(n: usize, mut f: impl FnMut(K) -> V) -> Self {
        (0..n).map(|i| f(K::from_index(i))).collect()
    }

    /// A map with `n` entries, each `v`.
    pub fn filled(n: usize, v: V) -> Self
    where
        V: Clone,
    {
        vec![v; n].into()
    }

    /// Adds `v` and returns its id.
    pub fn push(&mut self, v: V) -> K {
        self.raw.push(v);
        K::from_index(self.raw.len() - 1)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.raw.len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// The entry of `k`, if there is one.
    pub fn get(&self, k: K) -> Option<&V> {
        self.raw.get(k.index())
    }

    /// The entry of `k`, mutable, if there is one.
    pub fn get_mut(&mut self, k: K) -> Option<&mut V> {
        self.raw.get_mut(k.index())
    }

    /// The entries in id order.
    pub fn iter(&self) -> std::slice::Iter<'_, V> {
        self.raw.iter()
    }

    /// The entries in id order, mutable.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, V> {
        self.raw.iter_mut()
    }

    /// The ids, in order.
    pub fn keys(&self) -> impl Iterator<Item = K> + use<K, V> {
        (0..self.raw.len()).map(K::from_index)
    }

    /// The ids with their entries, in order.
    pub fn iter_enumerated(&self) -> impl Iterator<Item = (K, &V)> {
        self.raw
            .iter()
            .enumerate()
            .map(|(i, v)| (K::from_index(i), v))
    }

    /// The entries as a slice (positions, not ids: for code that only walks them).
    pub fn as_slice(&self) -> &[V] {
        &self.raw
    }

    /// The entries as a vector, to edit in bulk (a pass renumbering statements: the caller
    /// keeps the ids it hands out consistent with the positions).
    pub fn as_mut_vec(&mut self) -> &mut Vec<V> {
        &mut self.raw
    }

    /// The entries as a vector.
    pub fn into_vec(self) -> Vec<V> {
        self.raw
    }

    /// The last entry's id, if there is one.
    pub fn last_key(&self) -> Option<K> {
        self.raw.len().checked_sub(1).map(K::from_index)
    }
}

impl<K: Id, V> Default for IdVec<K, V> {
    fn default() -> Self {
        IdVec::new()
    }
}

impl<K, V: std::fmt::Debug> std::fmt::Debug for IdVec<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.raw.fmt(f)
    }
}

impl<K: Id, V> Index<K> for IdVec<K, V> {
    type Output = V;
    fn index(&self, k: K) -> &V {
        &self.raw[k.index()]
    }
}

impl<K: Id, V> IndexMut<K> for IdVec<K, V> {
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.raw[k.index()]
    }
}

impl<K: Id, V> FromIterator<V> for IdVec<K, V> {
    fn from_iter<I: IntoIterator<Item = V>>(iter: I) -> Self {
        IdVec {
            raw: iter.into_iter().collect(),
            key: PhantomData,
        }
    }
}

impl<K: Id, V> From<Vec<V>> for IdVec<K, V> {
    fn from(raw: Vec<V>) -> Self {
        IdVec {
            raw,
            key: PhantomData,
        }
    }
}

impl<'a, K: Id, V> IntoIterator for &'a IdVec<K, V> {
    type Item = &'a V;
    type IntoIter = std::slice::Iter<'a, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.raw.iter()
    }
}

impl<'a, K: Id, V> IntoIterator for &'a mut IdVec<K, V> {
    type Item = &'a mut V;
    type IntoIter = std::slice::IterMut<'a, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.raw.iter_mut()
    }
}

impl<K: Id, V> IntoIterator for IdVec<K, V> {
    type Item = V;
    type IntoIter = std::vec::IntoIter<V>;
    fn into_iter(self) -> Self::IntoIter {
        self.raw.into_iter()
    }
}

impl<K: Id, V> Extend<V> for IdVec<K, V> {
    fn extend<I: IntoIterator<Item = V>>(&mut self, iter: I) {
        self.raw.extend(iter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct A(u32);
    impl_id!(A);

    #[test]
    fn ids_index_their_own_map() {
        let mut m: IdVec<A, &str> = IdVec::new();
        let x = m.push("x");
        let y = m.push("y");
        assert_eq!((x, y), (A(0), A(1)));
        assert_eq!(m[y], "y");
        assert_eq!(m.keys().collect::<Vec<_>>(), [A(0), A(1)]);
        assert_eq!(m.get(A(2)), None);
    }
}
