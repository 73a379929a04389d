//! Tutorial: the presburger layer.
//!
//! Sets and maps of integer tuples, how a compiler asks questions with them (which iterations
//! touch the same element? which parameter values make an access go out of bounds?), how a
//! budget bounds the work isl may do, and polynomials for subscripts that are not affine yet.
//!
//! Run with `cargo run -p optimist-examples --example presburger_basics`.

use optimist::presburger::{Ctx, DimType, Error, Map, Polynomial, Set};

fn main() -> Result<(), Error> {
    // One context per compilation. Everything made in it stays on this thread.
    let ctx = Ctx::new();

    // The iterations of `for (i = 0; i < n; i++) A[i + 1] = A[i] * 2;`
    let domain = Set::parse(&ctx, "[n] -> { S[i] : 0 <= i < n }")?;
    let write = Map::parse(&ctx, "{ S[i] -> A[i + 1] }")?.intersect_domain(&domain)?;
    let read = Map::parse(&ctx, "{ S[i] -> A[i] }")?.intersect_domain(&domain)?;
    println!("domain: {domain}");

    // Which iteration reads what another one wrote? write ; read⁻¹ relates writer to reader.
    let same_element = write.apply_range(&read.reverse()?)?;
    println!("writer -> reader: {same_element}");
    println!("dependence distance: {}", same_element.deltas()?);

    // Bounds: with `double A[100]`, for which n does some access leave the array?
    let bounds = Set::parse(&ctx, "{ A[e] : 0 <= e < 100 }")?;
    let touched = write.range()?.union(&read.range()?)?;
    let out_of_bounds = touched.subtract(&bounds)?.params()?;
    println!("parameter values with an out-of-bounds access: {out_of_bounds}");
    assert_eq!(out_of_bounds, Set::parse(&ctx, "[n] -> { : n >= 100 }")?);

    // Small bounded sets can be enumerated.
    let corner = domain.fix(DimType::Param, 0, 4)?;
    println!("instances for n = 4: {:?}", corner.points(10)?);

    // A budget turns a hard question into an ordinary error instead of a long wait.
    let hard = Set::parse(
        &ctx,
        "[n] -> { [i, j, k] : 0 <= i, j, k < n and 3i + 5j + 7k = 1001 }",
    )?;
    match ctx.with_budget(10, || hard.lexmin()) {
        Err(Error::Budget) => {
            println!("lexmin within 10 operations: budget exhausted (as expected)")
        }
        other => println!("lexmin within 10 operations: {other:?}"),
    }
    let first = hard.fix(DimType::Param, 0, 150)?.lexmin()?.points(1)?;
    println!(
        "lexmin without a budget, for n = 150: (i, j, k) = {:?}",
        first[0]
    );

    // Polynomials: a linearized subscript, and the affine function it becomes once divided.
    let flat: Polynomial = "i*m + j".parse()?;
    let (row, col) = flat.div_rem(&"m".parse()?)?;
    println!("{flat} = ({row}) * m + {col}");
    let space = Set::parse(&ctx, "[m] -> { [i, j] }")?.space()?;
    println!(
        "as isl functions: row {}, column {}",
        row.to_aff(&space)?,
        col.to_aff(&space)?
    );
    Ok(())
}
