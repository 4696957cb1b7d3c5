//! FNV-1a 64 over picks, so two engines (native and wasm, or two versions) compare by one hash.

/// FNV-1a 64 offset basis.
const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a 64 prime.
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a 64 over picks, each fed as the 4 bytes of its node index as u32 little-endian.
///
/// ```
/// use swrr_viz::metrics::Fingerprint;
/// let mut hash = Fingerprint::new();
/// assert_eq!(hash.hex(), "cbf29ce484222325"); // nothing hashed: the offset basis
/// hash.write_pick(0);
/// assert_eq!(hash.hex(), "4d25767f9dce13f5"); // FNV-1a 64 of the bytes 00 00 00 00
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    hash: u64,
}

impl Default for Fingerprint {
    fn default() -> Self {
        Self::new()
    }
}

impl Fingerprint {
    #[must_use]
    pub fn new() -> Self {
        Self { hash: OFFSET_BASIS }
    }

    /// Feeds one pick (a zero-based node index).
    pub fn write_pick(&mut self, pick: u32) {
        for byte in pick.to_le_bytes() {
            self.hash ^= u64::from(byte);
            self.hash = self.hash.wrapping_mul(PRIME);
        }
    }

    /// The hash so far.
    #[must_use]
    pub fn value(&self) -> u64 {
        self.hash
    }

    /// The hash as 16 lower-case hex digits (a u64 cannot cross to JavaScript as a number).
    #[must_use]
    pub fn hex(&self) -> String {
        format!("{:016x}", self.hash)
    }
}

/// The fingerprint of a pick sequence, as 16 lower-case hex digits.
///
/// ```
/// use swrr_viz::metrics::fingerprint;
/// assert_eq!(fingerprint(&[]), "cbf29ce484222325");
/// assert_ne!(fingerprint(&[0, 1]), fingerprint(&[1, 0]));
/// ```
#[must_use]
pub fn fingerprint(picks: &[u32]) -> String {
    let mut hash = Fingerprint::new();
    for &pick in picks {
        hash.write_pick(pick);
    }
    hash.hex()
}
