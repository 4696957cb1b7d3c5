//! Default node names: A, B, …, Z, AA, AB, … (spreadsheet columns), so any count has a name.

/// The default name of the node at zero-based `index`.
///
/// ```
/// use swrr_viz::input::default_name;
/// assert_eq!(default_name(0), "A");
/// assert_eq!(default_name(25), "Z");
/// assert_eq!(default_name(26), "AA");
/// assert_eq!(default_name(27), "AB");
/// assert_eq!(default_name(701), "ZZ");
/// assert_eq!(default_name(702), "AAA");
/// ```
#[must_use]
pub fn default_name(index: usize) -> String {
    let mut letters = Vec::new();
    let mut rest = index + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(b'A' + (rest % 26) as u8);
        rest /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}
