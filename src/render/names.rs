//! Nodes' names shortened to the room a picture gives them (under a tank, in a strip's cell),
//! so that two different names keep two different labels: colour is never the only cue (a
//! handout is printed in black and white). The CLI's pictures and the page (the facade's
//! `nameLabels`, `cellLabels`) label names with these alone.

use crate::render::svg::characters::{characters, width as text_width, width_of};
use crate::render::svg::text::fit;

/// Each of `names`' label at most `room` letters wide (a wide character counts two, as
/// [`fit`] counts): the name where it fits, else [`fit`]'s head and "…" where no other name
/// is cut to the same. Names that are (`web1`, `web2`; `10.0.0.1:80`, `10.0.0.2:80`) keep the
/// part that tells them apart: the head that fits, "…" and the shortest end no other of them
/// ends with (`w…1`, `…1` where only the end fits, `backend-…1`, `10…1:80`), or, where every
/// end is another's too, "…", the part up to where they first differ, "…". Where the room holds
/// nothing that tells a name apart, it keeps [`fit`]'s label.
pub(crate) fn name_labels(names: &[&str], room: usize) -> Vec<String> {
    let mut labels: Vec<String> = names.iter().map(|name| fit(name, room)).collect();
    let mut changed = vec![false; names.len()];
    let mut told: Vec<(usize, String)> = Vec::new();
    for group in alike(&labels) {
        // A name that fits is its own label; only cut ones are told apart.
        let group: Vec<usize> = group
            .into_iter()
            .filter(|&i| text_width(names[i]) > room)
            .collect();
        if group.len() < 2 {
            continue;
        }
        let parts: Vec<Vec<&str>> = group.iter().map(|&i| characters(names[i])).collect();
        let shared = Shared::of(&parts);
        for (k, &i) in group.iter().enumerate() {
            if let Some(label) = told_apart(&parts[k], shared.prefix[k], shared.suffix[k], room) {
                told.push((i, label));
            }
        }
    }
    for (i, label) in told {
        labels[i] = label;
        changed[i] = true;
    }
    // A changed label that another name's label is too (a room too small for what differs)
    // goes back to the plain cut: a new label never makes two names read alike.
    let back: Vec<usize> = alike(&labels)
        .into_iter()
        .filter(|same| same.iter().any(|&i| names[i] != names[same[0]]))
        .flatten()
        .filter(|&i| changed[i])
        .collect();
    for i in back {
        labels[i] = fit(names[i], room);
    }
    labels
}

/// The labels of a strip's cells `chars` letters wide, one per name: the name where it has at
/// most `chars` characters (a one-letter name always), else its [`name_labels`] label, or none
/// where not even a letter and "…" fit.
pub(crate) fn cell_labels(names: &[&str], chars: usize) -> Vec<Option<String>> {
    let whole = |name: &str| name.chars().count() <= chars.max(1);
    let cut: Vec<&str> = names.iter().copied().filter(|n| !whole(n)).collect();
    let mut cut_labels = if chars >= 2 {
        name_labels(&cut, chars).into_iter().map(Some).collect()
    } else {
        vec![None; cut.len()]
    }
    .into_iter();
    names
        .iter()
        .map(|&name| {
            if whole(name) {
                Some(name.to_string())
            } else {
                cut_labels.next().flatten()
            }
        })
        .collect()
}

/// The indices of `labels` that share a label, for each label more than one has.
fn alike(labels: &[String]) -> Vec<Vec<usize>> {
    let keys: Vec<Vec<&str>> = labels.iter().map(|label| vec![label.as_str()]).collect();
    order(&keys)
        .chunk_by(|&a, &b| labels[a] == labels[b])
        .filter(|run| run.len() > 1)
        .map(<[usize]>::to_vec)
        .collect()
}

/// The indices of `keys` in their sorted order (one sort for every use: each is code in the wasm).
fn order(keys: &[Vec<&str>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_unstable_by(|&a, &b| keys[a].cmp(&keys[b]));
    order
}

/// For each of a group of different names (as characters), how many of its first and of its
/// last characters another of the group shares at most.
struct Shared {
    prefix: Vec<usize>,
    suffix: Vec<usize>,
}

impl Shared {
    fn of(parts: &[Vec<&str>]) -> Self {
        let mut prefix = vec![0; parts.len()];
        let mut suffix = vec![0; parts.len()];
        // In sorted order the name that shares the most with one is a neighbour of it.
        for pair in order(parts).windows(2) {
            let n = common(parts[pair[0]].iter(), parts[pair[1]].iter());
            prefix[pair[0]] = prefix[pair[0]].max(n);
            prefix[pair[1]] = prefix[pair[1]].max(n);
        }
        let reversed: Vec<Vec<&str>> = parts
            .iter()
            .map(|p| p.iter().rev().copied().collect())
            .collect();
        for pair in order(&reversed).windows(2) {
            let n = common(reversed[pair[0]].iter(), reversed[pair[1]].iter());
            suffix[pair[0]] = suffix[pair[0]].max(n);
            suffix[pair[1]] = suffix[pair[1]].max(n);
        }
        Self { prefix, suffix }
    }
}

fn common<'a>(a: impl Iterator<Item = &'a &'a str>, b: impl Iterator<Item = &'a &'a str>) -> usize {
    a.zip(b).take_while(|(x, y)| x == y).count()
}

/// The label of the name `parts` that another shares its first `prefix` and last `suffix`
/// characters with: head…end, or …middle…; `None` where neither fits `room`.
fn told_apart(parts: &[&str], prefix: usize, suffix: usize, room: usize) -> Option<String> {
    let len = parts.len();
    let wide = |range: &[&str]| range.iter().map(|c| width_of(c)).sum::<usize>();
    if suffix < len {
        let tail = &parts[len - suffix - 1..];
        if let Some(head_room) = room.checked_sub(wide(tail) + 1) {
            let mut head = leading(parts, head_room);
            // "…" after a wide character is drawn as wide as it (a CJK font's is full-width).
            if head.last().is_some_and(|c| width_of(c) == 2) && wide(&head) + wide(tail) + 2 > room
            {
                head.pop();
            }
            return Some(format!("{}…{}", head.concat(), tail.concat()));
        }
    }
    // Every end is another name's too: the characters up to the first that differs, after "…".
    if prefix < len {
        let middle_room = room.checked_sub(2)?;
        let mut start = prefix + 1;
        while start > 0 && wide(&parts[start - 1..=prefix]) <= middle_room {
            start -= 1;
        }
        if start > prefix {
            return None;
        }
        let middle = parts[start..=prefix].concat();
        let before = if start == 0 { "" } else { "…" };
        let after = if prefix + 1 == len { "" } else { "…" };
        return Some(format!("{before}{middle}{after}"));
    }
    None
}

/// The first characters of `parts` at most `room` letters wide.
fn leading<'a>(parts: &[&'a str], room: usize) -> Vec<&'a str> {
    let mut used = 0;
    parts
        .iter()
        .copied()
        .take_while(|c| {
            used += width_of(c);
            used <= room
        })
        .collect()
}

#[cfg(test)]
mod tests;
