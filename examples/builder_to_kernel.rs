//! Tutorial: a kernel built through the API (no C), optimized, and run on Rust slices.
//!
//! A compiler that is not a C compiler hands its loop nest to optimist as a
//! [`Function`](optimist::scop::ir::Function), built with
//! [`FunctionBuilder`](optimist::scop::builder::FunctionBuilder): the builder allocates ids,
//! inserts C's conversions and validates the result. The driver (`optimist::compile`) models
//! it, collects its assumptions, schedules it and compiles versioned native code; the kernel
//! runs on the caller's slices without copying and says which version ran.
//!
//! Run with `cargo run -p optimist-examples --example builder_to_kernel`.

use optimist::codegen::ArrayArg;
use optimist::scop::Type;
use optimist::scop::builder::FunctionBuilder;
use optimist::scop::interp::Value;
use optimist::scop::ir::{BinOp, Expr};
use optimist::{Config, Version};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // void blur(int n, int m, float In[n][m], float Out[n][m]):
    //   for (int i = 1; i < n - 1; i++)
    //     for (int j = 1; j < m - 1; j++)
    //       Out[i][j] = (In[i-1][j] + In[i+1][j] + In[i][j-1] + In[i][j+1]) * 0.25f;
    let mut b = FunctionBuilder::new("blur");
    let n = b.scalar_param("n", Type::I32)?;
    let m = b.scalar_param("m", Type::I32)?;
    let input = b.array_param("In", Type::F32, &[b.size(n), b.size(m)], false)?;
    let output = b.array_param("Out", Type::F32, &[b.size(n), b.size(m)], false)?;
    let i = b.local("i", Type::I32)?;
    let j = b.local("j", Type::I32)?;
    let minus_one = |e: Expr| Expr::binary(BinOp::Sub, e, Expr::int32(1));
    let plus_one = |e: Expr| Expr::binary(BinOp::Add, e, Expr::int32(1));
    b.label("Rows")?;
    b.begin_for(i, Expr::int32(1), BinOp::Lt, minus_one(b.var(n))?, 1)?;
    b.begin_for(j, Expr::int32(1), BinOp::Lt, minus_one(b.var(m))?, 1)?;
    let mut sum = b.read(input, vec![minus_one(b.var(i))?, b.var(j)])?;
    for (di, dj) in [
        (plus_one(b.var(i))?, b.var(j)),
        (b.var(i), minus_one(b.var(j))?),
        (b.var(i), plus_one(b.var(j))?),
    ] {
        sum = Expr::binary(BinOp::Add, sum, b.read(input, vec![di, dj])?)?;
    }
    let value = Expr::binary(BinOp::Mul, sum, Expr::float(0.25, Type::F32)?)?;
    b.store(output, vec![b.var(i), b.var(j)], value)?;
    b.end()?;
    b.end()?;
    let f = b.finish()?;
    println!("The function, printed as C with every conversion explicit:\n{f}");

    // The driver and native code.
    let compiled = optimist::compile(&f, &Config::default())?;
    match compiled.outcome.plan() {
        Some(plan) => {
            println!("transformation: {}", plan.transformation);
            println!("run-time check: {}", plan.check_c());
            for report in &plan.reports {
                println!("  {report}");
            }
        }
        None => println!("faithful code only: {:?}", compiled.outcome.why()),
    }

    // Run it on Rust slices, and compare with the same computation in Rust.
    let (rows, cols) = (300usize, 200usize);
    let input_data: Vec<f32> = (0..rows * cols).map(|k| (k % 17) as f32 / 16.0).collect();
    let mut out = vec![0.0f32; rows * cols];
    let mut in_copy = input_data.clone();
    let version = compiled.kernel.call(
        &[
            ("n", Value::Int(rows as i128)),
            ("m", Value::Int(cols as i128)),
        ],
        &mut [
            ("In", ArrayArg::F32(&mut in_copy)),
            ("Out", ArrayArg::F32(&mut out)),
        ],
    )?;
    println!("{version:?} code ran");
    assert_eq!(version, Version::Optimized);
    let at = |r: usize, c: usize| input_data[r * cols + c];
    for r in 1..rows - 1 {
        for c in 1..cols - 1 {
            let want = (at(r - 1, c) + at(r + 1, c) + at(r, c - 1) + at(r, c + 1)) * 0.25f32;
            assert_eq!(out[r * cols + c].to_bits(), want.to_bits(), "Out[{r}][{c}]");
        }
    }
    println!("every element equals the Rust computation, bit for bit");
    Ok(())
}
