//! Compile-time costs of the isl operations the upper layers lean on, on the model of a
//! three-matrix product (3mm): dataflow, scheduling, and AST generation of a tiled nest.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::presburger::{
    AstBuild, Ctx, Schedule, ScheduleConstraints, Set, UnionAccessInfo, UnionMap, UnionSet,
};
use std::hint::black_box;

const DOMAIN: &str = "[ni, nj, nk, nl, nm] -> { \
    S0[i, j] : 0 <= i < ni and 0 <= j < nj; S1[i, j, k] : 0 <= i < ni and 0 <= j < nj and 0 <= k < nk; \
    S2[i, j] : 0 <= i < nj and 0 <= j < nl; S3[i, j, k] : 0 <= i < nj and 0 <= j < nl and 0 <= k < nm; \
    S4[i, j] : 0 <= i < ni and 0 <= j < nl; S5[i, j, k] : 0 <= i < ni and 0 <= j < nl and 0 <= k < nj }";
const READS: &str = "{ S1[i, j, k] -> E[i, j]; S1[i, j, k] -> A[i, k]; S1[i, j, k] -> B[k, j]; \
    S3[i, j, k] -> F[i, j]; S3[i, j, k] -> C[i, k]; S3[i, j, k] -> D[k, j]; \
    S5[i, j, k] -> G[i, j]; S5[i, j, k] -> E[i, k]; S5[i, j, k] -> F[k, j] }";
const WRITES: &str = "{ S0[i, j] -> E[i, j]; S1[i, j, k] -> E[i, j]; S2[i, j] -> F[i, j]; \
    S3[i, j, k] -> F[i, j]; S4[i, j] -> G[i, j]; S5[i, j, k] -> G[i, j] }";
const SCHEDULE: &str = r#"{ domain: "[ni, nj, nk, nl, nm] -> { S0[i, j] : 0 <= i < ni and 0 <= j < nj; S1[i, j, k] : 0 <= i < ni and 0 <= j < nj and 0 <= k < nk; S2[i, j] : 0 <= i < nj and 0 <= j < nl; S3[i, j, k] : 0 <= i < nj and 0 <= j < nl and 0 <= k < nm; S4[i, j] : 0 <= i < ni and 0 <= j < nl; S5[i, j, k] : 0 <= i < ni and 0 <= j < nl and 0 <= k < nj }",
  child: { sequence: [
    { filter: "{ S0[i, j]; S1[i, j, k] }", child: { schedule: "[{ S0[i, j] -> [(i)]; S1[i, j, k] -> [(i)] }, { S0[i, j] -> [(j)]; S1[i, j, k] -> [(j)] }]",
      child: { sequence: [ { filter: "{ S0[i, j] }" }, { filter: "{ S1[i, j, k] }", child: { schedule: "[{ S1[i, j, k] -> [(k)] }]" } } ] } } },
    { filter: "{ S2[i, j]; S3[i, j, k] }", child: { schedule: "[{ S2[i, j] -> [(i)]; S3[i, j, k] -> [(i)] }, { S2[i, j] -> [(j)]; S3[i, j, k] -> [(j)] }]",
      child: { sequence: [ { filter: "{ S2[i, j] }" }, { filter: "{ S3[i, j, k] }", child: { schedule: "[{ S3[i, j, k] -> [(k)] }]" } } ] } } },
    { filter: "{ S4[i, j]; S5[i, j, k] }", child: { schedule: "[{ S4[i, j] -> [(i)]; S5[i, j, k] -> [(i)] }, { S4[i, j] -> [(j)]; S5[i, j, k] -> [(j)] }]",
      child: { sequence: [ { filter: "{ S4[i, j] }" }, { filter: "{ S5[i, j, k] }", child: { schedule: "[{ S5[i, j, k] -> [(k)] }]" } } ] } } } ] } }"#;

struct Model {
    ctx: Ctx,
    domain: UnionSet,
    reads: UnionMap,
    writes: UnionMap,
    schedule: Schedule,
}

fn model() -> Model {
    let ctx = Ctx::new();
    let domain = UnionSet::parse(&ctx, DOMAIN).unwrap();
    let reads = UnionMap::parse(&ctx, READS)
        .unwrap()
        .intersect_domain(&domain)
        .unwrap();
    let writes = UnionMap::parse(&ctx, WRITES)
        .unwrap()
        .intersect_domain(&domain)
        .unwrap();
    let schedule = Schedule::parse(&ctx, SCHEDULE).unwrap();
    Model {
        ctx,
        domain,
        reads,
        writes,
        schedule,
    }
}

fn flow(m: &Model) -> UnionMap {
    UnionAccessInfo::from_sink(&m.reads)
        .unwrap()
        .with_must_source(&m.writes)
        .unwrap()
        .with_schedule(&m.schedule)
        .unwrap()
        .compute_flow()
        .unwrap()
        .must_dependence()
        .unwrap()
}

fn benches(c: &mut Criterion) {
    c.bench_function("3mm: parse model", |b| b.iter(|| black_box(model())));
    let m = model();
    c.bench_function("3mm: dataflow (compute_flow)", |b| {
        b.iter(|| black_box(flow(&m)))
    });
    let raw = flow(&m);
    c.bench_function("3mm: isl scheduler", |b| {
        b.iter(|| {
            let sc = ScheduleConstraints::on_domain(&m.domain)
                .unwrap()
                .with_validity(&raw)
                .unwrap()
                .with_proximity(&raw)
                .unwrap()
                .with_coincidence(&raw)
                .unwrap();
            black_box(sc.compute_schedule().unwrap())
        })
    });
    let context = Set::parse(
        &m.ctx,
        "[ni, nj, nk, nl, nm] -> { : ni, nj, nk, nl, nm > 0 }",
    )
    .unwrap();
    c.bench_function("3mm: AST of the original schedule", |b| {
        b.iter(|| {
            let build = AstBuild::from_context(&context).unwrap();
            black_box(
                build
                    .node_from_schedule(&m.schedule)
                    .unwrap()
                    .to_c()
                    .unwrap(),
            )
        })
    });
}

criterion_group!(presburger, benches);
criterion_main!(presburger);
