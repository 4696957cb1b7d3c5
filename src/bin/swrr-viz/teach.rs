//! `presets` and `exercise`: the stories of the seed articles, and the quiz's exercises.

use std::io::Write;

use swrr_viz::teach::{presets, Exercise};

use crate::Failure;

pub fn write_presets(out: &mut impl Write) -> Result<(), Failure> {
    for p in presets() {
        let mut algo = p.algorithm.as_str().to_string();
        if p.subtract.as_str() != "total" {
            algo.push_str(&format!(" --subtract {}", p.subtract.as_str()));
        }
        if p.algorithm.as_str() == "random" {
            algo.push_str(&format!(" --seed {}", p.seed));
        }
        writeln!(out, "{}  ({algo}, {} steps)", p.name, p.steps)?;
        writeln!(out, "  weights   {}", p.weights)?;
        if !p.scenario.is_empty() {
            writeln!(out, "  scenario  {}", p.scenario)?;
        }
        writeln!(out, "  {}", p.description)?;
    }
    writeln!(
        out,
        "\nRun one with: swrr-viz trace --preset NAME (or seq, metrics)"
    )?;
    Ok(())
}

/// `exercise N`: what a student sees, and the key for the teacher.
pub fn write_exercise(out: &mut impl Write, number: u64, answers: bool) -> Result<(), Failure> {
    let exercise = Exercise::generate(number).map_err(|e| e.to_string())?;
    let weights = exercise.parsed_weights();
    writeln!(
        out,
        "exercise   {}  ({})",
        exercise.number,
        exercise.tier.as_str()
    )?;
    writeln!(out, "weights    {}", exercise.weights)?;
    let options = &exercise.options;
    let rule = if options.kind.as_str() == "swrr" {
        format!(", ties to the {} in list", options.tie.as_str())
    } else {
        String::new()
    };
    writeln!(out, "algorithm  {}{rule}", options.kind.as_str())?;
    writeln!(out, "predict    the first {} picks", exercise.picks)?;
    if answers {
        let names: Vec<&str> = exercise
            .answers()
            .iter()
            .map(|&i| weights.name(i as usize))
            .collect();
        writeln!(out, "answers    {}", names.join(" "))?;
    }
    Ok(())
}
