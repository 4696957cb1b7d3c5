//! A float written as Rust's `Display` writes it (`format!("{v}")`: the shortest digits that
//! read back to the same value, never an exponent), from any decimal text of those digits —
//! for instance JavaScript's `String(v)`, which uses the same shortest digits but writes
//! `1e+21` and `1e-7` with an exponent.
//!
//! Why: the wasm facade quotes numbers that JavaScript passed (`got 0.5`); formatting them with
//! JavaScript's own `String` and this small function keeps Rust's float formatting (some 22 KB
//! of code and tables) out of the page's module, with the same words.
//!
//! ```
//! use swrr_viz::input::plain_decimal;
//! assert_eq!(plain_decimal("1e+21", false).as_deref(), Some("1000000000000000000000"));
//! assert_eq!(plain_decimal("1.5e-7", true).as_deref(), Some("-0.00000015"));
//! assert_eq!(plain_decimal("0", true).as_deref(), Some("-0"));
//! assert_eq!(format!("{}", -1.5e-7_f64), "-0.00000015");
//! ```

/// `text` — digits with an optional `.` and an optional exponent (`e`, `E`, `e+N`, `e-N`), no
/// sign — written without an exponent and with no zeros that carry nothing, with `-` in front
/// when `negative` (also for zero: Rust writes `-0`). `None` when `text` is not such a number.
#[must_use]
pub fn plain_decimal(text: &str, negative: bool) -> Option<String> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], parse_exponent(&text[at + 1..])?),
        None => (text, 0),
    };
    // The significant digits (no leading zeros) and where the point goes: 0.DIGITS × 10^point.
    let mut digits: Vec<u8> = Vec::with_capacity(mantissa.len());
    let mut point = exponent;
    let mut any = false;
    let mut after_dot = false;
    for b in mantissa.bytes() {
        match b {
            b'.' if !after_dot => after_dot = true,
            b'0'..=b'9' => {
                any = true;
                if digits.is_empty() && b == b'0' {
                    // A leading zero: after the point it moves the digits one place down.
                    point -= i64::from(after_dot);
                } else {
                    digits.push(b);
                    point += i64::from(!after_dot);
                }
            }
            _ => return None,
        }
    }
    if !any {
        return None;
    }
    while digits.last() == Some(&b'0') {
        digits.pop();
    }

    let mut out = String::with_capacity(digits.len() + 8);
    if negative {
        out.push('-');
    }
    if digits.is_empty() {
        out.push('0');
        return Some(out);
    }
    // Far outside any f64 (|exponent| < 400): refuse rather than write a huge string.
    if !(-400..=400).contains(&point) {
        return None;
    }
    let count = digits.len() as i64;
    let zeros = |out: &mut String, n: i64| (0..n).for_each(|_| out.push('0'));
    let push =
        |out: &mut String, digits: &[u8]| digits.iter().for_each(|&d| out.push(char::from(d)));
    if point <= 0 {
        out.push_str("0.");
        zeros(&mut out, -point);
        push(&mut out, &digits);
    } else if point >= count {
        push(&mut out, &digits);
        zeros(&mut out, point - count);
    } else {
        let (whole, fraction) = digits.split_at(point as usize);
        push(&mut out, whole);
        out.push('.');
        push(&mut out, fraction);
    }
    Some(out)
}

fn parse_exponent(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    let (negative, digits) = match digits.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, digits),
    };
    if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: i64 = digits.parse().ok()?;
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::plain_decimal;

    /// What the facade does with JavaScript's `String(v)`, with Rust's exponent form standing in
    /// for JavaScript's (the same shortest digits; `1.5e300` instead of `1.5e+300`).
    fn through_exponent(v: f64) -> String {
        let text = format!("{:e}", v.abs());
        plain_decimal(&text, v.is_sign_negative()).expect("a number")
    }

    #[test]
    fn writes_what_rust_writes() {
        for v in [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1.5,
            2.5,
            10.0,
            100.0,
            123.456,
            1e21,
            1e22,
            1.5e300,
            1e-7,
            1.5e-7,
            0.1,
            0.000_001,
            9_007_199_254_740_991.0,
            4_294_967_295.0,
            1e15 + 1.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            -2.5e-10,
            1.234_567_890_123_456_7e20,
        ] {
            assert_eq!(through_exponent(v), format!("{v}"), "{v:e}");
            // Already plain (JavaScript writes 1e20 as digits): unchanged.
            assert_eq!(
                plain_decimal(&format!("{}", v.abs()), v.is_sign_negative()).unwrap(),
                format!("{v}")
            );
        }
    }

    #[test]
    fn javascript_forms() {
        let cases = [
            ("1e+21", "1000000000000000000000"),
            ("1.7976931348623157e+308", &format!("{}", f64::MAX)),
            ("5e-324", &format!("{}", 5e-324_f64)),
            ("1e-7", "0.0000001"),
            ("0.000001", "0.000001"),
            ("123456789012345680000", "123456789012345680000"),
            ("0", "0"),
        ];
        for (js, rust) in cases {
            assert_eq!(plain_decimal(js, false).as_deref(), Some(rust), "{js}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_number() {
        for text in [
            "", ".", "e5", "1e", "1e+", "x", "1.2.3", "Infinity", "NaN", "-1", "1e999999",
        ] {
            assert_eq!(plain_decimal(text, false), None, "{text}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_finite_float(bits in proptest::num::u64::ANY) {
            let v = f64::from_bits(bits);
            proptest::prop_assume!(v.is_finite());
            proptest::prop_assert_eq!(through_exponent(v), format!("{v}"));
        }
    }
}
