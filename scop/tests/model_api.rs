//! The model through its API: facts, invariant loads, the verifier, budgets, dependences.

use optimist_presburger::{DimType, Map, Set, UnionMap};
use optimist_scop::frontend::{FrontendConfig, parse_source};
use optimist_scop::model::{
    AccessId, AccessKind, Config, DepConfig, DepKind, Dependences, ParamOrigin, Scop, StmtId,
};

fn model(src: &str) -> (optimist_scop::ir::Function, Scop) {
    let f = parse_source("t.c", src, None, &FrontendConfig::default()).unwrap();
    let s = Scop::build(&f, &Config::default()).unwrap_or_else(|e| panic!("{e}"));
    (f, s)
}

#[test]
fn statements_accesses_and_schedule() {
    let (_, s) = model(
        "void k(int n, double A[n], double B[n]) {\n  for (int i = 1; i < n; i++) {\nW:  A[i] = A[i - 1] + B[i];\n    B[i] = 0;\n  }\n}",
    );
    assert_eq!(s.stmts.len(), 2);
    assert_eq!(s.stmts[StmtId(0)].name, "W", "labels name statements");
    assert_eq!(s.stmts[StmtId(1)].name, "S1");
    let w = s.access(s.stmts[StmtId(0)].write);
    assert_eq!(w.kind, AccessKind::MustWrite);
    assert!(w.exact);
    assert_eq!(
        w.relation,
        Map::parse(&s.ctx, "[n] -> { W[i] -> A[i] : 1 <= i < n }").unwrap()
    );
    assert_eq!(s.stmts[StmtId(0)].accesses.len(), 3);
    assert_eq!(
        s.domains().unwrap(),
        optimist_presburger::UnionSet::parse(
            &s.ctx,
            "[n] -> { W[i] : 1 <= i < n; S1[i] : 1 <= i < n }"
        )
        .unwrap()
    );
    // W runs before S1 in the same iteration.
    let order = s.schedule.map().unwrap();
    let before = order.lex_lt_union_map(&order).unwrap();
    let pair = UnionMap::parse(&s.ctx, "[n] -> { W[i] -> S1[i] : 1 <= i < n }").unwrap();
    assert!(pair.is_subset(&before).unwrap());
    s.verify().unwrap();
}

#[test]
fn dependences_between_accesses() {
    let (_, s) = model(
        "void k(int n, double A[n], double B[n]) {\n  for (int i = 1; i < n; i++) {\n    A[i] = A[i - 1] + B[i];\n    B[i] = 0;\n  }\n}",
    );
    let d = Dependences::compute(&s, &DepConfig::default()).unwrap();
    let raw = d.statements(DepKind::Raw, true).unwrap();
    // A[i] flows into the next iteration's read of A[i - 1].
    assert!(
        UnionMap::parse(&s.ctx, "[n] -> { S0[i] -> S0[i + 1] : 1 <= i < n - 1 }")
            .unwrap()
            .is_subset(&raw)
            .unwrap()
    );
    // B[i] is read by S0 before S1 overwrites it: WAR S0 -> S1, same iteration.
    let war = d.statements(DepKind::War, true).unwrap();
    assert!(
        UnionMap::parse(&s.ctx, "[n] -> { S0[i] -> S1[i] : 1 <= i < n }")
            .unwrap()
            .is_subset(&war)
            .unwrap()
    );
    // Access granularity: the RAW goes from the write of A (a0) to the read of A[i - 1] (a1),
    // not to the read of B (a2).
    let tagged = d.get(DepKind::Raw, true).to_string();
    assert!(
        tagged.contains("a0[]") && tagged.contains("a1[]") && !tagged.contains("a2[]"),
        "{tagged}"
    );
    // The same-instance anti-dependence of A[i] = A[i] + ... in both variants.
    let (_, s2) =
        model("void k(int n, int A[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = A[i] + 1;\n}");
    let d2 = Dependences::compute(&s2, &DepConfig::default()).unwrap();
    for value_based in [true, false] {
        let war = d2.get(DepKind::War, value_based).factor_domain().unwrap();
        assert!(
            war.is_equal(
                &UnionMap::parse(&s2.ctx, "[n] -> { S0[i] -> S0[i] : 0 <= i < n }").unwrap()
            )
            .unwrap()
        );
        // At statement granularity it is left out.
        assert!(
            d2.statements(DepKind::War, value_based)
                .unwrap()
                .is_empty()
                .unwrap()
        );
    }
    // Memory-based dependences contain the value-based ones.
    for k in [DepKind::Raw, DepKind::War, DepKind::Waw] {
        assert!(d.get(k, true).is_subset(d.get(k, false)).unwrap());
    }
    assert!(!d.all_statements().unwrap().is_empty().unwrap());
}

#[test]
fn invariant_loads_and_facts() {
    let (_, s) = model(
        "void k(int n, int lim[2], unsigned char c, double A[300]) {\n  for (int i = 0; i < lim[1]; i++)\n    for (unsigned char j = 0; j != c; j++)\n      A[i + (unsigned char)(j + 1)] = 1.0;\n}",
    );
    assert_eq!(s.invariant_loads.len(), 1);
    let load = &s.invariant_loads[0];
    assert_eq!(load.param, "lim_ld0");
    assert_eq!(
        load.relation,
        Map::parse(&s.ctx, "{ [] -> lim[1] }").unwrap()
    );
    assert!(
        s.params
            .iter()
            .any(|p| p.name == "lim_ld0" && p.origin == ParamOrigin::Load(0))
    );
    // The unsigned char parameter's range is in the context.
    assert!(
        s.context
            .is_subset(&Set::parse(&s.ctx, "[c] -> { : 0 <= c <= 255 }").unwrap())
            .unwrap()
    );
    // The `!=` exit and the narrowing conversion in the subscript are recorded.
    assert!(
        s.facts
            .loop_exits
            .iter()
            .any(|l| l.iterator == "j" && l.op == optimist_scop::ir::BinOp::Ne)
    );
    assert!(
        s.facts
            .int_exprs
            .iter()
            .any(|e| e.may_wrap && e.text.contains("(unsigned char)"))
    );
    assert!(
        s.facts
            .int_exprs
            .iter()
            .any(|e| !e.may_wrap && e.text == "lim[1]")
    );
    assert_eq!(s.facts.base_pointers.len(), 2);
}

#[test]
fn the_verifier_rejects_broken_models() {
    let (_, mut s) = model(
        "void k(int n, double A[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = 2 * A[i];\n}",
    );
    s.verify().unwrap();
    let good = s.accesses[AccessId(1)].relation.clone();
    s.accesses[AccessId(1)].relation = good.with_tuple_name(DimType::Out, "B").unwrap();
    assert!(matches!(
        s.verify().unwrap_err(),
        optimist_scop::model::VerifyError::AccessSpaces { .. }
    ));
    s.accesses[AccessId(1)].relation = good;
    s.verify().unwrap();
    // A schedule that leaves instances out.
    let partial = s
        .schedule
        .intersect_domain(
            &optimist_presburger::UnionSet::parse(&s.ctx, "[n] -> { S0[i] : i < 5 }").unwrap(),
        )
        .unwrap();
    eprintln!("partial map: {}", partial.map().unwrap());
    eprintln!("partial domain: {}", partial.domain().unwrap());
    s.schedule = partial;
    assert_eq!(
        s.verify().unwrap_err(),
        optimist_scop::model::VerifyError::ScheduleCoverage
    );
}

#[test]
fn an_exhausted_budget_is_a_reason_not_a_hang() {
    let f = parse_source("t.c", "void k(int n, double A[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      A[i][j] = A[j][i];\n}", None, &FrontendConfig::default()).unwrap();
    let e = Scop::build(&f, &Config { max_operations: 1 }).unwrap_err();
    assert!(e.to_string().contains("budget"), "{e}");
    let s = Scop::build(&f, &Config::default()).unwrap();
    let e = Dependences::compute(&s, &DepConfig { max_operations: 1 }).unwrap_err();
    assert!(e.to_string().contains("budget"), "{e}");
    assert!(Dependences::compute(&s, &DepConfig::default()).is_ok());
}
