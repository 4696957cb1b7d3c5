//! Sorting indices by a key with a small heapsort: the standard library's sorts are kilobytes of
//! wasm for each key they are instantiated with, and the lists sorted here are node lists, short
//! enough for `O(n log n)` without the standard sorts' tuning.

/// Sorts `indices` by `key(index)`, ascending; equal keys in no particular order.
pub(crate) fn sort_indices_by_key<K: Ord>(indices: &mut [usize], key: impl Fn(usize) -> K) {
    let mut end = indices.len();
    let mut start = end / 2;
    while end > 1 {
        if start > 0 {
            start -= 1;
        } else {
            end -= 1;
            indices.swap(0, end);
        }
        let mut root = start;
        loop {
            let mut child = 2 * root + 1;
            if child >= end {
                break;
            }
            if child + 1 < end && key(indices[child]) < key(indices[child + 1]) {
                child += 1;
            }
            if key(indices[root]) >= key(indices[child]) {
                break;
            }
            indices.swap(root, child);
            root = child;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sort_indices_by_key;

    /// Against the standard library's sort, on lists with many equal keys.
    #[test]
    fn sorts_as_the_standard_sort_does() {
        let mut seed = 7u64;
        for n in 0..200 {
            let keys: Vec<u64> = (0..n)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (seed >> 33) % (n as u64 / 3 + 1)
                })
                .collect();
            let mut order: Vec<usize> = (0..n).collect();
            sort_indices_by_key(&mut order, |i| keys[i]);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "a permutation");
            let mut expected = keys.clone();
            expected.sort_unstable();
            assert_eq!(order.iter().map(|&i| keys[i]).collect::<Vec<_>>(), expected);
        }
    }
}
