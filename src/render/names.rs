//! Nodes' names shortened to the room a picture gives them (under a tank, in a strip's cell),
//! so that two different names keep two different labels: colour is never the only cue (a
//! handout is printed in black and white). The CLI's pictures and the page (the facade's
//! `nameLabels`, `cellLabels`) label names with these alone.

use crate::render::svg::characters::{characters, fit, width as text_width, width_of};
use crate::sort::sort_indices_by_key;

/// Each of `names`' label at most `room` letters wide (a wide character counts two, as
/// [`fit`] counts): the name where it fits, else [`fit`]'s head and "…" where no other name
/// is cut to the same. Names that are (`web1`, `web2`; `10.0.0.1:80`, `10.0.0.2:80`) keep the
/// part that tells them apart: the head that fits, "…" and the shortest end no other of them
/// ends with (`w…1`, `…1` where only the end fits, `backend-…1`, `10…1:80`), or, where every
/// end is another's too, "…", the part up to where they first differ, "…". Where the room holds
/// nothing that tells a name apart, it keeps [`fit`]'s label.
pub(crate) fn name_labels(names: &[&str], room: usize) -> Vec<String> {
    let n = names.len();
    let cut: Vec<String> = names.iter().map(|name| fit(name, room)).collect();
    let parts: Vec<Vec<&str>> = names.iter().map(|name| characters(name)).collect();
    let ends: Vec<Vec<&str>> = parts
        .iter()
        .map(|p| p.iter().rev().copied().collect())
        .collect();
    // A name that fits is its own label; only cut ones are told apart.
    let told: Vec<usize> = (0..n).filter(|&i| text_width(names[i]) > room).collect();
    let prefix = most_shared(&cut, &parts, told.clone());
    let suffix = most_shared(&cut, &ends, told);
    let mut labels = cut.clone();
    let mut changed = vec![false; n];
    for i in 0..n {
        if let (Some(prefix), Some(suffix)) = (prefix[i], suffix[i]) {
            if let Some(label) = told_apart(&parts[i], prefix, suffix, room) {
                labels[i] = label;
                changed[i] = true;
            }
        }
    }
    // A changed label that another name's label is too (a room too small for what differs)
    // goes back to the plain cut: a new label never makes two names read alike. (A changed
    // name has no twin, which would share all of it: the other is a different name.)
    let alike = most_shared(&labels, &parts, (0..n).collect());
    for i in 0..n {
        if changed[i] && alike[i].is_some() {
            labels[i] = cut[i].clone();
        }
    }
    labels
}

/// The labels of a strip's cells `chars` letters wide, one per name: the name where it has at
/// most `chars` characters (a one-letter name always), else its [`name_labels`] label, or none
/// where not even a letter and "…" fit.
pub(crate) fn cell_labels(names: &[&str], chars: usize) -> Vec<Option<String>> {
    let whole = |name: &str| name.chars().count() <= chars.max(1);
    let cut: Vec<&str> = names
        .iter()
        .copied()
        .filter(|name| chars >= 2 && !whole(name))
        .collect();
    let mut cut_labels = name_labels(&cut, chars).into_iter();
    names
        .iter()
        .map(|&name| {
            whole(name)
                .then(|| name.to_string())
                .or_else(|| cut_labels.next())
        })
        .collect()
}

/// For each of `indices`, how many of its first `parts` another of `indices` with the same
/// `label` shares at most; `None` where no other has its label.
#[inline(never)]
fn most_shared(
    label: &[String],
    parts: &[Vec<&str>],
    mut indices: Vec<usize>,
) -> Vec<Option<usize>> {
    // Sorted by label, then parts, the same labels are neighbours, and of those the one that
    // shares the most with a name is next to it.
    sort_indices_by_key(&mut indices, |i| (&label[i], &parts[i]));
    let mut most = vec![None; label.len()];
    for pair in indices.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if label[a] == label[b] {
            let same = parts[a]
                .iter()
                .zip(&parts[b])
                .take_while(|(x, y)| x == y)
                .count();
            for i in [a, b] {
                most[i] = most[i].max(Some(same));
            }
        }
    }
    most
}

/// The label of the name `parts` (its characters) that another shares its first `prefix` and
/// last `suffix` characters with: head…end, or …middle…; `None` where neither fits `room`.
fn told_apart(parts: &[&str], prefix: usize, suffix: usize, room: usize) -> Option<String> {
    let len = parts.len();
    // The characters kept: those before `head` and from `tail` to `end`.
    let (mut head, mut tail, mut end) = (0, len - suffix.min(len - 1) - 1, len);
    let tail_width: usize = parts[tail..].iter().map(|c| width_of(c)).sum();
    if let Some(head_room) = room.checked_sub(tail_width + 1).filter(|_| suffix < len) {
        // The first characters at most `head_room` letters wide.
        let mut used = 0;
        while used + width_of(parts[head]) <= head_room {
            used += width_of(parts[head]);
            head += 1;
        }
        // "…" after a wide character is drawn as wide as it (a CJK font's is full-width).
        if head > 0 && width_of(parts[head - 1]) == 2 && used + tail_width + 2 > room {
            head -= 1;
        }
    } else {
        // Every end is another name's too: the characters up to the first that differs.
        let middle_room = room.checked_sub(2).filter(|_| prefix < len)?;
        end = prefix + 1;
        tail = end;
        let mut used = 0;
        while tail > 0 && used + width_of(parts[tail - 1]) <= middle_room {
            tail -= 1;
            used += width_of(parts[tail]);
        }
        if tail == end {
            return None;
        }
    }
    // Each run of characters left out is one "…".
    let kept = |k: usize| k < head || (tail..end).contains(&k);
    let mut label = String::new();
    for (k, c) in parts.iter().enumerate() {
        if kept(k) {
            label.push_str(c);
        } else if k == 0 || kept(k - 1) {
            label.push('…');
        }
    }
    Some(label)
}

#[cfg(test)]
mod tests;
