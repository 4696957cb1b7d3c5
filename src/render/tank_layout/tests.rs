//! The tanks' geometry: heights, text rows, level numbers and the page's widths.

use super::*;

#[test]
fn the_drains_arrow_is_written_where_the_tank_holds_it() {
    // 3 tanks on a phone, 12 on a desktop: `↓ −78` fits; 12 in a phone's box (358 px, a
    // tank of 2 characters inside its outline): `−78` alone, drawn as wide as the tank's room.
    let three = TankLayout::new(3, 5, 358.0, (-10, 10));
    assert_eq!(three.drain_text("−10"), "↓ −10");
    assert_eq!(three.drain_length("↓ −10"), None);
    assert_eq!(
        TankLayout::new(12, 12, 1000.0, (-78, 78)).drain_text("−78"),
        "↓ −78"
    );
    let phone = TankLayout::new(12, 12, 358.0, (-78, 78));
    assert_eq!((phone.slot_chars(), phone.tank_chars()), (3, 2));
    assert_eq!(phone.drain_text("−78"), "−78");
    assert_eq!(phone.drain_length("−78"), Some(phone.tank_width() - 4.0));
    // 16 tanks at 640 px: the slot (over the gap) held `−136`, the tank does not.
    let sixteen = TankLayout::new(16, 16, 640.0, (-136, 136));
    assert_eq!((sixteen.slot_chars(), sixteen.tank_chars()), (5, 3));
    assert_eq!(sixteen.drain_text("−136"), "−136");
    assert_eq!(
        sixteen.drain_length("−136"),
        Some(sixteen.tank_width() - 4.0)
    );
}

#[test]
fn a_pipe_is_at_most_half_its_tank_whatever_the_weight() {
    let g = TankLayout::new(3, 5, 640.0, (-10, 10));
    let half = g.tank_width() / 2.0;
    assert_eq!(g.pipe_width(5), half);
    assert!((g.pipe_width(2) - half * 0.4).abs() < 1e-9);
    // A weight a scenario raised above the typed ones (`@2 B=80`), or 100 times the largest.
    assert_eq!(g.pipe_width(80), half);
    assert_eq!(g.pipe_width(500), half);
    assert_eq!(g.pipe_width(0), 0.0);
}

#[test]
fn a_pipes_weight_wider_than_a_slot_puts_every_second_one_in_a_second_row() {
    // Twelve tanks in a phone's box (358 px): a slot of 27.6 px holds `+12` (20.7 px and
    // the 4 px gap), not `+100` (27.6 px and the gap).
    let small = TankLayout::new(12, 12, 358.0, (-78, 78));
    assert!(!small.staggered);
    assert_eq!(small.pipe_label_y_of(1), small.pipe_label_y());
    let large = TankLayout::new(12, 100, 358.0, (-78, 78));
    assert!(large.staggered);
    assert_eq!(large.pipe_label_y_of(0), large.pipe_label_y());
    assert_eq!(large.pipe_label_y_of(2), large.pipe_label_y());
    // The second row is under the first's text and over the tanks' tops.
    let second = large.pipe_label_y_of(1);
    assert!(second - large.font * PIPE_LABEL_EM > large.pipe_label_y());
    assert!(second < large.pipe_zone);
    // A weight raised to 100 later in the run counts from the start.
    assert!(small.clone().holding_label(100).staggered);
    assert!(!small.holding_label(12).staggered);
    // Three tanks hold any `+w` of up to 13 digits in one row.
    assert!(!TankLayout::new(3, 10_u64.pow(12), 358.0, (-5, 5)).staggered);
}

#[test]
fn pipe_labels_stand_beside_their_pipe_or_on_it_or_not_at_all() {
    // The CLI's 640 px pictures (616 px of tanks): 3 tanks hold `+5` beside their pipes; 16
    // would put `+15` on P's pipe (QA s23 F13), so each `+w` stands on its own; 38 tanks whose
    // `+1000000000` would run into the next in its row even in two rows draw none.
    let three = TankLayout::new(3, 5, 616.0, (-5, 5));
    assert_eq!(three.pipe_labels, PipeLabels::Beside);
    let (x, width) = three.tank(0);
    let mid = x + width / 2.0;
    assert_eq!(
        three.pipe_label_x(mid, 40.0, "+5"),
        mid + 20.0 + PIPE_LABEL_GAP
    );
    let sixteen = TankLayout::new(16, 16, 616.0, (-136, 136));
    assert_eq!(sixteen.pipe_labels, PipeLabels::Centred);
    assert!(!sixteen.staggered && sixteen.with_pipe_labels());
    let (x, width) = sixteen.tank(14);
    let mid = x + width / 2.0;
    // `+15` drawn 3 × 0.6 em of 0.8 × 12 px wide, centred whatever its pipe.
    assert!((sixteen.pipe_label_x(mid, 14.5, "+15") - (mid - 8.64)).abs() < 1e-9);
    // A weight raised to 1000 later in the run counts from the start.
    let raised = TankLayout::new(16, 16, 616.0, (-136, 136)).holding_label(1000);
    assert!(raised.staggered && raised.with_pipe_labels());
    let two_rows = TankLayout::new(38, 1000, 616.0, (-5, 5));
    assert!(two_rows.staggered && two_rows.with_pipe_labels());
    let crowded = TankLayout::new(38, 1_000_000_000, 616.0, (-5, 5));
    assert!(crowded.with_text && crowded.staggered);
    assert_eq!(crowded.pipe_labels, PipeLabels::Hidden);
    assert!(!crowded.with_pipe_labels());
}

#[test]
fn the_height_is_the_widths_whatever_the_nodes() {
    for width in [216.0, 280.0, 390.0, 640.0, 1000.0, 1342.0, 4072.0] {
        let heights: Vec<f64> = [0, 3, 41, 250, 1000]
            .map(|n| TankLayout::new(n, 5, width, (-10, 10)).height)
            .to_vec();
        assert!(
            heights
                .iter()
                .all(|&h| h == TankLayout::height_for(width, 1.0)),
            "{width}: {heights:?}"
        );
    }
    assert_eq!(
        TankLayout::height_for(640.0, 1.0),
        12.0 * 6.8 + 640.0 * 0.42
    );
    assert_eq!(
        TankLayout::height_for(1000.0, 1.0),
        1000.0 / 55.0 * 6.8 + 420.0
    );
}

#[test]
fn larger_text_takes_rows_of_the_height_and_leaves_the_tanks_theirs() {
    let usual = TankLayout::new(3, 5, 770.0, (-10, 10));
    let large = TankLayout::with_text_scale(3, 5, 770.0, (-10, 10), 1.7);
    assert!((large.font - usual.font * 1.7).abs() < 1e-9);
    assert!((large.height - usual.height - usual.font * 0.7 * 6.8).abs() < 1e-9);
    assert!((large.tank_height - usual.tank_height).abs() < 1e-9);
    assert!((large.height - TankLayout::height_for(770.0, 1.7)).abs() < 1e-9);
}

#[test]
fn larger_text_grows_as_far_as_the_tanks_leave_room_and_the_height_stays_the_widths() {
    // Twelve tanks 757 px wide: each slot stays 3 em wide, so the text grows less than 1.7×.
    let usual = TankLayout::new(12, 12, 757.0, (-40, 40));
    let large = TankLayout::with_text_scale(12, 12, 757.0, (-40, 40), 1.7);
    assert!(large.font > usual.font && large.font < usual.font * 1.7);
    assert!((large.slot - 3.0 * large.font).abs() < 1e-9);
    assert!(large.with_text);
    assert!((large.height - TankLayout::height_for(757.0, 1.7)).abs() < 1e-9);
    assert!(large.tank_height > usual.tank_height - 1e-9);
    // Twelve in a phone's 390 px keep the usual size, and their texts.
    let phone = TankLayout::with_text_scale(12, 12, 390.0, (-40, 40), 1.7);
    assert_eq!(phone.font, TankLayout::new(12, 12, 390.0, (-40, 40)).font);
    assert!(phone.with_text);
}

#[test]
fn a_taller_box_lengthens_the_tanks_alone_up_to_twice_the_width() {
    let natural = TankLayout::with_text_scale(3, 5, 345.0, (-5, 5), 1.7);
    let tall = natural.clone().filling(411.0);
    assert_eq!(tall.height, 411.0);
    assert!((tall.tank_height - natural.tank_height - (411.0 - natural.height)).abs() < 1e-9);
    assert_eq!(
        (tall.font, tall.pipe_zone),
        (natural.font, natural.pipe_zone)
    );
    assert_eq!(natural.clone().filling(200.0).height, natural.height);
    assert_eq!(natural.clone().filling(0.0).height, natural.height);
    assert_eq!(natural.filling(f64::INFINITY).height, 690.0);
}

#[test]
fn a_text_scale_is_between_one_and_the_most() {
    assert_eq!(TankLayout::text_scale(None), 1.0);
    assert_eq!(TankLayout::text_scale(Some(f64::NAN)), 1.0);
    assert_eq!(TankLayout::text_scale(Some(f64::INFINITY)), 1.0);
    assert_eq!(TankLayout::text_scale(Some(0.5)), 1.0);
    assert_eq!(TankLayout::text_scale(Some(1.7)), 1.7);
    assert_eq!(TankLayout::text_scale(Some(40.0)), MAX_TEXT_SCALE);
}

#[test]
fn without_texts_or_pipes_the_tanks_grow_into_the_space() {
    let texts = TankLayout::new(3, 5, 640.0, (-5, 5));
    let bare = TankLayout::new(41, 5, 640.0, (-5, 5));
    let compact = TankLayout::new(250, 5, 640.0, (-5, 5));
    assert!(texts.with_text && texts.with_pipes);
    assert!(!bare.with_text && bare.with_pipes);
    assert!(!compact.with_text && !compact.with_pipes);
    assert!((texts.tank_height - 268.8).abs() < 1e-9);
    assert!((bare.tank_height - (268.8 + texts.font * 3.7)).abs() < 1e-9);
    assert!((compact.tank_height - (268.8 + texts.font * 6.3)).abs() < 1e-9);
}

#[test]
fn the_level_scale_is_linear_from_the_top_of_the_range_to_its_bottom() {
    let g = TankLayout::new(3, 5, 640.0, (-7, 5));
    assert!((g.y(5) - (g.pipe_zone + INSET)).abs() < 1e-9);
    assert!((g.y(-7) - (g.floor() - INSET)).abs() < 1e-9);
    assert!((g.y(0) - 5.0 * g.per_level() - g.y(5)).abs() < 1e-9);
}

#[test]
fn a_level_number_near_the_top_sits_under_the_drains_text() {
    let g = TankLayout::new(3, 5, 640.0, (-5, 60));
    let text = g.level_text();
    // Every surface from the top of the scale down: the number's baseline is a line under
    // the drain's `↓ −W`, and far from the top it rides on the surface again.
    for level in (40..=60).rev() {
        let y = g.level_text_y(g.y(level));
        assert!(
            y >= g.top_text_y() + g.font * 1.1 - 1e-9,
            "level {level}: {y}"
        );
    }
    let low = g.y(0);
    assert!((g.level_text_y(low) - (low + text.above)).abs() < 1e-9);
}

#[test]
fn a_level_number_just_under_zero_sits_under_its_surface_clear_of_the_zero_line() {
    // 100,1,1's scale: B at −8 is just under the zero line, which is drawn over the tanks.
    let g = TankLayout::new(3, 100, 358.0, (-100, 118));
    let zero = g.y(0);
    let text = g.level_text();
    for level in -40..=-1 {
        let surface = g.y(level);
        let y = g.level_text_y(surface);
        // The number's line, a little over a line high, stays wholly above or under the zero
        // line, a pixel clear of it.
        let (top, bottom) = (y - g.font * 0.75, y);
        assert!(
            bottom <= zero - 1.0 || top >= zero + 1.0,
            "level {level}: {top}–{bottom} over {zero}"
        );
        let under = surface > text.under_zero_from && surface < text.under_zero_to;
        assert_eq!(y, surface + if under { text.inside } else { text.above });
    }
    // Far under zero, the number stands on its surface as everywhere else.
    let deep = g.y(-60);
    assert_eq!(g.level_text_y(deep), deep + text.above);
}

#[test]
fn the_page_draws_narrow_boxes_at_its_narrowest_width() {
    assert_eq!(TankLayout::page_width(0.0), 640.0);
    assert_eq!(TankLayout::page_width(f64::NAN), 640.0);
    assert_eq!(TankLayout::page_width(200.0), 280.0);
    assert_eq!(TankLayout::page_width(390.4), 390.0);
}

#[test]
fn narrow_tanks_shrink_their_text_to_keep_their_names_down_to_the_least_size() {
    // 16 tanks in a 390 px phone's 353 px: the usual 12 px leaves a slot of 1.7 em, 11 px holds it.
    let phone = TankLayout::new(16, 7, 353.0, (-20, 20));
    assert!(phone.with_text);
    assert!(phone.font < 12.0 && phone.font > 10.5, "{}", phone.font);
    assert!(phone.slot >= phone.font * TEXT_SLOT_EM - 1e-9);
    assert_eq!(phone.height, TankLayout::new(3, 7, 353.0, (-20, 20)).height);
    // Tanks that hold the usual text keep it, as before.
    assert_eq!(TankLayout::new(12, 7, 353.0, (-20, 20)).font, 12.0);
    // 22 tanks there take the least size; 23 would need less, and lose their texts at the usual size.
    let least = TankLayout::new(22, 7, 353.0, (-20, 20));
    assert!(least.with_text && least.font >= MIN_FONT);
    let names = TankLayout::new(23, 7, 353.0, (-20, 20));
    assert!(!names.with_text && names.with_names);
    assert_eq!(names.font, 12.0);
    // 40 on a desktop's 718 px keep them; 41 never have them.
    assert!(TankLayout::new(40, 7, 718.0, (-20, 20)).with_text);
    let many = TankLayout::new(41, 7, 2000.0, (-20, 20));
    assert!(!many.with_text && !many.with_names);
}

#[test]
fn tanks_too_narrow_for_their_numbers_keep_their_names_alone_two_letters_drawn_narrower() {
    // 38 tanks on a 390 px phone: 8 px names in 8.8 px slots, under a single row of labels; 39
    // would need smaller ones, and are bars.
    let phone = TankLayout::new(38, 7, 353.0, (-20, 20));
    assert!(!phone.with_text && phone.with_names);
    assert!(phone.font >= MIN_FONT && phone.font < 8.5, "{}", phone.font);
    assert!(!TankLayout::new(39, 7, 353.0, (-20, 20)).with_names);
    assert!(
        (phone.tank_height - (phone.height - phone.font * (PIPE_EM + NAME_LABEL_EM))).abs() < 1e-9
    );
    assert_eq!((phone.name_room(), phone.name_chars()), (1, 2));
    assert_eq!(phone.name_length(1), None);
    assert_eq!(phone.name_length(2), Some(phone.tank_width() - 2.0));
    // Tanks with their numbers never squeeze a name (it is cut to what fits, as before).
    let texts = TankLayout::new(12, 7, 353.0, (-20, 20));
    assert_eq!(texts.name_length(9), None);
    assert_eq!(texts.name_chars(), texts.name_room().max(1));
}

#[test]
fn a_level_stays_inside_its_tank_whole_narrower_or_left_out() {
    // The still of 24 tanks at 640 px (616 px of tanks): a tank 20.6 px wide holds two
    // characters at 7.2 px; `−300` (28.8 px) is drawn in its room of 16.6 px (0.58 of its
    // width), `→ −360` loses its arrow first.
    let g = TankLayout::new(24, 100, 616.0, (-420, 240));
    let room = g.tank_width() - 4.0;
    assert_eq!((g.level_chars(), g.level_least_chars()), (2, 4));
    assert_eq!(g.level_fit("30"), InTank::Whole);
    assert_eq!(g.level_fit("240"), InTank::Narrower(room));
    assert_eq!(g.level_fit("−300"), InTank::Narrower(room));
    assert_eq!(g.level_fit("−1000"), InTank::Out);
    assert_eq!(g.after_text("−360"), "−360");
    // Its small level before the step, 0.75 em from 4 px inside the left edge: `−400` (21.6 px)
    // in the 14.6 px left clear of the right edge; a one-digit level whole.
    assert_eq!(g.before_fit("−400"), InTank::Narrower(g.tank_width() - 6.0));
    assert_eq!(g.before_fit("9"), InTank::Whole);
    // 16 tanks at 320 px (296): a tank 14.5 px wide at 9.1 px text; `−120` would be drawn at
    // 0.48 of its width, so it is left out.
    let g = TankLayout::new(16, 16, 296.0, (-136, 136));
    assert_eq!((g.level_chars(), g.level_least_chars()), (2, 3));
    assert_eq!(g.level_fit("42"), InTank::Whole);
    assert_eq!(g.level_fit("−94"), InTank::Narrower(g.drain_room()));
    assert_eq!(g.level_fit("−120"), InTank::Out);
    // Three tanks: every text whole, `→ −4` with its arrow.
    let g = TankLayout::new(3, 5, 616.0, (-10, 10));
    assert_eq!(g.after_text("−4"), "→ −4");
    assert_eq!(g.level_fit("→ −4"), InTank::Whole);
    assert_eq!(g.before_fit("−10"), InTank::Whole);
}

#[test]
fn twelve_tanks_on_a_phone_keep_a_level_of_five_characters_narrower() {
    // The page's tightest before: `−1244` among twelve tanks in a phone's box (358 px), 36 px
    // drawn in a room of 19.2 px (0.53 of its width).
    let g = TankLayout::new(12, 4000, 358.0, (-1244, 4000));
    assert_eq!(g.level_fit("−1244"), InTank::Narrower(g.drain_room()));
    assert_eq!(g.level_fit("−12440"), InTank::Out);
}

#[test]
fn a_count_under_a_tank_keeps_clear_of_the_next() {
    // Twelve tanks in a phone's box (358 px): a slot of 27.6 px at 12 px holds `12×` (3 letters
    // at 0.85em), not `12 次` (5: the wide `次` counts two) or `100×`, which are drawn 23.6 px
    // wide, 4 px short of the next count.
    let phone = TankLayout::new(12, 12, 358.0, (-78, 78));
    assert_eq!(phone.picks_chars(), 3);
    assert_eq!(phone.picks_fit("12×"), InTank::Whole);
    let room = phone.slot - 4.0;
    assert_eq!(phone.picks_room(), room);
    assert_eq!(phone.picks_fit("12 次"), InTank::Narrower(room));
    assert_eq!(phone.picks_fit("12次"), InTank::Narrower(room));
    assert_eq!(phone.picks_fit("100×"), InTank::Narrower(room));
    // Three tanks on a phone hold any of them.
    let three = TankLayout::new(3, 5, 358.0, (-10, 10));
    assert_eq!(three.picks_fit("1000 次"), InTank::Whole);
}
